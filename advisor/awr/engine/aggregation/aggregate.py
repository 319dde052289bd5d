"""Aggregation across the files of one upload: one database, RAC instances summed, averages, peaks and P95.

Pure Python. Steps: (1) keep the files of one database (DBID, else name); files of another database get a
per-file error; (2) samples of the same window from different instances are summed (a RAC global report's
figures already are; ``window_groups`` says what one window is, for AWR and for Statspack), and a window that some
reported instance's reports do not cover is left out when another window holds them all (``instance_windows``);
(3) over windows: the time-weighted average, the peak (the busiest window's average: a sustained peak, as the
questionnaire asks; one-minute maxima a file prints, AWR-Miner's, are kept beside it, never used as the peak) and
the 95th percentile of the window figures (linear interpolation between closest ranks, numpy's default), when there
are at least two windows.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine import metrics
from advisor.awr.engine.aggregation.database_choice import choose_database, unnamed_attached
from advisor.awr.engine.aggregation.instance_windows import choose_windows
from advisor.awr.engine.aggregation.merge_facts import disagreements, merge_facts, summed
from advisor.awr.engine.aggregation.rac_coverage import PartialRac, partial_rac
from advisor.awr.engine.aggregation.unknown import unknown_figures
from advisor.awr.engine.aggregation.window_groups import gap_words, group_windows, window_words
from advisor.awr.engine.figures import Figure, FileError, FileExtraction, Identity, Provenance, Sample

# AWR snapshots are hourly by default (Oracle Database Performance Tuning Guide, "Managing Automatic Workload
# Repository": "snapshots are taken every hour"); a window of more than two of them averages peaks away.
LONG_WINDOW_MINUTES = 120.0

CORE = (
    "db_cpu_per_s",
    "host_cpus",
    "host_cores",
    "host_sockets",
    "platform",
    "host_memory_gib",
    "sga_gib",
    "pga_gib",
    "read_iops",
    "write_iops",
    "read_mib_s",
    "write_mib_s",
    "read_io_kib",
    "write_io_kib",
    "redo_mib_s",
    "multiblock_read_share_pct",
    "db_size_gib",
    "db_growth_gib",
    "edition",
    "version",
    "cdb",
    "rac",
    "exadata",
    "character_set",
)
DERIVED_LABELS = {
    "read_io_kib": ("Average read IO size", "KiB"),
    "write_io_kib": ("Average write IO size", "KiB"),
    "multiblock_read_share_pct": ("Multiblock (full-scan) share of read requests", "%"),
}


class MetricSummary(BaseModel):
    """A rate over the upload's windows: average, peak and P95, with per-instance averages and every source."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    metric: str
    label: str
    unit: str
    average: float
    peak: float
    p95: float | None
    windows: int
    minutes: float
    per_instance: dict[str, float] = {}
    sources: tuple[Provenance, ...] = ()
    note: str = ""
    peak_window: str = ""  # the window the peak was measured in (its snapshot ids and times as printed)
    # the busiest window's highest one-minute value, when the file prints it (AWR-Miner *_max): said, not sized on
    minute_peak: float | None = None
    # the highest one-minute value of any window, and that window, when it is not the busiest window's
    top_minute: float | None = None
    top_minute_window: str = ""


class Aggregation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    identity: Identity
    files: tuple[str, ...]
    kinds: tuple[str, ...]
    rates: dict[str, MetricSummary]
    facts: dict[str, Figure]
    not_found: tuple[str, ...]
    flags: tuple[str, ...]
    warnings: tuple[str, ...]
    # the instances read when they are not all the database runs (their figures are not its demand); None otherwise
    partial_rac: PartialRac | None = None
    # rates the files print that stand for no measurement (a redo of 0 while blocks change), with why: not found
    unknown: dict[str, str] = {}


