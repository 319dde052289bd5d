"""RAC instances' own figures in the pre-fill's words: each instance's average and the busiest instance's share.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). The questionnaire sizes the whole
database (every node's load together), so the per-instance figures are told beside the cluster's figure, never
used in its place; the busiest instance's share shows how unevenly the nodes are loaded.
"""

from __future__ import annotations

from advisor.awr.engine.aggregation import MetricSummary


def _name(inst: str) -> str:
    return f"#{inst}" if inst.isdigit() else inst


def per_instance_words(summary: MetricSummary | None, what: str = "", places: int = 2) -> str:
    """'; per instance (averages): #1 2,351.29, #2 2,677.84; the busiest, #2, does 53% of it' or '' (``what``
    names the figure when the sentence holds several: 'DB CPU' gives '; DB CPU per instance …')."""
    if summary is None or len(summary.per_instance) < 2:
        return ""
    values = summary.per_instance
    order = sorted(values, key=lambda k: (0, int(k)) if k.isdigit() else (1, k))  # type: ignore[return-value]
    listed = ", ".join(f"{_name(inst)} {values[inst]:,.{places}f}" for inst in order)
    words = f"; {what + ' ' if what else ''}per instance (averages): {listed}"
    total = sum(values.values())
    if total > 0:
        busiest = max(order, key=lambda k: values[k])
        words += f"; the busiest, {_name(busiest)}, does {values[busiest] / total * 100:.0f}% of it"
    return words
