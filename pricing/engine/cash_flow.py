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
    run_rate_monthly_usd: Decimal = Field(
        description="the bill's licence lines a month: purchase / (years x 12) + the term's average support / 12"
    )

    def support_in_year(self, year: int) -> Decimal:
        """Support paid at the start of ``year`` (1-based): year 1's, risen by the uplift each later year."""
        rise = 1 + self.support_uplift_pct / Decimal(100)
        return round_cents(self.support_first_year_usd * rise ** (year - 1))


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
    )


def run_rate_total(monthly_usd: Decimal, months: int, licence: LicenceCash | None) -> Decimal:
    """The run-rate over ``months``: the monthly figure times the months, except that a licence purchase the
    run-rate spreads over fewer months than that is counted once, not bought again (a 1-year spread over 3 years
    would otherwise count the purchase three times)."""
    total = monthly_usd * months
    if licence is None or not licence.purchase_usd:
        return total
    spread = licence.amortisation_years * MONTHS_PER_YEAR
    return round_cents(total - licence.purchase_usd / spread * max(0, months - spread))


def run_rate_basis(licence: LicenceCash | None) -> str:
    """'run-rate, licences spread over 3 years', or what the run-rate is when there is no licence to spread."""
    if licence is None:
        return "run-rate, no licence purchase to spread"
    years = licence.amortisation_years
    return f"run-rate, licences spread over {years} year{'s' if years != 1 else ''}"


class CashFlow(BaseModel):
    """The run-rate a month and the cash paid by year and by month, each labelled with its basis."""

    model_config = ConfigDict(frozen=True)
    run_rate_basis: str = Field(description="what the monthly run-rate spreads, e.g. 'run-rate, licences spread over "
                                "3 years'")  # fmt: skip
    run_rate_monthly_usd: Decimal = Field(
        description="AWS a month + upfront fee / term months + licence purchase / (amortisation years x 12) + "
        "the term's average support / 12"
    )
    aws_monthly_usd: Decimal = Field(description="AWS lines a month (under the commitment, its recurring part)")
    upfront_monthly_usd: Decimal = Field(description="the upfront fee spread over its term")
    licence_monthly_usd: Decimal = Field(description="Oracle licences and support, spread as the run-rate spreads them")
    cash_basis: str = Field(default=CASH_BASIS, description="the basis of the yearly and cumulative figures")
    cash_year_usd: tuple[Decimal, ...] = Field(description="cash paid in year 1, 2 and 3")
    cash_36_months_usd: Decimal = Field(description="cash paid over the 36 months: the sum of the three years")
    paid_at_start_usd: Decimal = Field(
        description="paid at the start of month 1 beside the month's AWS bill: upfront fees, the licence purchase "
        "and year 1's support"
    )
    cumulative_usd: tuple[Decimal, ...] = Field(description="cash paid by the end of month 0..36 (month 0: nothing)")
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
    from its hourly fee, so ``aws_monthly_usd`` carries it spread evenly, and the cash does too (said so)."""
    reasons: list[str] = []
    upfront = upfront_usd or ZERO
    payments = licence_payments(licence)
    if upfront and term_months:
        months = list(_due_months(term_months))
        for month in months:
            payments[month] = payments.get(month, ZERO) + upfront
        when = "month 1" if len(months) == 1 else "months " + ", ".join(str(m) for m in months)
        reasons.append(f"upfront fee ${upfront:,.2f} paid at the start of each {term_months}-month term ({when})")
    elif upfront_usd is None:
        reasons.append("the upfront fee is not published apart from the hourly fee: cash is shown spread evenly "
                       "at the effective rate")  # fmt: skip
    if licence is not None:
        if licence.purchase_usd:
            reasons.append(f"Oracle licence purchase ${licence.purchase_usd:,.2f} paid once, in month 1")
        support = [licence.support_in_year(year) for year in range(1, YEARS + 1)]
        if any(support):
            rise = f", rising {licence.support_uplift_pct.normalize():f}% a year" if licence.support_uplift_pct else ""
            reasons.append(
                "Oracle support paid yearly at the start of each year (months 1, 13, 25): "
                + " / ".join(f"${s:,.2f}" for s in support)
                + f"{rise} ({support_timing().source.split(' (')[0]}, {support_timing().as_of})"
            )
    cumulative = cumulative_of(aws_monthly_usd, payments)
    years = years_of(cumulative)
    spread = upfront / term_months if upfront and term_months else ZERO
    licence_monthly = licence.run_rate_monthly_usd if licence is not None else ZERO
    return CashFlow(
        run_rate_basis=run_rate_basis(licence),
        run_rate_monthly_usd=round_cents(aws_monthly_usd + spread) + licence_monthly,
        aws_monthly_usd=round_cents(aws_monthly_usd),
        upfront_monthly_usd=round_cents(spread),
        licence_monthly_usd=licence_monthly,
        cash_year_usd=years,
        cash_36_months_usd=cumulative[HORIZON_MONTHS],
        paid_at_start_usd=payments.get(1, ZERO),
        cumulative_usd=cumulative,
        reasons=tuple(reasons),
        licence=licence,
    )


def money(value: Decimal) -> str:
    return format(value, "f")


def cash_flow_json(flow: CashFlow) -> dict[str, object]:
    """Both bases as the JSON answers carry them (money as exact decimal strings), each block naming its basis."""
    return {
        "run_rate": {
            "basis": flow.run_rate_basis,
            "monthly_usd": money(flow.run_rate_monthly_usd),
            "one_year_usd": money(flow.run_rate_over(MONTHS_PER_YEAR)),
            "three_year_usd": money(flow.run_rate_over(HORIZON_MONTHS)),
            "aws_monthly_usd": money(flow.aws_monthly_usd),
            "upfront_monthly_usd": money(flow.upfront_monthly_usd),
            "licence_monthly_usd": money(flow.licence_monthly_usd),
        },
        "cash_as_paid": {
            "basis": flow.cash_basis,
            "year_1_usd": money(flow.cash_year_usd[0]),
            "year_2_usd": money(flow.cash_year_usd[1]),
            "year_3_usd": money(flow.cash_year_usd[2]),
            "three_year_usd": money(flow.cash_36_months_usd),
            "paid_at_start_usd": money(flow.paid_at_start_usd),
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
        "one_year_usd and three_year_usd are the monthly figure x 12 and x 36, a licence purchase spread over fewer "
        "months counted once (it is bought once).",
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
        "Oracle support at the start of each year (rising by the uplift), upfront fees at the start of each term.",
        "properties": {
            "basis": {"type": "string", "description": "'cash as paid, year 1 / 2 / 3'"},
            **{k: _MONEY for k in ("year_1_usd", "year_2_usd", "year_3_usd", "three_year_usd", "paid_at_start_usd")},
            "cumulative_usd": {
                "type": "array",
                "items": _MONEY,
                "description": "cash paid by the end of month 0..36 (month 0: nothing)",
            },  # fmt: skip
            "notes": {"type": "array", "items": {"type": "string"}, "description": "when each sum is paid"},
        },
    },
}
