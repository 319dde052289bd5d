"""The pre-filled CPU: DB CPU plus background CPU, a peak only when it is one, the host's busy CPUs as the bound.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). The need is what the database uses: DB CPU
(foreground sessions) plus background CPU, both from the reports. A report of one window (or of windows too long to
show a peak) gives averages only: the peak answer then holds the average with a caveat (``peaks``) that says so and
asks for the peak, never a figure scaled up to look like one. The host's busy CPUs count every process
on the host, so they bound the database's use from above; when the report prints "Operating System Statistics -
Detail", the busiest snapshot interval, the 95th percentile and the mean are given with their windows.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from advisor.awr.engine.aggregation import INSTANCE_KINDS, Aggregation, MetricSummary
from advisor.awr.engine.prefill.instances import per_instance_words
from advisor.awr.engine.prefill.peaks import (
    average_caveat,
    is_peak,
    peak_words,
    span_words,
    spread_words,
)

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder as _Builder


def _up(value: float) -> float:
    """Rounded up to 0.01, at least 0.01 (the questionnaire's CPU fields are above 0)."""
    if not math.isfinite(value * 100):
        return value  # the pre-fill refuses a non-finite value, validation a huge one
    return max(math.ceil(round(value * 100, 6)) / 100, 0.01)


def host_bound(agg: Aggregation) -> str:
    """The host's busy CPUs (all processes): per snapshot interval when printed, else the window's average."""
    peak = agg.facts.get("host_cpu_interval_peak")
    if peak is not None:
        p95, mean = agg.facts.get("host_cpu_interval_p95"), agg.facts.get("host_cpu_interval_average")
        window = peak.provenance[0].row.split("interval ", 1)[-1] if peak.provenance else ""
        words = f"the host's busy CPUs (all processes, an upper bound) peak at {float(peak.value):,.2f} vCPUs in the "
        words += f"interval {window}" if window else "busiest interval"
        if p95 is not None:
            words += f", P95 {float(p95.value):,.2f}"
        if mean is not None:
            words += f", mean {float(mean.value):,.2f} over {_count(mean.note)}"
        if len(agg.identity.instances) > 1 and set(agg.kinds) & set(INSTANCE_KINDS):
            words += (
                f" (the host of {peak.provenance[0].file if peak.provenance else 'the first report'} only: hosts are "
                "not added up, their busiest intervals need not coincide)"
            )
        return words
    host = agg.rates.get("host_busy_cpus")
    if host is None:
        return ""
    if is_peak(host):
        at = f" in {host.peak_window}" if host.peak_window else ""
        words = f"the host's busy CPUs (all processes, an upper bound) peak at {host.peak:,.2f} vCPUs{at}"
        if host.minute_peak is not None:
            words += f", its highest one-minute value {host.minute_peak:,.2f}"
        return words
    return (
        f"the host's busy CPUs (all processes, an upper bound) average {host.average:,.2f} vCPUs over "
        f"{span_words(host.minutes)}; the report holds no shorter intervals to show a peak"
    )


def _count(note: str) -> str:
    """'mean of 288 snapshot intervals from …' -> '288 snapshot intervals'."""
    words = note.split(" from ", 1)[0].removeprefix("mean of ")  # the count and 'snapshot interval(s)'
    return words or "the intervals"


def _each(db: MetricSummary | None, host: MetricSummary | None) -> str:
    """DB CPU and the hosts' busy CPUs per RAC instance, when the report prints them per instance."""
    return per_instance_words(db, "DB CPU") + per_instance_words(host, "host busy CPUs")


def cpu_prefill(b: _Builder, agg: Aggregation) -> None:
    db, bg, both = agg.rates.get("db_cpu_per_s"), agg.rates.get("bg_cpu_per_s"), agg.rates.get("db_bg_cpu_per_s")
    host = agg.rates.get("host_busy_cpus")
    bound = host_bound(agg)
    use = both or db
    if use is not None and db is not None:
        b.set("sizing.cpu_metric", "db-cpu-per-second", "DB CPU per second found", db.sources[:1])
        if both is not None and bg is not None:
            parts = f"DB CPU {db.average:,.2f} + background CPU {bg.average:,.2f} per second (averages)"
        else:
            parts = "DB CPU alone: background CPU is not in these files, so the need may be understated"
        value = use.peak if is_peak(use) else use.average
        sources = use.sources + (bg.sources[:1] if bg and both is None else ())
        extra = agg.facts.get("host_cpu_interval_peak")
        b.set(
            "sizing.peak_cpu",
            _up(value),
            f"{parts}; {peak_words(use)}" + (f"; {bound}" if bound else "") + _each(db, host),
            sources + (extra.provenance if extra else host.sources[:1] if host else ()),
            caveat=average_caveat(use, cpu=True, files=len(agg.files), evidence=spread_words(agg, use)),
        )
        average = min(_up(use.average), _up(value))
        b.set("sizing.average_cpu", average, f"{parts}; time-weighted over {span_words(use.minutes)}", use.sources)
        return
    if host is None:
        b.skip("sizing.peak_cpu", "no DB CPU or host CPU figure found")
        return
    b.set("sizing.cpu_metric", "vcpus", "host CPUs busy (OS view, all processes); no DB CPU found", host.sources[:1])
    peak = agg.facts.get("host_cpu_interval_peak")
    if peak is not None:
        b.set("sizing.peak_cpu", _up(float(peak.value)), bound, peak.provenance)
    else:
        value = host.peak if is_peak(host) else host.average
        words = f"host CPUs busy (all processes): {peak_words(host)}" + per_instance_words(host)
        caveat = average_caveat(host, cpu=True, files=len(agg.files), evidence=spread_words(agg, host))
        b.set("sizing.peak_cpu", _up(value), words, host.sources, caveat=caveat)
    b.set(
        "sizing.average_cpu",
        min(_up(host.average), b.values["sizing.peak_cpu"]),
        f"host CPUs busy (all processes), time-weighted over {span_words(host.minutes)}",
        host.sources,
    )
