"""The price snapshot admin: rows are read-only, and an admin switches the current snapshot with an action."""

from __future__ import annotations

from decimal import Decimal

from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.models import PriceRecord, PriceSnapshot
from tests.pricing.offer_data import REGION


def test_the_snapshot_list_shows_the_current_snapshots(prices: None, admin_client: Client) -> None:
    response = admin_client.get(reverse("admin:pricing_pricesnapshot_changelist") + "?region=eu-west-1")

    assert response.status_code == 200
    text = response.content.decode()
    assert "fixtures/prices: eu-west-1/AmazonRDS.json" in text
    assert "Make the selected snapshot current for its region and service" in text
    assert "Delete selected" not in text


def test_make_current_switches_back_to_an_older_snapshot(prices: None, admin_client: Client) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    rows = services.current_rows(REGION, "AmazonRDS")
    changed = [rows[0].model_copy(update={"price_usd": rows[0].price_usd + 1}), *rows[1:]]
    newer = services.snapshot_write(changed, REGION, "AmazonRDS", "test refresh", fixture.as_of)
    assert services.snapshot_current(REGION, "AmazonRDS") == newer

    response = admin_client.post(
        reverse("admin:pricing_pricesnapshot_changelist"),
        {"action": "make_current", "_selected_action": [fixture.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert "is now current." in response.content.decode()
    assert services.snapshot_current(REGION, "AmazonRDS") == fixture
    assert services.current_rows(REGION, "AmazonRDS")[0].price_usd == rows[0].price_usd


def test_make_current_refuses_two_snapshots_of_one_region(prices: None, admin_client: Client) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    other = services.snapshot_write(
        services.current_rows(REGION, "AmazonRDS"), REGION, "AmazonRDS", "test", fixture.as_of, activate=False
    )

    response = admin_client.post(
        reverse("admin:pricing_pricesnapshot_changelist"),
        {"action": "make_current", "_selected_action": [fixture.pk, other.pk]},
        follow=True,
    )

    assert "Select at most one snapshot per region and service" in response.content.decode()
    assert services.snapshot_current(REGION, "AmazonRDS") == fixture


def test_snapshots_and_rows_cannot_be_edited(prices: None, admin_client: Client) -> None:
    snapshot = PriceSnapshot.objects.filter(is_current=True).first()
    record = PriceRecord.objects.filter(price_usd__gt=0).first()
    assert snapshot is not None and record is not None

    assert admin_client.get(reverse("admin:pricing_pricesnapshot_add")).status_code == 403
    assert admin_client.get(reverse("admin:pricing_pricerecord_add")).status_code == 403
    assert admin_client.get(reverse("admin:pricing_pricesnapshot_delete", args=[snapshot.pk])).status_code == 403
    page = admin_client.get(reverse("admin:pricing_pricerecord_change", args=[record.pk]))
    assert page.status_code == 200 and 'name="price_usd"' not in page.content.decode()
    admin_client.post(reverse("admin:pricing_pricerecord_change", args=[record.pk]), {"price_usd": "0"})
    record.refresh_from_db()
    assert record.price_usd != Decimal(0)
