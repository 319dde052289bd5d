"""A refresh of a region's price snapshots: read the prices (the AWS Price List Query API or a bulk offer file),
validate them, diff them against the current snapshots, then write and activate one new snapshot per service, all
in one transaction. Any failure raises ``RefreshFailed`` before anything is written, so the current snapshots stay
as they were. The Price List API client is made by ``pricing.services`` (``prices_refresh``) and passed in.
Savings Plans rates come only from an uploaded plan file (``_plans``): every other refresh keeps the current
snapshot's rates it does not bring itself (``carried_over``), each as of its own date, and says so.

Progress is reported two ways: lines (``progress``) and steps (``step(done, total)``): each service read, each
checked, then the write. A job running the refresh (``pricing.refresh_job``) may stop it from ``step`` by raising,
which before the write leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from django.db import transaction

from config.counting import counted
from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.offers.database_plan import is_database_plan_file, read_database_plans, with_database_plans
from pricing.offers.files import fetch_price_list
from pricing.offers.reader import read_offer_file, read_offer_header
from pricing.offers.report import MAX_LISTED, ImportReport, PriceDataInvalid, PriceListUnavailable
from pricing.offers.savings_plans import is_savings_plan_file, read_savings_plans, with_savings_plans
from pricing.snapshots.diff import SnapshotDiff, snapshot_diff
from pricing.snapshots.store import (
    SnapshotInvalid,
    current_rows,
    row_key,
    snapshot_current,
    snapshot_write,
    validated_rows,
)

Progress = Callable[[str], None]
Step = Callable[[int, int], None]
# AWS's offer files carry Reserved terms; some copies (the shared eu-west-1 files) hold on-demand terms only.
ON_DEMAND_ONLY = (
    "{name} holds on-demand prices only (no Reserved terms): reservations were not in it, so the new snapshot prices "
    "no reservation and commitments read 'not priced in this snapshot' until a file or a Price List refresh with "
    "them"
)


class RefreshFailed(RuntimeError):
    """The refresh stopped; nothing was written and the current snapshots are unchanged."""


@dataclass
class ServiceRefresh:
    service: str
    rows: list[PriceRow]
    source: str
    as_of: date
    origin: str
    notes: list[str] = field(default_factory=list)  # what the admin should know about the file read
    diff: SnapshotDiff | None = None
    snapshot: PriceSnapshot | None = None
    previous: PriceSnapshot | None = None


@dataclass
class RefreshResult:
    region: str
    services: list[ServiceRefresh] = field(default_factory=list)
    dry_run: bool = False


def _fetch(
    *,
    region: str,
    services: Sequence[str],
    offer_file: Path | None,
    client: Any,
    endpoint: str,
    today: date,
    say: Progress,
    step: Step,
    total: int,
    offer_name: str = "",
) -> list[ServiceRefresh]:
    fetched = []
    name = offer_name or (str(offer_file) if offer_file is not None else "")  # the CLI's own path, as typed
    try:
        if offer_file is not None and is_database_plan_file(offer_file):
            fetched.append(_plans(DATABASE_PLANS, offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        if offer_file is not None and is_savings_plan_file(offer_file):
            fetched.append(_plans(SAVINGS_PLANS, offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        if offer_file is not None:
            header = read_offer_header(offer_file)
            service = header.offer_code or services[0]
            if service not in services:
                raise RefreshFailed(f"{name} is an offer file for {service}, not {', '.join(services)}")
            report = ImportReport()
            say(f"{service} {region}: reading {name}")
            rows = list(read_offer_file(offer_file, region=region, report=report, progress=say))
            say(
                f"{service} {region}: {report.products_read:,} products read, {report.products_kept:,} kept, "
                f"{len(rows):,} rows ({report.duplicates:,} duplicates dropped)"
            )
            as_of = header.publication_date or today
            source = rows[0].source if rows else f"AWS bulk offer file {offer_file.name}"
            item = ServiceRefresh(service, rows, source, as_of, PriceSnapshot.Origin.OFFER_FILE)
            if rows and not report.term_rows.get("Reserved"):
                item.notes.append(ON_DEMAND_ONLY.format(name=name))
                say(f"{service} {region}: {item.notes[-1]}")
            fetched.append(_plans_kept(item, region=region, say=say))
            step(1, total)
            return fetched
        for service in services:
            say(f"{service} {region}: asking the AWS Price List Query API ({endpoint})")
            rows, report = fetch_price_list(
                client, service=service, region=region, fetched_on=today, endpoint=endpoint, progress=say
            )
            say(f"{service} {region}: {len(rows):,} rows ({report.duplicates:,} duplicates dropped)")
            source = f"AWS Price List Query API get_products ({service}, {region}), fetched {today.isoformat()}"
            item = ServiceRefresh(service, rows, source, today, PriceSnapshot.Origin.API)
            fetched.append(_plans_kept(item, region=region, say=say))
            step(len(fetched), total)
    except PriceDataInvalid as error:
        raise RefreshFailed(_refusal(error, name) if offer_file is not None else str(error)) from None
    except (PriceListUnavailable, OSError) as error:
        message = str(error)
        raise RefreshFailed(message.replace(str(offer_file), name) if offer_file is not None else message) from None
    return fetched


def _refusal(error: PriceDataInvalid, name: str) -> str:
    """What was wrong, naming the file as the admin knows it (never a server path)."""
    listed = [str(problem) for problem in error.problems[:MAX_LISTED]]
    if error.total == 1 and listed:
        return f"{name}: {listed[0]}"
    more = f"\n  ... and {error.total - MAX_LISTED} more" if error.total > MAX_LISTED else ""
    return f"{name}: {error.total} items cannot be read:\n  " + "\n  ".join(listed) + more


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


def _plans_kept(item: ServiceRefresh, *, region: str, say: Progress) -> ServiceRefresh:
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


def _plans(
    plan: _PlanFile, path: Path, *, region: str, services: Sequence[str], say: Progress, name: str
) -> ServiceRefresh:
    """An uploaded Savings Plans or Database Savings Plans file: the Region's current EC2 (or RDS) rows with their plan
    rows replaced by the file's (Savings Plans rates are keyed by the EC2 product SKUs those rows hold; Database
    Savings Plans keep the RDS for Oracle rates), as a new snapshot of that service."""
    service = plan.service
    if service not in services:
        raise RefreshFailed(f"{name} is a {plan.kind} file: it prices {plan.prices}, not {', '.join(services)}")
    current = current_rows(region, service)
    held = plan.held.format(count=len(current))
    say(f"{service} {region}: reading {plan.kind} from {name} {held}")
    plans = plan.read(path, region, current)
    say(f"{service} {region}: {len(plans):,} {plan.kept}")
    snapshot = snapshot_current(region, service)
    as_of = max(row.as_of for row in plans)
    source = (
        f"{snapshot.source if snapshot else plan.fallback}; {plan.kind}: {plan.offer_code} {region} ({Path(name).name})"
    )[:500]
    return ServiceRefresh(service, plan.merge(current, plans), source, as_of, PriceSnapshot.Origin.OFFER_FILE)


def refresh_snapshots(
    *,
    region: str,
    services: Sequence[str],
    offer_file: Path | None,
    client: Any,
    endpoint: str,
    today: date | None = None,
    dry_run: bool = False,
    progress: Progress | None = None,
    step: Step | None = None,
    offer_name: str = "",
) -> RefreshResult:
    """Read (``client`` for the API, unused with an offer file), validate, diff, then write and activate. Steps:
    one per service read, one per service checked, and the write (not in a dry run). ``offer_name``: the offer
    file's name as uploaded, for messages (the file itself may sit under a server path of its own)."""
    say = progress or (lambda message: None)
    step = step or (lambda done, total: None)
    today = today or date.today()
    count = 1 if offer_file is not None else len(services)
    total = 2 * count + (0 if dry_run else 1)
    step(0, total)
    result = RefreshResult(region=region, dry_run=dry_run)
    result.services = _fetch(
        region=region,
        services=services,
        offer_file=offer_file,
        client=client,
        endpoint=endpoint,
        today=today,
        say=say,
        step=step,
        total=total,
        offer_name=offer_name,
    )
    for number, item in enumerate(result.services, 1):
        if not item.rows:
            raise RefreshFailed(f"no Oracle-relevant {item.service} rows for {region}: is the region right?")
        try:
            item.rows = validated_rows(item.rows, region=region, service=item.service)
        except SnapshotInvalid as error:
            raise RefreshFailed(str(error)) from None
        item.previous = snapshot_current(region, item.service)
        item.diff = snapshot_diff(item.previous, item.rows)
        say(f"{item.service} {region}: {item.diff.text()}")
        step(count + number, total)
    if dry_run:
        return result
    with transaction.atomic():
        for item in result.services:
            item.snapshot = snapshot_write(
                item.rows, region, item.service, item.source, item.as_of, origin=item.origin, activate=True
            )
    step(total, total)
    return result
