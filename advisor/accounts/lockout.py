"""What django-axes counts failures against: the name typed into the sign-in form (username or email)."""

from typing import Any

from django.http import HttpRequest


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    given = credentials or {}
    name = given.get("username") or given.get("email") or given.get("login")
    if not name and request is not None:
        name = request.POST.get("login", "")
    return str(name or "").strip().lower()[:150]
