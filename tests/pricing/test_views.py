"""The staff-only /prices/ page: snapshots, make current, diff, refresh (the /estimate page: test_estimate_views.py)."""

from __future__ import annotations

import json
import re
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pricing import services
from pricing.jobs.models import Job
from pricing.models import PriceSnapshot
from pricing.offers import files as offer_files
from tests.pricing.offer_data import REGION, offer, price_of, write
from tests.pricing.refresh.test_refresh import (
    RDS_FILTERS,
    changed_rds_upload,
    chunks,
    rds_items,
    request,
    stub_pages,
)

D = Decimal


def body_of(response: Any) -> str:
    return response.content.decode()


def text_of(response: Any) -> str:
    """The page's visible text, whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body_of(response))).replace("&#x27;", "'")


# --- /prices/ (staff) -------------------------------------------------------------------------------------------


@pytest.fixture
def sync_jobs(django_capture_on_commit_callbacks: Any) -> Any:
    """Enqueue the refresh task when the view commits the job row; the tests' task backend runs it there and then
    (tests/conftest.py), in the request's thread and transaction."""
    return django_capture_on_commit_callbacks


def offer_refresh(staff: Client, sync_jobs: Any, data: dict[str, Any], tmp_path: Path, region: str = REGION) -> Any:
    path = write(data, tmp_path / "AmazonRDS.json")
    with sync_jobs(execute=True), path.open("rb") as handle:
        return staff.post(
            reverse("pricing:refresh-start"),
            {"region": region, "service": "AmazonRDS", "offer_file": handle},
            headers={"HX-Request": "true"},
        )


@pytest.mark.parametrize(
    "url", ["/prices/", "/prices/1/diff", "/prices/jobs/1", "/prices/1/make-current", "/prices/1/impact"]
)
def test_prices_pages_are_for_staff_only(anon_client: Client, client: Client, url: str) -> None:
    # not signed in: the site's own sign-in page, coming back here after
    assert anon_client.get(url).url == f"{reverse('account_login')}?next={url}"
    # signed in without staff rights: told so on the site's page, not sent to sign in again as somebody else
    response = client.get(url)
    assert response.status_code == 403
    page = response.content.decode()
    assert "Price snapshots and refreshes are for the site&#x27;s staff" in page and "/admin/login/" not in page


def test_nav_shows_prices_to_staff_only(client: Client, prices: None) -> None:
    page = body_of(client.get(reverse("pricing:estimate")))
    assert 'href="/estimate">Estimate</a>' in page and 'href="/prices/"' not in page
    client.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    assert 'href="/prices/">Prices</a>' in body_of(client.get(reverse("pricing:estimate")))


