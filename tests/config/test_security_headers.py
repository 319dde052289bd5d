"""Every page carries the Content-Security-Policy and the other security headers; cookies are locked down."""

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def csp_directives(header: str) -> dict[str, str]:
    return {part.split()[0]: part.strip() for part in header.split(";") if part.strip()}


def test_a_page_carries_a_strict_content_security_policy(client: Client) -> None:
    response = client.get("/healthz")
    directives = csp_directives(response["Content-Security-Policy"])
    assert directives["default-src"] == "default-src 'self'"
    assert directives["script-src"] == "script-src 'self'"  # no 'unsafe-inline', no 'unsafe-eval'
    assert directives["object-src"] == "object-src 'none'"
    assert directives["base-uri"] == "base-uri 'self'"
    assert directives["frame-ancestors"] == "frame-ancestors 'none'"
    assert directives["form-action"] == "form-action 'self'"
    assert directives["img-src"] == "img-src 'self' data: blob:"
    assert "unsafe-inline" not in directives["style-src-elem"]  # only style attributes are allowed inline


def test_responses_carry_the_security_headers(client: Client) -> None:
    response = client.get("/healthz")
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


def test_session_and_csrf_cookies_are_httponly_and_same_site() -> None:
    assert settings.SESSION_COOKIE_HTTPONLY is True
    assert settings.CSRF_COOKIE_HTTPONLY is True
    assert settings.SESSION_COOKIE_SAMESITE == "Lax"
    assert settings.CSRF_COOKIE_SAMESITE == "Lax"
