"""What one deployment costs under every commitment AWS sells for its instance hours, beside on-demand: the monthly
run-rate (upfront fee spread over the term, licences over their amortisation term), the upfront fee, the cash paid in
year 1, 2 and 3 and over 12 and 36 months, the cash paid month by month (the break-even chart) and the month from which
the commitment stays cheaper; a commitment the snapshot does not price says so instead. Cash is as paid
(``cash_flow``): upfront fees at the start of each term, a licence purchase in month 1, Oracle support yearly.

Pure Python (pydantic v2, no Django). ``commitment_quotes(config, book)`` prices the config on-demand with the
calculator, then, for each commitment of the platform (``terms.commitments_for``), looks up the class's
instance-hour row under that commitment. Only the AWS instance-hours (compute) line changes: storage and every other
AWS line stay on-demand, and Oracle licences are not discounted by AWS commitments (License Included RDS rates carry
the licence inside AWS's own reserved rate). A commitment is billed for every hour of its term (730 a month), whatever
``hours_per_month`` the instance runs; a 1-year commitment is bought again at the same price for months 13 to 36.

How each quote is formed (``q`` the quote; H the hours a year, 8,760, sourced in ``data/commitments.json``):

* AWS's own split (a Price List ``Reserved`` term: ``Quantity`` upfront fee U, ``Hrs`` fee r): upfront U, compute a
  month = r x 730 + U / term months, cash by month m = U x terms bought by month m + (r x 730 + other AWS lines) x m
  + the licences as paid.
* An effective rate e (``RateBasis: effective``, e.g. the shared EC2 rows): All Upfront has no recurring fee, so the
  upfront fee is e x H x years (to within the source's 6-decimal rounding, at most $0.0000005 x hours in the term);
  No Upfront has no upfront fee, so e is the hourly fee; for Partial Upfront the split is not published: upfront
  ``None``.
* A Savings Plan rate s: No Upfront pays s x 730 a month; All Upfront prepays s x H x years; Partial Upfront prepays
  50-99 % as the buyer chooses, so its upfront fee is ``None``.

An upfront fee ``None`` leaves the term's whole cost known (the rate x 730 a month, the run-rate) but not when inside
the term it is paid: the cash by month, the break-even month and the yearly cash of a 3-year term are ``None`` / empty
and ``timing_not_known`` says why; the 36-month total (and a 1-year term's 12-month and yearly cash) stand. A term AWS
splits whose upfront-fee row is missing is refused when read (``prices.index``), never priced as no upfront.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.aws_rules import HOURS_PER_MONTH
from pricing.engine.calculator import REFUSED, Estimate, EstimateConfig, estimate, parse_config
from pricing.engine.cash_flow import (
    CASH_BASIS,
    HORIZON_MONTHS,
    CashFlow,
    LicenceCash,
    cash_flow,
    licence_cash,
    run_rate_basis,
)
from pricing.engine.commitments.database_savings_plans import uncovered_reason
from pricing.engine.commitments.terms import (
    DATABASE_PLAN,
    SPECS,
    CommitmentSpec,
    commitment_facts,
    commitments_for,
    not_offered,
)
from pricing.engine.licences.cost import LicencePriceList
from pricing.engine.prices.answers import answered
from pricing.engine.prices.terms import InstancePrice, PriceNotFound, TermIncomplete, round_cents

NOT_PRICED = "no price held"
LICENCE_NOTE = (
    "AWS commitments change only the AWS instance-hours line: storage and the other AWS lines stay on-demand, and "
    "Oracle licences are not discounted (a License Included rate carries the licence inside AWS's own rate)"
)


class CommitmentQuote(BaseModel):
    """One commitment for one deployment; ``priced`` False carries only the reason."""

    model_config = ConfigDict(frozen=True)
    commitment: str
    label: str
    kind: Literal["on-demand", "reserved", "savings-plan"]
    term_months: int | None = None
    priced: bool
    reason: str = Field(default="", description="why this commitment is not priced")
    unpriced_because: Literal["", "no price held", "not offered"] = Field(
        default="", description="not priced because no full price is held, or because it is not offered here"
    )
    hourly_usd: Decimal | None = Field(
        default=None, description="the instance-hours rate read (recurring or effective)"
    )
    effective_rate: bool = Field(default=False, description="the rate has the upfront amortised into it")
    upfront_usd: Decimal | None = Field(default=None, description="None when priced: the split is not published")
    upfront_note: str = ""
    compute_monthly_usd: Decimal | None = Field(
        default=None, description="the instance-hours line a month, upfront spread over the term"
    )
    monthly_usd: Decimal | None = Field(
        default=None,
        description="run-rate: the whole bill a month (AWS and licences), the upfront fee spread over the term and "
        "licence purchases over their amortisation term",
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
        default=(), description="cash as paid by the end of month 0..36 (month 0: nothing yet); empty: not known"
    )
    break_even_month: int | None = Field(
        default=None,
        description="the first month whose cumulative cost is at or below on-demand's (a renewal's upfront fee may "
        "lift it above again for a few months: see cumulative_usd); None: never in 36 months, or not known "
        "(timing_not_known)",
    )
    timing_not_known: str = Field(
        default="",
        description="why the cash by month, the break-even month and a year's cash inside the term are not known "
        "(the upfront fee is not published apart from the hourly fee); empty when they are",
    )
    price_source: str = ""
    as_of: str = ""
    estimated: bool = False
    notes: tuple[str, ...] = ()
    cash: CashFlow | None = Field(default=None, exclude=True, description="both bases, with when each sum is paid")


class CommitmentComparison(BaseModel):
    """Every commitment of one deployment beside on-demand, and the best over 12 and 36 months."""

    model_config = ConfigDict(frozen=True)
    platform: str
    region: str
    instance_class: str
    on_demand: Estimate
    unchanged_aws_monthly_usd: Decimal = Field(description="storage and other AWS lines: on-demand whatever is bought")
    licence_monthly_usd: Decimal = Field(description="Oracle licences: AWS commitments do not discount them")
    run_rate_basis: str = Field(default="", description="the basis of every quote's monthly_usd")
    cash_basis: str = Field(default=CASH_BASIS, description="the basis of the yearly, 12- and 36-month totals")
    quotes: tuple[CommitmentQuote, ...]
    best_12_months: str | None = Field(
        description="the cheapest over 12 months of on-demand and the 1-year commitments (a 3-year one runs on)"
    )
    best_36_months: str | None = Field(description="the cheapest over 36 months (1-year terms bought three times)")
    notes: tuple[str, ...]

    def quote(self, commitment: str) -> CommitmentQuote:
        return next(q for q in self.quotes if q.commitment == commitment)


def _lookup(cfg: EstimateConfig, book: Any, commitment: str) -> InstancePrice:
    if cfg.platform == "ec2":
        return book.ec2_instance(region=cfg.region, instance_type=cfg.instance_class, commitment=commitment)
    return book.rds_instance(
        region=cfg.region,
        instance_class=cfg.instance_class,
        edition=cfg.edition,
        licence_model=cfg.licence_model,
        deployment=cfg.deployment,
        custom=cfg.platform == "rds-custom",
        commitment=commitment,
    )


def _uncovered(cfg: EstimateConfig, book: Any) -> str:
    """Why a Database Savings Plan does not cover the config ("" when it does)."""
    return uncovered_reason(
        book=book,
        platform=cfg.platform,
        region=cfg.region,
        instance_class=cfg.instance_class,
        edition=cfg.edition,
        licence_model=cfg.licence_model,
        deployment=cfg.deployment,
    )


def break_even(cumulative: tuple[Decimal, ...], on_demand: tuple[Decimal, ...]) -> int | None:
    """The first month whose cumulative cost is at or below on-demand's (None: not within the horizon)."""
    return next((m for m in range(1, len(cumulative)) if cumulative[m] <= on_demand[m]), None)


