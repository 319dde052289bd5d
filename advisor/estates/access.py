"""Who may see and change which estate: the same rules as assessments (``advisor.access``), over estates.

Staff see and change every estate; a user sees their own and their teams', and changes their own and their teams'
where their membership is a manager's or an editor's; anyone not signed in sees none."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from advisor.access import EDITING_ROLES
from advisor.estates.models import Estate


def _signed_in(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.is_active)


def visible_estates(user: Any) -> QuerySet[Estate]:
    if not _signed_in(user):
        return Estate.objects.none()
    if user.is_staff:
        return Estate.objects.all()
    return Estate.objects.filter(Q(owner=user) | Q(team__memberships__user=user)).distinct()


def can_view(user: Any, estate: Estate) -> bool:
    if not _signed_in(user):
        return False
    if user.is_staff or (estate.owner_id is not None and estate.owner_id == user.pk):
        return True
    return estate.team_id is not None and estate.team.memberships.filter(user=user).exists()


def can_edit(user: Any, estate: Estate) -> bool:
    if not _signed_in(user):
        return False
    if user.is_staff or (estate.owner_id is not None and estate.owner_id == user.pk):
        return True
    return estate.team_id is not None and estate.team.memberships.filter(user=user, role__in=EDITING_ROLES).exists()
