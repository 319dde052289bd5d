"""Savings Plans rates come only from an uploaded plan file: neither the Price List API nor a service's offer file
serves them. So every refresh of a Region's EC2 or RDS prices keeps the rates already held that it does not bring,
each with its own price and date, says how many and as of when, and never keeps one it brings anew.

The API is replayed with botocore's Stubber (no network) from get_products answers in AWS's shape; the offer files
are in AWS's bulk shape. The EC2 answer is AWS's real m5.large item of us-east-1, its Savings Plans file holds the
test rates of tests/pricing/commitment_data.py (0.065 No Upfront, 0.056 All Upfront, published 2026-11-01); the RDS
rates are the committed ap-south-2 Database Savings Plans rates (90, published 2026-04-22).
"""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from botocore.stub import Stubber
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.prices.book import PriceBook
from pricing.jobs.models import Job
from pricing.models import PriceRecord
from pricing.offers.savings_plans import read_savings_plans
from pricing.refresh.snapshots import carried_over
from pricing.snapshots.books import priced_book
from tests.pricing.commitment_data import M5_LARGE_SKU, m5_large_item, savings_plan_offer, write_json
from tests.pricing.offer_data import offer_of, write
from tests.pricing.offers.test_database_plan import ap_south_2_item
from tests.pricing.test_commitment_price_list import EC2_M5, answer, ec2_rows

RDS_BYOL = {"platform": "rds", "region": "ap-south-2", "instance_class": "db.r7i.4xlarge", "edition": "ee",
            "licence_model": "byol", "deployment": "single-az", "storage": {"type": "gp3", "size_gib": 100},
            "licences": {"include": False}}  # fmt: skip


def refresh(region: str, service: str, *offer_file: str) -> str:
    """--force: the one m5.large these tests answer with stands in for every committed us-east-1 EC2 row, far more
    than a refresh may remove before it waits for review (tests/pricing/refresh/test_held_for_review.py)."""
    out = io.StringIO()
    options = ("--offer-file", *offer_file) if offer_file else ()
    call_command("refresh_prices", "--region", region, "--service", service, "--force", *options, stdout=out)
    return out.getvalue()


def refreshed_then_uploaded(stub: tuple[Any, Stubber], tmp_path: Path) -> Stubber:
    """EC2 us-east-1 refreshed from the Price List (m5.large), then a Savings Plans file of 2 rates uploaded."""
    _, stubber = stub
    answer(stubber, "AmazonEC2", "us-east-1", {"Linux instances": [m5_large_item()]})
    refresh("us-east-1", "AmazonEC2")
    plans = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    refresh("us-east-1", "AmazonEC2", str(plans))
    return stubber


def test_savings_plans_rates_uploaded_between_two_price_list_refreshes_stay_priced(
    prices: None, stub: tuple[Any, Stubber], tmp_path: Path
) -> None:
    stubber = refreshed_then_uploaded(stub, tmp_path)
    uploaded = services.snapshot_current("us-east-1", "AmazonEC2")
    republished = m5_large_item() | {"publicationDate": "2021-03-01T00:00:00Z"}  # the same price, published later
    answer(stubber, "AmazonEC2", "us-east-1", {"Linux instances": [republished]})

    out = refresh("us-east-1", "AmazonEC2")

    current = services.snapshot_current("us-east-1", "AmazonEC2")
    assert current is not None and current != uploaded and current.origin == "api"
    rates = PriceRecord.objects.filter(snapshot=current, term="SavingsPlan")
    # the rates keep the Savings Plans file's date, not the refresh's
    assert rates.count() == 2 and {r.as_of for r in rates} == {date(2026, 11, 1)} and current.as_of != date(2026, 11, 1)
    quotes = commitment_quotes(EC2_M5, PriceBook(services.current_rows("us-east-1", "AmazonEC2")))
    # 1 year No Upfront at 0.065 an hour: 0.065 x 730 = 47.45 a month
    no_upfront = quotes.quote("savings-plan-ec2-instance-1yr-no-upfront")
    assert no_upfront.priced and no_upfront.compute_monthly_usd == Decimal("47.45")
    assert no_upfront.as_of == "2026-11-01"
    # 1 year All Upfront at 0.056: 0.056 x 8,760 = 490.56 prepaid
    assert quotes.quote("savings-plan-ec2-instance-1yr-all-upfront").upfront_usd == Decimal("490.56")
    assert "2 Savings Plans rates already held kept, still as of 2026-11-01" in out
    assert ", 0 removed," in out and "Removed" not in out


