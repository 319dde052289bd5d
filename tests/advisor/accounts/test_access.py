"""Who sees and changes which assessment: anonymous nothing, users their own and their teams', staff all."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor import access, services
from advisor.accounts.models import Membership, Team
from advisor.engine.workload import Workload
from advisor.models import Assessment
from tests.conftest import form_data

pytestmark = pytest.mark.django_db


def _user(name: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(name, email=f"{name}@example.com", password="pw-" + name, **extra)


def _signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _save(name: str, owner: Any, team: Team | None = None) -> Assessment:
    meta = services.AssessmentMeta(name=name, customer="Secret customer")
    return services.assessment_create(meta=meta, workload=Workload(), owner=owner, team=team)


def _urls(a: Assessment) -> dict[str, str]:
    pid = a.public_id
    return {
        "detail": reverse("advisor:assessment-detail", args=[pid]),
        "results": reverse("advisor:assessment-results", args=[pid]),
        "export": reverse("advisor:assessment-export", args=[pid]),
        "delete": reverse("advisor:assessment-delete", args=[pid]),
        "report": reverse("advisor:assessment-report", args=[pid]) + "?format=html",
        "share": reverse("accounts:share-panel", args=[pid]),
    }


def test_anonymous_gets_the_sign_in_page_never_data(anon_client: Client, user: Any) -> None:
    mine = _save("Billing", user)
    pages = {"list": reverse("advisor:assessment-list"), "new": reverse("advisor:assessment-new"),
             "import": reverse("advisor:assessment-import"), **_urls(mine)}  # fmt: skip
    for what, url in pages.items():
        response = anon_client.get(url)
        assert response.status_code == 302, what
        assert response["Location"].startswith(reverse("account_login")), what
    for url in (_urls(mine)["detail"], _urls(mine)["delete"], reverse("advisor:assessment-new")):
        assert anon_client.post(url, form_data(name="Hijack")).status_code == 302
    assert anon_client.post(reverse("advisor:assessment-duplicate", args=[mine.public_id])).status_code == 302
    assert list(Assessment.objects.values_list("name", flat=True)) == ["Billing"]
    assert access.visible_assessments(anon_client.get("/").wsgi_request.user).count() == 0


def test_another_users_assessment_is_not_found_by_url_nor_in_search(client: Client, user: Any) -> None:
    bob = _user("bob")
    theirs = _save("Bob's secret", bob)
    for what, url in _urls(theirs).items():
        assert client.get(url).status_code == 404, what
    assert client.post(_urls(theirs)["detail"], form_data(name="Taken over")).status_code == 404
    assert client.post(_urls(theirs)["delete"]).status_code == 404
    assert client.post(reverse("advisor:assessment-duplicate", args=[theirs.public_id])).status_code == 404
    preview = reverse("advisor:assessment-results-preview", args=[theirs.public_id])
    assert client.post(preview, form_data()).status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "Bob's secret"
    listing = client.get(reverse("advisor:assessment-list"), {"q": "secret"})
    assert "Bob&#x27;s secret" not in listing.content.decode() and "Bob's secret" not in listing.content.decode()
    assert [a.name for a in services.assessment_search(user=user, query="")] == []


def test_the_user_sees_and_changes_their_own(client: Client, user: Any) -> None:
    response = client.post(reverse("advisor:assessment-new"), form_data(name="Mine"))
    assert response.status_code == 302
    mine = Assessment.objects.get(name="Mine")
    assert mine.owner == user
    assert client.get(reverse("advisor:assessment-list")).content.decode().count("Mine") >= 1
    for what, url in _urls(mine).items():
        assert client.get(url).status_code == 200, what
    assert client.post(_urls(mine)["delete"]).status_code == 302
    assert not Assessment.objects.filter(pk=mine.pk).exists()


def test_team_members_see_each_others_and_viewers_change_nothing(user: Any) -> None:
    bob, carol = _user("bob"), _user("carol")
    team = Team.objects.create(name="Sales EMEA")
    Membership.objects.create(team=team, user=user)
    Membership.objects.create(team=team, user=bob)
    Membership.objects.create(team=team, user=carol, role=Membership.Role.VIEWER)
    shared = _save("Team work", bob, team)
    private = _save("Bob alone", bob)
    assert {a.name for a in access.visible_assessments(user)} == {"Team work"}
    assert access.can_edit(user, shared) and not access.can_view(user, private)
    assert access.can_view(carol, shared) and not access.can_edit(carol, shared)
    alice = _signed_in(user)
    assert alice.get(_urls(shared)["results"]).status_code == 200
    assert alice.get(_urls(private)["results"]).status_code == 404
    viewer = _signed_in(carol)
    assert viewer.get(_urls(shared)["results"]).status_code == 200
    refused = viewer.post(_urls(shared)["delete"])
    assert refused.status_code == 403
    page = refused.content.decode()  # told why on the site's page, not that it is for staff
    assert "Your team membership lets you see this assessment, not change it." in page and "staff" not in page
    assert Assessment.objects.filter(pk=shared.pk).exists()


def test_staff_see_all_including_ownerless(user: Any) -> None:
    boss = _user("boss", is_staff=True)
    _save("Alice's", user)
    Assessment.objects.filter(pk=_save("Old", None).pk).update(owner=None)
    assert {a.name for a in access.visible_assessments(boss)} == {"Alice's", "Old"}
    assert {a.name for a in access.visible_assessments(user)} == {"Alice's"}
    listing = _signed_in(boss).get(reverse("advisor:assessment-list")).content.decode()
    assert "Alice&#x27;s" in listing and "Old" in listing


def test_import_and_duplicate_belong_to_who_did_them(user: Any) -> None:
    bob = _user("bob")
    team = Team.objects.create(name="T")
    Membership.objects.create(team=team, user=user)
    Membership.objects.create(team=team, user=bob)
    original = _save("Bob's", bob, team)
    response = _signed_in(user).post(reverse("advisor:assessment-duplicate", args=[original.public_id]))
    copy = Assessment.objects.get(name="Copy of Bob's")
    assert response.status_code == 302 and copy.owner == user and copy.team == team
    text = '{"name": "Imported", "workload": {}}'
    assert _signed_in(user).post(reverse("advisor:assessment-import"), {"text": text}).status_code == 302
    assert Assessment.objects.get(name="Imported").owner == user
