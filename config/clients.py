"""The client's address, the one way every part of the app reads it (the API's rate limit, the sign-in lockout).

With ``settings.TRUSTED_PROXY_COUNT`` at 0 (the default) it is the socket's address, ``REMOTE_ADDR``: nothing in
``X-Forwarded-For`` is believed, since any client can write that header. Behind N proxies that each append the
address they received the request from (an AWS Application Load Balancer does), the client is the Nth address from
the right of ``X-Forwarded-For``: what the outermost trusted proxy saw. Addresses further left were written by the
client and are never used. A count larger than the proxies really in front lets a client choose its address.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The address to count and lock out by; the socket's when the proxies' header is absent or not an address."""
    remote = request.META.get("REMOTE_ADDR") or ""
    count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    forwarded = [part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if count <= 0 or not forwarded:
        return remote
    # fewer entries than proxies: the request passed fewer of them; the leftmost is still one a proxy wrote
    return _address(forwarded[-min(count, len(forwarded))]) or remote
