"""Giving assessments without an owner (saved before accounts existed) to the first superuser."""

from typing import Any


def give_ownerless_to_first_superuser(assessment_model: Any, user_model: Any) -> int:
    """How many rows were given; none when there is no superuser yet (they stay visible to staff only)."""
    first = user_model.objects.filter(is_superuser=True).order_by("pk").first()
    if first is None:
        return 0
    return assessment_model.objects.filter(owner__isnull=True).update(owner=first)
