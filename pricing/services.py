"""Price snapshots in the database: write, compare, switch, read; and the two ways to fill them (committed
fixtures, and a refresh from the AWS Price List API or a bulk offer file).

A snapshot is written whole or not at all: every row is validated before the first insert, the inserts and the
switch of ``is_current`` happen in one transaction, and a failed refresh leaves the current snapshot as it was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError
from django.db import transaction
from django.dispatch import Signal
from pydantic import ValidationError

from pricing import offer_files
from pricing.engine.rows import PriceRow
from pricing.fixture_sources import PRICE_FIXTURE_DIR, fixture_groups
from pricing.models import PriceRecord, PriceSnapshot

BATCH_SIZE = 1000
ROW_FIELDS = tuple(PriceRow.model_fields)
Progress = Callable[[str], None]


class SnapshotInvalid(ValueError):
    """The rows cannot make a snapshot; nothing was written."""


class PricesUnavailable(LookupError):
    """No current snapshot for a region and service."""


# --- Rows and keys -----------------------------------------------------------------------------------

RowKey = tuple[str, str, tuple[tuple[str, str], ...], str, Decimal]


def row_key(row: PriceRow) -> RowKey:
    """A price's identity across snapshots: SKU, term (type and reserved attributes) and rate dimension."""
    return (row.sku, row.term, tuple(sorted(row.term_attributes.items())), row.unit, row.begin_range)


def _plain(value: Decimal | None) -> str | None:
    return None if value is None else format(value.normalize(), "f")


