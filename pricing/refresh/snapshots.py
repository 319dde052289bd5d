"""A refresh of a region's price snapshots: read the prices (the AWS Price List Query API or a bulk offer file),
validate them, diff them against the current snapshots, then write one new snapshot per service, all in one
transaction. Each new snapshot is made current, or stored and held for review when it is older than the prices it
replaces or removes many of them (``pricing.refresh.guard``), or not written at all when it holds the same prices as
the current one. Any failure raises ``RefreshFailed`` before anything is written, so the current snapshots stay as
they were. The Price List API client is made by ``pricing.services`` (``prices_refresh``) and passed in. Savings
Plans rates come only from an uploaded plan file (``pricing.refresh.plans``).

Progress is reported two ways: lines (``progress``) and steps (``step(done, total)``): each service read, each
checked, then the write. A job running the refresh (``pricing.refresh_job``) may stop it from ``step`` by raising,
which before the write leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from django.db import transaction

from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.offers.database_plan import is_database_plan_file
from pricing.offers.files import fetch_price_list
from pricing.offers.reader import read_offer_file, read_offer_header
from pricing.offers.report import MAX_LISTED, ImportReport, PriceDataInvalid, PriceListUnavailable
from pricing.offers.savings_plans import is_savings_plan_file
from pricing.refresh.files import file_regions, index_kind
from pricing.refresh.guard import hold_of, newest_replaced
from pricing.refresh.plans import DATABASE_PLANS, SAVINGS_PLANS, carried_over, plan_file, plans_kept
from pricing.refresh.results import Progress, RefreshFailed, RefreshResult, ServiceRefresh, Step
from pricing.snapshots.diff import snapshot_diff
from pricing.snapshots.store import (
    SnapshotInvalid,
    row_key,
    snapshot_current,
    snapshot_rows,
    snapshot_write,
    validated_rows,
)

__all__ = ["Progress", "RefreshFailed", "RefreshResult", "ServiceRefresh", "Step", "carried_over", "refresh_snapshots",
           "same_prices"]  # fmt: skip

# AWS's offer files carry Reserved terms; some copies (the shared eu-west-1 files) hold on-demand terms only.
ON_DEMAND_ONLY = (
    "{name} holds on-demand prices only (no Reserved terms): reservations were not in it, so the new snapshot prices "
    "no reservation and commitments read 'not priced in this snapshot' until a file or a Price List refresh with "
    "them"
)
NO_PUBLICATION_DATE = (
    "{name} carries no publication date: the new snapshot is dated by the newest effective date of its prices, {as_of}"
)


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
            fetched.append(plan_file(DATABASE_PLANS, offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        if offer_file is not None and is_savings_plan_file(offer_file):
            fetched.append(plan_file(SAVINGS_PLANS, offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        if offer_file is not None:
            fetched.append(_offer_file(offer_file, region=region, services=services, say=say, name=name))
            step(1, total)
            return fetched
        for service in services:
            say(f"{service} {region}: asking the AWS Price List Query API ({endpoint})")
            rows, report = fetch_price_list(
                client, service=service, region=region, fetched_on=today, endpoint=endpoint, progress=say
            )
            say(f"{service} {region}: {len(rows):,} rows ({report.duplicates:,} duplicates dropped)")
            if not rows:
                raise RefreshFailed(f"no Oracle-relevant {service} rows for {region}: is the region right?")
            source = f"AWS Price List Query API get_products ({service}, {region}), fetched {today.isoformat()}"
            item = ServiceRefresh(service, rows, source, today, PriceSnapshot.Origin.API)
            fetched.append(plans_kept(item, region=region, say=say))
            step(len(fetched), total)
    except PriceDataInvalid as error:
        raise RefreshFailed(_refusal(error, name) if offer_file is not None else str(error)) from None
    except (PriceListUnavailable, OSError) as error:
        message = str(error)
        raise RefreshFailed(message.replace(str(offer_file), name) if offer_file is not None else message) from None
    return fetched


def _offer_file(path: Path, *, region: str, services: Sequence[str], say: Progress, name: str) -> ServiceRefresh:
    """A service's bulk offer file of ``region``, dated by its publication date (else by the newest effective date
    of its prices, said in a note), with the Savings Plans rates already held kept."""
    header = read_offer_header(path)
    if header.offer_code is None and (kind := index_kind(path)) is not None:
        raise RefreshFailed(
            f"{name} is {kind}, not an offer file: it lists where AWS publishes prices, not the prices. Upload the "
            f"offer file of {region} itself (for one service, the file its Region entry points to)"
        )
    service = header.offer_code or services[0]
    if service not in services:
        raise RefreshFailed(f"{name} is an offer file for {service}, not {', '.join(services)}")
    report = ImportReport()
    say(f"{service} {region}: reading {name}")
    rows = list(read_offer_file(path, region=region, report=report, progress=say))
    say(
        f"{service} {region}: {report.products_read:,} products read, {report.products_kept:,} kept, "
        f"{len(rows):,} rows ({report.duplicates:,} duplicates dropped)"
    )
    if not rows:
        raise RefreshFailed(_no_rows(path, service=service, region=region, name=name))
    notes = []
    as_of = header.publication_date
    if as_of is None:  # every row is dated by its term's effectiveDate (the reader's rule): the newest dates the file
        as_of = max(row.as_of for row in rows)
        notes.append(NO_PUBLICATION_DATE.format(name=name, as_of=as_of.isoformat()))
    item = ServiceRefresh(service, rows, rows[0].source, as_of, PriceSnapshot.Origin.OFFER_FILE, notes=notes)
    if not report.term_rows.get("Reserved"):
        item.notes.append(ON_DEMAND_ONLY.format(name=name))
    for note in item.notes:
        say(f"{service} {region}: {note}")
    return plans_kept(item, region=region, say=say)


def _no_rows(path: Path, *, service: str, region: str, name: str) -> str:
    """Why an offer file gave no row: most often it is another Region's file, which its products name."""
    elsewhere = [code for code in file_regions(path) if code != region]
    if elsewhere:
        return (
            f"{name} holds the prices of {elsewhere[0]}, not {region}: no Oracle-relevant {service} rows for "
            f"{region} in it. Refresh {elsewhere[0]} with it, or upload the {service} offer file of {region}"
        )
    return f"no Oracle-relevant {service} rows for {region} in {name}: is it the {service} offer file of {region}?"


