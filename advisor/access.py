"""Who may see and change which assessment: the one place the rules live (views, services and the API use these).

- Staff see and change every assessment, including rows without an owner (saved before accounts existed).
- A user sees their own and those of every team they belong to; they change their own and their teams' where
  their membership is a manager's or an editor's (a viewer's membership only shows).
- Anyone not signed in sees nothing (share links are checked by ``advisor.accounts.sharing``, not here).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from advisor.models import Assessment

EDITING_ROLES = ("manager", "editor")  # a viewer's membership only shows


def _signed_in(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.is_active)


def visible_assessments(user: Any) -> QuerySet[Assessment]:
    """The assessments ``user`` may see (none for anonymous)."""
    if not _signed_in(user):
        return Assessment.objects.none()
    if user.is_staff:
        return Assessment.objects.all()
    return Assessment.objects.filter(Q(owner=user) | Q(team__memberships__user=user)).distinct()


def can_view(user: Any, assessment: Assessment) -> bool:
    if not _signed_in(user):
        return False
    if user.is_staff or (assessment.owner_id is not None and assessment.owner_id == user.pk):
        return True
    return assessment.team_id is not None and assessment.team.memberships.filter(user=user).exists()


def can_edit(user: Any, assessment: Assessment) -> bool:
    if not _signed_in(user):
        return False
    if user.is_staff or (assessment.owner_id is not None and assessment.owner_id == user.pk):
        return True
    if assessment.team_id is None:
        return False
    return assessment.team.memberships.filter(user=user, role__in=EDITING_ROLES).exists()