def percentile(values: list[float], pct: float) -> float:
    """Linear interpolation between closest ranks: rank = (n - 1) x pct / 100 (numpy's default method)."""
    ordered = sorted(values)
    rank = (len(ordered) - 1) * pct / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def _combine_window(samples: list[Sample], warnings: list[str], gap: float = 0.0) -> Sample:
    """One window's samples: a database-wide sample if there is one, else the instances' figures summed (``gap``:
    how many seconds apart the instances' snapshot times are, said in the note when they differ)."""
    whole = [s for s in samples if s.instance is None]
    if whole:
        return whole[0]
    by_instance: dict[str, Sample] = {}
    for sample in samples:
        if sample.instance in by_instance:
            warnings.append(f"window {sample.window}: instance {sample.instance} given twice; the first one is used")
            continue
        by_instance[str(sample.instance)] = sample
    if len(by_instance) == 1:
        return next(iter(by_instance.values()))
    figures: dict[str, Figure] = {}
    for metric in {m for s in by_instance.values() for m in s.figures}:
        parts = {inst: s.figures[metric] for inst, s in by_instance.items() if metric in s.figures}
        # no one-minute maximum: the instances' need not fall in the same minute, so their sum was never measured
        apart = f" (their snapshot times differ by up to {gap_words(gap)})" if gap and len(parts) > 1 else ""
        figures[metric] = summed(metric, parts, apart)
    minutes = max(s.minutes for s in by_instance.values())
    window = window_words(list(by_instance.values()))
    return Sample(window=window, minutes=minutes, instance=None, figures=figures)


def _with_totals(sample: Sample) -> Sample:
    figures = dict(sample.figures)
    for total, read, write in (
        ("total_iops", "read_iops", "write_iops"),
        ("total_mib_s", "read_mib_s", "write_mib_s"),
        ("db_bg_cpu_per_s", "db_cpu_per_s", "bg_cpu_per_s"),
    ):
        if total not in figures and read in figures and write in figures:
            r, w = figures[read], figures[write]
            figures[total] = Figure(
                metric=total,
                value=round(float(r.value) + float(w.value), 6),
                unit=metrics.unit(total),
                provenance=r.provenance + w.provenance,
                note=f"{metrics.label(read)} + {metrics.label(write)}",
            )
    return sample.model_copy(update={"figures": figures})


def summarise(windows: list[Sample]) -> dict[str, MetricSummary]:
    """Per metric over the windows: the time-weighted average, the busiest window (the peak), the P95 of the
    windows, and the one-minute maxima a file prints beside them."""
    out: dict[str, MetricSummary] = {}
    for metric in sorted({m for w in windows for m in w.figures}):
        points = [(w.figures[metric], w.minutes) for w in windows if metric in w.figures]
        keys = [w.window for w in windows if metric in w.figures]
        values = [float(f.value) for f, _ in points]
        minutes = sum(m for _, m in points)
        average = (
            sum(v * m for v, (_, m) in zip(values, points, strict=True)) / minutes
            if minutes
            else sum(values) / len(values)
        )
        peak = max(values)
        at = values.index(peak)
        p95 = round(percentile(values, 95), 6) if len(values) >= 2 else None
        minutes_high = [(f.peak, key) for (f, _), key in zip(points, keys, strict=True) if f.peak is not None]
        top, top_window = max(minutes_high, key=lambda pair: pair[0]) if minutes_high else (None, "")
        minute_peak = points[at][0].peak
        if top is not None and minute_peak is not None and top <= minute_peak:
            top, top_window = None, ""
        per_instance: dict[str, float] = {}
        if all(f.per_instance for f, _ in points) and minutes:
            for inst in {i for f, _ in points for i in f.per_instance}:
                per_instance[inst] = round(sum(f.per_instance.get(inst, 0.0) * m for f, m in points) / minutes, 6)
        out[metric] = MetricSummary(
            metric=metric,
            label=metrics.label(metric),
            unit=metrics.unit(metric),
            average=round(average, 6),
            peak=round(peak, 6),
            p95=p95,
            windows=len(points),
            minutes=round(minutes, 2),
            per_instance=per_instance,
            sources=tuple(p for f, _ in points[:3] for p in f.provenance)
            + (
                ()
                if len(points) <= 3
                else (
                    Provenance(
                        file=points[-1][0].provenance[0].file,
                        section="…",
                        row=f"and {len(points) - 3} more windows",
                        printed="",
                    ),
                )
            ),
            note="; ".join(sorted({f.note for f, _ in points if f.note})),
            peak_window=keys[at],
            minute_peak=minute_peak,
            top_minute=top,
            top_minute_window=top_window,
        )
    return out


