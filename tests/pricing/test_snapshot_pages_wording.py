"""The price snapshot pages name services as AWS does and group thousands in counts and prices."""

import datetime
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from pricing.jobs.models import Job
from pricing.models import PriceSnapshot

pytestmark = pytest.mark.django_db


def text_of(body: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body.decode()))


def test_a_refresh_of_both_services_is_headed_with_their_names_numbered_among_refreshes(
    admin_client: Client,
) -> None:
    Job.objects.create(kind="estate", lock="", params={})  # another kind of job takes the first id
    job = Job.objects.create(
        kind="price-refresh", lock="eu-west-1", params={"region": "eu-west-1", "services": ["AmazonRDS", "AmazonEC2"]}
    )
    body = admin_client.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"}).content
    text = text_of(body)
    assert "Refresh #1: eu-west-1, Amazon RDS and Amazon EC2" in text  # the first refresh, though job #2
    assert "AmazonRDSAmazonEC2" not in text


def test_the_snapshot_list_and_diff_name_the_service_and_group_thousands(admin_client: Client, prices: None) -> None:
    current = PriceSnapshot.objects.get(region="eu-west-1", service="AmazonRDS", is_current=True)
    earlier = PriceSnapshot.objects.create(
        region="eu-west-1",
        service="AmazonRDS",
        source="test: a large earlier snapshot",
        as_of=datetime.date(2022, 1, 1),
        origin=PriceSnapshot.Origin.API,
        content_hash="0" * 64,
        row_count=12345,
    )
    listing = text_of(admin_client.get(reverse("pricing:prices")).content)
    assert "eu-west-1 Amazon RDS #" in listing and "test: a large earlier snapshot 12,345" in listing
    assert " AmazonRDS " not in listing
    diff = text_of(admin_client.get(reverse("pricing:snapshot-diff", args=[current.pk])).content)
    assert f"Amazon RDS eu-west-1: snapshot #{current.pk}" in diff
    assert "the first 500 are shown" in diff or "every row is new" in diff
    page = text_of(admin_client.get(reverse("pricing:snapshot-diff", args=[earlier.pk])).content)
    assert "12,345 rows" in page


def test_prices_of_a_thousand_dollars_or_more_are_grouped_in_the_diff(admin_client: Client, prices: None) -> None:
    from pricing.services import snapshot_rows, snapshot_write

    current = PriceSnapshot.objects.get(region="eu-west-1", service="AmazonRDS", is_current=True)
    rows = snapshot_rows(current)
    rows[0] = rows[0].model_copy(update={"price_usd": Decimal("12345.5")})  # a 3-year upfront fee's size
    new = snapshot_write(rows, region="eu-west-1", service="AmazonRDS", source="test: upfront", as_of=current.as_of)
    text = text_of(admin_client.get(reverse("pricing:snapshot-diff", args=[new.pk])).content)
    assert "Repriced (1)" in text and "→ 12,345.50" in text