def test_an_ec2_offer_file_keeps_the_savings_plans_rates_too(
    prices: None, stub: tuple[Any, Stubber], tmp_path: Path
) -> None:
    refreshed_then_uploaded(stub, tmp_path)

    out = refresh("us-east-1", "AmazonEC2", str(write(offer_of([m5_large_item()]), tmp_path / "AmazonEC2.json")))

    current = services.snapshot_current("us-east-1", "AmazonEC2")
    assert current is not None and current.origin == "offer-file"
    assert PriceRecord.objects.filter(snapshot=current, term="SavingsPlan").count() == 2
    assert "2 Savings Plans rates already held kept, still as of 2026-11-01" in out


def test_an_rds_offer_file_keeps_the_database_savings_plans_rates(
    prices: None, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    """ap-south-2's committed Database Savings Plans rates wait for the Region's RDS prices: an offer file uploaded
    on the Prices page brings them, keeps the rates, and the plan is then priced against its on-demand hours."""
    single = ap_south_2_item("FU6RRB5XAVA8RJU8", "Single-AZ", "APS5-InstanceUsage:db.r7i.4xl", "3.0000000000")
    staff = Client()
    staff.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    upload = SimpleUploadedFile("RDS ap-south-2.json", write(offer_of([single]), tmp_path / "rds.json").read_bytes())

    with django_capture_on_commit_callbacks(execute=True):
        staff.post(reverse("pricing:refresh-start"), {"region": "ap-south-2", "service": "AmazonRDS",
                                                      "offer_file": upload})  # fmt: skip

    job = Job.objects.get()
    assert job.status == "succeeded", job.error
    current = services.snapshot_current("ap-south-2", "AmazonRDS")
    assert current is not None and current.origin == "offer-file"
    assert PriceRecord.objects.filter(snapshot=current, term="SavingsPlan").count() == 90
    quotes = commitment_quotes(RDS_BYOL, priced_book("ap-south-2"))
    # instance hours: on demand 3.00 x 730 = 2,190.00 a month; under the plan 1.824 x 730 = 1,331.52
    assert quotes.quote("on-demand").compute_monthly_usd == Decimal("2190.00")
    plan = quotes.quote("savings-plan-database-1yr-no-upfront")
    assert plan.priced and plan.compute_monthly_usd == Decimal("1331.52") and plan.as_of == "2026-04-22"
    kept = "90 Database Savings Plans rates already held kept, still as of 2026-04-22"
    assert any(note.startswith(kept) for note in job.result[0]["notes"]) and kept in job.log
    assert job.result[0]["removed"] == 0


def test_a_rate_the_refresh_brings_is_the_refresh_s_own(stub: tuple[Any, Stubber], tmp_path: Path) -> None:
    held = ec2_rows(*stub)
    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    no_upfront, all_upfront = sorted(
        read_savings_plans(path, region="us-east-1", ec2_rows=held), key=lambda r: r.price_usd, reverse=True
    )
    assert (no_upfront.price_usd, all_upfront.price_usd) == (Decimal("0.065"), Decimal("0.056"))
    repriced = no_upfront.model_copy(update={"price_usd": Decimal("0.060")})
    fresh = [r for r in held if r.term != "SavingsPlan"]

    rows, kept = carried_over([*held, no_upfront, all_upfront], [*fresh, repriced])

    assert kept == [all_upfront]
    assert sorted(r.price_usd for r in rows if r.term == "SavingsPlan") == [Decimal("0.056"), Decimal("0.060")]
