"""A refresh of a region's price snapshots: read the prices (the AWS Price List Query API or a bulk offer file),
validate them, diff them against the current snapshots, then write and activate one new snapshot per service, all
in one transaction. Any failure raises ``RefreshFailed`` before anything is written, so the current snapshots stay
as they were. The Price List API client is made by ``pricing.services`` (``prices_refresh``) and passed in.

Progress is reported two ways: lines (``progress``) and steps (``step(done, total)``): each service read, each
checked, then the write. A job running the refresh (``pricing.refresh_job``) may stop it from ``step`` by raising,
which before the write leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from django.db import transaction

from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.offers.database_plan import (
    carried_over,
    is_database_plan_file,
    read_database_plans,
    with_database_plans,
)
from pricing.offers.files import fetch_price_list
from pricing.offers.reader import read_offer_file, read_offer_header
from pricing.offers.report import MAX_LISTED, ImportReport, PriceDataInvalid, PriceListUnavailable
from pricing.offers.savings_plans import is_savings_plan_file, read_savings_plans, with_savings_plans
from pricing.snapshots.diff import SnapshotDiff, snapshot_diff
from pricing.snapshots.store import (
    SnapshotInvalid,
    current_rows,
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
            fetched.append(_database_plans(offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        if offer_file is not None and is_savings_plan_file(offer_file):
            fetched.append(_savings_plans(offer_file, region=region, services=services, say=say, name=name))
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
            fetched.append(item)
            step(1, total)
            return fetched
        for service in services:
            say(f"{service} {region}: asking the AWS Price List Query API ({endpoint})")
            rows, report = fetch_price_list(
                client, service=service, region=region, fetched_on=today, endpoint=endpoint, progress=say
            )
            say(f"{service} {region}: {len(rows):,} rows ({report.duplicates:,} duplicates dropped)")
            if service == "AmazonRDS":
                held = current_rows(region, service) if snapshot_current(region, service) else []
                rows, kept = carried_over(held, rows)
                if kept:
                    say(f"{service} {region}: {kept:,} Database Savings Plans rates of the current snapshot kept")
            source = f"AWS Price List Query API get_products ({service}, {region}), fetched {today.isoformat()}"
            fetched.append(ServiceRefresh(service, rows, source, today, PriceSnapshot.Origin.API))
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


def _savings_plans(path: Path, *, region: str, services: Sequence[str], say: Progress, name: str) -> ServiceRefresh:
    """An uploaded Savings Plans region file: the Region's current EC2 rows with their Savings Plans rows replaced by
    the file's (the rates are keyed by the EC2 product SKUs those rows hold), as a new EC2 snapshot."""
    if "AmazonEC2" not in services:
        raise RefreshFailed(f"{name} is a Savings Plans file: it prices EC2 instance hours, not {', '.join(services)}")
    current = current_rows(region, "AmazonEC2")
    say(f"AmazonEC2 {region}: reading Savings Plans from {name} against {len(current):,} current EC2 rows")
    plans = read_savings_plans(path, region=region, ec2_rows=current)
    say(f"AmazonEC2 {region}: {len(plans):,} Savings Plans rates discount EC2 rows held")
    snapshot = snapshot_current(region, "AmazonEC2")
    as_of = max(row.as_of for row in plans)
    source = (
        f"{snapshot.source if snapshot else 'EC2 prices'}; Savings Plans: AWSComputeSavingsPlan {region} ({Path(name).name})"
    )[:500]
    return ServiceRefresh(
        "AmazonEC2", with_savings_plans(current, plans), source, as_of, PriceSnapshot.Origin.OFFER_FILE
    )


def _database_plans(path: Path, *, region: str, services: Sequence[str], say: Progress, name: str) -> ServiceRefresh:
    """An uploaded Database Savings Plans offer file (``AWSDatabaseSavingsPlans``): the Region's current RDS rows with
    their Database Savings Plans rows replaced by the file's RDS for Oracle rates, as a new RDS snapshot."""
    if "AmazonRDS" not in services:
        raise RefreshFailed(
            f"{name} is a Database Savings Plans file: it prices RDS instance hours, not {', '.join(services)}"
        )
    current = current_rows(region, "AmazonRDS")
    say(f"AmazonRDS {region}: reading Database Savings Plans from {name} beside {len(current):,} current RDS rows")
    plans = read_database_plans(path, region=region, rds_rows=current)
    say(f"AmazonRDS {region}: {len(plans):,} Database Savings Plans rates for RDS for Oracle instance hours")
    snapshot = snapshot_current(region, "AmazonRDS")
    as_of = max(row.as_of for row in plans)
    source = (
        f"{snapshot.source if snapshot else 'RDS prices'}; Database Savings Plans: AWSDatabaseSavingsPlans {region} "
        f"({Path(name).name})"
    )[:500]
    return ServiceRefresh(
        "AmazonRDS", with_database_plans(current, plans), source, as_of, PriceSnapshot.Origin.OFFER_FILE
    )


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
