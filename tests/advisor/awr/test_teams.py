"""An import is shared with one of its uploader's teams from the upload page or the API; its members see it, others
do not, and a team the uploader is not in is refused on the field."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor.accounts.models import Membership, Team
from advisor.awr.models import ReportImport
from tests.advisor.awr.samples import MINER, needs_samples
from tests.advisor.awr.uploads import files_of

pytestmark = needs_samples
SAMPLE = MINER / "dbcsi_awr_sample01.out"


def signed_in(name: str) -> tuple[Any, Client]:
    person = get_user_model().objects.create_user(name, password="x")
    client = Client()
    client.force_login(person)
    return person, client


def test_an_import_shared_with_a_team_is_seen_by_its_members_and_no_one_else(client: Client, user: Any) -> None:
    team = Team.objects.create(name="DBA")
    Membership.objects.create(team=team, user=user, role=Membership.Role.EDITOR)
    member, member_client = signed_in("carol")
    Membership.objects.create(team=team, user=member, role=Membership.Role.VIEWER)
    _, outsider = signed_in("mallory")

    response = client.post(reverse("awr:upload"), {"files": files_of(SAMPLE), "team": str(team.pk)})

    assert response.status_code == 302
    made = ReportImport.objects.get()
    assert made.team == team and made.owner == user
    assert member_client.get(made.get_absolute_url()).status_code == 200
    assert outsider.get(made.get_absolute_url()).status_code == 404


def test_a_team_the_uploader_is_not_in_is_refused_on_the_field_and_nothing_is_saved(client: Client) -> None:
    elsewhere = Team.objects.create(name="Elsewhere")

    page = client.post(reverse("awr:upload"), {"files": files_of(SAMPLE), "team": str(elsewhere.pk)})
    api = client.post("/api/v1/awr/imports", {"files": files_of(SAMPLE), "team": str(elsewhere.pk)})

    assert page.status_code == 422 and "not one of your teams" in page.content.decode()
    assert api.status_code == 400 and api.json()["errors"][0]["path"] == "team"
    assert ReportImport.objects.count() == 0


def test_the_api_shares_with_the_team_it_is_given(client: Client, user: Any) -> None:
    team = Team.objects.create(name="DBA")
    Membership.objects.create(team=team, user=user, role=Membership.Role.MANAGER)

    response = client.post("/api/v1/awr/imports", {"files": files_of(SAMPLE), "team": str(team.pk)})

    assert response.status_code == 201
    assert ReportImport.objects.get().team == team
