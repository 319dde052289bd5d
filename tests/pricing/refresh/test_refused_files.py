"""What an admin is told about a file that is not the one a refresh wanted, or that needs other prices first, on the
Prices page: in the page's words (never a command to run, a server path or an exception's name), naming the file as
uploaded and what to do instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.jobs.models import Job
from pricing.models import PriceRecord
from tests.pricing.commitment_data import M5_LARGE_SKU, savings_plan_offer
from tests.pricing.offer_data import offer, write
from tests.pricing.offers.test_database_plan import database_plan_offer

pytestmark = pytest.mark.django_db


def refreshed(staff: Client, capture: Any, data: dict[str, Any], tmp_path: Path, region: str, service: str) -> Job:
    path = write(data, tmp_path / "upload.json")
    with capture(execute=True), path.open("rb") as handle:
        staff.post(reverse("pricing:refresh-start"), {"region": region, "service": service, "offer_file": handle})
    return Job.objects.latest("pk")


def said(job: Job) -> str:
    return f"{job.error}\n{job.log}"


def test_database_savings_plans_for_a_region_without_rds_prices_are_taken(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    """The rates carry their own class, edition, licence and deployment: they price a Region whose on-demand RDS rows
    are not held yet (ap-southeast-4 has none in the committed snapshots)."""
    assert services.snapshot_current("ap-southeast-4", "AmazonRDS") is None
    data = database_plan_offer(region="ap-southeast-4")

    job = refreshed(staff, django_capture_on_commit_callbacks, data, tmp_path, "ap-southeast-4", "AmazonRDS")

    assert job.status == "succeeded", job.error
    current = services.snapshot_current("ap-southeast-4", "AmazonRDS")
    assert current is not None and current.pk == job.result[0]["snapshot"]
    assert PriceRecord.objects.filter(snapshot=current, term="SavingsPlan").count() == current.row_count == 2
    assert "manage.py" not in said(job) and "PricesUnavailable" not in said(job)


def test_a_savings_plans_file_for_a_region_without_ec2_prices_says_to_refresh_ec2_first(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    assert services.snapshot_current("ap-southeast-5", "AmazonEC2") is None
    data = savings_plan_offer("ap-southeast-5", M5_LARGE_SKU, "BoxUsage:m5.large")

    job = refreshed(staff, django_capture_on_commit_callbacks, data, tmp_path, "ap-southeast-5", "AmazonEC2")

    assert job.status == "failed"
    assert job.error.startswith(
        "upload.json is a Savings Plans file, and no EC2 prices of ap-southeast-5 are held: its rates are keyed by "
        "the EC2 prices they discount. Refresh the Amazon EC2 prices of ap-southeast-5 first"
    )
    assert "manage.py" not in said(job) and "unexpected error" not in said(job)


def test_a_region_index_is_told_from_an_offer_file(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    """AWS's service Region index: one entry per Region naming its price list file (AWS Billing User Guide, "Service
    Region index file for AWS services")."""
    index = {
        "formatVersion": "v1.0",
        "disclaimer": "This pricing list is for informational purposes only.",
        "publicationDate": "2023-02-23T00:00:00Z",
        "regions": {
            "eu-west-1": {
                "regionCode": "eu-west-1",
                "currentVersionUrl": "/offers/v1.0/aws/AmazonRDS/20230223000000/eu-west-1/index.json",
            }
        },
    }

    job = refreshed(staff, django_capture_on_commit_callbacks, index, tmp_path, "eu-west-1", "AmazonRDS")

    assert job.status == "failed"
    assert job.error.startswith("upload.json is a Region index, not an offer file: it lists where AWS publishes prices")
    assert "offerCode None" not in job.error


def test_another_region_s_offer_file_is_named_by_its_own_region(
    staff: Client, prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    job = refreshed(staff, django_capture_on_commit_callbacks, offer("AmazonRDS"), tmp_path, "us-east-1", "AmazonRDS")

    assert job.status == "failed"
    assert job.error.startswith(
        "upload.json holds the prices of eu-west-1, not us-east-1: no Oracle-relevant AmazonRDS rows for us-east-1 in "
        "it. Refresh eu-west-1 with it, or upload the AmazonRDS offer file of us-east-1"
    )
