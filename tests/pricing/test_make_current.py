"""Making an earlier price snapshot current again: a page that shows what changes (rows, saved assessments
repriced) and a confirmation posted from it; nothing switches without it. The assessments listed are tested with the
advisor's provider in tests/advisor/test_price_impact.py."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.models import PriceSnapshot
from tests.pricing.offer_data import REGION
from tests.pricing.test_views import body_of, text_of


@pytest.fixture
def strict_staff(prices: None) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    return client


def refreshed_copy() -> tuple[PriceSnapshot, PriceSnapshot]:
    """The fixture snapshot (now earlier) and a copy of its rows written after it (now current)."""
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    refreshed = services.snapshot_write(
        services.current_rows(REGION, "AmazonRDS"), REGION, "AmazonRDS", "test copy", fixture.as_of
    )
    return fixture, refreshed


def confirm_form(client: Client, url: str) -> dict[str, str]:
    """What the confirmation page posts: its CSRF token, ``confirm`` and the snapshot it was reviewed against."""
    page = body_of(client.get(url))
    fields = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', page))
    fields |= dict(re.findall(r'name="(csrfmiddlewaretoken)" value="([^"]+)"', page))
    assert set(fields) == {"csrfmiddlewaretoken", "confirm", "replacing"}, fields
    return fields


def test_make_current_asks_first_and_a_get_switches_nothing(strict_staff: Client) -> None:
    fixture, refreshed = refreshed_copy()
    url = reverse("pricing:snapshot-make-current", args=[fixture.pk])

    response = strict_staff.get(url)

    assert response.status_code == 200
    assert services.snapshot_current(REGION, "AmazonRDS") == refreshed
    text = text_of(response)
    assert f"Make Amazon RDS {REGION} snapshot #{fixture.pk} current?" in text
    assert f"It would replace the current snapshot #{refreshed.pk}" in text
    assert "0 added, 0 removed, 0 repriced, 608 unchanged" in text
    assert "Saved assessments this changes" in text and "At most 200 assessments are computed" in text
    assert f'<button class="button primary" type="submit">Make #{fixture.pk} current</button>' in body_of(response)


def test_make_current_switches_back_on_confirmation_and_needs_a_csrf_token(strict_staff: Client) -> None:
    fixture, refreshed = refreshed_copy()
    url = reverse("pricing:snapshot-make-current", args=[fixture.pk])
    form = confirm_form(strict_staff, url)
    assert form["confirm"] == "yes" and form["replacing"] == str(refreshed.pk)

    assert strict_staff.post(url, {k: v for k, v in form.items() if k != "csrfmiddlewaretoken"}).status_code == 403
    unconfirmed = strict_staff.post(url, {"csrfmiddlewaretoken": form["csrfmiddlewaretoken"]}, follow=True)
    assert services.snapshot_current(REGION, "AmazonRDS") == refreshed  # neither switched
    assert unconfirmed.redirect_chain == [(url, 302)]
    assert "Nothing changed yet: review what making" in text_of(unconfirmed)

    response = strict_staff.post(url, form, follow=True)

    assert services.snapshot_current(REGION, "AmazonRDS") == fixture
    assert f"snapshot #{fixture.pk} as of 2023-02-23 is current (was #{refreshed.pk})" in text_of(response)
    assert PriceSnapshot.objects.filter(region=REGION, service="AmazonRDS", is_current=True).count() == 1


def test_a_confirmation_reviewed_against_another_current_snapshot_switches_nothing(strict_staff: Client) -> None:
    fixture, refreshed = refreshed_copy()
    url = reverse("pricing:snapshot-make-current", args=[fixture.pk])
    form = confirm_form(strict_staff, url)
    newer = services.snapshot_write(
        services.current_rows(REGION, "AmazonRDS"), REGION, "AmazonRDS", "a refresh meanwhile", fixture.as_of
    )

    response = strict_staff.post(url, form)

    assert response.status_code == 409
    assert services.snapshot_current(REGION, "AmazonRDS") == newer
    text = text_of(response)
    assert f"You reviewed this switch against #{refreshed.pk}; #{newer.pk} is current now. Nothing was switched" in text
    assert f'name="replacing" value="{newer.pk}"' in body_of(response)  # confirming again is against what is current


def test_the_current_snapshot_has_nothing_to_confirm(strict_staff: Client) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    text = text_of(strict_staff.get(reverse("pricing:snapshot-make-current", args=[fixture.pk])))
    assert f"Snapshot #{fixture.pk} already prices every estimate and recommendation in {REGION}" in text
    assert "Make #" not in text


def test_the_impact_panel_refuses_a_comparison_it_cannot_make(strict_staff: Client) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    ec2 = services.snapshot_current(REGION, "AmazonEC2")
    assert fixture is not None and ec2 is not None
    url = reverse("pricing:snapshot-impact", args=[fixture.pk])

    bad = strict_staff.get(f"{url}?against=latest")
    assert bad.status_code == 400
    assert "against='latest': accepted: the id of another AmazonRDS eu-west-1 snapshot" in bad.content.decode()
    assert strict_staff.get(f"{url}?against={ec2.pk}").status_code == 404  # another service's snapshot