def content_hash(rows: Iterable[PriceRow]) -> str:
    """sha256 of the rows in key order, decimals normalised: equal for the same prices however they were stored."""
    digest = hashlib.sha256()
    for row in sorted(rows, key=row_key):
        data = row.model_dump(mode="json")
        data.update(
            price_usd=_plain(row.price_usd), begin_range=_plain(row.begin_range), end_range=_plain(row.end_range)
        )
        digest.update(json.dumps(data, sort_keys=True).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def _validated(rows: Iterable[PriceRow | Mapping[str, Any]], *, region: str, service: str) -> list[PriceRow]:
    """Every row a valid PriceRow of this region and service, identical repeats dropped, no conflicting key."""
    problems: list[str] = []
    kept: dict[RowKey, PriceRow] = {}
    for number, item in enumerate(rows, 1):
        try:
            row = item if isinstance(item, PriceRow) else PriceRow.model_validate(item)
        except ValidationError as error:
            problems.append(f"row {number}: {error.errors()[0]['loc']}: {error.errors()[0]['msg']}")
            continue
        if row.region != region or row.service != service:
            problems.append(f"row {number} ({row.sku}): {row.service} {row.region}, not {service} {region}")
            continue
        key = row_key(row)
        other = kept.get(key)
        if other is None:
            kept[key] = row
        elif other != row:
            problems.append(f"row {number} ({row.sku}): same SKU, term and dimension as another row, different price")
    if problems:
        listed = "\n  ".join(problems[:20])
        raise SnapshotInvalid(
            f"{len(problems)} invalid row(s) for {service} {region}; nothing was written:\n  {listed}"
        )
    if not kept:
        raise SnapshotInvalid(f"no rows for {service} {region}: an empty snapshot would price nothing")
    return list(kept.values())


def _record(snapshot: PriceSnapshot, row: PriceRow) -> PriceRecord:
    return PriceRecord(snapshot=snapshot, **row.model_dump())


# Sent (after the commit) whenever a region's current snapshot changes, so caches of prices can be dropped.
snapshot_changed = Signal()


def _activate(snapshot: PriceSnapshot) -> None:
    # Lock the current row (if any) so two switches of the same region and service run one after the other.
    current = PriceSnapshot.objects.select_for_update().filter(
        region=snapshot.region, service=snapshot.service, is_current=True
    )
    current.exclude(pk=snapshot.pk).update(is_current=False)
    PriceSnapshot.objects.filter(pk=snapshot.pk).update(is_current=True)
    snapshot.is_current = True
    transaction.on_commit(lambda: snapshot_changed.send(sender=PriceSnapshot, snapshot=snapshot))


# --- The service functions ---------------------------------------------------------------------------


def snapshot_write(
    rows: Iterable[PriceRow | Mapping[str, Any]],
    region: str,
    service: str,
    source: str,
    as_of: date,
    *,
    origin: str = PriceSnapshot.Origin.API,
    activate: bool = True,
) -> PriceSnapshot:
    """Validate every row, then write the snapshot and its rows in one transaction (``bulk_create`` in batches);
    with ``activate`` it becomes the current one of its region and service in the same transaction."""
    if service not in PriceSnapshot.Service.values:
        raise SnapshotInvalid(f"service {service!r}: expected one of {', '.join(PriceSnapshot.Service.values)}")
    checked = _validated(rows, region=region, service=service)
    with transaction.atomic():
        snapshot = PriceSnapshot.objects.create(
            region=region,
            service=service,
            source=source[:500],
            as_of=as_of,
            origin=origin,
            content_hash=content_hash(checked),
            row_count=len(checked),
        )
        PriceRecord.objects.bulk_create((_record(snapshot, row) for row in checked), batch_size=BATCH_SIZE)
        if activate:
            _activate(snapshot)
    return snapshot


def snapshot_activate(snapshot: PriceSnapshot) -> PriceSnapshot:
    """Make ``snapshot`` the current one of its region and service (the previous one is kept)."""
    with transaction.atomic():
        _activate(snapshot)
    return snapshot


def snapshot_current(region: str, service: str) -> PriceSnapshot | None:
    return PriceSnapshot.objects.filter(region=region, service=service, is_current=True).first()


def _tidy(value: Decimal | None) -> Decimal | None:
    """The database pads to 10 decimals (0.1270000000); give the price back as AWS wrote it, numerically equal."""
    if value is None:
        return None
    plain = value.normalize()
    return plain.quantize(Decimal(1)) if plain.as_tuple().exponent > 0 else plain  # type: ignore[operator]


def snapshot_rows(snapshot: PriceSnapshot) -> list[PriceRow]:
    values = PriceRecord.objects.filter(snapshot=snapshot).order_by("id").values(*ROW_FIELDS)
    return [
        PriceRow.model_validate(
            {
                **value,
                "price_usd": _tidy(value["price_usd"]),
                "begin_range": _tidy(value["begin_range"]),
                "end_range": _tidy(value["end_range"]),
            }
        )
        for value in values
    ]


def current_rows(region: str, service: str) -> list[PriceRow]:
    """The rows of the current snapshot, for the calculator; ``PricesUnavailable`` names what exists instead."""
    snapshot = snapshot_current(region, service)
    if snapshot is None:
        regions = sorted(
            PriceSnapshot.objects.filter(service=service, is_current=True).values_list("region", flat=True)
        )
        known = ", ".join(regions) or "none"
        raise PricesUnavailable(
            f"no {service} prices for region {region!r}. Regions with {service} prices: {known}. "
            f"Load the fixtures (manage.py load_prices) or refresh (manage.py refresh_prices --region {region})."
        )
    return snapshot_rows(snapshot)


@dataclass(frozen=True)
class Repriced:
    old: PriceRow
    new: PriceRow


@dataclass(frozen=True)
class SnapshotDiff:
    """What changed between two sets of rows, keyed by SKU, term and rate dimension."""

    added: list[PriceRow]
    removed: list[PriceRow]
    repriced: list[Repriced]
    unchanged: int

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.repriced)

    def text(self, *, limit: int = 50) -> str:
        lines = [
            f"Compared with the current snapshot: {len(self.added)} added, {len(self.removed)} removed, "
            f"{len(self.repriced)} repriced, {self.unchanged} unchanged"
        ]
        for title, items in (
            ("Added", [f"{_label(r)}: {_money(r)}" for r in self.added]),
            ("Removed", [f"{_label(r)}: was {_money(r)}" for r in self.removed]),
            ("Repriced", [f"{_label(c.new)}: {_money(c.old)} -> {_money(c.new)}" for c in self.repriced]),
        ):
            if items:
                lines.append(f"{title} ({len(items)}):")
                lines += [f"  {item}" for item in items[:limit]]
                if len(items) > limit:
                    lines.append(f"  ... and {len(items) - limit} more")
        return "\n".join(lines)


def _label(row: PriceRow) -> str:
    a = row.attributes
    what = a.get("instanceType") or a.get("usagetype") or a.get("volumeApiName") or row.product_family
    extra = [a[k] for k in ("databaseEdition", "licenseModel", "deploymentOption") if k in a]
    term = row.term if not row.term_attributes else f"{row.term} {'/'.join(sorted(row.term_attributes.values()))}"
    return f"{row.sku} {row.product_family} {what}{' ' if extra else ''}{', '.join(extra)} ({term})"


def _money(row: PriceRow) -> str:
    return f"{_plain(row.price_usd)} USD/{row.unit}"


def _rows_of(side: PriceSnapshot | Iterable[PriceRow] | None) -> list[PriceRow]:
    if side is None:
        return []
    if isinstance(side, PriceSnapshot):
        return snapshot_rows(side)
    return list(side)


def snapshot_diff(
    old: PriceSnapshot | Iterable[PriceRow] | None, new: PriceSnapshot | Iterable[PriceRow]
) -> SnapshotDiff:
    """Rows added, removed and repriced (old -> new price) from ``old`` to ``new`` (snapshots or rows)."""
    before = {row_key(row): row for row in _rows_of(old)}
    after = {row_key(row): row for row in _rows_of(new)}
    repriced = [
        Repriced(before[key], row)
        for key, row in after.items()
        if key in before and before[key].price_usd != row.price_usd
    ]
    return SnapshotDiff(
        added=[row for key, row in after.items() if key not in before],
        removed=[row for key, row in before.items() if key not in after],
        repriced=repriced,
        unchanged=sum(1 for key in after if key in before) - len(repriced),
    )


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
        checked = _validated(group.rows, region=group.region, service=group.service)
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


