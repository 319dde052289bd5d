"""Monthly cost of one Oracle deployment on AWS, line by line, each line tied to its price row.

Pure Python (pydantic v2, no Django). ``estimate(config, book)`` reads the public config contract (issue 5), checks it
completely -- shape, then bounds and allowed combinations from ``data/aws_rules.json``, then that every price it
needs is in the book -- and only then prices: ``Decimal`` throughout, 730 hours a month, each line rounded half-up
to cents as AWS does, totals the sum of the rounded lines. Oracle licences come from the ``licences`` package. The bill
reports the dates of the price rows it was priced from (``prices_as_of``), not the newest date the book holds.

Where the rest lives (re-exported here): the rules data ``aws_rules``, the config contract ``estimate_config``, its
bounds and combinations ``estimate_checks``, the planned lines ``bills.plan``, ``bills.rds`` and ``bills.ec2``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from pricing.engine.aws_rules import (
    HOURS_PER_MONTH,
    MAX_HOURS_PER_MONTH,
    AwsRules,
    VolumeRule,
    aws_rules,
    licence_models_allowed,
)
from pricing.engine.bills.ec2 import ec2_items
from pricing.engine.bills.plan import BillPlan, PlanItem
from pricing.engine.bills.rds import rds_items
from pricing.engine.cpu_options import preconfigured_class
from pricing.engine.estimate_checks import config_problems
from pricing.engine.estimate_config import (
    AdditionalVolumeConfig,
    EstimateConfig,
    EstimateInvalid,
    PerformanceInsightsConfig,
    Platform,
    Problem,
    StorageConfig,
    VolumeConfig,
    parse_config,
)
from pricing.engine.licences.cost import (
    LicenceEstimate,
    LicenceInvalid,
    LicencePriceList,
    estimate_licences,
    validate_licences,
)
from pricing.engine.prices.answers import NOT_FOUND, answered
from pricing.engine.prices.book import PriceBook
from pricing.engine.prices.terms import LicenceModel, round_cents
from pricing.engine.rows import PriceRow
from pricing.engine.sources.customer_words import customer_words

# Refusals a price book keeps with a config's answer, each raised again as a new exception with the same problems.
REFUSED = {
    **NOT_FOUND,
    EstimateInvalid: lambda e: EstimateInvalid(e.problems),
    LicenceInvalid: lambda e: LicenceInvalid(e.problems),
}

__all__ = [
    "COMPONENTS",
    "HOURS_PER_MONTH",
    "MAX_HOURS_PER_MONTH",
    "AdditionalVolumeConfig",
    "AwsRules",
    "Estimate",
    "EstimateConfig",
    "EstimateInvalid",
    "LicenceModelComparison",
    "LicenceModelOption",
    "Line",
    "PerformanceInsightsConfig",
    "Platform",
    "Problem",
    "StorageConfig",
    "VolumeConfig",
    "VolumeRule",
    "as_of_span",
    "aws_rules",
    "compare_licence_models",
    "estimate",
    "licence_cost_lines",
    "licence_models_allowed",
    "parse_config",
    "row_line",
]


class Line(BaseModel):
    """One cost line: ``monthly_usd`` = quantity x unit price, rounded half-up to cents (credits are negative)."""

    model_config = ConfigDict(frozen=True)
    name: str
    quantity: Decimal
    unit: str
    unit_price_usd: Decimal
    monthly_usd: Decimal
    price_source: str
    as_of: str
    estimated: bool
    category: Literal["aws", "licence"] = "aws"
    sku: str = ""
    note: str = ""
    component: str = Field(default="", description="compute, storage, iops, throughput, backup, monitoring, licences")

    @field_serializer("quantity", "unit_price_usd", "monthly_usd", when_used="json")
    def _plain(self, value: Decimal) -> str:
        return format(value, "f")  # 0.000000055, not 5.5E-8


class Estimate(BaseModel):
    model_config = ConfigDict(frozen=True)
    platform: Platform
    region: str
    instance_class: str
    commitment: str
    hours_per_month: int
    lines: tuple[Line, ...]
    aws_monthly_usd: Decimal
    licence_monthly_usd: Decimal
    total_monthly_usd: Decimal
    price_snapshot: str = Field(
        description="the as-of dates of the AWS price rows this bill used: one date ('2023-02-23'), or the earliest "
        "to the newest ('2021-08-03 to 2023-02-23') when its rows differ; never a date of rows it did not use"
    )
    prices_as_of: tuple[str, ...] = Field(
        description="the distinct as-of dates (ISO) of the AWS price rows this bill used, sorted"
    )
    price_sources: tuple[str, ...] = Field(description="'source (as of date)' of every row priced")
    estimated: bool = Field(description="some line's price is derived rather than read from the price list")
    licence: LicenceEstimate | None = None
    notes: tuple[str, ...] = ()


class LicenceModelOption(BaseModel):
    model_config = ConfigDict(frozen=True)
    licence_model: LicenceModel
    estimate: Estimate | None
    problems: tuple[Problem, ...] = ()


class LicenceModelComparison(BaseModel):
    """License Included beside BYOL for the same deployment; an option the platform forbids carries its problems."""

    model_config = ConfigDict(frozen=True)
    byol: LicenceModelOption
    li: LicenceModelOption
    cheaper: LicenceModel | None
    monthly_difference_usd: Decimal | None


# What a line pays for, by the AWS product family of its price row: the cost breakdown's components.
COMPONENTS: dict[str, str] = {
    "Database Instance": "compute",
    "Compute Instance": "compute",
    "Compute Instance (bare metal)": "compute",
    "Database Storage": "storage",
    "Storage": "storage",
    "Provisioned IOPS": "iops",
    "System Operation": "iops",
    "Provisioned Throughput": "throughput",
    "Storage Snapshot": "backup",
    "Performance Insights": "monitoring",
    "Database Insights": "monitoring",
}


def _line(item: PlanItem) -> Line:
    row = item.row
    unit_price = row.price_usd if item.unit_price is None else item.unit_price
    # why the price is estimated first (a page says "estimated: <note>"), then what else the line says
    note = customer_words("; ".join(n for n in (row.estimate_note, item.note) if n))
    return Line(
        name=item.name,
        quantity=item.quantity,
        unit=item.unit or row.unit,
        unit_price_usd=unit_price if item.unit_price is None else unit_price.quantize(Decimal("0.000001")),
        monthly_usd=round_cents(item.sign * item.quantity * unit_price),
        price_source=f"{row.source}, SKU {row.sku}",
        as_of=row.as_of.isoformat(),
        estimated=row.estimated or item.estimated,
        sku=row.sku,
        note=note,
        component=COMPONENTS.get(row.product_family, "other"),
    )


def row_line(name: str, quantity: Decimal | int, row: PriceRow, *, note: str = "", component: str = "") -> Line:
    """A cost line priced from one row, as the calculator prices its own (for lines a caller adds to a bill)."""
    line = _line(PlanItem(name, Decimal(quantity), row, note=note))
    return line.model_copy(update={"component": component}) if component else line


def licence_cost_lines(licence: LicenceEstimate) -> tuple[Line, ...]:
    """The Oracle licence lines of a licence estimate as bill lines (category ``licence``)."""
    return tuple(
        Line(
            name=ll.name,
            quantity=ll.quantity,
            unit=ll.unit,
            unit_price_usd=ll.unit_price_usd,
            monthly_usd=ll.monthly_usd,
            price_source=ll.source,
            as_of=ll.as_of,
            estimated=ll.estimated,
            category="licence",
            note=ll.note,
            component="licences",
        )
        for ll in licence.lines
    )


def as_of_span(dates: Iterable[str]) -> str:
    """ISO dates said as one date, or 'earliest to newest' when they differ ('' for none)."""
    ordered = sorted(set(dates))
    if not ordered:
        return ""
    return ordered[0] if len(ordered) == 1 else f"{ordered[0]} to {ordered[-1]}"


def _resolve_vcpus(cfg: EstimateConfig, book: PriceBook, vcpus: int | None) -> tuple[int | None, Problem | None]:
    """The vCPUs to license (``licences.vcpus``, else the catalog's count), and the refusal of a ``licences.vcpus``
    above what the instance has (licences for vCPUs that do not exist); the catalog is asked once."""
    given = cfg.licences.vcpus
    has = _catalog_vcpus(cfg, book, vcpus)
    if given is None:
        return has, None
    if has is not None and given > has:
        return given, Problem("licences.vcpus", f"{given} vCPUs; {cfg.instance_class} has {has}: accepted: 1 to {has}")
    return given, None


def _catalog_vcpus(cfg: EstimateConfig, book: PriceBook, vcpus: int | None) -> int | None:
    if vcpus is not None:
        return vcpus
    if cfg.region not in book.regions():
        return None
    if cfg.platform == "ec2":
        return book.ec2_instance_vcpus(region=cfg.region, instance_type=cfg.instance_class)
    found = book.rds_instance_vcpus(region=cfg.region, instance_class=cfg.instance_class)
    # a class AWS preconfigures (db.r5.2xlarge.tpc1.mem2x) has its vCPUs in the RDS User Guide's hardware table when
    # the price rows carry none (the eu-west-1 offer file)
    listed = preconfigured_class(cfg.instance_class) if found is None else None
    return listed.vcpus if listed is not None else found


def estimate(
    config: EstimateConfig | Mapping[str, Any],
    book: PriceBook,
    *,
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    licences: LicencePriceList | None = None,
) -> Estimate:
    """Price one deployment. ``vcpus``/``hyperthreading`` come from the caller's instance catalog (the config's
    ``licences.vcpus``/``licences.hyperthreading`` win); without either, a ``vcpu`` attribute on the instance's price
    row is used. Raises ``EstimateInvalid`` with every problem found before any line is priced.

    A price book answers the same config once (its ``answers``); a book standing in another Region's rows keeps,
    with the answer, what it priced there, and records it again on each answer. A config given with its own licence
    price list, or holding a list or mapping, is priced each time."""
    cfg = parse_config(config)
    if licences is not None:
        return _estimate(cfg, book, vcpus, hyperthreading, licences)
    return answered(book, ("estimate", cfg, vcpus, hyperthreading),
                    lambda: _estimate(cfg, book, vcpus, hyperthreading, None), REFUSED)  # fmt: skip


def _estimate(
    cfg: EstimateConfig,
    book: PriceBook,
    vcpus: int | None,
    hyperthreading: bool | None,
    licences: LicencePriceList | None,
) -> Estimate:
    rules = aws_rules()
    problems = config_problems(cfg, rules)
    n_vcpus, too_many = _resolve_vcpus(cfg, book, vcpus)
    licence_kwargs: dict[str, Any] = dict(
        edition=cfg.edition,
        platform=cfg.platform,
        licence_model=cfg.licence_model,
        deployment=cfg.deployment,
        instance_class=cfg.instance_class,
        vcpus=n_vcpus,
        hyperthreading=hyperthreading,
        prices=licences,
    )
    problems += [Problem(p.field, p.message) for p in validate_licences(cfg.licences, **licence_kwargs)]
    if too_many is not None:
        problems.append(too_many)
    if cfg.region not in book.regions():
        problems.append(
            Problem(
                "region",
                f"{cfg.region!r} has no prices in this price book; priced regions: {', '.join(book.regions()) or 'none'}",
            )
        )
        raise EstimateInvalid(problems)
    hours = Decimal(cfg.hours_per_month) if cfg.hours_per_month is not None else HOURS_PER_MONTH
    plan = BillPlan(book, cfg.region, problems, hours)
    skip = {p.field for p in problems}
    if cfg.platform == "ec2":
        ec2_items(plan, cfg, rules, skip)
    else:
        rds_items(plan, cfg, rules, n_vcpus, skip)
    if plan.problems:
        raise EstimateInvalid(plan.problems)

    # Everything checked: price.
    lines = [_line(item) for item in plan.items]
    licence = estimate_licences(cfg.licences, **licence_kwargs)
    lines += licence_cost_lines(licence)
    aws = sum((line.monthly_usd for line in lines if line.category == "aws"), Decimal("0.00"))
    oracle = sum((line.monthly_usd for line in lines if line.category == "licence"), Decimal("0.00"))
    used = sorted({(item.row.source, item.row.as_of.isoformat()) for item in plan.items})
    dates = tuple(sorted({item.row.as_of.isoformat() for item in plan.items}))  # the rows this bill used, no others
    notes = list(dict.fromkeys(plan.notes))
    estimated = [line.name for line in lines if line.estimated]
    if estimated:
        notes.append("Estimated rather than read from the price list: " + "; ".join(estimated))
    notes.extend(licence.notes)
    priced_servers = 2 if cfg.platform != "ec2" and cfg.deployment == "multi-az" else 1  # RDS Multi-AZ: the pair
    if licence.products and cfg.licences.servers is not None and cfg.licences.servers > priced_servers:
        notes.append(
            f"The AWS lines price {'this Multi-AZ pair' if priced_servers == 2 else 'this one instance'}: the "
            f"instances and storage of the other {cfg.licences.servers - priced_servers} licensed server(s) are not "
            "in this estimate"
        )
    return Estimate(
        platform=cfg.platform,
        region=cfg.region,
        instance_class=cfg.instance_class,
        commitment=cfg.commitment,
        hours_per_month=int(plan.hours),  # the hours billed (RDS Custom: all month)
        lines=tuple(lines),
        aws_monthly_usd=aws,
        licence_monthly_usd=oracle,
        total_monthly_usd=aws + oracle,
        price_snapshot=as_of_span(dates),
        prices_as_of=dates,
        price_sources=tuple(f"{source} (as of {as_of})" for source, as_of in used),
        estimated=bool(estimated),
        licence=licence,
        notes=tuple(notes),
    )


def compare_licence_models(
    config: EstimateConfig | Mapping[str, Any],
    book: PriceBook,
    *,
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    licences: LicencePriceList | None = None,
) -> LicenceModelComparison:
    """The same deployment under BYOL and License Included; a model the option forbids carries its problems.
    Optimize CPUs is a BYOL lever, so the License Included variant is priced without it."""
    cfg = parse_config(config)
    options = {}
    for model in ("byol", "li"):
        update: dict[str, Any] = {"licence_model": model}
        if model == "li":
            update["licences"] = cfg.licences.model_copy(update={"optimize_cpus_cores": None})
        variant = cfg.model_copy(update=update)
        try:
            est = estimate(variant, book, vcpus=vcpus, hyperthreading=hyperthreading, licences=licences)
            options[model] = LicenceModelOption(licence_model=model, estimate=est)
        except EstimateInvalid as exc:
            options[model] = LicenceModelOption(licence_model=model, estimate=None, problems=exc.problems)
    byol, li = options["byol"], options["li"]
    cheaper: LicenceModel | None = None
    diff = None
    if byol.estimate is not None and li.estimate is not None:
        diff = byol.estimate.total_monthly_usd - li.estimate.total_monthly_usd
        cheaper = "li" if diff > 0 else "byol"
    return LicenceModelComparison(byol=byol, li=li, cheaper=cheaper, monthly_difference_usd=diff)
