"""Teams that users run themselves: create one, add and remove members, change roles, leave, delete.

Who may do what (the one place these rules live; the team pages and their tests go through here):

- Anyone signed in may create a team; its creator is its first manager.
- A team's managers add members (by username or email), change roles, remove members, rename and delete it.
- Any member may leave; the last manager may not leave or be demoted while others remain (the team would have
  nobody to run it): they delete the team or make someone else a manager first.
- Deleting a team keeps its assessments: they stay with their owners, shared with no team.
- An assessment's owner (or staff) chooses which of the owner's teams sees it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from advisor.accounts.models import Membership, Team
from advisor.models import Assessment

MAX_TEAMS_PER_USER = 50  # a bound on what one account can create, so the pages stay small


class TeamRefused(Exception):
    """A change the rules above refuse; ``field`` names the form field it concerns."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def teams_of(user: Any) -> QuerySet[Team]:
    return Team.objects.filter(memberships__user=user).distinct()


def membership_of(user: Any, team: Team) -> Membership | None:
    return team.memberships.filter(user=user).first()


def is_manager(user: Any, team: Team) -> bool:
    return team.memberships.filter(user=user, role=Membership.Role.MANAGER).exists()


def _require_manager(actor: Any, team: Team) -> None:
    if not is_manager(actor, team):
        raise TeamRefused("team", "only the team's managers may change it")


def _clean_name(raw: str) -> str:
    name = " ".join(str(raw).split())
    if not name:
        raise TeamRefused("name", "give the team a name (1 to 200 characters)")
    if len(name) > 200:
        raise TeamRefused("name", f"at most 200 characters (this one has {len(name)})")
    return name


@transaction.atomic
def team_create(*, user: Any, name: str) -> Team:
    name = _clean_name(name)
    if Membership.objects.filter(user=user).count() >= MAX_TEAMS_PER_USER:
        raise TeamRefused("name", f"one account belongs to at most {MAX_TEAMS_PER_USER} teams")
    if Team.objects.filter(name__iexact=name).exists():
        raise TeamRefused("name", f"a team called “{name}” exists already; choose another name")
    try:
        with transaction.atomic():
            team = Team.objects.create(name=name)
    except IntegrityError:  # created by someone else between the check and the insert
        raise TeamRefused("name", f"a team called “{name}” exists already; choose another name") from None
    Membership.objects.create(team=team, user=user, role=Membership.Role.MANAGER)
    return team


@transaction.atomic
def team_rename(*, actor: Any, team: Team, name: str) -> Team:
    _require_manager(actor, team)
    name = _clean_name(name)
    if Team.objects.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise TeamRefused("name", f"a team called “{name}” exists already; choose another name")
    team.name = name
    team.save(update_fields=["name"])
    return team


def _find_user(who: str) -> Any:
    who = str(who).strip()
    if not who:
        raise TeamRefused("who", "give the username or email address of the person to add")
    found = list(get_user_model().objects.filter(Q(username__iexact=who) | Q(email__iexact=who), is_active=True)[:2])
    if len(found) != 1:
        # one message whether nobody or several match, so the form cannot be used to probe for accounts' emails
        raise TeamRefused("who", f"no single active account has the username or email “{who}”")
    return found[0]


def _role(raw: str) -> str:
    if raw not in Membership.Role.values:
        raise TeamRefused("role", f"choose one of {', '.join(Membership.Role.values)}")
    return raw


@transaction.atomic
def member_add(*, actor: Any, team: Team, who: str, role: str) -> Membership:
    _require_manager(actor, team)
    role, user = _role(role), _find_user(who)
    if team.memberships.filter(user=user).exists():
        raise TeamRefused("who", f"{user.get_username()} is already in {team.name}")
    return Membership.objects.create(team=team, user=user, role=role)


def _managers_left(team: Team, without: Membership) -> int:
    return team.memberships.filter(role=Membership.Role.MANAGER).exclude(pk=without.pk).count()


@transaction.atomic
def member_set_role(*, actor: Any, membership: Membership, role: str) -> Membership:
    team = Team.objects.select_for_update().get(pk=membership.team_id)
    _require_manager(actor, team)
    role = _role(role)
    if membership.role == Membership.Role.MANAGER and role != membership.role and not _managers_left(team, membership):
        raise TeamRefused("role", "the team's last manager stays a manager: make someone else a manager first")
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def member_remove(*, actor: Any, membership: Membership) -> None:
    """A manager removes anyone; a member removes themselves (leaving). Never the last manager of a team with
    other members: a team nobody can run is refused."""
    team = Team.objects.select_for_update().get(pk=membership.team_id)
    if membership.user_id != getattr(actor, "pk", None):
        _require_manager(actor, team)
    others = team.memberships.exclude(pk=membership.pk)
    if membership.role == Membership.Role.MANAGER and others.exists() and not _managers_left(team, membership):
        raise TeamRefused("team", "the team's last manager cannot leave: make someone else a manager, or delete it")
    membership.delete()
    if not others.exists():
        team.delete()  # nobody left in it: its assessments stay with their owners, shared with no team


@transaction.atomic
def team_delete(*, actor: Any, team: Team) -> int:
    """Delete the team; its assessments keep their owners and are shared with no team. Returns how many."""
    _require_manager(actor, team)
    kept = Assessment.objects.filter(team=team).update(team=None)
    team.delete()
    return kept


def team_choices_for(assessment: Assessment) -> QuerySet[Team]:
    """The teams an assessment may be shared with: those its owner belongs to."""
    if assessment.owner_id is None:
        return Team.objects.none()
    return teams_of(assessment.owner)


@transaction.atomic
def assessment_set_team(*, actor: Any, assessment: Assessment, team_id: str) -> Assessment:
    """The owner (or staff) shares the assessment with one of the owner's teams, or with none (``team_id`` "")."""
    if not (getattr(actor, "is_staff", False) or assessment.owner_id == getattr(actor, "pk", None)):
        raise TeamRefused("team", "only the assessment's owner chooses the team that sees it")
    team = None
    if str(team_id).strip():
        try:
            team = team_choices_for(assessment).get(pk=int(str(team_id).strip()))
        except (ValueError, Team.DoesNotExist):
            raise TeamRefused("team", "choose one of the owner's teams, or no team") from None
    assessment.team = team
    assessment.save(update_fields=["team", "updated_at"])
    return assessment