def test_prices_page_lists_current_and_earlier_snapshots(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    offer_refresh(staff, sync_jobs, changed_rds_upload()[0], tmp_path)
    new = services.snapshot_current(REGION, "AmazonRDS")
    assert new is not None and new != fixture

    text = text_of(staff.get(reverse("pricing:prices")))

    # each snapshot's source as people know it (the files it was read from on hover, never in the text)
    assert f"#{new.pk} current 2023-02-23 bulk offer file AWS Price List, eu-west-1 {new.row_count}" in text
    assert (f"#{fixture.pk} earlier 2023-02-23 committed fixture AWS Price List, eu-west-1, held by the "
            "advisor 608") in text  # fmt: skip
    assert "fixtures/prices" not in text and "AmazonRDS.json" not in text
    body = body_of(staff.get(reverse("pricing:prices")))
    assert f'href="/prices/{fixture.pk}/make-current"' in body  # a page that shows what changes and asks to confirm
    assert f'href="/prices/{new.pk}/make-current"' not in body


def test_diff_against_the_snapshot_it_replaced_and_against_the_current_one(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    data, skus = changed_rds_upload()
    offer_refresh(staff, sync_jobs, data, tmp_path)
    new = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None and new is not None
    old_price = D(price_of(offer("AmazonRDS"), skus["repriced"]))

    text = text_of(staff.get(reverse("pricing:snapshot-diff", args=[new.pk])))
    assert f"Compared with the snapshot it replaced: #{fixture.pk}" in text
    assert "3 added, 1 removed, 1 repriced, 606 unchanged" in text
    assert f"Added (3) SKU Family What Term Price (USD) Unit {skus['added']} Database Instance db.r7i.xlarge" in text
    # the added class's reservation is listed with its term: the upfront fee and the hourly fee
    assert (
        "db.r7i.xlarge · Enterprise · Bring your own license · Single-AZ · 1yr Partial Upfront Reserved 252 Quantity"
        in text
    )
    assert "Removed (1)" in text and f"{skus['removed']} Database Instance db.x2iedn.32xlarge" in text
    assert (
        f"{skus['repriced']} Database Instance db.r5.xlarge · Enterprise · Bring your own license · Single-AZ" in text
    )
    assert f"{old_price.normalize()} → 0.531" in text

    # the earlier snapshot, against the current one: what making it current would change
    text = text_of(staff.get(reverse("pricing:snapshot-diff", args=[fixture.pk])))
    assert f"Compared with the current snapshot (what making this one current would change): #{new.pk}" in text
    assert f"0.531 → {old_price.normalize()}" in text
    assert f"Make #{fixture.pk} current" in text
    # each snapshot named as people know its source, not by the files the app ships it in
    assert "AWS Price List, eu-west-1" in text and ".json" not in text and "fixtures/prices" not in text


def test_refresh_from_an_offer_file_shows_progress_then_the_diff(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    response = offer_refresh(staff, sync_jobs, changed_rds_upload()[0], tmp_path)
    job = Job.objects.get()
    assert job.status == "succeeded" and job.params["offer_file_name"] == "AmazonRDS.json"
    assert (job.kind, job.lock, job.done, job.total) == ("price-refresh", REGION, 3, 3)  # read, checked, written
    after = services.snapshot_current(REGION, "AmazonRDS")
    assert after is not None and after != before and after.origin == "offer-file"
    assert job.result == [
        {
            "service": "AmazonRDS",
            "snapshot": after.pk,
            "previous": before.pk if before else None,
            "outcome": "current",  # newer than nothing it replaces, 1 of 608 rows removed: live at once
            "held": [],
            "rows": 610,  # 608 less one removed, plus the added class's on-demand row and 2 reserved rows
            "added": 3,
            "removed": 1,
            "repriced": 1,
            "unchanged": 606,
            "notes": [],  # the file brought reservations
        }
    ]

    # the poll answers the finished job: no more polling, the diff, and the snapshot list swapped out of band
    poll = staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"})
    body = body_of(poll)
    assert 'hx-trigger="every 1s"' not in body
    assert "succeeded" in body and "AmazonRDS eu-west-1: reading" in body
    assert "Compared with the current snapshot: 3 added, 1 removed, 1 repriced, 606 unchanged" in body
    assert f"AmazonRDS eu-west-1: snapshot #{after.pk} (610 rows, as of 2023-02-23) is now current" in body
    assert '<section id="snapshot-list" class="snapshot-list" hx-swap-oob="true">' in body
    assert "0.516 → 0.531" in body
    assert response.status_code == 200 and 'id="refresh-job"' in body_of(response)
    assert not list(Path(tempfile.gettempdir()).glob("price-refresh-*"))  # the worker's local copy (tests/conftest.py)


def test_a_running_job_is_polled_every_second(staff: Client, db: None) -> None:
    job = Job.objects.create(
        kind="price-refresh", lock=REGION, status="running", params={"region": REGION, "services": ["AmazonRDS"]},
        log="Started\nquery 1/2 page 3", heartbeat_at=timezone.now(),
    )  # fmt: skip
    body = body_of(staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"}))
    assert f'hx-get="/prices/jobs/{job.pk}" hx-trigger="every 1s"' in body
    assert "query 1/2 page 3" in body and "running" in body
    assert "snapshot-list" not in body


@pytest.fixture
def stubbed_api(monkeypatch: pytest.MonkeyPatch) -> Any:
    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}.items():
        monkeypatch.setenv(key, value)
    client = boto3.client("pricing", region_name="us-east-1")
    monkeypatch.setattr(services, "pricing_client", lambda endpoint="us-east-1": client)
    monkeypatch.setattr(offer_files, "sleep", lambda seconds: None)
    with Stubber(client) as stub:
        yield stub


def api_refresh(staff: Client, sync_jobs: Any) -> Job:
    with sync_jobs(execute=True):
        staff.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "AmazonRDS"})
    return Job.objects.get()


def test_a_failure_on_page_3_of_5_is_shown_and_the_current_snapshot_stays(
    staff: Client, prices: None, sync_jobs: Any, stubbed_api: Stubber
) -> None:
    oracle, _ = rds_items(offer("AmazonRDS"))
    pages = chunks(oracle[:500])
    assert len(pages) == 5
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[0], pages, "oracle", upto=2)
    for _ in range(5):
        stubbed_api.add_client_error(
            "get_products", "ThrottlingException", "Rate exceeded", 400, expected_params=request("AmazonRDS", RDS_FILTERS[0], "oracle-page-3")
        )  # fmt: skip
    before = services.snapshot_current(REGION, "AmazonRDS")
    count = PriceSnapshot.objects.count()

    job = api_refresh(staff, sync_jobs)

    stubbed_api.assert_no_pending_responses()
    assert job.status == "failed"
    assert "query 1/2 (Oracle rows) page 3: AWS answered ThrottlingException 5 times in a row" in job.error
    assert "Nothing was written; the current price snapshots are unchanged." in job.error
    assert "page 2: 100 items, " in job.log and "retrying in 1s (attempt 2 of 5)" in job.log
    assert services.snapshot_current(REGION, "AmazonRDS") == before
    assert PriceSnapshot.objects.count() == count
    text = text_of(staff.get(reverse("pricing:prices"), {"job": job.pk}))
    assert "The refresh failed" in text and "ThrottlingException 5 times in a row" in text


