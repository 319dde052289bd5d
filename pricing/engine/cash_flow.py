"""One deployment's cost on two bases, never mixed: the monthly run-rate (licence purchases spread over the
amortisation term the user gives, upfront fees over their commitment's term) and the cash paid in year 1, 2 and 3
(licence purchases, upfront fees and Oracle support when they are paid), with the running total month by month.

Pure Python (pydantic v2, no Django). ``cash_flow(aws_monthly_usd=..., licence=..., upfront_usd=..., term_months=...)``
takes what AWS bills a month (on-demand, or the recurring part under a commitment plus every line a commitment does not
change), the Oracle licences as ``licence_cash(LicenceEstimate)`` reads them, and an optional upfront fee with its term.

When each sum is paid (month 1 is the first month; ``cumulative_usd[m]`` is paid by the end of month m, [0] = 0):

* AWS lines: every month.
* Licence purchase: once, in month 1 (whatever the amortisation term; the run-rate spreads it over the term).
* Oracle support: yearly, at the start of each year (months 1, 13, 25), rising by the contract's uplift each year
  (``data/cash_flow.json``).
* An upfront fee: at the start of each term (a 1-year term bought again in months 13 and 25).

An upfront fee not published apart from the hourly fee (``upfront_usd=None``: only an effective rate is held) leaves
the term's whole cost known but not when within the term it is paid: the cash by month, and a year's cash inside a
term longer than a year, are then ``None`` ("not known", said so in ``timing_not_known``), never spread evenly as if
paid so; a year that is a whole term (a 1-year term) and the 36 months keep their cash.

The run-rate over 12 or 36 months (``run_rate_total``) is the monthly figure times the months, except what the monthly
figure spreads differently from those months: a licence purchase spread over fewer months is counted once, and Oracle
support rising by an uplift, which the monthly figure takes at the amortisation term's average, is counted as paid in
the years the total covers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.licences.contract import LicenceEstimate
from pricing.engine.prices.terms import round_cents
from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "cash_flow.json"
HORIZON_MONTHS = 36
YEARS = 3
MONTHS_PER_YEAR = 12
CASH_BASIS = "cash as paid, year 1 / 2 / 3"
ZERO = Decimal("0.00")


@cache
def support_timing() -> NotedRow:
    """The sourced fact that Oracle support is paid a year at a time, the first year with the licences."""
    return NotedRow.model_validate(json.loads(DATA_FILE.read_text())["support_paid_yearly"])


class LicenceCash(BaseModel):
    """Oracle licences as cash: the one-off purchase, support by year, and the run-rate the bill prices."""

    model_config = ConfigDict(frozen=True)
    purchase_usd: Decimal = Field(description="licences to buy: paid once, in month 1")
    support_first_year_usd: Decimal = Field(description="support for year 1, paid with the purchase")
    support_uplift_pct: Decimal = Field(default=Decimal(0), description="yearly rise of support, percent")
    amortisation_years: int = Field(description="the run-rate spreads the purchase over this many years")
    purchase_counted: bool = Field(
        default=True, description="false: support only, as asked; the licences to buy are not counted at all"
    )
    run_rate_monthly_usd: Decimal = Field(
        description="the bill's licence lines a month: purchase / (years x 12) + the term's average support / 12"
    )

    def support_in_year(self, year: int) -> Decimal:
        """Support paid at the start of ``year`` (1-based): year 1's, risen by the uplift each later year."""
        rise = 1 + self.support_uplift_pct / Decimal(100)
        return round_cents(self.support_first_year_usd * rise ** (year - 1))

    def support_paid_over(self, months: int) -> Decimal:
        """Support for the first ``months``, each year's fee (with its uplift) over that year's 12 months."""
        whole, part = divmod(months, MONTHS_PER_YEAR)
        paid = sum((self.support_in_year(year) for year in range(1, whole + 1)), ZERO)
        return paid + self.support_in_year(whole + 1) * part / MONTHS_PER_YEAR if part else paid


def licence_cash(licence: LicenceEstimate | None) -> LicenceCash | None:
    """The licences of a bill as cash; None when the bill prices no Oracle licence (License Included, left out)."""
    if licence is None or not licence.included or not licence.products:
        return None
    return LicenceCash(
        purchase_usd=licence.upfront_purchase_usd,
        support_first_year_usd=licence.support_first_year_usd,
        support_uplift_pct=licence.support_uplift_pct,
        amortisation_years=licence.term_years or 1,
        run_rate_monthly_usd=licence.monthly_usd,
        purchase_counted=licence.count_purchase,
    )


