"""What django-axes counts failures against: the account the name typed into the sign-in form (username or
e-mail) resolves to, so that ``bob`` and ``bob@example.com`` share one count; a name no account answers to is
counted as typed."""

from typing import Any

from allauth.account.utils import filter_users_by_email
from django.contrib.auth import get_user_model
from django.http import HttpRequest

NAME_LIMIT = 150  # the length of Django's username column: longer typed names are cut, never looked up whole


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    given = credentials or {}
    name = given.get("username") or given.get("email") or given.get("login")
    if not name and request is not None:
        name = request.POST.get("login", "")
    typed = str(name or "").strip()[:NAME_LIMIT]
    return _account_username(typed).lower()


def _account_username(typed: str) -> str:
    """The username of the one account ``typed`` names (as a username first, then as an e-mail address, both
    case-insensitive); ``typed`` itself when none does, or when several accounts share that address."""
    if not typed or "\x00" in typed:  # PostgreSQL refuses NUL in a query: such a name names no account
        return typed
    users = get_user_model()
    field = users.USERNAME_FIELD
    if users.objects.filter(**{f"{field}__iexact": typed}).exists():
        return typed  # counted lower-cased, as every spelling of this username is
    if "@" in typed:
        owners = {user.get_username().lower() for user in filter_users_by_email(typed)}
        if len(owners) == 1:
            return owners.pop()
    return typed
