"""Which samples of an upload measure the same window: per-instance reports of one RAC window are summed.

Pure Python; part of the aggregation (``advisor.awr.engine.aggregation.aggregate``).

AWR snapshot ids are per database: every instance of a RAC database takes snapshot N together (DBA_HIST_SNAPSHOT is
keyed by DBID, SNAP_ID and INSTANCE_NUMBER), but each instance records its own snapshot time (END_INTERVAL_TIME), so
two instances' reports of one range need not print the same times to the second. An AWR window is therefore keyed by
the database (DBID, else name) and its begin and end snapshot ids; the printed times only check that the reports
overlap: begin and end times more than ``TOLERANCE_MINUTES`` apart are not one window (the same ids reused, for
example by a copy of the database that kept its DBID), and a warning says so.

Statspack snapshot ids are not shared by the instances. "Each snapshot taken is identified by a snapshot ID, which is
a unique number generated at the time the snapshot is taken"; "the SNAP_ID, along with the database identifier
(DBID) and instance number (INSTANCE_NUMBER), comprise the unique key for a snapshot", which "allows storage of
multiple instances of an Oracle Real Application Clusters database in the same tables" (Oracle9i Database
Performance Tuning Guide and Reference, Release 2 (9.2), "Using Statspack", "How Statspack Works"). STATSPACK.SNAP
takes the id from one sequence (``stats$snapshot_id.nextval`` in spcpkg.sql) and snaps the instance it runs on:
spauto.sql schedules "a snapshot to be run on this instance every hour", a job bound to that instance, and an
instance report is of one DBId and Instance Number between two of that instance's snapshot ids (spdoc.txt, "Running
the instance report when there are multiple instances"). So instance 1's 10:00-11:00 may be snaps 101-103 and
instance 2's 102-104. Statspack samples of different instances are therefore one window when their begin and end
times are within ``TOLERANCE_MINUTES`` of each other, whatever their ids; two samples of the same instance never are
(that would count the instance twice), except the same report given twice (same ids), which the aggregation reads
once and says so. Instances whose windows overlap but differ by more than the tolerance are kept apart, and a warning
says their figures were not added together. Samples without snapshot ids (AWR-Miner rows, a RAC global report) keep
their own window words as the key.
"""

from __future__ import annotations

from datetime import datetime

from advisor.awr.engine.figures import FileExtraction, Sample

TOLERANCE_MINUTES = 5.0
STATSPACK = "statspack"
_FORMATS = ("%d-%b-%y %H:%M:%S", "%d-%b-%y %H:%M", "%d-%b-%Y %H:%M:%S")


def parse_time(printed: str) -> datetime | None:
    """A snapshot time as AWR and Statspack print it ('04-Feb-23 19:00:39'); None when it reads otherwise."""
    for pattern in _FORMATS:
        try:
            return datetime.strptime(printed.strip(), pattern)  # noqa: DTZ007 - both times are the same database's
        except ValueError:
            continue
    return None


def _times(sample: Sample) -> tuple[datetime, datetime] | None:
    """The sample's begin and end times; None when either does not read."""
    begin, end = parse_time(sample.begin), parse_time(sample.end)
    return (begin, end) if begin is not None and end is not None else None


def _gap(a: Sample, b: Sample) -> float | None:
    """Seconds between the two samples' begin times or end times, the larger; None when a time does not read."""
    ta, tb = _times(a), _times(b)
    if ta is None or tb is None:
        return None
    return max(abs((ta[0] - tb[0]).total_seconds()), abs((ta[1] - tb[1]).total_seconds()))


def _overlap(a: Sample, b: Sample) -> bool:
    """Whether the two samples' windows share some time (both times read)."""
    ta, tb = _times(a), _times(b)
    return ta is not None and tb is not None and ta[0] < tb[1] and tb[0] < ta[1]


