"""Price snapshots in the database: written whole or not at all, one current per region and service, compared
row by row, switched back, read by the calculator."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from pricing import services
from pricing.engine.rows import PriceRow
from pricing.models import PriceRecord, PriceSnapshot
from tests.pricing.offer_data import OFFER_DIR, find_sku, offer, price_of

REGION = "eu-west-1"
AS_OF = date(2026, 11, 1)


def row(sku: str, price: str, **changes: object) -> PriceRow:
    fields: dict[str, object] = {
        "service": "AmazonRDS",
        "region": "ap-test-1",
        "sku": sku,
        "product_family": "Database Instance",
        "attributes": {"instanceType": "db.m5.xlarge", "databaseEngine": "Oracle"},
        "unit": "Hrs",
        "price_usd": Decimal(price),
        "source": "test rows",
        "as_of": AS_OF,
    }
    return PriceRow.model_validate(fields | changes)


def write(rows: list[PriceRow], **kwargs: object) -> PriceSnapshot:
    return services.snapshot_write(rows, "ap-test-1", "AmazonRDS", "test rows", AS_OF, **kwargs)  # type: ignore[arg-type]


def test_the_fixture_snapshots_are_current(prices: None) -> None:
    raw = offer("AmazonRDS")
    sku = find_sku(raw, "Database Instance", instanceType="db.r5.xlarge", databaseEdition="Enterprise")

    rows = services.current_rows(REGION, "AmazonRDS")

    assert {r.sku: r.price_usd for r in rows}[sku] == Decimal(price_of(raw, sku))
    snapshot = services.snapshot_current(REGION, "AmazonRDS")
    assert snapshot is not None and snapshot.origin == "fixture" and snapshot.row_count == len(rows)
    us = services.current_rows("us-east-1", "AmazonEC2")
    gp3 = next(r for r in us if r.attributes.get("usagetype") == "EBS:VolumeUsage.gp3")
    assert gp3.price_usd == Decimal("0.08")  # pricing-notes §4c, us-east-1 (IC)


def test_prices_keep_all_ten_decimals(db: None) -> None:
    """AWS writes 10 decimals; SQLite keeps 15 significant digits, PostgreSQL numeric(24, 10) all of them."""
    given = {"A": "0.0000001100", "B": "12.3456789012", "C": "0.1270000000", "D": "99999.9999999999", "E": "294"}
    snapshot = write([row(sku, price) for sku, price in given.items()])

    prices = {r.sku: r.price_usd for r in services.snapshot_rows(snapshot)}

    assert prices == {sku: Decimal(price) for sku, price in given.items()}
    assert (str(prices["C"]), str(prices["E"])) == ("0.127", "294")


def test_a_write_switches_the_current_snapshot_and_keeps_the_old_one(db: None) -> None:
    first = write([row("A", "1.0")])
    second = write([row("A", "1.5")])

    first.refresh_from_db()
    assert (first.is_current, second.is_current) == (False, True)
    assert [r.price_usd for r in services.current_rows("ap-test-1", "AmazonRDS")] == [Decimal("1.5")]

    services.snapshot_activate(first)

    second.refresh_from_db()
    assert (services.snapshot_current("ap-test-1", "AmazonRDS"), second.is_current) == (first, False)
    assert [r.price_usd for r in services.current_rows("ap-test-1", "AmazonRDS")] == [Decimal("1.0")]


def test_invalid_rows_write_nothing(db: None) -> None:
    current = write([row("A", "1.0")])
    before = (PriceSnapshot.objects.count(), PriceRecord.objects.count())
    rows: list[object] = [
        row("A", "2.0"),
        {"service": "AmazonRDS", "region": "ap-test-1", "sku": "B", "price_usd": "-1"},
        row("C", "1.0", region="eu-west-1"),
        row("A", "2.5"),
    ]

    with pytest.raises(services.SnapshotInvalid) as raised:
        write(rows)  # type: ignore[arg-type]

    message = str(raised.value)
    assert message.startswith("3 invalid row(s) for AmazonRDS ap-test-1; nothing was written")
    assert "row 3 (C): AmazonRDS eu-west-1, not AmazonRDS ap-test-1" in message
    assert "row 4 (A): same SKU, term and dimension as another row, different price" in message
    assert (PriceSnapshot.objects.count(), PriceRecord.objects.count()) == before
    assert services.snapshot_current("ap-test-1", "AmazonRDS") == current
    with pytest.raises(services.SnapshotInvalid, match="no rows"):
        write([])


def test_the_database_allows_one_current_snapshot_per_region_and_service(db: None) -> None:
    write([row("A", "1.0")])
    other = write([row("A", "2.0")], activate=False)

    with pytest.raises(IntegrityError), transaction.atomic():
        PriceSnapshot.objects.filter(pk=other.pk).update(is_current=True)


def test_the_diff_lists_added_removed_and_repriced_rows(db: None) -> None:
    old = write([row("KEEP", "1.0"), row("GONE", "2.0"), row("UP", "0.342")])
    new = write([row("KEEP", "1.0"), row("UP", "0.466"), row("NEW", "3.0"), row("KEEP", "9", term="Reserved")])

    diff = services.snapshot_diff(old, new)

    assert [r.sku for r in diff.added] == ["NEW", "KEEP"]  # the Reserved row of KEEP is another price
    assert [r.sku for r in diff.removed] == ["GONE"]
    assert [(c.old.price_usd, c.new.price_usd) for c in diff.repriced] == [(Decimal("0.342"), Decimal("0.466"))]
    assert diff.unchanged == 1
    text = diff.text()
    assert "2 added, 1 removed, 1 repriced, 1 unchanged" in text
    assert "UP Database Instance db.m5.xlarge (OnDemand): 0.342 USD/Hrs -> 0.466 USD/Hrs" in text
    assert services.snapshot_diff(None, [row("A", "1")]).added[0].sku == "A"


def test_current_rows_names_the_priced_regions_when_one_is_missing(prices: None) -> None:
    with pytest.raises(services.PricesUnavailable) as raised:
        services.current_rows("mars-north-1", "AmazonRDS")

    message = str(raised.value)
    assert "no AmazonRDS prices for region 'mars-north-1'" in message
    assert "eu-west-1" in message and "us-east-1" in message


def test_load_prices_is_idempotent(prices: None) -> None:
    count = PriceSnapshot.objects.count()
    out = io.StringIO()

    call_command("load_prices", stdout=out)

    assert PriceSnapshot.objects.count() == count
    assert out.getvalue().strip() == f"0 price snapshot(s) loaded, {count} already up to date"


def test_a_changed_fixture_does_not_displace_a_refreshed_snapshot(db: None, tmp_path: Path) -> None:
    fixtures = tmp_path / "prices"
    (fixtures / "eu-west-1").mkdir(parents=True)
    (fixtures / "eu-west-1" / "AmazonRDS.json").write_bytes((OFFER_DIR / "AmazonRDS.json").read_bytes())
    refreshed = services.snapshot_write(
        [row("A", "1.0", region="eu-west-9")], "eu-west-9", "AmazonRDS", "api", AS_OF, origin="api"
    )
    (fixtures / "extra.jsonl").write_text(row("B", "2.0", region="eu-west-9").model_dump_json() + "\n")
    from pricing.fixtures import files as price_fixtures  # where fixture_groups looks up the JSON-lines file names

    original = price_fixtures.JSONL_FILES
    price_fixtures.JSONL_FILES = ("extra.jsonl",)
    try:
        loads = {(x.region, x.service): x.action for x in services.prices_load_fixtures(fixture_dir=fixtures)}
    finally:
        price_fixtures.JSONL_FILES = original

    assert loads[("eu-west-9", "AmazonRDS")] == "loaded, not current (a refreshed snapshot is current)"
    assert services.snapshot_current("eu-west-9", "AmazonRDS") == refreshed
    assert loads[("eu-west-1", "AmazonRDS")] == "up to date"  # the same rows as the committed fixture
