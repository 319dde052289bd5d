"""An admin refreshing prices offline from the page (issue 27): an on-demand-only offer file is taken with a note,
messages name the file as uploaded, and every snapshot in the list links to its diff, impact and make-current."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.jobs.models import Job
from tests.pricing.offer_data import REGION, offer, write
from tests.pricing.refresh.test_refresh import changed_rds

pytestmark = pytest.mark.django_db
UPLOADED = "RDS prices (eu-west-1) copy.json"  # saved on the server under another name, in a directory of its own


def _upload(staff: Client, capture: Any, data: dict[str, Any], tmp_path: Path) -> Job:
    path = write(data, tmp_path / "upload.json")
    from django.core.files.uploadedfile import SimpleUploadedFile

    with capture(execute=True):
        staff.post(
            reverse("pricing:refresh-start"),
            {"region": REGION, "service": "AmazonRDS", "offer_file": SimpleUploadedFile(UPLOADED, path.read_bytes())},
        )
    return Job.objects.get()


def _text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_an_on_demand_only_file_is_taken_with_a_note(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    job = _upload(staff, django_capture_on_commit_callbacks, changed_rds()[0], tmp_path)
    assert job.status == "succeeded", job.error
    note = f"{UPLOADED} holds on-demand prices only (no Reserved terms): reservations were not in it"
    assert note in job.result[0]["notes"][0] and note in job.log
    page = _text(staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"}))
    assert note in page and "Refresh #1:" in page
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and {r.term for r in services.snapshot_rows(current)} == {"OnDemand"}


def test_a_refused_file_is_named_as_uploaded_never_by_a_server_path(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    job = _upload(staff, django_capture_on_commit_callbacks, offer("AmazonEC2"), tmp_path)  # not the RDS file
    assert job.status == "failed"
    assert job.error.startswith(f"{UPLOADED} is an offer file for AmazonEC2, not AmazonRDS")
    for shown in (job.error, job.log):
        assert "/tmp" not in shown and "price-refresh-" not in shown and "-:" not in shown


def test_a_file_with_a_broken_item_names_the_file_and_the_sku(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    data = offer("AmazonRDS")
    sku = next(iter(data["terms"]["OnDemand"]))
    for term in data["terms"]["OnDemand"][sku].values():
        for dimension in term["priceDimensions"].values():
            dimension["pricePerUnit"] = {"USD": "not a price"}
    job = _upload(staff, django_capture_on_commit_callbacks, data, tmp_path)
    assert job.status == "failed"
    assert job.error.startswith(f"{UPLOADED}: {sku}: ")
    assert "/tmp" not in job.error and "-:" not in job.error


def test_every_snapshot_links_to_its_diff_impact_and_make_current(admin_client: Client, prices: None) -> None:
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None
    earlier = services.snapshot_write(
        services.snapshot_rows(current)[:-1], region=REGION, service="AmazonRDS", source="test: one row fewer",
        as_of=current.as_of, activate=False,
    )  # fmt: skip
    page = admin_client.get(reverse("pricing:prices")).content.decode()
    for pk in (current.pk, earlier.pk):
        assert f'href="/prices/{pk}/diff" id="diff-{pk}"' in page
    assert f'href="/prices/{earlier.pk}/impact" id="impact-{earlier.pk}"' in page  # against the current one
    assert f'id="make-current-{earlier.pk}"' in page and f'id="make-current-{current.pk}"' not in page
    assert f'id="impact-{current.pk}"' not in page  # written before the earlier one: it replaced nothing here


def test_a_database_savings_plans_upload_is_named_as_uploaded_never_by_a_server_path(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    from tests.pricing.offers.test_database_plan import database_plan_offer

    job = _upload(staff, django_capture_on_commit_callbacks, database_plan_offer(region=REGION), tmp_path)

    said = f"{job.error} {job.log} {job.result}"
    assert UPLOADED in said
    assert "/tmp" not in said and "price-refresh-" not in said
