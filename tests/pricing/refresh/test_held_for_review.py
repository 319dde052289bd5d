"""A refresh that would quietly change saved answers waits for an admin: a file older than the prices it would replace,
or one removing more than a tenth of the current rows, is stored but not made current; the job says why in words and
links to the make-current confirmation (the rows and saved assessments it would change), where the admin can still
make it current. A normal refresh goes live at once; the same prices again write nothing.

The current snapshots are the committed eu-west-1 fixture: RDS from AWS's offer file published 2023-02-23 (608
rows), EC2 from AWS's offer file plus rows of other sources for the types it lacks (1,258 rows)."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.jobs.models import Job
from pricing.models import PriceSnapshot
from tests.pricing.offer_data import REGION, offer, write
from tests.pricing.test_views import body_of, text_of

pytestmark = pytest.mark.django_db


def upload(staff: Client, capture: Any, data: dict[str, Any], tmp_path: Path, service: str, name: str) -> Job:
    """The file uploaded on the Prices page (htmx, as the page sends it), its job run there and then."""
    path = write(data, tmp_path / name)
    with capture(execute=True), path.open("rb") as handle:
        staff.post(
            reverse("pricing:refresh-start"),
            {"region": REGION, "service": service, "offer_file": handle},
            headers={"HX-Request": "true"},
        )
    return Job.objects.latest("pk")


def doubled(data: dict[str, Any]) -> dict[str, Any]:
    for terms in data["terms"]["OnDemand"].values():
        for term in terms.values():
            for dimension in term["priceDimensions"].values():
                dimension["pricePerUnit"]["USD"] = str(Decimal(dimension["pricePerUnit"]["USD"]) * 2)
    return data


def panel(staff: Client, job: Job) -> Any:
    return staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"})


def test_a_file_older_than_the_current_prices_is_stored_but_not_made_current(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    assert before is not None and before.as_of == date(2023, 2, 23)
    data = doubled(offer("AmazonRDS")) | {"publicationDate": "2020-01-01T00:00:00Z"}

    job = upload(staff, django_capture_on_commit_callbacks, data, tmp_path, "AmazonRDS", "rds-2020.json")

    assert job.status == "succeeded", job.error
    (item,) = job.result
    assert item["outcome"] == "held" and item["previous"] == before.pk
    why = (
        f"its prices are as of 2020-01-01, older than the prices of the current snapshot #{before.pk} they would "
        "replace (as of 2023-02-23)"
    )
    assert item["held"] == [why]
    assert services.snapshot_current(REGION, "AmazonRDS") == before  # estimates still read the current prices
    stored = PriceSnapshot.objects.get(pk=item["snapshot"])
    assert not stored.is_current and stored.as_of == date(2020, 1, 1) and stored.row_count == before.row_count
    assert f"was stored but NOT made current: {why}" in job.log

    shown = panel(staff, job)
    assert f"snapshot #{stored.pk} was stored but not made current" in text_of(shown)
    assert "succeeded · waits for your review" in text_of(shown)
    assert f"It waits for your review because {why}." in text_of(shown)
    review = f'href="/prices/{stored.pk}/make-current" id="review-{stored.pk}"'
    assert review in body_of(shown) and f"Review and make #{stored.pk} current…" in text_of(shown)

    # the review is the make-current confirmation: every non-zero price doubled is a repriced row
    repriced = sum(1 for row in services.snapshot_rows(before) if row.price_usd)
    confirm = staff.get(reverse("pricing:snapshot-make-current", args=[stored.pk]))
    assert f"Make Amazon RDS {REGION} snapshot #{stored.pk} current?" in text_of(confirm)
    assert f"0 added, 0 removed, {repriced} repriced" in text_of(confirm)
    staff.post(
        reverse("pricing:snapshot-make-current", args=[stored.pk]), {"confirm": "yes", "replacing": str(before.pk)}
    )
    assert services.snapshot_current(REGION, "AmazonRDS") == stored  # made current deliberately
    assert "(since made current)" in text_of(panel(staff, job))


def test_a_file_removing_more_than_a_tenth_of_the_current_rows_waits_for_review(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    """AWS's eu-west-1 EC2 offer file (2023-02-23) holds none of the rows the fixture took from other sources."""
    before = services.snapshot_current(REGION, "AmazonEC2")
    assert before is not None and before.row_count == 1258
    others = [r for r in services.snapshot_rows(before) if r.sku.startswith(("OZ-", "RI-"))]

    job = upload(staff, django_capture_on_commit_callbacks, offer("AmazonEC2"), tmp_path, "AmazonEC2", "ec2.json")

    assert job.status == "succeeded", job.error
    (item,) = job.result
    assert (item["outcome"], item["added"], item["removed"]) == ("held", 0, len(others))
    # a tenth of 1,258 is 125.8: up to 125 rows may go without review
    assert item["held"] == [
        f"it would remove {len(others)} of the 1,258 rows of the current snapshot #{before.pk}, more than the 125 "
        "(10 %) a refresh may remove without review"
    ]
    assert services.snapshot_current(REGION, "AmazonEC2") == before
    assert not PriceSnapshot.objects.get(pk=item["snapshot"]).is_current


