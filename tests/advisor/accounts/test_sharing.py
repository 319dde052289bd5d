"""Share links: read-only results and PDF for whoever has the link, until it expires or is revoked."""

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from advisor.accounts.models import Membership, Team
from advisor.models import Assessment, ShareLink
from advisor.reports import pdf as report

pytestmark = pytest.mark.django_db


def _create_link(client: Client, assessment: Assessment, days: str = "7") -> ShareLink:
    response = client.post(reverse("accounts:share-panel", args=[assessment.public_id]), {"days": days})
    assert response.status_code == 302
    return ShareLink.objects.get(assessment=assessment)


def test_the_owner_shares_and_anyone_with_the_link_reads_only(
    client: Client, anon_client: Client, saved_assessment: Assessment, prices: None
) -> None:
    link = _create_link(client, saved_assessment, "30")
    assert timedelta(days=29) < link.expires_at - timezone.now() <= timedelta(days=30)
    panel = client.get(reverse("accounts:share-panel", args=[saved_assessment.public_id])).content.decode()
    assert f"/s/{link.token}/" in panel and "live" in panel
    page = anon_client.get(f"/s/{link.token}/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "Billing" in body and "Recommended:" in body
    assert 'id="results-answers"' not in body and "Save these answers" not in body  # no form, no save
    assert saved_assessment.get_absolute_url() not in body  # no way to the questionnaire
    assert anon_client.post(f"/s/{link.token}/").status_code == 405


def test_the_shared_pdf(anon_client: Client, client: Client, saved_assessment: Assessment, monkeypatch: Any) -> None:
    link = _create_link(client, saved_assessment)
    monkeypatch.setattr(report, "report_pdf", lambda document: b"%PDF-1.7 fake")
    response = anon_client.get(f"/s/{link.token}/report.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_a_revoked_link_stops_and_says_so(client: Client, anon_client: Client, saved_assessment: Assessment) -> None:
    link = _create_link(client, saved_assessment)
    revoke = reverse("accounts:share-revoke", args=[saved_assessment.public_id, link.pk])
    assert client.post(revoke).status_code == 302
    for url in (f"/s/{link.token}/", f"/s/{link.token}/report.pdf"):
        response = anon_client.get(url)
        assert response.status_code == 410
        assert "revoked" in response.content.decode()


def test_an_expired_link_stops_and_says_so(client: Client, anon_client: Client, saved_assessment: Assessment) -> None:
    link = _create_link(client, saved_assessment, "1")
    ShareLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = anon_client.get(f"/s/{link.token}/")
    assert response.status_code == 410 and "expired" in response.content.decode()


def test_unknown_tokens_and_bad_expiry(client: Client, anon_client: Client, saved_assessment: Assessment) -> None:
    assert anon_client.get("/s/not-a-token/").status_code == 404
    response = client.post(reverse("accounts:share-panel", args=[saved_assessment.public_id]), {"days": "365"})
    assert response.status_code == 422 and "days: choose one of 1, 7, 30" in response.content.decode()
    assert not ShareLink.objects.exists()


def test_only_who_may_edit_shares_or_revokes(saved_assessment: Assessment, client: Client) -> None:
    link = _create_link(client, saved_assessment)
    bob = Client()
    bob.force_login(get_user_model().objects.create_user("bob", password="pw-bob"))
    assert (
        bob.post(reverse("accounts:share-panel", args=[saved_assessment.public_id]), {"days": "7"}).status_code == 404
    )
    assert bob.post(reverse("accounts:share-revoke", args=[saved_assessment.public_id, link.pk])).status_code == 404
    link.refresh_from_db()
    assert link.revoked_at is None and ShareLink.objects.count() == 1
    assert Client().get(reverse("accounts:share-panel", args=[saved_assessment.public_id])).status_code == 302


def test_the_assessment_page_does_not_promise_its_address_is_a_share_link(
    client: Client, user: Any, saved_assessment: Assessment
) -> None:
    # /a/<id>/ opens only for who may see the assessment (others: sign-in page or not found); the Share button's
    # /s/<token>/ link is what anyone else can read, so the page says which is which
    share = reverse("accounts:share-panel", args=[saved_assessment.public_id])
    page = client.get(saved_assessment.get_absolute_url()).content.decode()
    assert "shareable" not in page.lower()
    address = page.split('id="assessment-address">', 1)[1].split("</p>", 1)[0]
    assert address.startswith("This assessment's address, for you:")
    assert f"http://testserver{saved_assessment.get_absolute_url()}" in address
    assert f'<a href="{share}">Share</a>' in address  # the owner makes read-only links there
    carol = get_user_model().objects.create_user("carol", password="pw-carol")
    team = Team.objects.create(name="Sales EMEA")
    Membership.objects.create(team=team, user=user)
    Membership.objects.create(team=team, user=carol, role=Membership.Role.VIEWER)
    Assessment.objects.filter(pk=saved_assessment.pk).update(team=team)
    viewer = Client()
    viewer.force_login(carol)
    page = viewer.get(saved_assessment.get_absolute_url()).content.decode()
    address = page.split('id="assessment-address">', 1)[1].split("</p>", 1)[0]
    assert address.startswith("This assessment's address, for you and the team Sales EMEA:")
    assert share not in page  # a viewer may not make share links (the panel refuses them), so none is offered
    assert "from someone who may change this assessment" in address


def _topbar_links(body: str) -> list[str]:
    header = body.split('<header class="topbar">', 1)[1].split("</header>", 1)[0]
    return re.findall(r'<a [^>]*href="([^"]+)"', header)


def test_a_share_links_reader_not_signed_in_gets_no_app_menu(
    client: Client, anon_client: Client, saved_assessment: Assessment, prices: None
) -> None:
    # the app's pages would only send them to the sign-in page: the bar is the product's name, the tools open to
    # everyone, and Sign in (back to the page they were on)
    link = _create_link(client, saved_assessment)
    public = [reverse("advisor:iolimits"), reverse("pricing:estimate"), reverse("advisor:rules")]
    share = anon_client.get(f"/s/{link.token}/")
    assert _topbar_links(share.content.decode()) == [*public, f"{reverse('account_login')}?next=/s/{link.token}/"]
    for response in (share, anon_client.get(reverse("account_login"))):
        body = response.content.decode()
        assert response.status_code == 200
        assert _topbar_links(body)[:3] == public
        for path in _topbar_links(body):
            assert anon_client.get(path).status_code == 200, path  # nothing in the bar asks them to sign in
        assert "Oracle on AWS Advisor</span>" in body and ">Sign in</a>" in body
        assert "New assessment" not in body and reverse("estates:estate-list") not in body
    signed_in = _topbar_links(client.get(f"/s/{link.token}/").content.decode())  # the signed-in menu is unchanged
    assert reverse("advisor:assessment-new") in signed_in and reverse("estates:estate-list") in signed_in
    assert reverse("account_logout") in signed_in and reverse("account_login") not in signed_in