def _split(spec: CommitmentSpec, price: InstancePrice) -> tuple[Decimal | None, Decimal, str]:
    """(upfront fee or None when not published, recurring a month, how the upfront fee was found)."""
    facts = commitment_facts()
    rate = price.hourly.price_usd
    term_hours = facts.hours_per_year * spec.years
    all_upfront = spec.purchase_option == "All Upfront"
    if spec.kind == "reserved" and not price.effective_rate:
        upfront = price.upfront.price_usd if price.upfront is not None else Decimal(0)
        note = f"upfront fee read from the price list (SKU {price.upfront.sku})" if price.upfront else "no upfront fee"
        return upfront, rate * HOURS_PER_MONTH, note
    if all_upfront:
        what = "effective hourly rate" if spec.kind == "reserved" else "Savings Plan rate"
        # the arithmetic in the reader's words; the facts behind it (offering types, the term's hours, the published
        # rate's rounding) keep their sources in the data
        note = (
            f"All Upfront has no recurring fee, so the upfront fee = {what} {rate} x {term_hours:,} hours "
            f"in the term ({facts.hours_per_year:,} hours a year, as AWS counts a reservation's term)"
        )
        if price.effective_rate:
            note += "; the rate as published carries at most 6 decimals"
        return round_cents(rate * term_hours), Decimal(0), note
    if spec.kind == "savings-plan" and spec.purchase_option == "No Upfront":
        return Decimal(0), rate * HOURS_PER_MONTH, "no upfront fee"
    if spec.purchase_option == "No Upfront":  # an effective rate with nothing upfront to amortise is the hourly fee
        source = facts.no_upfront.source.split(": '")[0]
        return Decimal(0), rate * HOURS_PER_MONTH, f"no upfront fee: No Upfront has none ({source})"
    if spec.kind == "savings-plan":
        note = f"not published: the buyer chooses the upfront share ({facts.savings_plan_partial_upfront.source})"
    else:
        note = "not published: the source gives the effective rate only, not the upfront and hourly fee apart"
    note += "; the term's whole cost is the rate for every hour of it, but when within the term it is paid is not known"
    return None, rate * HOURS_PER_MONTH, note


