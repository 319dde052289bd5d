"""Commitments over several instances at once (a primary, its standby, replicas, a DR copy): each commitment's cost
summed over every member, priced only where every member prices it, with the break-even of the sum.

Pure Python (pydantic v2, no Django). ``combine_quotes(comparisons, extra_monthly_usd=..., licence=...)`` takes one
``CommitmentComparison`` per member (``commitments.commitment_quotes``), what the whole deployment pays a month
whatever is bought (redo shipped between Regions ...) and its Oracle licences counted once across servers (a purchase
paid in month 1 and support yearly, ``cash_flow.LicenceCash``); it adds them to every commitment alike, since AWS
commitments discount instance hours only. Monthly figures are the run-rate; 12- and 36-month and yearly ones are cash.
Where some member's cash by month is not known (its upfront fee is not published apart from its hourly fee), the sum's
is not either: its running total is empty, its break-even month None and a year it does not know None, said in
``timing_not_known``; its 36-month total stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.cash_flow import (
    CASH_BASIS,
    HORIZON_MONTHS,
    LicenceCash,
    cumulative_of,
    licence_payments,
    run_rate_basis,
    years_of,
)
from pricing.engine.commitments.comparison import (
    CommitmentComparison,
    CommitmentQuote,
    best_of,
    break_even,
    paid_by,
)
from pricing.engine.commitments.terms import not_offered


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
    monthly_usd: Decimal | None = Field(
        default=None, description="run-rate a month: upfront fees spread over the term, licences over theirs"
    )
    total_12_months_usd: Decimal | None = Field(
        default=None, description="cash as paid by the end of month 12 (None: not known, inside a 3-year term)"
    )
    total_36_months_usd: Decimal | None = Field(default=None, description="cash as paid by the end of month 36")
    cash_year_usd: tuple[Decimal | None, ...] = Field(
        default=(), description="cash as paid in year 1, 2 and 3; None: not known (timing_not_known)"
    )
    saving_36_months_usd: Decimal | None = Field(default=None, description="on-demand's cash minus this one's")
    cumulative_usd: tuple[Decimal, ...] = Field(
        default=(), description="cash as paid by the end of month 0..36; empty: not known (timing_not_known)"
    )
    break_even_month: int | None = Field(default=None, description="None: never in 36 months, or not known")
    timing_not_known: str = Field(
        default="",
        description="why the cash by month, the break-even month and a year's cash inside a term are not known "
        "(some member's upfront fee is not published apart from its hourly fee); empty when they are",
    )
    as_of: str = Field(default="", description="the newest price date of the members' rows")


class CommitmentSummary(BaseModel):
    model_config = ConfigDict(frozen=True)
    totals: tuple[CommitmentTotal, ...]
    best_12_months: str | None
    best_36_months: str | None
    extra_monthly_usd: Decimal
    notes: tuple[str, ...]
    run_rate_basis: str = Field(default="", description="the basis of every total's monthly_usd")
    cash_basis: str = Field(default=CASH_BASIS, description="the basis of the yearly, 12- and 36-month totals")

    def total(self, commitment: str) -> CommitmentTotal:
        return next(t for t in self.totals if t.commitment == commitment)


def _sum(
    quotes: Sequence[CommitmentQuote],
    extra: Decimal,
    licence: LicenceCash | None,
    od_cumulative: tuple[Decimal, ...],
    both: tuple[Decimal, ...],
) -> CommitmentTotal:
    """One commitment's total; ``both``: what is paid whatever is bought, month by month (the same on every one)."""
    first = quotes[0]
    licence_monthly = licence.run_rate_monthly_usd if licence is not None else Decimal(0)
    upfronts = [q.upfront_usd for q in quotes]
    not_known = next((q.timing_not_known for q in quotes if q.timing_not_known), "")
    if not_known:  # only the totals every member knows: the 36 months, and 12 where every term is a year
        cumulative: tuple[Decimal, ...] = ()
        years = tuple(_sum_known([q.cash_year_usd[y] for q in quotes], paid) for y, paid in enumerate(years_of(both)))
        total_12 = _sum_known([paid_by(q, 12) for q in quotes], both[12])
        total_36 = _sum_known([paid_by(q, HORIZON_MONTHS) for q in quotes], both[HORIZON_MONTHS])
    else:
        cumulative = tuple(sum((q.cumulative_usd[m] for q in quotes), both[m]) for m in range(HORIZON_MONTHS + 1))
        years, total_12, total_36 = years_of(cumulative), cumulative[12], cumulative[HORIZON_MONTHS]
    return CommitmentTotal(
        commitment=first.commitment,
        label=first.label,
        kind=first.kind,
        term_months=first.term_months,
        priced=True,
        upfront_usd=None if any(u is None for u in upfronts) else sum((u or Decimal(0) for u in upfronts), Decimal(0)),
        monthly_usd=sum((q.monthly_usd or Decimal(0) for q in quotes), extra + licence_monthly),
        total_12_months_usd=total_12,
        total_36_months_usd=total_36,
        cash_year_usd=years,
        saving_36_months_usd=(
            od_cumulative[HORIZON_MONTHS] - total_36 if od_cumulative and total_36 is not None else None
        ),
        cumulative_usd=cumulative,
        break_even_month=break_even(cumulative, od_cumulative) if od_cumulative and cumulative else None,
        timing_not_known=not_known,
        as_of=max(q.as_of for q in quotes),
    )


def _sum_known(parts: Sequence[Decimal | None], start: Decimal) -> Decimal | None:
    """``start`` plus every part, or None when some part is not known."""
    if any(part is None for part in parts):
        return None
    return sum((part for part in parts if part is not None), start)


def _member_reason(comparison: CommitmentComparison, key: str) -> str:
    """Why one member's commitment is not priced, naming the member unless the reason already does (a reason that
    names the class, as the Database Savings Plan's does, reads once for every member of that class) or holds for
    every member of the platform (a term AWS does not sell for it)."""
    reason = next((q.reason for q in comparison.quotes if q.commitment == key), "not offered")
    if comparison.instance_class in reason or reason == not_offered(comparison.platform, key):
        return reason
    return f"{reason} for {comparison.instance_class} in {comparison.region}"


def combine_quotes(
    comparisons: Sequence[CommitmentComparison],
    *,
    extra_monthly_usd: Decimal = Decimal(0),
    licence: LicenceCash | None = None,
) -> CommitmentSummary:
    """Each commitment summed over ``comparisons`` (one per instance), plus ``extra_monthly_usd`` a month and the
    deployment's Oracle ``licence`` (run-rate a month; cash as paid)."""
    if not comparisons:
        raise ValueError("no members to combine")
    keys = list(dict.fromkeys(q.commitment for c in comparisons for q in c.quotes))
    by_key = {key: [c.quote(key) for c in comparisons if any(q.commitment == key for q in c.quotes)] for key in keys}
    both = cumulative_of(extra_monthly_usd, licence_payments(licence))
    od = _sum(by_key["on-demand"], extra_monthly_usd, licence, (), both)
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
        totals.append(_sum(quotes, extra_monthly_usd, licence, od.cumulative_usd, both))
    done = tuple(totals)
    notes = dict.fromkeys(n for c in comparisons for n in c.notes)
    return CommitmentSummary(
        totals=done,
        best_12_months=best_of(done, 12),
        best_36_months=best_of(done, HORIZON_MONTHS),
        extra_monthly_usd=extra_monthly_usd,
        notes=tuple(notes),
        run_rate_basis=run_rate_basis(licence)
        if licence is not None
        else next((c.run_rate_basis for c in comparisons if c.run_rate_basis), run_rate_basis(None)),
    )