class RefreshFailed(RuntimeError):
    """The refresh stopped; nothing was written and the current snapshots are unchanged."""


@dataclass
class ServiceRefresh:
    service: str
    rows: list[PriceRow]
    source: str
    as_of: date
    origin: str
    diff: SnapshotDiff | None = None
    snapshot: PriceSnapshot | None = None
    previous: PriceSnapshot | None = None


@dataclass
class RefreshResult:
    region: str
    services: list[ServiceRefresh] = field(default_factory=list)
    dry_run: bool = False


def pricing_client(endpoint: str = "us-east-1") -> Any:
    """A Price List API client with the standard credential chain; retries are ours (with progress), not boto's."""
    if endpoint not in offer_files.PRICING_API_REGIONS:
        raise RefreshFailed(
            f"the Price List API answers only in {', '.join(offer_files.PRICING_API_REGIONS)}, not {endpoint}"
        )
    # A new session each time: credentials are looked up when the admin refreshes, not cached from an earlier call.
    try:
        session = boto3.session.Session()
        return session.client("pricing", region_name=endpoint, config=Config(retries={"total_max_attempts": 1}))
    except BotoCoreError as error:
        raise RefreshFailed(f"cannot create the Price List API client: {error}") from None


def _fetch(
    *,
    region: str,
    services: Sequence[str],
    offer_file: Path | None,
    client: Any,
    endpoint: str,
    today: date,
    say: Progress,
) -> list[ServiceRefresh]:
    fetched = []
    try:
        if offer_file is not None:
            header = offer_files.read_offer_header(offer_file)
            service = header.offer_code or services[0]
            if service not in services:
                raise RefreshFailed(f"{offer_file} is an offer file for {service}, not {', '.join(services)}")
            report = offer_files.ImportReport()
            say(f"{service} {region}: reading {offer_file}")
            rows = list(offer_files.read_offer_file(offer_file, region=region, report=report, progress=say))
            say(
                f"{service} {region}: {report.products_read:,} products read, {report.products_kept:,} kept, "
                f"{len(rows):,} rows ({report.duplicates:,} duplicates dropped)"
            )
            as_of = header.publication_date or today
            source = rows[0].source if rows else f"AWS bulk offer file {offer_file.name}"
            fetched.append(ServiceRefresh(service, rows, source, as_of, PriceSnapshot.Origin.OFFER_FILE))
            return fetched
        for service in services:
            say(f"{service} {region}: asking the AWS Price List Query API ({endpoint})")
            rows, report = offer_files.fetch_price_list(
                client, service=service, region=region, fetched_on=today, endpoint=endpoint, progress=say
            )
            say(f"{service} {region}: {len(rows):,} rows ({report.duplicates:,} duplicates dropped)")
            source = f"AWS Price List Query API get_products ({service}, {region}), fetched {today.isoformat()}"
            fetched.append(ServiceRefresh(service, rows, source, today, PriceSnapshot.Origin.API))
    except (offer_files.PriceDataInvalid, offer_files.PriceListUnavailable, OSError) as error:
        raise RefreshFailed(str(error)) from None
    return fetched


def prices_refresh(
    *,
    region: str,
    services: Sequence[str] = tuple(PriceSnapshot.Service.values),
    offer_file: Path | None = None,
    client: Any = None,
    endpoint: str = "us-east-1",
    today: date | None = None,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> RefreshResult:
    """Read the prices (API or offer file), validate them, diff against the current snapshots, then write and
    activate one new snapshot per service, all in one transaction. Any failure raises ``RefreshFailed`` before
    anything is written."""
    say = progress or (lambda message: None)
    today = today or date.today()
    if offer_file is None and client is None:
        client = pricing_client(endpoint)
    result = RefreshResult(region=region, dry_run=dry_run)
    result.services = _fetch(
        region=region,
        services=services,
        offer_file=offer_file,
        client=client,
        endpoint=endpoint,
        today=today,
        say=say,
    )
    for item in result.services:
        if not item.rows:
            raise RefreshFailed(f"no Oracle-relevant {item.service} rows for {region}: is the region right?")
        try:
            item.rows = _validated(item.rows, region=region, service=item.service)
        except SnapshotInvalid as error:
            raise RefreshFailed(str(error)) from None
        item.previous = snapshot_current(region, item.service)
        item.diff = snapshot_diff(item.previous, item.rows)
        say(f"{item.service} {region}: {item.diff.text()}")
    if dry_run:
        return result
    with transaction.atomic():
        for item in result.services:
            item.snapshot = snapshot_write(
                item.rows, region, item.service, item.source, item.as_of, origin=item.origin, activate=True
            )
    return result
