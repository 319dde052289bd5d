"""The sign-in lockout counts failures per account, whichever way its name is typed (username or e-mail, any case),
so that spelling the name differently does not buy more guesses; a name no account answers to counts as typed."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from advisor.accounts.lockout import attempted_username

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"
RIGHT = "alice-password-1"


@pytest.fixture(autouse=True)
def _fresh_sign_in_rate_limits() -> Iterator[None]:
    """allauth's own per-address sign-in rate limit (30 a minute) counts in the process-wide cache: these tests sign
    in often, so they start from zero and leave zero behind for the tests that run after them."""
    cache.clear()
    yield
    cache.clear()


def fail(client: Client, login: str, times: int) -> None:
    for _ in range(times):
        assert client.post(LOGIN, {"login": login, "password": "wrong"}).status_code in (200, 429)


def test_every_spelling_of_one_account_resolves_to_its_username(user: Any) -> None:
    for typed in ["alice", "ALICE", " Alice ", "alice@example.com", "Alice@Example.COM"]:
        assert attempted_username(None, {"login": typed}) == "alice", typed  # type: ignore[arg-type]
    assert attempted_username(None, {"username": "alice@example.com"}) == "alice"  # type: ignore[arg-type]


def test_a_name_no_account_answers_to_is_counted_as_typed(user: Any) -> None:
    assert attempted_username(None, {"login": "Ghost@Example.com"}) == "ghost@example.com"  # type: ignore[arg-type]
    assert attempted_username(None, {"login": "al\x00ice"}) == "al\x00ice"  # type: ignore[arg-type]
    assert attempted_username(None, {"login": "x" * 500}) == "x" * 150  # type: ignore[arg-type]
    assert attempted_username(None, None) == ""  # type: ignore[arg-type]


def test_an_address_two_accounts_share_is_counted_as_typed(user: Any) -> None:
    get_user_model().objects.create_user("alicia", email="alice@example.com", password="pw-alicia-1")
    assert attempted_username(None, {"login": "alice@example.com"}) == "alice@example.com"  # type: ignore[arg-type]


def test_failures_by_username_and_by_email_add_up_to_one_lockout(anon_client: Client, user: Any) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    assert limit >= 2
    fail(anon_client, "alice", limit - 1)
    fail(anon_client, "ALICE@example.com", 1)  # the limit-th failure, typed another way
    for typed in ["alice@example.com", "alice", "Alice"]:
        locked = anon_client.post(LOGIN, {"login": typed, "password": RIGHT})
        assert locked.status_code == 429, typed
        assert "Too many failed sign-ins" in locked.content.decode()


def test_failures_on_an_unknown_name_do_not_lock_the_account(anon_client: Client, user: Any) -> None:
    fail(anon_client, "nobody@example.com", settings.AXES_FAILURE_LIMIT)
    assert anon_client.post(LOGIN, {"login": "nobody@example.com", "password": RIGHT}).status_code == 429
    assert anon_client.post(LOGIN, {"login": "alice@example.com", "password": RIGHT}).status_code == 302


def test_a_success_by_email_clears_the_failures_counted_by_username(anon_client: Client, user: Any) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    fail(anon_client, "alice", limit - 1)
    assert anon_client.post(LOGIN, {"login": "alice@example.com", "password": RIGHT}).status_code == 302
    again = Client()
    fail(again, "alice", limit - 1)  # would be past the limit had the first failures still counted
    assert again.post(LOGIN, {"login": "alice", "password": RIGHT}).status_code == 302
