"""Savings Plans rates in a refresh. They come only from an uploaded plan file (``plan_file``: AWS's Savings Plans
file of a Region for EC2, its Database Savings Plans file for RDS), whose rates replace those of the current
snapshot; every other refresh keeps the current snapshot's rates it does not bring itself (``carried_over``), each
as of its own date, and says so (``plans_kept``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from config.counting import counted
from pricing.engine.commitments.terms import DATABASE_PLAN_TYPE
from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.offers.database_plan import read_database_plans, with_database_plans
from pricing.offers.savings_plans import read_savings_plans, with_savings_plans
from pricing.refresh.results import Progress, RefreshFailed, ServiceRefresh
from pricing.snapshots.store import current_rows, row_key, snapshot_current, snapshot_rows


@dataclass(frozen=True)
class _PlanFile:
    """What differs between the two plan files a refresh reads beside a Region's current snapshot."""

    service: str  # the snapshot the plans' rows go into
    kind: str  # the plans as the admin knows them
    offer_code: str
    prices: str  # what the plans price
    held: str  # the current rows the file is read against, as said in progress
    kept: str  # what the kept rates are, as said in progress
    fallback: str  # the source when the service has no current snapshot
    read: Callable[[Path, str, list[PriceRow]], list[PriceRow]]
    merge: Callable[[list[PriceRow], list[PriceRow]], list[PriceRow]]
    replaces: Callable[[PriceRow], bool]  # the current rows ``merge`` drops for the file's (its kind of rates)
    unheld: str  # with no current snapshot of the service: why the file cannot be read ("" when it can)


def _is_database_plan_rate(row: PriceRow) -> bool:
    return row.term_attributes.get("SavingsPlanType") == DATABASE_PLAN_TYPE


SAVINGS_PLANS = _PlanFile(
    service="AmazonEC2",
    kind="Savings Plans",
    offer_code="AWSComputeSavingsPlan",
    prices="EC2 instance hours",
    held="against {count:,} current EC2 rows",
    kept="Savings Plans rates discount EC2 rows held",
    fallback="EC2 prices",
    read=lambda path, region, rows: read_savings_plans(path, region=region, ec2_rows=rows),
    merge=with_savings_plans,
    replaces=lambda row: row.term == "SavingsPlan",
    unheld=(
        "{name} is a Savings Plans file, and no EC2 prices of {region} are held: its rates are keyed by the EC2 "
        "prices they discount. Refresh the Amazon EC2 prices of {region} first (the Price List, or the Region's EC2 "
        "offer file), then upload it again"
    ),
)
DATABASE_PLANS = _PlanFile(
    service="AmazonRDS",
    kind="Database Savings Plans",
    offer_code="AWSDatabaseSavingsPlans",
    prices="RDS instance hours",
    held="beside {count:,} current RDS rows",
    kept="Database Savings Plans rates for RDS for Oracle instance hours",
    fallback="RDS prices",
    read=lambda path, region, rows: read_database_plans(path, region=region, rds_rows=rows),
    merge=with_database_plans,
    replaces=_is_database_plan_rate,
    unheld="",  # the rates carry their own class, edition, licence and deployment (pricing.offers.database_plan)
)


PLANS_OF_SERVICE = {plan.service: plan for plan in (SAVINGS_PLANS, DATABASE_PLANS)}  # EC2's and RDS's
PLANS_KEPT = (
    "{rates} already held kept, still as of {as_of}: this refresh does not bring {kind} rates (an uploaded {kind} "
    "file does)"
)


def carried_over(current: Iterable[PriceRow], fresh: list[PriceRow]) -> tuple[list[PriceRow], list[PriceRow]]:
    """``fresh`` rows with the current snapshot's Savings Plans rates that they do not bring themselves kept beside
    them (neither the Price List API nor a service's offer file serves Savings Plans: they come from an uploaded plan
    file), and the rates kept. A kept rate keeps its own price, source and date, and takes the attributes of the fresh
    on-demand row of its SKU where there is one; a rate the fresh rows bring (the same SKU, plan terms and dimension)
    is theirs, never the current one."""
    brought = {row_key(row) for row in fresh}
    on_demand = {row.sku: row for row in fresh if row.term == "OnDemand" and row.unit == "Hrs"}
    kept = [
        rate.model_copy(update={"attributes": dict(on_demand[rate.sku].attributes)}) if rate.sku in on_demand else rate
        for rate in current
        if rate.term == "SavingsPlan" and row_key(rate) not in brought
    ]
    return [*fresh, *kept], kept


def plans_kept(item: ServiceRefresh, *, region: str, say: Progress) -> ServiceRefresh:
    """A refresh of a service's prices (the Price List API or its offer file) with the Savings Plans rates of the
    current snapshot it does not bring kept (``carried_over``), said in a note with how many and as of when."""
    held = current_rows(region, item.service) if snapshot_current(region, item.service) else []
    item.rows, kept = carried_over(held, item.rows)
    if kept:
        kind = PLANS_OF_SERVICE[item.service].kind
        dates = sorted({rate.as_of for rate in kept})
        as_of = dates[0].isoformat() + (f" to {dates[-1].isoformat()}" if len(dates) > 1 else "")
        rates = counted(len(kept), f"{kind} rate")
        item.notes.append(PLANS_KEPT.format(rates=rates, as_of=as_of, kind=kind))
        say(f"{item.service} {region}: {item.notes[-1]}")
    return item


def plan_file(
    plan: _PlanFile, path: Path, *, region: str, services: Sequence[str], say: Progress, name: str
) -> ServiceRefresh:
    """An uploaded Savings Plans or Database Savings Plans file: the Region's current EC2 (or RDS) rows with their plan
    rows replaced by the file's (Savings Plans rates are keyed by the EC2 product SKUs those rows hold; Database
    Savings Plans keep the RDS for Oracle rates), as a new snapshot of that service."""
    service = plan.service
    if service not in services:
        raise RefreshFailed(f"{name} is a {plan.kind} file: it prices {plan.prices}, not {', '.join(services)}")
    snapshot = snapshot_current(region, service)
    if snapshot is None and plan.unheld:
        raise RefreshFailed(plan.unheld.format(name=name, region=region))
    current = snapshot_rows(snapshot) if snapshot is not None else []
    held = plan.held.format(count=len(current))
    say(f"{service} {region}: reading {plan.kind} from {name} {held}")
    plans = plan.read(path, region, current)
    say(f"{service} {region}: {len(plans):,} {plan.kept}")
    as_of = max(row.as_of for row in plans)
    source = (
        f"{snapshot.source if snapshot else plan.fallback}; {plan.kind}: {plan.offer_code} {region} ({Path(name).name})"
    )[:500]
    rows = plan.merge(current, plans)
    return ServiceRefresh(service, rows, source, as_of, PriceSnapshot.Origin.OFFER_FILE, replaces=plan.replaces)
