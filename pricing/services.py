"""Price snapshots in the database: write, compare, switch, read; and the two ways to fill them (committed
fixtures, and a refresh from the AWS Price List API or a bulk offer file).

A snapshot is written whole or not at all: every row is validated before the first insert, the inserts and the
switch of ``is_current`` happen in one transaction, and a failed refresh leaves the current snapshot as it was.

This module is the service layer the views, commands and the advisor call: it loads the fixtures, makes the
Price List API client and starts a refresh. The work lives in modules named for what they hold: ``snapshots.store``
(validate, write, switch, read), ``snapshots.diff`` (what changed between two snapshots) and ``refresh.snapshots``
(read, diff, write a region's new snapshots).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError

from pricing.fixtures.files import PRICE_FIXTURE_DIR, fixture_groups
from pricing.models import PriceSnapshot
from pricing.offers.files import PRICING_API_REGIONS
from pricing.refresh.snapshots import (
    Progress,
    RefreshFailed,
    RefreshResult,
    ServiceRefresh,
    Step,
    refresh_snapshots,
)
from pricing.snapshots.diff import Repriced, SnapshotDiff, snapshot_diff
from pricing.snapshots.store import (
    BATCH_SIZE,
    ROW_FIELDS,
    PricesUnavailable,
    RowKey,
    SnapshotInvalid,
    content_hash,
    current_rows,
    row_key,
    snapshot_activate,
    snapshot_changed,
    snapshot_current,
    snapshot_rows,
    snapshot_write,
    validated_rows,
)

__all__ = [
    "BATCH_SIZE",
    "ROW_FIELDS",
    "FixtureLoad",
    "PricesUnavailable",
    "Progress",
    "RefreshFailed",
    "RefreshResult",
    "Repriced",
    "RowKey",
    "ServiceRefresh",
    "SnapshotDiff",
    "Step",
    "SnapshotInvalid",
    "content_hash",
    "current_rows",
    "prices_load_fixtures",
    "prices_refresh",
    "pricing_client",
    "row_key",
    "snapshot_activate",
    "snapshot_changed",
    "snapshot_current",
    "snapshot_diff",
    "snapshot_rows",
    "snapshot_write",
]


# --- Loading the committed fixtures ------------------------------------------------------------------


@dataclass(frozen=True)
class FixtureLoad:
    region: str
    service: str
    rows: int
    action: str  # "loaded", "loaded, not current", "up to date"


def prices_load_fixtures(*, fixture_dir: Path = PRICE_FIXTURE_DIR) -> list[FixtureLoad]:
    """One snapshot per region and service from ``fixtures/prices``; a group whose rows are already stored as a
    fixture snapshot is skipped. A new fixture snapshot becomes current unless an admin refreshed that region."""
    results = []
    for group in fixture_groups(fixture_dir):
        checked = validated_rows(group.rows, region=group.region, service=group.service)
        digest = content_hash(checked)
        existing = PriceSnapshot.objects.filter(
            region=group.region, service=group.service, origin=PriceSnapshot.Origin.FIXTURE, content_hash=digest
        )
        if existing.exists():
            results.append(FixtureLoad(group.region, group.service, len(checked), "up to date"))
            continue
        current = snapshot_current(group.region, group.service)
        activate = current is None or current.origin == PriceSnapshot.Origin.FIXTURE
        snapshot_write(
            checked,
            group.region,
            group.service,
            group.source,
            group.as_of,
            origin=PriceSnapshot.Origin.FIXTURE,
            activate=activate,
        )
        action = "loaded" if activate else "loaded, not current (a refreshed snapshot is current)"
        results.append(FixtureLoad(group.region, group.service, len(checked), action))
    return results


# --- Refresh -----------------------------------------------------------------------------------------


def pricing_client(endpoint: str = "us-east-1") -> Any:
    """A Price List API client with the standard credential chain; retries are ours (with progress), not boto's."""
    if endpoint not in PRICING_API_REGIONS:
        raise RefreshFailed(f"the Price List API answers only in {', '.join(PRICING_API_REGIONS)}, not {endpoint}")
    # A new session each time: credentials are looked up when the admin refreshes, not cached from an earlier call.
    try:
        session = boto3.session.Session()
        return session.client("pricing", region_name=endpoint, config=Config(retries={"total_max_attempts": 1}))
    except BotoCoreError as error:
        raise RefreshFailed(f"cannot create the Price List API client: {error}") from None


def prices_refresh(
    *,
    region: str,
    services: Sequence[str] = tuple(PriceSnapshot.Service.values),
    offer_file: Path | None = None,
    client: Any = None,
    endpoint: str = "us-east-1",
    today: date | None = None,
    dry_run: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    step: Step | None = None,
    offer_name: str = "",
) -> RefreshResult:
    """Read the prices (API or offer file), validate them, diff against the current snapshots, then write one new
    snapshot per service, all in one transaction: made current, or stored and held for review when it is older than
    the prices it replaces or removes many of them (``force``: made current anyway), or not written when nothing
    changed. Any failure raises ``RefreshFailed`` before anything is written. ``offer_name``: the file's name as
    uploaded, for messages."""
    if offer_file is None and client is None:
        client = pricing_client(endpoint)
    return refresh_snapshots(
        region=region,
        services=services,
        offer_file=offer_file,
        client=client,
        endpoint=endpoint,
        today=today,
        dry_run=dry_run,
        force=force,
        progress=progress,
        step=step,
        offer_name=offer_name,
    )
