"""Create, check and revoke API tokens. A key is 256 random bits; its SHA-256 is what the database keeps."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.utils import timezone

from advisor.apikeys.models import ApiKey

KEY_PREFIX = "oaa_"  # "Oracle on AWS Advisor": lets secret scanners and people recognise a leaked key
NAME_MAX = 100
LAST_USED_EVERY_SECONDS = 60  # write last_used at most once a minute per key, not on every request


def _digest(raw_key: str) -> str:
    return hashlib.sha256(raw_key.encode("utf-8", "surrogatepass")).hexdigest()


def apikey_create(*, user: Any, name: str) -> tuple[ApiKey, str]:
    """A new token for ``user`` and its key, which is not stored and cannot be shown again."""
    name = name.strip()
    if not name:
        raise ValueError("Give the token a name (what will use it), up to 100 characters.")
    if len(name) > NAME_MAX or "\x00" in name:
        raise ValueError("The name must be at most 100 characters, without NUL characters.")
    raw_key = KEY_PREFIX + secrets.token_urlsafe(32)
    key = ApiKey.objects.create(user=user, name=name, prefix=raw_key[:12], key_hash=_digest(raw_key))
    return key, raw_key


def apikey_revoke(*, user: Any, key_id: int) -> ApiKey | None:
    """Revoke one of ``user``'s own tokens (None if there is no such token of theirs)."""
    key = ApiKey.objects.filter(user=user, pk=key_id).first()
    if key is not None and key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key


def apikey_check(raw_key: str) -> ApiKey | None:
    """The active token a presented key belongs to (its user active too), or None."""
    if not raw_key.startswith(KEY_PREFIX) or len(raw_key) > 100:
        return None
    key = (
        ApiKey.objects.select_related("user")
        .filter(key_hash=_digest(raw_key), revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if key is None:
        return None
    now = timezone.now()
    if key.last_used is None or (now - key.last_used).total_seconds() >= LAST_USED_EVERY_SECONDS:
        ApiKey.objects.filter(pk=key.pk).update(last_used=now)
        key.last_used = now
    return key
