import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from advisor.reports.pdf import CHROMIUM_ARGS

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, and the test's ORM calls are
    # synchronous: allow them for the browser tests only.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


def signed_in_cookie(user: Any, url: str) -> dict[str, Any]:
    """A session cookie for ``user`` on the live server at ``url``, as if they had signed in there."""
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    """A page signed in as the ``user`` fixture when the test runs a live server (``anon_page``: not signed in)."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})  # type: ignore[attr-defined]
    if "live_server" in request.fixturenames:
        live_server, user = request.getfixturevalue("live_server"), request.getfixturevalue("user")
        context.add_cookies([signed_in_cookie(user, live_server.url)])
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def anon_page(browser: object) -> Iterator[object]:
    """A fresh browser context with no cookies: a private window."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
