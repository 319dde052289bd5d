"""Users run their own teams: create one, add members by username or email, change roles, remove, leave, delete;
an assessment's owner chooses which of their teams sees it, and what a team member may then do follows the role."""

from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.accounts import teams
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


def _save(name: str, owner: Any) -> Assessment:
    return services.assessment_create(meta=services.AssessmentMeta(name=name), workload=Workload(), owner=owner)


def _membership(team: Team, user: Any) -> Membership:
    return Membership.objects.get(team=team, user=user)


class TestCreatingATeam:
    def test_the_creator_becomes_its_manager(self, client: Client, user: Any) -> None:
        response = client.post(reverse("accounts:team-list"), {"name": "  Cloud   sales  "})
        team = Team.objects.get()
        assert response.status_code == 302 and response["Location"] == reverse("accounts:team-detail", args=[team.pk])
        assert team.name == "Cloud sales"  # spaces folded
        assert _membership(team, user).role == "manager"
        assert "Cloud sales" in client.get(reverse("accounts:team-list")).content.decode()

    def test_a_taken_name_is_refused_on_the_name_field_whatever_its_case(self, client: Client) -> None:
        Team.objects.create(name="Cloud sales")
        response = client.post(reverse("accounts:team-list"), {"name": "CLOUD SALES"})
        assert response.status_code == 422
        assert response.context["form"].errors["name"] == [
            "a team called “CLOUD SALES” exists already; choose another name"
        ]
        assert Team.objects.count() == 1

    def test_an_empty_name_is_refused(self, client: Client) -> None:
        response = client.post(reverse("accounts:team-list"), {"name": ""})
        assert response.status_code == 422 and "name" in response.context["form"].errors
        assert not Team.objects.exists()

    def test_anonymous_visitors_are_sent_to_sign_in(self, anon_client: Client) -> None:
        response = anon_client.post(reverse("accounts:team-list"), {"name": "Intruders"})
        assert response.status_code == 302 and reverse("account_login") in response["Location"]
        assert not Team.objects.exists()


class TestMembers:
    @pytest.fixture
    def team(self, user: Any) -> Team:
        return teams.team_create(user=user, name="Architects")

    def test_a_manager_adds_someone_by_email_with_a_role(self, client: Client, team: Team) -> None:
        bob = _user("bob")
        response = client.post(
            reverse("accounts:team-detail", args=[team.pk]), {"who": "BOB@example.com", "role": "viewer"}
        )
        assert response.status_code == 302
        assert _membership(team, bob).role == "viewer"

    def test_an_unknown_account_is_refused_on_the_who_field(self, client: Client, team: Team) -> None:
        response = client.post(
            reverse("accounts:team-detail", args=[team.pk]), {"who": "nobody@example.com", "role": "editor"}
        )
        assert response.status_code == 422
        assert response.context["form"].errors["who"] == [
            "no single active account has the username or email “nobody@example.com”"
        ]

    def test_someone_already_in_the_team_is_not_added_twice(self, client: Client, team: Team, user: Any) -> None:
        response = client.post(reverse("accounts:team-detail", args=[team.pk]), {"who": "alice", "role": "editor"})
        assert response.status_code == 422 and "already in Architects" in response.context["form"].errors["who"][0]
        assert team.memberships.count() == 1

    def test_an_editor_cannot_add_members_or_change_roles(self, team: Team) -> None:
        carol = _user("carol")
        Membership.objects.create(team=team, user=carol, role="editor")
        dave = _user("dave")
        as_carol = _signed_in(carol)
        assert (
            as_carol.post(
                reverse("accounts:team-detail", args=[team.pk]), {"who": "dave", "role": "editor"}
            ).status_code
            == 403
        )
        assert not team.memberships.filter(user=dave).exists()
        mine = _membership(team, carol)
        as_carol.post(reverse("accounts:member-role", args=[team.pk, mine.pk]), {"role": "manager"})
        assert _membership(team, carol).role == "editor"

    def test_a_stranger_gets_404_for_the_team_page(self, team: Team) -> None:
        assert _signed_in(_user("mallory")).get(reverse("accounts:team-detail", args=[team.pk])).status_code == 404

    def test_the_last_manager_can_neither_leave_nor_be_demoted_while_others_remain(
        self, client: Client, team: Team, user: Any
    ) -> None:
        Membership.objects.create(team=team, user=_user("bob"), role="editor")
        mine = _membership(team, user)
        client.post(reverse("accounts:member-remove", args=[team.pk, mine.pk]))
        client.post(reverse("accounts:member-role", args=[team.pk, mine.pk]), {"role": "viewer"})
        assert _membership(team, user).role == "manager"

    def test_a_member_leaves_and_a_manager_removes(self, client: Client, team: Team) -> None:
        bob, carol = _user("bob"), _user("carol")
        Membership.objects.create(team=team, user=bob, role="viewer")
        Membership.objects.create(team=team, user=carol, role="editor")
        response = _signed_in(bob).post(reverse("accounts:member-remove", args=[team.pk, _membership(team, bob).pk]))
        assert response.status_code == 302 and response["Location"] == reverse("accounts:team-list")
        client.post(reverse("accounts:member-remove", args=[team.pk, _membership(team, carol).pk]))
        assert list(team.memberships.values_list("user__username", flat=True)) == ["alice"]

    def test_a_viewer_cannot_remove_someone_else(self, team: Team, user: Any) -> None:
        bob = _user("bob")
        Membership.objects.create(team=team, user=bob, role="viewer")
        _signed_in(bob).post(reverse("accounts:member-remove", args=[team.pk, _membership(team, user).pk]))
        assert team.memberships.filter(user=user).exists()

    def test_deleting_a_team_keeps_its_assessments_with_their_owners(
        self, client: Client, team: Team, user: Any
    ) -> None:
        kept = _save("Billing", user)
        kept.team = team
        kept.save()
        client.post(reverse("accounts:team-delete", args=[team.pk]))
        kept.refresh_from_db()
        assert not Team.objects.exists() and kept.team is None and kept.owner == user


