"""Who may see and use which AWR import. Built on ``advisor.access`` so the rules stay those of assessments:

- An import attached to an assessment is seen by whoever may see the assessment, and used (a new assessment made
  from it) by whoever may see it too: making an assessment from figures changes nothing of the original.
- An import not attached yet is its owner's, and its team's members' when it has a team; staff see all.
- Anyone not signed in sees nothing.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from advisor import access
from advisor.awr.models import ReportImport


def _signed_in(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.is_active)


def visible_imports(user: Any) -> QuerySet[ReportImport]:
    """The imports ``user`` may see (none for anonymous)."""
    if not _signed_in(user):
        return ReportImport.objects.none()
    if user.is_staff:
        return ReportImport.objects.all()
    unattached = Q(assessment__isnull=True) & (Q(owner=user) | Q(team__memberships__user=user))
    attached = Q(assessment__in=access.visible_assessments(user))
    return ReportImport.objects.filter(unattached | attached).distinct()


def can_view_import(user: Any, report_import: ReportImport) -> bool:
    if not _signed_in(user):
        return False
    if report_import.assessment_id is not None:
        return access.can_view(user, report_import.assessment)
    if user.is_staff or report_import.owner_id == user.pk:
        return True
    return report_import.team_id is not None and report_import.team.memberships.filter(user=user).exists()


def can_delete_import(user: Any, report_import: ReportImport) -> bool:
    """Attached reports go with their assessment (deleted with it); an unattached import by whoever may see it and
    is its owner or staff."""
    if report_import.assessment_id is not None or not _signed_in(user):
        return False
    return bool(user.is_staff or report_import.owner_id == user.pk)