def _derived(rates: dict[str, MetricSummary], facts: dict[str, Figure], warnings: list[str]) -> None:
    for kind in ("read", "write"):
        iops, mib = rates.get(f"{kind}_iops"), rates.get(f"{kind}_mib_s")
        if iops and mib and iops.average > 0 and mib.peak == 0:
            warnings.append(
                f"average {kind} IO size not derived: {kind} throughput prints as 0 MiB/s in every window while "
                f"{iops.average:g} {kind} requests/s are made; the figure is below the printed precision (0 stands "
                "for anything under its last printed digit), so the size cannot be worked out from it"
            )
        elif iops and mib and iops.average > 0:
            facts[f"{kind}_io_kib"] = Figure(
                metric=f"{kind}_io_kib",
                value=round(mib.average * 1024 / iops.average, 2),
                unit="KiB",
                provenance=mib.sources[:1] + iops.sources[:1],
                note=f"average {kind} MiB/s x 1024 / average {kind} IOPS = {mib.average:g} x 1024 / {iops.average:g}",
            )
    multi, reads = rates.get("multiblock_read_iops"), rates.get("read_iops")
    if multi and reads and reads.average > 0:
        facts["multiblock_read_share_pct"] = Figure(
            metric="multiblock_read_share_pct",
            value=round(multi.average / reads.average * 100, 2),
            unit="%",
            provenance=multi.sources[:1] + reads.sources[:1],
            note=f"multiblock read requests / read requests = {multi.average:g} / {reads.average:g}",
        )


def _span(minutes: float) -> str:
    if not minutes:  # no Elapsed read (left out, or not printed): the length is not known, not 0
        return "unknown-length"
    return f"{minutes / 1440:.1f}-day" if minutes >= 1440 else f"{minutes / 60:.1f}-hour"


def aggregate(extractions: list[FileExtraction]) -> tuple[Aggregation | None, list[FileError]]:
    kept, errors = choose_database(extractions)
    if not kept:
        return None, errors
    warnings: list[str] = unnamed_attached(extractions, kept)
    groups = group_windows(kept, warnings)
    windows = [_with_totals(_combine_window(g.samples, warnings, g.gap)) for g in groups]
    # per-instance reports: a window some instance's reports do not cover is not the database's demand
    choice = choose_windows(groups, kept)
    windows = [windows[i] for i in choice.kept]
    rates = summarise(windows)
    unknown = unknown_figures(rates)
    for metric in unknown:
        del rates[metric]
    facts = merge_facts(kept, warnings)
    _derived(rates, facts, warnings)
    flags: list[str] = []
    partial = partial_rac(kept, facts) or choice.apart
    if partial:
        flags.append(partial.words())
    if choice.note:
        flags.append(choice.note)
    warnings.extend(disagreements(kept))
    if windows:
        shortest = min(w.minutes for w in windows)
        if shortest > LONG_WINDOW_MINUTES:
            known = (
                "; the host's busy CPUs per snapshot interval are read from OS Statistics - Detail"
                if "host_cpu_interval_peak" in facts
                else ""
            )
            flags.append(
                f"{_span(shortest)} average: peaks unknown{' for DB CPU and IO' if known else ''}; upload hourly "
                f"reports or AWR-Miner output{known}"
            )
        elif len(windows) == 1:
            flags.append(
                f"one {_span(shortest)} window: its average stands for the peak and there is no P95; upload "
                "several hourly reports or AWR-Miner output for peaks"
            )
    identity = next((e.identity for e in kept if e.identity.dbid or e.identity.db_name), Identity())
    identity = identity.model_copy(
        update={
            "instances": tuple(sorted({i for e in kept for i in e.identity.instances})),
            "hosts": tuple(sorted({h for e in kept for h in e.identity.hosts})),
        }
    )
    found = set(rates) | set(facts)
    not_found = tuple(m for m in CORE if m not in found)
    return Aggregation(
        identity=identity,
        files=tuple(e.file for e in kept),
        kinds=tuple(sorted({e.kind for e in kept})),
        rates=rates,
        facts=facts,
        not_found=not_found,
        flags=tuple(flags),
        warnings=tuple(warnings),
        partial_rac=partial,
        unknown=unknown,
    ), errors


def label(metric: str) -> tuple[str, str]:
    return DERIVED_LABELS.get(metric) or (metrics.label(metric), metrics.unit(metric))