def run_rate_total(monthly_usd: Decimal, months: int, licence: LicenceCash | None) -> Decimal:
    """The run-rate over ``months``: the monthly figure times the months, except what the monthly figure spreads
    over another span than those months. A licence purchase spread over fewer months is counted once, not bought
    again (a 1-year spread over 3 years would otherwise count it three times). Oracle support rising by an uplift
    is counted as paid in the years these months cover, not at the amortisation term's average the monthly figure
    takes (a 1-year term's average is year 1's fee, though years 2 and 3 pay more; a 5-year term's holds years 4
    and 5): the licences are then the purchase's share of these months plus that support, beside the rest of the
    monthly figure times the months. Without an uplift the support is the same every year and the monthly
    figure's cents stand."""
    if licence is None:
        return monthly_usd * months
    spread = licence.amortisation_years * MONTHS_PER_YEAR
    if licence.support_uplift_pct:
        others = (monthly_usd - licence.run_rate_monthly_usd) * months
        purchase = licence.purchase_usd * min(months, spread) / spread
        return round_cents(others + purchase + licence.support_paid_over(months))
    return round_cents(monthly_usd * months - licence.purchase_usd / spread * max(0, months - spread))


def _years(count: int) -> str:
    return f"{count} year{'s' if count != 1 else ''}"


SUPPORT_ONLY = "Oracle support only: the licences to buy are not counted, as asked"


def run_rate_basis(licence: LicenceCash | None) -> str:
    """'run-rate, licences spread over 3 years', or what the run-rate is when there is no licence to spread (none
    priced, or support only: no purchase counted to spread)."""
    if licence is None:
        return "run-rate, no licence purchase to spread"
    if not licence.purchase_counted:
        return f"run-rate, {SUPPORT_ONLY}"
    return f"run-rate, licences spread over {_years(licence.amortisation_years)}"


def oracle_licences_basis(*, count_purchase: bool) -> str:
    """What a total counts of the Oracle licences, for a basis beside AWS's ("AWS on-demand and ..."): the licences
    (their purchase and support), or with support only their support, the licences to buy left out."""
    return "Oracle licences included" if count_purchase else SUPPORT_ONLY


def run_rate_totals_basis(licence: LicenceCash | None) -> str:
    """The basis of the run-rate over 12 and 36 months (``run_rate_total``): the monthly figure's, with what those
    totals count otherwise than the monthly figure times the months."""
    words = run_rate_basis(licence)
    if licence is None:
        return words
    years = licence.amortisation_years
    if licence.purchase_usd and years * MONTHS_PER_YEAR < HORIZON_MONTHS:
        words += "; the 3-year total counts the purchase once"
    if licence.support_uplift_pct:
        monthly = "year 1's fee" if years == 1 else f"its {years}-year average"
        words += (
            f"; Oracle support as paid in the years counted, rising {licence.support_uplift_pct.normalize():f}% a "
            f"year (a month: {monthly})"
        )
    return words


class CashFlow(BaseModel):
    """The run-rate a month and the cash paid by year and by month, each labelled with its basis."""

    model_config = ConfigDict(frozen=True)
    run_rate_basis: str = Field(description="what the monthly run-rate spreads, e.g. 'run-rate, licences spread over "
                                "3 years'")  # fmt: skip
    run_rate_totals_basis: str = Field(
        description="the basis of the run-rate over 12 and 36 months (run_rate_totals_basis)"
    )
    run_rate_monthly_usd: Decimal = Field(
        description="AWS a month + upfront fee / term months + licence purchase / (amortisation years x 12) + "
        "the term's average support / 12"
    )
    aws_monthly_usd: Decimal = Field(description="AWS lines a month (under the commitment, its recurring part)")
    upfront_monthly_usd: Decimal = Field(description="the upfront fee spread over its term")
    licence_monthly_usd: Decimal = Field(description="Oracle licences and support, spread as the run-rate spreads them")
    cash_basis: str = Field(default=CASH_BASIS, description="the basis of the yearly and cumulative figures")
    cash_year_usd: tuple[Decimal | None, ...] = Field(
        description="cash paid in year 1, 2 and 3; None: not known (a year inside a term whose upfront fee is not "
        "published apart from its hourly fee)"
    )
    cash_36_months_usd: Decimal = Field(description="cash paid over the 36 months: the sum of the three years")
    paid_at_start_usd: Decimal | None = Field(
        description="paid at the start of month 1 beside the month's AWS bill: upfront fees, the licence purchase "
        "and year 1's support; None: not known (the upfront fee is not published)"
    )
    cumulative_usd: tuple[Decimal, ...] = Field(
        description="cash paid by the end of month 0..36 (month 0: nothing); empty when not known (timing_not_known)"
    )
    timing_not_known: str = Field(
        default="", description="why the cash by month is not known (empty when it is): the upfront fee unpublished"
    )
    reasons: tuple[str, ...] = Field(default=(), description="when each sum is paid")
    licence: LicenceCash | None = Field(default=None, exclude=True, description="the licences it spreads, if any")

    def run_rate_over(self, months: int) -> Decimal:
        return run_rate_total(self.run_rate_monthly_usd, months, self.licence)


