"""What a narrower figure covers when it stands in for a total: the note on a field filled from it.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). IO Profile's "Total Requests" and "Total (MB)"
count every file (data, redo, control, archive, backup); "Database Requests" / "Database (MB)" and the Load
Profile's IO rows count database files only. When the total is printed as ##### (too wide for its column) or is
not in the files, the database-file figure is used and the note says it may understate; by how much is said only
when the files show it (the share database files carry of the other direction's total), never guessed.
"""

from __future__ import annotations

from advisor.awr.engine.aggregation import Aggregation, MetricSummary


def fallback_note(agg: Aggregation, total: str, used: MetricSummary) -> str:
    """'' when ``used`` is the all-files ``total`` itself; else what the database-file figure leaves out."""
    if used.metric == total:
        return ""
    unreadable = agg.facts.get(f"{total}_unreadable")
    if unreadable is not None:
        where = unreadable.provenance[0] if unreadable.provenance else None
        why = f"the all-files total is printed as '{unreadable.value}' (unreadable)" + (
            f" in {where.section} / {where.row}" if where else ""
        )
    else:
        why = "the all-files total is not in these files"
    note = f"; database files only: {why}, so redo, control file and archive IO are left out and this may understate"
    kind, other = ("read", "write") if total.startswith("read") else ("write", "read")
    unit = total.removeprefix(f"{kind}_")
    other_total, other_db = agg.rates.get(f"{other}_{unit}"), agg.rates.get(f"{other}_{unit}_db")
    if other_total and other_db and other_total.average > 0:
        share = other_db.average / other_total.average * 100
        what = "requests" if unit == "iops" else "throughput"
        note += (
            f" (in these files database files carry {share:.0f}% of {other} {what}; the {kind} share is not printed)"
        )
    else:
        note += " (by how much is not in these files)"
    return note
