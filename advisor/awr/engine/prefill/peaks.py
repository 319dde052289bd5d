"""Whether a pre-filled peak is one, and the words for an average that stands in for a peak.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). A report gives averages over its window.
Several windows of at most two hourly snapshots each give a peak: the busiest window, a sustained hour as the
questionnaire asks. The highest one-minute value a file prints for a snapshot (AWR-Miner's maxima, read from the
one-minute metric summaries AWR keeps) is said beside it, never used as the peak: a minute is not a sustained hour.
Otherwise (one window, or windows too long to show a
peak) the highest figure found is an average: the answer is still pre-filled with it, since it is what the reports
hold, but it carries a caveat that says so plainly and asks the user to confirm it or enter the peak. Nothing is
scaled up to make a peak: no peak-to-average factor is assumed. What the report says about how the load spread
inside its window (the busiest slot of Active Session History samples) is told beside the CPU, as evidence only.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.awr.engine.aggregation import LONG_WINDOW_MINUTES, Aggregation, MetricSummary
from advisor.awr.engine.prefill.builder import PeakCaveat
from advisor.engine.sizing.need import SizingPolicy


def span_words(minutes: float) -> str:
    """'3.0 days', '60.25 minutes'; an unknown length (no Elapsed, or 0.00) is said to be unknown."""
    if not minutes:
        return "a window of unknown length"
    if minutes >= 1440:
        return f"{minutes / 1440:.1f} days"
    return f"{minutes / 60:.1f} hours" if minutes >= 120 else f"{minutes:g} minutes"


def is_peak(summary: MetricSummary) -> bool:
    """A peak: the highest of several windows of at most two hourly snapshots each."""
    return summary.windows >= 2 and summary.minutes > 0 and summary.minutes / summary.windows <= LONG_WINDOW_MINUTES


def minute_words(summary: MetricSummary) -> str:
    """The one-minute maxima the file prints beside the window averages (AWR-Miner), or ''."""
    words = ""
    if summary.minute_peak is not None:
        words += (
            f"; its highest one-minute value was {summary.minute_peak:g} (the highest AWR kept for the snapshot; "
            "a minute, not a sustained hour, so not the peak sized for)"
        )
    if summary.top_minute is not None:
        where = f", {summary.top_minute_window}" if summary.top_minute_window else ""
        words += f"; the highest one-minute value of any snapshot was {summary.top_minute:g}{where}"
    return words


def peak_words(summary: MetricSummary) -> str:
    """What the highest window is: a peak (with its P95), or an average said to be one; the one-minute maxima
    the file prints beside it."""
    if is_peak(summary):
        p95 = f"; P95 {summary.p95:g}" if summary.p95 is not None else ""
        at = f", {summary.peak_window}" if summary.peak_window else ""
        words = f"the busiest of {summary.windows} windows ({span_words(summary.minutes)} in all){at}{p95}"
    elif summary.windows == 1:
        words = f"an average over {span_words(summary.minutes)}, not a peak (the report holds one window)"
    else:
        words = (
            f"the highest of {summary.windows} window averages ({span_words(summary.minutes)} in all), each window "
            "too long to show a peak: an average, not a peak"
        )
    return words + minute_words(summary)


@dataclass(frozen=True)
class _Files:
    """The files read, as the sentence names them: 'the report covers', or 'the reports cover' for several."""

    several: bool

    def __call__(self, one: str, many: str) -> str:
        return f"the reports {many}" if self.several else f"the report {one}"


def _covered(summary: MetricSummary, files: _Files) -> str:
    """'the average of the 60.25 minutes the report covers, snaps 2668-2669 (…)' or the highest of long windows."""
    if summary.windows == 1:
        where = f", {summary.peak_window}" if summary.peak_window else ""
        if not summary.minutes:
            return f"the average over the window {files('covers', 'cover')}{where} (its length is not printed)"
        return f"the average of the {span_words(summary.minutes)} {files('covers', 'cover')}{where}"
    each = span_words(summary.minutes / summary.windows) if summary.minutes else "unknown length"
    return f"the highest of {summary.windows} averages over windows of about {each} each"


def _why(summary: MetricSummary, files: _Files) -> str:
    """Why the files show no peak, and what to do: confirm the figure or enter the peak."""
    if summary.windows == 1 and summary.minutes <= LONG_WINDOW_MINUTES:  # an hour, or a length not printed
        return (
            f"{files('holds', 'hold')} this one window only, so {'they show' if files.several else 'it shows'} "
            "neither whether this was the busiest time nor the peaks within it. Keep it only if that was the busiest "
            "time; otherwise enter the peak."
        )
    return (
        f"over so long a window peaks are averaged away, and {files('prints', 'print')} none. Enter the peak: kept as "
        "it is, the options are sized for an average."
    )


def average_caveat(summary: MetricSummary, *, cpu: bool, files: int = 1, evidence: str = "") -> PeakCaveat | None:
    """Why a peak answer holds an average, asking to confirm it or enter the peak; None when ``summary`` is a peak.
    ``cpu``: the answer is CPU (else IO), for the default sizing policy's headroom said beside it; ``files``: how
    many files were read; ``evidence``: what the report says about the spread inside its window."""
    if is_peak(summary):
        return None
    policy = SizingPolicy()
    headroom, kind = (policy.cpu_headroom_pct, "CPU") if cpu else (policy.io_headroom_pct, "IO")
    named = _Files(several=files > 1)
    covered = _covered(summary, named)
    return PeakCaveat(
        average_of=covered,
        message=f"This is {covered}, not a peak; {_why(summary, named)}{f' {evidence}' if evidence else ''} The "
        f"sizing adds its {kind} headroom ({headroom:g}% by default) above the answer given here; that headroom is "
        f"not an allowance for peaks {named('does', 'do')} not show.",
    )


def spread_words(agg: Aggregation, summary: MetricSummary) -> str:
    """What one report's Active Session History says about the load inside its one window, or ''."""
    fact = agg.facts.get("ash_busiest_slot")
    if fact is None or summary.windows != 1 or len(agg.identity.instances) > 1 or not fact.provenance:
        return ""
    slot = fact.provenance[0].row.removeprefix("Slot Count, slot ")
    return (
        "The report's samples of active sessions show how the load spread inside the window: its busiest slot, "
        f"{slot}, ran at {float(fact.value):g} times the window's average (sessions at work, on CPU or waiting, "
        "not CPU seconds)."
    )