def _refusal(error: PriceDataInvalid, name: str) -> str:
    """What was wrong, naming the file as the admin knows it (never a server path)."""
    listed = [str(problem) for problem in error.problems[:MAX_LISTED]]
    if error.total == 1 and listed:
        return f"{name}: {listed[0]}"
    more = f"\n  ... and {error.total - MAX_LISTED} more" if error.total > MAX_LISTED else ""
    return f"{name}: {error.total} items cannot be read:\n  " + "\n  ".join(listed) + more


def same_prices(current: Iterable[PriceRow], fresh: Iterable[PriceRow]) -> bool:
    """Whether ``fresh`` holds exactly the current rows: the same prices, terms, attributes and dates (the file they
    were read from may be named differently)."""

    def bare(rows: Iterable[PriceRow]) -> dict[Any, PriceRow]:
        return {row_key(row): row.model_copy(update={"source": ""}) for row in rows}

    return bare(current) == bare(fresh)


FORCED = "made current although it would have waited for review: {reasons}"


def _checked(item: ServiceRefresh, *, region: str, force: bool, say: Progress) -> None:
    """Diff ``item`` against the current snapshot, then decide what the write does with it: nothing (the same
    prices), store it and make it current, or store it and hold it for review (``pricing.refresh.guard``)."""
    item.previous = snapshot_current(region, item.service)
    held = snapshot_rows(item.previous) if item.previous is not None else []
    item.diff = snapshot_diff(held, item.rows)
    say(f"{item.service} {region}: {item.diff.text()}")
    if item.previous is None:
        return
    if same_prices(held, item.rows):
        item.same = True
        return
    brought = {row_key(row) for row in item.rows}
    hold = hold_of(
        as_of=item.as_of,
        replaced_as_of=newest_replaced(held, lambda row: item.replaces(row) and row_key(row) in brought),
        removed=len(item.diff.removed),
        current_rows=len(held),
        current_label=f"#{item.previous.pk}",
    )
    if hold and force:
        item.notes.append(FORCED.format(reasons=hold.text()))
        say(f"{item.service} {region}: {item.notes[-1]}")
    elif hold:
        item.hold = hold


def refresh_snapshots(
    *,
    region: str,
    services: Sequence[str],
    offer_file: Path | None,
    client: Any,
    endpoint: str,
    today: date | None = None,
    dry_run: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    step: Step | None = None,
    offer_name: str = "",
) -> RefreshResult:
    """Read (``client`` for the API, unused with an offer file), validate, diff, then write: each service's new
    snapshot is made current, or only stored when it must wait for review (older than the prices it replaces, or
    removing many current rows; ``force`` makes it current anyway), or not written when it holds the same prices
    as the current one. Steps: one per service read, one per service checked, and the write (not in a dry run).
    ``offer_name``: the offer file's name as uploaded, for messages (the file itself may sit under a server path
    of its own)."""
    say = progress or (lambda message: None)
    step = step or (lambda done, total: None)
    today = today or date.today()
    count = 1 if offer_file is not None else len(services)
    total = 2 * count + (0 if dry_run else 1)
    step(0, total)
    result = RefreshResult(region=region, dry_run=dry_run, force=force)
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
        _checked(item, region=region, force=force, say=say)
        step(count + number, total)
    if dry_run:
        return result
    with transaction.atomic():
        for item in result.services:
            if item.same:
                continue
            item.snapshot = snapshot_write(
                item.rows, region, item.service, item.source, item.as_of, origin=item.origin, activate=not item.hold
            )
    step(total, total)
    return result