def test_a_malformed_item_fails_the_job_with_the_services_message(
    staff: Client, prices: None, sync_jobs: Any, stubbed_api: Stubber
) -> None:
    data = offer("AmazonRDS")
    oracle, anything = rds_items(data)
    broken = json.loads(oracle[0])
    (term,) = broken["terms"]["OnDemand"].values()
    (dimension,) = term["priceDimensions"].values()
    dimension["pricePerUnit"]["USD"] = "n/a"
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[0], chunks([json.dumps(broken), *oracle[1:]]), "oracle")
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[1], chunks(anything), "any")
    before = services.snapshot_current(REGION, "AmazonRDS")

    job = api_refresh(staff, sync_jobs)

    assert job.status == "failed"
    assert "get_products AmazonRDS eu-west-1: 1 invalid item(s)" in job.error
    assert "price_usd: Input should be a valid decimal" in job.error
    assert services.snapshot_current(REGION, "AmazonRDS") == before


def test_a_refresh_without_credentials_says_how_to_provide_them(
    staff: Client, prices: None, sync_jobs: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A real client (no Stubber) with nowhere to find credentials: botocore refuses to sign, before any network."""
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_DEFAULT_PROFILE",
                "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI",
                "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN"):  # fmt: skip
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    before = services.snapshot_current(REGION, "AmazonRDS")

    job = api_refresh(staff, sync_jobs)

    assert job.status == "failed"
    assert "no AWS credentials found" in job.error and "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY" in job.error
    assert "choose the bulk offer file in the form above" in job.error
    assert services.snapshot_current(REGION, "AmazonRDS") == before


def test_the_refresh_form_says_what_is_accepted(staff: Client, db: None) -> None:
    response = staff.post(reverse("pricing:refresh-start"), {"region": "moon-1", "service": "AmazonS3"})
    text = text_of(response)
    assert response.status_code == 422
    assert "moon-1: accepted: an AWS Region code the advisor's catalog lists, such as eu-west-1" in text
    assert "'AmazonS3': accepted: all, AmazonRDS, AmazonEC2" in text
    assert not Job.objects.exists()


def test_through_htmx_the_refused_form_replaces_the_form_where_htmx_swaps_it(staff: Client, db: None) -> None:
    # htmx swaps only 2xx answers, and the form targets the job panel: the refusal comes back as a 200 that says
    # where it goes, or the admin would see nothing happen
    response = staff.post(reverse("pricing:refresh-start"), {"region": "mars-north-1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#refresh-form", "outerHTML")
    assert 'id="refresh-form"' in response.content.decode()
    assert "mars-north-1: accepted: an AWS Region code" in text_of(response)
    assert not Job.objects.exists()
