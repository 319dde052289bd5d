"""Read-only share links: create, revoke, and resolve a token to what it may show (or why it no longer does)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from advisor.models import Assessment, ShareLink

EXPIRY_DAYS = (1, 7, 30)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe gives, at most the column's length


class ShareGone(Exception):
    """The link existed but was revoked or has expired: the page says which (410)."""

    def __init__(self, link: ShareLink, reason: str) -> None:
        super().__init__(reason)
        self.link, self.reason = link, reason


def parse_expiry_days(raw: object) -> int:
    """The ``days`` field: one of 1, 7 or 30; anything else is refused naming the field."""
    try:
        days = int(str(raw).strip())
    except ValueError:
        days = 0
    if days not in EXPIRY_DAYS:
        raise ValueError(f"days: choose one of {', '.join(map(str, EXPIRY_DAYS))}")
    return days


def share_create(*, assessment: Assessment, user: Any, days: int) -> ShareLink:
    return ShareLink.objects.create(
        assessment=assessment, created_by=user, expires_at=timezone.now() + timedelta(days=days)
    )


@transaction.atomic
def share_revoke(*, link: ShareLink) -> ShareLink:
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return link


def share_links_for(assessment: Assessment) -> list[ShareLink]:
    return list(assessment.share_links.all()[:50])


def share_resolve(token: str) -> ShareLink | None:
    """The live link for ``token``; None when there is no such link; ``ShareGone`` when revoked or expired."""
    if not _TOKEN.fullmatch(token):
        return None  # never a token (and PostgreSQL refuses a NUL in a compared string)
    link = ShareLink.objects.select_related("assessment").filter(token=token).first()
    if link is None:
        return None
    if link.revoked_at is not None:
        raise ShareGone(link, "revoked")
    if link.expires_at <= timezone.now():
        raise ShareGone(link, "expired")
    return link