def test_a_normal_refresh_goes_live_at_once(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    assert before is not None
    data = doubled(offer("AmazonRDS")) | {"publicationDate": "2023-03-01T00:00:00Z"}  # newer, nothing removed

    job = upload(staff, django_capture_on_commit_callbacks, data, tmp_path, "AmazonRDS", "rds.json")

    (item,) = job.result
    assert (item["outcome"], item["held"], item["removed"]) == ("current", [], 0)
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current.pk == item["snapshot"] and current.as_of == date(2023, 3, 1)
    assert "Review and make" not in text_of(panel(staff, job))


def test_the_same_prices_again_write_nothing_and_say_so(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    assert before is not None
    count = PriceSnapshot.objects.count()

    job = upload(staff, django_capture_on_commit_callbacks, offer("AmazonRDS"), tmp_path, "AmazonRDS", "again.json")

    assert job.status == "succeeded", job.error
    assert job.result[0]["outcome"] == "same" and job.result[0]["snapshot"] == before.pk
    assert PriceSnapshot.objects.count() == count and services.snapshot_current(REGION, "AmazonRDS") == before
    shown = text_of(panel(staff, job))
    outcome = shown[shown.index("Amazon RDS eu-west-1: nothing changed") :]
    assert outcome.startswith(f"Amazon RDS eu-west-1: nothing changed · snapshot #{before.pk} stays current")
    assert "the new snapshot prices no reservation" not in outcome  # the file's notes: no new snapshot to say it of


def test_a_file_without_a_publication_date_is_dated_by_its_newest_effective_date(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    data = offer("AmazonRDS")
    del data["publicationDate"]
    effective = {term["effectiveDate"] for terms in data["terms"]["OnDemand"].values() for term in terms.values()}
    assert effective == {"2023-02-01T00:00:00Z"}  # every price of the shared file took effect then
    first = next(iter(data["terms"]["OnDemand"].values()))
    next(iter(first.values()))["effectiveDate"] = "2023-03-01T00:00:00Z"

    job = upload(staff, django_capture_on_commit_callbacks, data, tmp_path, "AmazonRDS", "undated.json")

    (item,) = job.result
    note = "undated.json carries no publication date: the new snapshot is dated by the newest effective date of its "
    assert f"{note}prices, 2023-03-01" in item["notes"]
    assert PriceSnapshot.objects.get(pk=item["snapshot"]).as_of == date(2023, 3, 1)  # not today


def test_an_undated_file_whose_prices_took_effect_before_the_current_ones_waits(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    data = offer("AmazonRDS")
    del data["publicationDate"]  # its prices took effect 2023-02-01; the current ones were published 2023-02-23

    job = upload(staff, django_capture_on_commit_callbacks, data, tmp_path, "AmazonRDS", "undated.json")

    (item,) = job.result
    assert item["outcome"] == "held" and item["held"][0].startswith("its prices are as of 2023-02-01, older than")


def test_the_command_line_holds_the_same_refresh_and_forces_it_when_asked(prices: None, tmp_path: Path) -> None:
    before = services.snapshot_current(REGION, "AmazonEC2")
    assert before is not None
    data = offer("AmazonEC2")
    rows = len(data["products"])  # one on-demand row per product in this file
    path = write(data, tmp_path / "AmazonEC2.json")
    out, err = io.StringIO(), io.StringIO()

    call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), stdout=out, stderr=err)

    held = PriceSnapshot.objects.filter(region=REGION, service="AmazonEC2").latest("pk")
    assert held != before and not held.is_current and services.snapshot_current(REGION, "AmazonEC2") == before
    assert (
        f"AmazonEC2 {REGION}: snapshot #{held.pk} ({rows} rows, as of 2023-02-23) was stored but NOT made current"
        in (out.getvalue())
    )
    assert f"Make current… on #{held.pk}) if it is right, or refresh again with --force" in out.getvalue()
    assert "stored but NOT made current" in err.getvalue()

    forced = io.StringIO()
    call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), "--force", stdout=forced)

    current = services.snapshot_current(REGION, "AmazonEC2")
    assert current is not None and current.pk > held.pk and current.row_count == rows
    assert "made current although it would have waited for review: it would remove" in forced.getvalue()


def test_the_command_s_help_says_what_force_does() -> None:
    from pricing.management.commands.refresh_prices import Command

    text = " ".join(Command().create_parser("manage.py", "refresh_prices").format_help().split())
    assert "--force" in text and "make the new snapshots current even when they would wait for review" in text
    assert "more than 10 % of the current rows removed" in text
