"""The client's address: the socket's unless trusted proxies are configured, then the one the outermost saw."""

from typing import Any

import pytest
from django.test import RequestFactory

from config.clients import client_address

# a client at 203.0.113.7 wrote "198.51.100.1" itself; the load balancer appended 203.0.113.7, its peer
FORWARDED = "198.51.100.1, 203.0.113.7"


def _request(forwarded: str | None = FORWARDED, remote: str = "10.0.0.2") -> Any:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_by_default_the_socket_address_is_the_client_and_the_header_is_ignored(settings: Any) -> None:
    assert settings.TRUSTED_PROXY_COUNT == 0
    assert client_address(_request()) == "10.0.0.2"


@pytest.mark.parametrize(
    ("proxies", "expected"),
    [
        (1, "203.0.113.7"),  # 1st from the right: what the one load balancer saw
        (2, "198.51.100.1"),  # 2nd from the right: two proxies, the outer one appended this
        (5, "198.51.100.1"),  # fewer entries than proxies: the leftmost, never the socket's proxy address
    ],
)
def test_behind_trusted_proxies_the_nth_address_from_the_right_is_the_client(
    settings: Any, proxies: int, expected: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(_request()) == expected


def test_a_forwarded_entry_that_is_not_an_address_falls_back_to_the_socket(settings: Any) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_address(_request("1.2.3.4, not-an-address")) == "10.0.0.2"
    assert client_address(_request(None)) == "10.0.0.2"
    assert client_address(_request(" 2001:db8::1 ")) == "2001:db8::1"


@pytest.mark.django_db
def test_the_sign_in_lockout_records_the_address_the_rate_limit_uses(settings: Any) -> None:
    from axes.models import AccessAttempt
    from django.test import Client

    settings.TRUSTED_PROXY_COUNT = 1
    Client(REMOTE_ADDR="10.0.0.2").post(
        "/accounts/login/", {"login": "nobody", "password": "wrong"}, HTTP_X_FORWARDED_FOR=FORWARDED
    )
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.7"]