class TestSharingAnAssessmentWithATeam:
    def test_the_owner_shares_with_their_team_and_the_roles_decide_what_members_may_do(
        self, client: Client, user: Any
    ) -> None:
        team = teams.team_create(user=user, name="Architects")
        bob, vera = _user("bob"), _user("vera")
        Membership.objects.create(team=team, user=bob, role="editor")
        Membership.objects.create(team=team, user=vera, role="viewer")
        billing = _save("Billing", user)
        results = reverse("advisor:assessment-results", args=[billing.public_id])
        detail = reverse("advisor:assessment-detail", args=[billing.public_id])
        assert _signed_in(bob).get(results).status_code == 404  # not shared yet

        panel = client.get(reverse("accounts:share-panel", args=[billing.public_id])).content.decode()
        assert "<title>Share Billing · Oracle on AWS Advisor</title>" in panel  # the team form is in the page body
        assert f'<option value="{team.pk}" >Architects</option>' in panel.replace("  ", " ")
        client.post(reverse("accounts:assessment-team", args=[billing.public_id]), {"team": str(team.pk)})
        billing.refresh_from_db()
        assert billing.team == team
        assert _signed_in(bob).get(detail).status_code == 200  # an editor opens the questionnaire
        assert _signed_in(vera).get(results).status_code == 200  # a viewer sees the results
        assert _signed_in(vera).post(detail, form_data(name="Renamed by a viewer")).status_code == 403  # no changes
        billing.refresh_from_db()
        assert billing.name == "Billing"

        client.post(reverse("accounts:assessment-team", args=[billing.public_id]), {"team": ""})
        billing.refresh_from_db()
        assert billing.team is None and _signed_in(bob).get(results).status_code == 404

    def test_a_team_the_owner_is_not_in_is_refused(self, client: Client, user: Any) -> None:
        other = teams.team_create(user=_user("bob"), name="Bob's team")
        billing = _save("Billing", user)
        response = client.post(
            reverse("accounts:assessment-team", args=[billing.public_id]), {"team": str(other.pk)}, follow=True
        )
        billing.refresh_from_db()
        assert billing.team is None
        assert "choose one of the owner's teams, or no team" in unescape(response.content.decode())

    def test_a_team_editor_cannot_move_the_assessment_to_another_team(self, user: Any) -> None:
        team = teams.team_create(user=user, name="Architects")
        bob = _user("bob")
        Membership.objects.create(team=team, user=bob, role="editor")
        billing = _save("Billing", user)
        teams.assessment_set_team(actor=user, assessment=billing, team_id=str(team.pk))
        _signed_in(bob).post(reverse("accounts:assessment-team", args=[billing.public_id]), {"team": ""})
        billing.refresh_from_db()
        assert billing.team == team
