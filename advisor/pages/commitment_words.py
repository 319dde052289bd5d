"""AWS commitments said for people: the best one per option beside on-demand, and every one with its reason.

No Django imports: plain data for the results page, its htmx partial and the PDF (``advisor.pages.results.Column``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from advisor.engine.recommendation.option_commitments import best_commitment
from advisor.engine.recommendation.recommender import OptionRecommendation
from pricing.engine.cash_flow import HORIZON_MONTHS
from pricing.engine.commitments.cheaper_months import after_break_even, cheaper_runs
from pricing.engine.commitments.comparison import by_reason
from pricing.engine.commitments.totals import CommitmentSummary, CommitmentTotal
from pricing.engine.odb_prices import odb_shapes


@dataclass(frozen=True)
class CommitmentRow:
    label: str
    priced: bool
    upfront: str
    monthly_usd: Decimal | None  # run-rate
    cash_year_usd: tuple[Decimal | None, ...]  # cash as paid in year 1, 2, 3 (None: not known)
    total_36_months_usd: Decimal | None  # cash as paid
    saving_36_months_usd: Decimal | None
    saving: str  # the saving in words: "saves $X", "costs $X more than on-demand", "no saving"; "" for on-demand
    break_even: str
    reason: str
    best: bool
    not_known: str = ""  # why the break-even month and a year's cash inside the term are not known


def _upfront(total: CommitmentTotal) -> str:
    if total.upfront_usd is None:
        return "split not published"
    return f"${total.upfront_usd:,.0f}" if total.upfront_usd else "none"


def _cheaper_from(total: CommitmentTotal, on_demand: CommitmentTotal | None) -> str:
    """The break-even month and, where a renewal's upfront fee makes the commitment dearer again for some months
    after it, those months: "month 8, dearer again in months 13 and 14 when the renewal's upfront fee is paid,
    cheaper again from month 15"; "" when it is never cheaper in 36 months or its cash by month is not known."""
    runs = cheaper_runs(total.cumulative_usd, on_demand.cumulative_usd if on_demand is not None else ())
    if not runs:
        return ""
    return f"month {runs[0][0]}{after_break_even(runs, total.term_months, HORIZON_MONTHS)}"


def _break_even(total: CommitmentTotal, on_demand: CommitmentTotal | None) -> str:
    if total.timing_not_known:
        return "not known (upfront split not published)"
    return _cheaper_from(total, on_demand) or "never in 36 months"


def whole(usd: Decimal) -> Decimal:
    """To the dollar, as the pages print a whole-dollar figure (half up, as Django's floatformat rounds)."""
    return usd.quantize(Decimal(1), ROUND_HALF_UP)


def _on_demand(summary: CommitmentSummary) -> CommitmentTotal | None:
    return next((t for t in summary.totals if t.commitment == "on-demand" and t.priced), None)


def _saving_shown(total: CommitmentTotal, on_demand: CommitmentTotal | None) -> Decimal | None:
    """The saving as the difference of the two 36-month totals as printed (to the dollar), so a reader who takes
    one from the other finds it: each rounded on its own could leave the saving a dollar off."""
    if None in (total.saving_36_months_usd, total.total_36_months_usd, getattr(on_demand, "total_36_months_usd", None)):
        return total.saving_36_months_usd
    return whole(on_demand.total_36_months_usd) - whole(total.total_36_months_usd)


def saving_words(saving: Decimal | None) -> str:
    """A commitment's 36-month saving against on-demand as said beside its total: a negative one costs more."""
    if saving is None:
        return ""
    if saving > 0:
        return f"saves ${saving:,.0f}"
    return f"costs ${-saving:,.0f} more than on-demand" if saving < 0 else "no saving"


def commitment_rows(option: OptionRecommendation) -> tuple[CommitmentRow, ...]:
    summary = option.commitments
    if summary is None:
        return ()
    best = summary.best_36_months
    on_demand = _on_demand(summary)
    rows = []
    for t in summary.totals:
        committed = t.priced and t.commitment != "on-demand"
        saving = _saving_shown(t, on_demand)
        rows.append(
            CommitmentRow(
                label=t.label,
                priced=t.priced,
                upfront=_upfront(t) if t.priced else "",
                monthly_usd=t.monthly_usd,
                cash_year_usd=t.cash_year_usd,
                total_36_months_usd=t.total_36_months_usd,
                saving_36_months_usd=saving,
                saving=saving_words(saving) if committed else "",
                break_even=_break_even(t, on_demand) if committed else "",
                reason=t.reason,
                best=t.commitment == best,
                not_known=t.timing_not_known,
            )
        )
    return tuple(rows)


def commitment_words(option: OptionRecommendation) -> str:
    """One line for the side-by-side table: the best commitment, or why there is none to show."""
    summary = option.commitments
    if summary is None:
        # Oracle Database@AWS: no AWS commitment is sold for it, whatever prices are held (not "no price held")
        return odb_shapes().purchase.text if option.odb is not None else ""
    best = best_commitment(summary)
    on_demand = _on_demand(summary)
    if best is not None:
        upfront = "" if best.upfront_usd is None else f", ${best.upfront_usd:,.0f} upfront"
        cheaper = _cheaper_from(best, on_demand)
        when = f"; cheaper from {cheaper}" if cheaper else ""
        if best.timing_not_known:
            when = "; the month from which it is cheaper is not known: its upfront split is not published"
        saving = saving_words(_saving_shown(best, on_demand))
        return (
            f"{best.label}: ${best.monthly_usd:,.2f} a month (run-rate){upfront}, "
            f"${whole(best.total_36_months_usd):,.0f} over 36 months, cash as paid ({saving}{when})"
        )
    priced = [t for t in summary.totals if t.priced and t.commitment != "on-demand"]
    unpriced = [t for t in summary.totals if not t.priced]
    if not priced and unpriced:
        return f"On-demand only: {unpriced[0].reason}"
    if not priced or not unpriced:
        return "On-demand is cheapest over 36 months" + (": no commitment priced costs less" if priced else "")
    # a comparison made with the commitments priced, not a price missing: the others are said as not priced
    return (
        "On-demand is cheapest over 36 months: no commitment priced costs less "
        f"({len(priced):,} priced, {len(unpriced):,} not priced)"
    )


def best_running_totals(option: OptionRecommendation) -> tuple[str, Decimal, Decimal, Decimal] | None:
    """The best commitment's cash paid by the end of months 12, 24 and 36 (the cumulative chart's table twin)."""
    best = best_commitment(option.commitments)
    if best is None or len(best.cumulative_usd) < 37:
        return None
    return best.label, best.cumulative_usd[12], best.cumulative_usd[24], best.cumulative_usd[36]


def unpriced_by_reason(rows: tuple[CommitmentRow, ...]) -> tuple[tuple[str, str], ...]:
    """The commitments not priced, one line per reason: (the labels, the reason), not the reason once each."""
    return by_reason((row.label, row.reason) for row in rows if not row.priced)


def not_known_by_reason(rows: tuple[CommitmentRow, ...]) -> tuple[tuple[str, str], ...]:
    """The priced commitments whose cash by month is not known, one line per reason: (the labels, the reason)."""
    return by_reason((row.label, row.not_known) for row in rows if row.priced)