def _quote(
    spec: CommitmentSpec,
    price: InstancePrice,
    unchanged_aws: Decimal,
    licence: LicenceCash | None,
    on_demand: tuple[Decimal, ...],
) -> CommitmentQuote:
    upfront, recurring, upfront_note = _split(spec, price)
    months = spec.months
    paid = upfront or Decimal(0)
    flow = cash_flow(
        aws_monthly_usd=recurring + unchanged_aws, licence=licence, upfront_usd=upfront, term_months=months
    )
    cumulative = flow.cumulative_usd  # empty when the cash by month is not known (flow.timing_not_known)
    rest = unchanged_aws + (licence.run_rate_monthly_usd if licence is not None else Decimal(0))
    compute = round_cents(recurring + paid / months)
    rows = [price.hourly, *([price.upfront] if price.upfront is not None else [])]
    notes = []
    if months < HORIZON_MONTHS:
        notes.append(f"bought again at the same price every {months} months over the {HORIZON_MONTHS}-month horizon")
    return CommitmentQuote(
        commitment=spec.key,
        label=spec.label,
        kind=spec.kind,
        term_months=months,
        priced=True,
        hourly_usd=price.hourly.price_usd,
        effective_rate=price.effective_rate,
        upfront_usd=upfront,
        upfront_note=upfront_note,
        compute_monthly_usd=compute,
        monthly_usd=compute + rest,
        total_12_months_usd=flow.cash_year_usd[0],  # cash by the end of month 12
        total_36_months_usd=flow.cash_36_months_usd,
        cash_year_usd=flow.cash_year_usd,
        saving_36_months_usd=on_demand[HORIZON_MONTHS] - flow.cash_36_months_usd,
        cumulative_usd=cumulative,
        cash=flow,
        break_even_month=break_even(cumulative, on_demand) if cumulative else None,
        timing_not_known=flow.timing_not_known,
        price_source="; ".join(f"{r.source}, SKU {r.sku}" for r in rows),
        as_of=max(r.as_of for r in rows).isoformat(),
        estimated=any(r.estimated for r in rows),
        notes=tuple(notes),
    )


def paid_by(quote: Any, month: int) -> Decimal | None:
    """Cash paid by the end of ``month`` (12 or 36 where the cash by month is not known; None: not known)."""
    if quote.cumulative_usd:
        return quote.cumulative_usd[month]  # type: ignore[no-any-return]
    return {12: quote.total_12_months_usd, HORIZON_MONTHS: quote.total_36_months_usd}.get(month)