def _due_months(every: int) -> range:
    """Months (1-based) a payment due at the start of every ``every`` months falls in, over the horizon."""
    return range(1, HORIZON_MONTHS + 1, every)


def licence_payments(licence: LicenceCash | None) -> dict[int, Decimal]:
    """Month -> what the licences cost that month beyond nothing: the purchase in month 1, support yearly."""
    if licence is None:
        return {}
    due: dict[int, Decimal] = {1: licence.purchase_usd}
    for year, month in enumerate(_due_months(MONTHS_PER_YEAR), start=1):
        due[month] = due.get(month, ZERO) + licence.support_in_year(year)
    return due


def cumulative_of(monthly_usd: Decimal, payments: dict[int, Decimal]) -> tuple[Decimal, ...]:
    """Cash paid by the end of month 0..36: ``monthly_usd`` each month plus each one-off in its month."""
    out, one_offs = [ZERO], ZERO
    for month in range(1, HORIZON_MONTHS + 1):
        one_offs += payments.get(month, ZERO)
        out.append(round_cents(monthly_usd * month + one_offs))
    return tuple(out)


def years_of(cumulative: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Cash paid in year 1, 2 and 3 from a running total by month."""
    ends = [MONTHS_PER_YEAR * year for year in range(YEARS + 1)]
    return tuple(cumulative[ends[y + 1]] - cumulative[ends[y]] for y in range(YEARS))


def cash_flow(
    *,
    aws_monthly_usd: Decimal,
    licence: LicenceCash | None = None,
    upfront_usd: Decimal | None = ZERO,
    term_months: int | None = None,
) -> CashFlow:
    """Both bases for one deployment. ``upfront_usd`` None: the commitment's upfront fee is not published apart
    from its hourly fee, so ``aws_monthly_usd`` carries the effective rate (the term's whole cost spread evenly):
    the run-rate and the cash of whole terms stand, the cash by month and inside a term do not (None, said so)."""
    reasons: list[str] = []
    upfront = upfront_usd or ZERO
    payments = licence_payments(licence)
    not_known = ""
    if upfront and term_months:
        months = list(_due_months(term_months))
        for month in months:
            payments[month] = payments.get(month, ZERO) + upfront
        when = "month 1" if len(months) == 1 else "months " + ", ".join(str(m) for m in months)
        reasons.append(f"upfront fee ${upfront:,.2f} paid at the start of each {term_months}-month term ({when})")
    elif upfront_usd is None and term_months:
        not_known = unpublished_split_words(term_months)
        reasons.append(not_known)
    if licence is not None:
        if licence.purchase_usd:
            reasons.append(f"Oracle licence purchase ${licence.purchase_usd:,.2f} paid once, in month 1")
        elif not licence.purchase_counted:
            reasons.append("Oracle licence purchase not counted: support only, as asked")
        support = [licence.support_in_year(year) for year in range(1, YEARS + 1)]
        if any(support):
            rise = f", rising {licence.support_uplift_pct.normalize():f}% a year" if licence.support_uplift_pct else ""
            reasons.append(
                "Oracle support paid yearly at the start of each year (months 1, 13, 25): "
                + " / ".join(f"${s:,.2f}" for s in support)
                + f"{rise} ({support_timing().source.split(' (')[0]}, {support_timing().as_of})"
            )
    cumulative = cumulative_of(aws_monthly_usd, payments)
    years: tuple[Decimal | None, ...] = years_of(cumulative)
    paid_at_start: Decimal | None = payments.get(1, ZERO)
    if not_known and term_months:  # only the ends of whole terms are known: every year's end where a term is a year
        if MONTHS_PER_YEAR % term_months:
            years = (None,) * YEARS
        paid_at_start = None
    spread = upfront / term_months if upfront and term_months else ZERO
    licence_monthly = licence.run_rate_monthly_usd if licence is not None else ZERO
    return CashFlow(
        run_rate_basis=run_rate_basis(licence),
        run_rate_totals_basis=run_rate_totals_basis(licence),
        run_rate_monthly_usd=round_cents(aws_monthly_usd + spread) + licence_monthly,
        aws_monthly_usd=round_cents(aws_monthly_usd),
        upfront_monthly_usd=round_cents(spread),
        licence_monthly_usd=licence_monthly,
        cash_year_usd=years,
        cash_36_months_usd=cumulative[HORIZON_MONTHS],
        paid_at_start_usd=paid_at_start,
        cumulative_usd=() if not_known else cumulative,
        timing_not_known=not_known,
        reasons=tuple(reasons),
        licence=licence,
    )


def unpublished_split_words(term_months: int) -> str:
    """Why the cash inside a term is not known when only an effective rate is held."""
    inside = "" if term_months <= MONTHS_PER_YEAR else " and year by year"
    return (
        f"the upfront fee is not published apart from the hourly fee: the whole {term_months}-month term costs the "
        f"effective rate for every hour, but when within the term it is paid is not known, so the cash month by "
        f"month{inside} and the month from which it is cheaper are not known"
    )


def money(value: Decimal) -> str:
    return format(value, "f")


def maybe_money(value: Decimal | None) -> str | None:
    return None if value is None else money(value)


def cash_flow_json(flow: CashFlow) -> dict[str, object]:
    """Both bases as the JSON answers carry them (money as exact decimal strings), each block naming its basis."""
    return {
        "run_rate": {
            "basis": flow.run_rate_totals_basis,  # of the month, the year and the 3 years
            "monthly_usd": money(flow.run_rate_monthly_usd),
            "one_year_usd": money(flow.run_rate_over(MONTHS_PER_YEAR)),
            "three_year_usd": money(flow.run_rate_over(HORIZON_MONTHS)),
            "aws_monthly_usd": money(flow.aws_monthly_usd),
            "upfront_monthly_usd": money(flow.upfront_monthly_usd),
            "licence_monthly_usd": money(flow.licence_monthly_usd),
        },
        "cash_as_paid": {
            "basis": flow.cash_basis,
            "year_1_usd": maybe_money(flow.cash_year_usd[0]),
            "year_2_usd": maybe_money(flow.cash_year_usd[1]),
            "year_3_usd": maybe_money(flow.cash_year_usd[2]),
            "three_year_usd": money(flow.cash_36_months_usd),
            "paid_at_start_usd": maybe_money(flow.paid_at_start_usd),
            "cumulative_usd": [money(v) for v in flow.cumulative_usd],
            "notes": list(flow.reasons),
        },
    }


# The JSON blocks above as a JSON Schema, for the OpenAPI document's response descriptions.
_MONEY = {"type": "string", "description": "USD as an exact decimal string"}
CASH_FLOW_JSON_SCHEMA: dict[str, object] = {
    "run_rate": {
        "type": "object",
        "description": "Monthly run-rate: licence purchases spread over the amortisation term the licence terms give "
        "(licences.term_years), upfront fees over their commitment's term, Oracle support at the term's average. "
        "one_year_usd and three_year_usd are the monthly figure x 12 and x 36, except that a licence purchase spread "
        "over fewer months is counted once (it is bought once) and Oracle support is counted as paid in the years "
        "they cover, rising by the uplift (the monthly figure takes the amortisation term's average); basis says so.",
        "properties": {
            "basis": {"type": "string", "description": "e.g. 'run-rate, licences spread over 3 years'"},
            **{
                k: _MONEY
                for k in (
                    "monthly_usd",
                    "one_year_usd",
                    "three_year_usd",
                    "aws_monthly_usd",
                    "upfront_monthly_usd",
                    "licence_monthly_usd",
                )
            },  # fmt: skip
        },
    },
    "cash_as_paid": {
        "type": "object",
        "description": "Cash as paid in year 1, 2 and 3: AWS every month, the licence purchase once in month 1, "
        "Oracle support at the start of each year (rising by the uplift), upfront fees at the start of each term. "
        "Where a commitment's upfront fee is not published apart from its hourly fee, a year inside its term, the "
        "sum paid at the start and the month by month totals are not known: null and [], and notes say why.",
        "properties": {
            "basis": {"type": "string", "description": "'cash as paid, year 1 / 2 / 3'"},
            "three_year_usd": _MONEY,
            **{
                k: {**_MONEY, "type": ["string", "null"]}
                for k in ("year_1_usd", "year_2_usd", "year_3_usd", "paid_at_start_usd")
            },  # fmt: skip
            "cumulative_usd": {
                "type": "array",
                "items": _MONEY,
                "description": "cash paid by the end of month 0..36 (month 0: nothing)",
            },  # fmt: skip
            "notes": {"type": "array", "items": {"type": "string"}, "description": "when each sum is paid"},
        },
    },
}