class WindowGroup:
    """The samples of one window, and how far apart their snapshot times are (seconds, 0 when they match).

    ``by_time``: a group of Statspack instance reports, matched by their times (their snapshot ids differ);
    ``kinds``: the kinds of the files its samples come from."""

    def __init__(self, first: Sample, file: str, *, by_time: bool = False, kind: str = "") -> None:
        self.samples: list[Sample] = [first]
        self.file = file
        self.gap = 0.0
        self.by_time = by_time
        self.kinds = {kind}

    def take(self, sample: Sample) -> bool:
        """Adds ``sample`` to the group when it belongs to the window, and says whether it did. AWR (same ids): its
        times are within the tolerance of the group's first sample, or do not read. Statspack (``by_time``): it is
        another instance's, and its times are within the tolerance; or it is the same report again (same instance,
        same ids)."""
        gap = _gap(self.samples[0], sample)
        if self.by_time:
            mine = [s for s in self.samples if s.instance == sample.instance]
            if mine and not any(s.snaps == sample.snaps for s in mine):
                return False  # the same instance over other snapshots: never added to itself
            if not mine and (gap is None or gap > TOLERANCE_MINUTES * 60):
                return False
        elif gap is not None and gap > TOLERANCE_MINUTES * 60:
            return False
        self.samples.append(sample)
        self.gap = max(self.gap, gap or 0.0)
        return True

    def overlapped_by(self, sample: Sample) -> Sample | None:
        """The group's first sample when ``sample`` is another instance's whose window overlaps it; else None."""
        first = self.samples[0]
        if any(s.instance == sample.instance for s in self.samples) or not _overlap(first, sample):
            return None
        return first


def _by_time(extraction: FileExtraction, sample: Sample) -> bool:
    """A Statspack sample naming its instance, with times that read: matched to other instances by its times."""
    return extraction.kind == STATSPACK and bool(sample.instance) and _times(sample) is not None


def group_windows(extractions: list[FileExtraction], warnings: list[str]) -> list[WindowGroup]:
    """The samples of ``extractions`` (one database) grouped by window, in the order first seen."""
    keyed: dict[tuple[str, ...], list[WindowGroup]] = {}
    order: list[WindowGroup] = []
    for extraction in extractions:
        database = extraction.identity.dbid or extraction.identity.db_name or ""
        for sample in extraction.samples:
            by_time = _by_time(extraction, sample)
            if by_time:
                key: tuple[str, ...] = ("times", database)
            else:
                key = ("ids", database, sample.snaps) if sample.snaps else ("words", sample.window)
            groups = keyed.setdefault(key, [])
            taker = next((g for g in groups if g.take(sample)), None)
            if taker is not None:
                taker.kinds.add(extraction.kind)
                continue
            if by_time:
                _warn_overlap(groups, sample, extraction.file, warnings)
            elif groups:
                first = groups[0].samples[0]
                warnings.append(
                    f"snapshots {sample.snaps} in {extraction.file} ({sample.begin} to {sample.end}) and in "
                    f"{groups[0].file} ({first.begin} to {first.end}) were taken more than {TOLERANCE_MINUTES:g} "
                    "minutes apart: read as different windows, not as instances of one window"
                )
            groups.append(WindowGroup(sample, extraction.file, by_time=by_time, kind=extraction.kind))
            order.append(groups[-1])
    return order


def _warn_overlap(groups: list[WindowGroup], sample: Sample, file: str, warnings: list[str]) -> None:
    """Say so when another instance's Statspack window overlaps ``sample``'s but its times are too far apart to be
    one window: the two instances' figures are not added together."""
    for group in groups:
        other = group.overlapped_by(sample)
        if other is None:
            continue
        warnings.append(
            f"the Statspack reports of instance {sample.instance} in {file} ({sample.begin} to {sample.end}) and of "
            f"instance {other.instance} in {group.file} ({other.begin} to {other.end}) overlap, but their snapshots "
            f"were taken more than {TOLERANCE_MINUTES:g} minutes apart: read as different windows, so the two "
            "instances' figures are not added together and neither window holds the database's whole load; to have "
            f"them added, report each instance between snapshots taken within {TOLERANCE_MINUTES:g} minutes of the "
            "other's"
        )
        return


def window_words(samples: list[Sample]) -> str:
    """The words of a window summed over instances: the first sample's, or, when the instances' snapshot ids differ
    (Statspack), its times and each instance's ids ('14-Jan-24 00:37:42 to 14-Jan-24 01:37:43 (clinprd1: snaps
    70371-70373; clinprd2: snaps 70372-70374)')."""
    first = samples[0]
    if len({s.snaps for s in samples}) <= 1:
        return first.window
    listed = "; ".join(f"{s.instance}: snaps {s.snaps}" for s in sorted(samples, key=lambda s: str(s.instance)))
    return f"{first.begin} to {first.end} ({listed})"


def gap_words(seconds: float) -> str:
    """'1 s', '2.5 minutes': how far apart the instances' snapshot times are."""
    return f"{seconds:g} s" if seconds < 120 else f"{seconds / 60:.1f} minutes"