def by_reason(labelled: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """(label, reason) pairs as one line per reason: (the labels joined, the reason), in first-seen order; a pair
    without a reason is left out. The pages list commitments not priced, or whose cash by month is not known, so."""
    grouped: dict[str, list[str]] = {}
    for label, reason in labelled:
        if reason:
            grouped.setdefault(reason, []).append(label)
    return tuple((", ".join(labels), reason) for reason, labels in grouped.items())


def best_of(quotes: Sequence[Any], month: int) -> str | None:
    """The cheapest by the end of ``month`` among what can be left then (a 3-year term cannot after 12 months)."""
    priced = [q for q in quotes if q.priced and paid_by(q, month) is not None and (q.term_months or 0) <= month]
    if not priced:
        return None
    return min(priced, key=lambda q: (paid_by(q, month), q.kind != "on-demand", q.commitment)).commitment


def commitment_quotes(
    config: EstimateConfig | Mapping[str, Any],
    book: Any,
    *,
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    licences: LicencePriceList | None = None,
) -> CommitmentComparison:
    """Every commitment of the config's platform for its class and Region, beside on-demand (``book`` a
    ``PriceBook`` or anything with its lookups). Raises ``EstimateInvalid`` when the on-demand bill cannot be priced.
    A price book answers the same config once, as ``estimate`` does."""
    cfg = parse_config(config).model_copy(update={"commitment": "on-demand"})
    if licences is not None:
        return _quotes(cfg, book, vcpus, hyperthreading, licences)
    return answered(book, ("commitment_quotes", cfg, vcpus, hyperthreading),
                    lambda: _quotes(cfg, book, vcpus, hyperthreading, None), REFUSED)  # fmt: skip


def _quotes(
    cfg: EstimateConfig, book: Any, vcpus: int | None, hyperthreading: bool | None, licences: LicencePriceList | None
) -> CommitmentComparison:
    od = estimate(cfg, book, vcpus=vcpus, hyperthreading=hyperthreading, licences=licences)
    od_compute = sum(
        (ln.monthly_usd for ln in od.lines if ln.category == "aws" and ln.component == "compute"), Decimal(0)
    )
    unchanged_aws = od.aws_monthly_usd - od_compute
    licence = licence_cash(od.licence)
    od_flow = cash_flow(aws_monthly_usd=od.aws_monthly_usd, licence=licence)
    od_cumulative = od_flow.cumulative_usd
    on_demand_row = _lookup(cfg, book, "on-demand").hourly
    quotes = [
        CommitmentQuote(
            commitment="on-demand",
            label="On-Demand",
            kind="on-demand",
            priced=True,
            hourly_usd=on_demand_row.price_usd,
            upfront_usd=Decimal(0),
            upfront_note="no upfront fee",
            compute_monthly_usd=od_compute,
            monthly_usd=od.total_monthly_usd,
            total_12_months_usd=od_cumulative[12],
            total_36_months_usd=od_cumulative[36],
            cash_year_usd=od_flow.cash_year_usd,
            saving_36_months_usd=Decimal(0),
            cumulative_usd=od_cumulative,
            cash=od_flow,
            price_source=f"{on_demand_row.source}, SKU {on_demand_row.sku}",
            as_of=on_demand_row.as_of.isoformat(),
            estimated=on_demand_row.estimated,
            notes=(f"{od.hours_per_month} instance hours a month",) if od.hours_per_month != HOURS_PER_MONTH else (),
        )
    ]
    for key in commitments_for(cfg.platform):
        spec = SPECS[key]
        if spec.kind == "on-demand":
            continue
        if cfg.free_tier:
            quotes.append(_unpriced(spec, "the AWS Free Tier applies to on-demand usage only", "not offered"))
            continue
        try:
            price = _lookup(cfg, book, key)
        except TermIncomplete as incomplete:  # held in part: say which row is missing, not "refresh to price it"
            quotes.append(_unpriced(spec, incomplete.message, "no price held"))
            continue
        except PriceNotFound:  # where AWS does not sell it here, say so (a term it does not sell for the platform, a
            # Database Savings Plan for a deployment it does not cover), never that a price is missing
            unsold = not_offered(cfg.platform, key) or (key == DATABASE_PLAN and _uncovered(cfg, book))
            quotes.append(_unpriced(spec, unsold or NOT_PRICED, "not offered" if unsold else "no price held"))
            continue
        quotes.append(_quote(spec, price, unchanged_aws, licence, od_cumulative))
    notes = [LICENCE_NOTE]
    if od.hours_per_month != HOURS_PER_MONTH:
        notes.append(
            f"a commitment is paid for all {HOURS_PER_MONTH} hours a month, not the {od.hours_per_month} the "
            "instance runs"
        )
    done = tuple(quotes)
    return CommitmentComparison(
        platform=cfg.platform,
        region=cfg.region,
        instance_class=cfg.instance_class,
        on_demand=od,
        unchanged_aws_monthly_usd=unchanged_aws,
        licence_monthly_usd=od.licence_monthly_usd,
        run_rate_basis=run_rate_basis(licence),
        quotes=done,
        best_12_months=best_of(done, 12),
        best_36_months=best_of(done, HORIZON_MONTHS),
        notes=tuple(notes),
    )


def _unpriced(spec: CommitmentSpec, reason: str, because: Literal["no price held", "not offered"]) -> CommitmentQuote:
    return CommitmentQuote(
        commitment=spec.key,
        label=spec.label,
        kind=spec.kind,
        term_months=spec.months,
        priced=False,
        reason=reason,
        unpriced_because=because,
    )
