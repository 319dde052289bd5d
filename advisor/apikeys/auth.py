"""Who is calling the JSON API, and how often they may: Bearer tokens, the session, or an address.

``api_key`` accepts ``Authorization: Bearer <key>`` with an active token; ``session_user`` a signed-in browser;
``anonymous_client`` lets compute-only endpoints answer callers who send no credentials at all (a key that is
sent but unknown or revoked is refused with 401, never quietly ignored, not even beside a signed-in session). ``ClientRateThrottle`` counts requests
per token, per user, else per address (``config.clients``: the socket's, or the one the trusted proxies saw), at
``settings.API_RATE_LIMIT`` (read on every request, so tests can lower it), in the database cache ``api-throttle``,
so every web worker process counts against the same limit (while that table is unreachable, each worker counts in
its own memory, so compute-only calls keep answering). A refused caller (wrong key, no credentials where they
are needed) counts against its address too (``refusal_wait``), so keys cannot be tried without end.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError
from django.http import HttpRequest
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle

from advisor.apikeys.models import ApiKey
from advisor.apikeys.services import apikey_check
from config.clients import client_address

THROTTLE_CACHE = "api-throttle"
OUTAGE_CACHE = "default"  # in-process memory: the limit holds per worker while the database is down


class ApiKeyBearer(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> ApiKey | None:
        key = apikey_check(token)
        if key is not None:
            request.user = key.user  # the token acts for its owner
        return key


class Anonymous:
    """The ``request.auth`` of a caller who sent no credentials."""

    def __str__(self) -> str:
        return "anonymous"

    def __bool__(self) -> bool:
        return True


ANONYMOUS = Anonymous()
api_key = ApiKeyBearer()
CREDENTIALS_REQUIRED = "x-credentials-required"  # in a route's openapi_extra: no anonymous access (config/api.py)


def session_user(request: HttpRequest) -> Any:
    """The signed-in browser's user, unless the request sends an ``Authorization`` header: a caller who chose a
    token is judged by that token alone, so a wrong or revoked key gets 401 even beside a live session."""
    if "Authorization" in request.headers:
        return None
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated and user.is_active else None


def anonymous_client(request: HttpRequest) -> Anonymous | None:
    return None if "Authorization" in request.headers else ANONYMOUS


class ClientRateThrottle(SimpleRateThrottle):
    scope = "api"

    def __init__(self) -> None:
        super().__init__(rate=settings.API_RATE_LIMIT)

    def allow_request(self, request: HttpRequest) -> bool:
        self.cache = caches[THROTTLE_CACHE]
        self.rate = settings.API_RATE_LIMIT
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request)
        except DatabaseError:  # the counts' table is unreachable: count in this process until it is back
            self.cache = caches[OUTAGE_CACHE]
            return super().allow_request(request)

    def get_ident(self, request: HttpRequest) -> str:
        return client_address(request)

    def get_cache_key(self, request: HttpRequest) -> str:
        auth = getattr(request, "auth", None)
        if isinstance(auth, ApiKey):
            ident = f"key-{auth.pk}"
        elif auth is not None and not isinstance(auth, Anonymous) and getattr(auth, "pk", None) is not None:
            ident = f"user-{auth.pk}"
        else:
            ident = f"ip-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


def refusal_wait(request: HttpRequest) -> float | None:
    """Count a refused request against its address; None while within the limit, else the seconds to wait."""
    throttle = ClientRateThrottle()
    request.auth = None  # type: ignore[attr-defined]  # refused: whatever it claimed, it is counted by address
    if throttle.allow_request(request):
        return None
    return throttle.wait() or 1.0
