"""Which samples of an upload measure the same window: per-instance reports of one RAC snapshot range are summed.

Pure Python; part of the aggregation (``advisor.awr.engine.aggregation.aggregate``). AWR snapshot ids are per database: every
instance of a RAC database takes snapshot N together (DBA_HIST_SNAPSHOT is keyed by DBID, SNAP_ID and
INSTANCE_NUMBER), but each instance records its own snapshot time (END_INTERVAL_TIME), so two instances' reports of
one range need not print the same times to the second. A window is therefore keyed by the database (DBID, else
name) and its begin and end snapshot ids; the printed times only check that the reports overlap: begin and end
times more than ``TOLERANCE_MINUTES`` apart are not one window (the same ids reused, for example by a copy of the
database that kept its DBID), and a warning says so. Samples without snapshot ids (AWR-Miner rows, a RAC global
report) keep their own window words as the key.
"""

from __future__ import annotations

from datetime import datetime

from advisor.awr.engine.figures import FileExtraction, Sample

TOLERANCE_MINUTES = 5.0
_FORMATS = ("%d-%b-%y %H:%M:%S", "%d-%b-%y %H:%M", "%d-%b-%Y %H:%M:%S")


def parse_time(printed: str) -> datetime | None:
    """A snapshot time as AWR and Statspack print it ('04-Feb-23 19:00:39'); None when it reads otherwise."""
    for pattern in _FORMATS:
        try:
            return datetime.strptime(printed.strip(), pattern)  # noqa: DTZ007 - both times are the same database's
        except ValueError:
            continue
    return None


def _gap(a: Sample, b: Sample) -> float | None:
    """Seconds between the two samples' begin times or end times, the larger; None when a time does not read."""
    seconds = []
    for x, y in ((a.begin, b.begin), (a.end, b.end)):
        tx, ty = parse_time(x), parse_time(y)
        if tx is None or ty is None:
            return None
        seconds.append(abs((tx - ty).total_seconds()))
    return max(seconds)


class WindowGroup:
    """The samples of one window, and how far apart their snapshot times are (seconds, 0 when they match)."""

    def __init__(self, first: Sample, file: str) -> None:
        self.samples: list[Sample] = [first]
        self.file = file
        self.gap = 0.0

    def take(self, sample: Sample) -> bool:
        """Adds ``sample`` to the group when its times are within the tolerance of the group's first sample (or do
        not read), and says whether it did."""
        gap = _gap(self.samples[0], sample)
        if gap is not None and gap > TOLERANCE_MINUTES * 60:
            return False
        self.samples.append(sample)
        self.gap = max(self.gap, gap or 0.0)
        return True


def group_windows(extractions: list[FileExtraction], warnings: list[str]) -> list[WindowGroup]:
    """The samples of ``extractions`` (one database) grouped by window, in the order first seen."""
    keyed: dict[tuple[str, ...], list[WindowGroup]] = {}
    order: list[WindowGroup] = []
    for extraction in extractions:
        database = extraction.identity.dbid or extraction.identity.db_name or ""
        for sample in extraction.samples:
            key = ("ids", database, sample.snaps) if sample.snaps else ("words", sample.window)
            groups = keyed.setdefault(key, [])
            if any(g.take(sample) for g in groups):
                continue
            if groups:
                first = groups[0].samples[0]
                warnings.append(
                    f"snapshots {sample.snaps} in {extraction.file} ({sample.begin} to {sample.end}) and in "
                    f"{groups[0].file} ({first.begin} to {first.end}) were taken more than {TOLERANCE_MINUTES:g} "
                    "minutes apart: read as different windows, not as instances of one window"
                )
            groups.append(WindowGroup(sample, extraction.file))
            order.append(groups[-1])
    return order


def gap_words(seconds: float) -> str:
    """'1 s', '2.5 minutes': how far apart the instances' snapshot times are."""
    return f"{seconds:g} s" if seconds < 120 else f"{seconds / 60:.1f} minutes"
