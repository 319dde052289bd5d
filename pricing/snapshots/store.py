"""Price snapshots in the database: validate rows, write a snapshot, switch the current one, read rows back.

A snapshot is written whole or not at all: every row is validated before the first insert, and the inserts and the
switch of ``is_current`` happen in one transaction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.dispatch import Signal
from pydantic import ValidationError

from pricing.engine.rows import PriceRow
from pricing.models import PriceRecord, PriceSnapshot

BATCH_SIZE = 1000
ROW_FIELDS = tuple(PriceRow.model_fields)


class SnapshotInvalid(ValueError):
    """The rows cannot make a snapshot; nothing was written."""


class PricesUnavailable(LookupError):
    """No current snapshot for a region and service."""


# --- Rows and keys -----------------------------------------------------------------------------------

RowKey = tuple[str, str, tuple[tuple[str, str], ...], str, Decimal]


def row_key(row: PriceRow) -> RowKey:
    """A price's identity across snapshots: SKU, term (type and reserved attributes) and rate dimension."""
    return (row.sku, row.term, tuple(sorted(row.term_attributes.items())), row.unit, row.begin_range)


def plain_decimal(value: Decimal | None) -> str | None:
    return None if value is None else format(value.normalize(), "f")


def content_hash(rows: Iterable[PriceRow]) -> str:
    """sha256 of the rows in key order, decimals normalised: equal for the same prices however they were stored."""
    digest = hashlib.sha256()
    for row in sorted(rows, key=row_key):
        data = row.model_dump(mode="json")
        data.update(
            price_usd=plain_decimal(row.price_usd),
            begin_range=plain_decimal(row.begin_range),
            end_range=plain_decimal(row.end_range),
        )
        digest.update(json.dumps(data, sort_keys=True).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def validated_rows(rows: Iterable[PriceRow | Mapping[str, Any]], *, region: str, service: str) -> list[PriceRow]:
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


# --- Writing, switching and reading snapshots ------------------------------------------------------


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
    checked = validated_rows(rows, region=region, service=service)
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
