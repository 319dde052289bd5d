"""Commitments over several instances at once (a primary, its standby, replicas, a DR copy): each commitment's cost
summed over every member, priced only where every member prices it, with the break-even of the sum.

Pure Python (pydantic v2, no Django). ``combine_quotes(comparisons, extra_monthly_usd=...)`` takes one
``CommitmentComparison`` per member (``commitments.commitment_quotes``) and what the whole deployment pays a month
whatever is bought (Oracle licences counted once across servers, redo shipped between Regions ...); it adds that to
every commitment alike, since AWS commitments discount instance hours only.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.commitments import HORIZON_MONTHS, CommitmentComparison, CommitmentQuote, best_of, break_even


class CommitmentTotal(BaseModel):
    """One commitment bought for every member; ``priced`` False when some member's snapshot does not price it."""

    model_config = ConfigDict(frozen=True)
    commitment: str
    label: str
    kind: str
    term_months: int | None
    priced: bool
    reason: str = ""
    upfront_usd: Decimal | None = Field(default=None, description="None: some member's split is not published")
    monthly_usd: Decimal | None = None
    total_12_months_usd: Decimal | None = None
    total_36_months_usd: Decimal | None = None
    saving_36_months_usd: Decimal | None = None
    cumulative_usd: tuple[Decimal, ...] = ()
    break_even_month: int | None = None
    as_of: str = Field(default="", description="the newest price date of the members' rows")


class CommitmentSummary(BaseModel):
    model_config = ConfigDict(frozen=True)
    totals: tuple[CommitmentTotal, ...]
    best_12_months: str | None
    best_36_months: str | None
    extra_monthly_usd: Decimal
    notes: tuple[str, ...]

    def total(self, commitment: str) -> CommitmentTotal:
        return next(t for t in self.totals if t.commitment == commitment)


def _sum(quotes: Sequence[CommitmentQuote], extra: Decimal, od_cumulative: tuple[Decimal, ...]) -> CommitmentTotal:
    first = quotes[0]
    cumulative = tuple(sum((q.cumulative_usd[m] for q in quotes), extra * m) for m in range(HORIZON_MONTHS + 1))
    upfronts = [q.upfront_usd for q in quotes]
    return CommitmentTotal(
        commitment=first.commitment,
        label=first.label,
        kind=first.kind,
        term_months=first.term_months,
        priced=True,
        upfront_usd=None if any(u is None for u in upfronts) else sum((u or Decimal(0) for u in upfronts), Decimal(0)),
        monthly_usd=sum((q.monthly_usd or Decimal(0) for q in quotes), extra),
        total_12_months_usd=cumulative[12],
        total_36_months_usd=cumulative[HORIZON_MONTHS],
        saving_36_months_usd=(od_cumulative[HORIZON_MONTHS] - cumulative[HORIZON_MONTHS]) if od_cumulative else None,
        cumulative_usd=cumulative,
        break_even_month=break_even(cumulative, od_cumulative) if od_cumulative else None,
        as_of=max(q.as_of for q in quotes),
    )


def _member_reason(comparison: CommitmentComparison, key: str) -> str:
    """Why one member's commitment is not priced, naming the member unless the reason already does (a reason that
    names the class, as the Database Savings Plan's does, reads once for every member of that class)."""
    reason = next((q.reason for q in comparison.quotes if q.commitment == key), "not offered")
    if comparison.instance_class in reason:
        return reason
    return f"{reason} for {comparison.instance_class} in {comparison.region}"


def combine_quotes(
    comparisons: Sequence[CommitmentComparison], *, extra_monthly_usd: Decimal = Decimal(0)
) -> CommitmentSummary:
    """Each commitment summed over ``comparisons`` (one per instance), plus ``extra_monthly_usd`` a month."""
    if not comparisons:
        raise ValueError("no members to combine")
    keys = list(dict.fromkeys(q.commitment for c in comparisons for q in c.quotes))
    by_key = {key: [c.quote(key) for c in comparisons if any(q.commitment == key for q in c.quotes)] for key in keys}
    od = _sum(by_key["on-demand"], extra_monthly_usd, ())
    od = od.model_copy(update={"saving_36_months_usd": Decimal(0)})
    totals = [od]
    for key in keys[1:]:
        quotes = by_key[key]
        missing = [c for c in comparisons if not any(q.commitment == key and q.priced for q in c.quotes)]
        if missing:
            first = quotes[0]
            reasons = dict.fromkeys(_member_reason(c, key) for c in missing)
            totals.append(
                CommitmentTotal(
                    commitment=key,
                    label=first.label,
                    kind=first.kind,
                    term_months=first.term_months,
                    priced=False,
                    reason="; ".join(reasons),
                )
            )
            continue
        totals.append(_sum(quotes, extra_monthly_usd, od.cumulative_usd))
    done = tuple(totals)
    notes = dict.fromkeys(n for c in comparisons for n in c.notes)
    return CommitmentSummary(
        totals=done,
        best_12_months=best_of(done, 12),
        best_36_months=best_of(done, HORIZON_MONTHS),
        extra_monthly_usd=extra_monthly_usd,
        notes=tuple(notes),
    )
