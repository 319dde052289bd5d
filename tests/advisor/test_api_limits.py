"""The API's rate limit (429 with Retry-After, per client) and its JSON answer to unexpected errors."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from advisor import services
from advisor.apikeys.services import apikey_create

VALIDATE = "/api/v1/workloads/validate"


def test_the_limit_answers_429_with_retry_after(anon_client: Client, settings: Any) -> None:
    settings.API_RATE_LIMIT = "3/m"
    answers = [anon_client.post(VALIDATE, {}, "application/json").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    refused = anon_client.post(VALIDATE, {}, "application/json")
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    error = refused.json()["errors"][0]
    assert error["path"] == "request" and "Too many requests" in error["message"]


def test_a_token_is_counted_apart_from_its_address(anon_client: Client, settings: Any, user: Any) -> None:
    settings.API_RATE_LIMIT = "2/m"
    _, key = apikey_create(user=user, name="CI")
    for _ in range(2):
        assert anon_client.post(VALIDATE, {}, "application/json").status_code == 200
    assert anon_client.post(VALIDATE, {}, "application/json").status_code == 429
    with_key = anon_client.post(VALIDATE, {}, "application/json", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert with_key.status_code == 200


@pytest.mark.parametrize("path", ["/api/v1/verdicts", "/api/v1/recommendations"])
def test_an_unexpected_error_answers_json_without_a_traceback(
    anon_client: Client, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(services, "verdicts_for", broken)
    monkeypatch.setattr(services, "recommendation_json_text", broken)
    response = anon_client.post(path, {}, "application/json")
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    body = response.content.decode()
    assert response.json()["errors"][0]["path"] == "server"
    assert "secret internals" not in body and "Traceback" not in body


def test_a_wrong_method_answers_json(anon_client: Client) -> None:
    response = anon_client.get("/api/v1/verdicts")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert response.json()["errors"][0]["path"] == "method"


def test_the_counts_live_in_the_database_so_every_worker_process_shares_them(
    anon_client: Client, settings: Any
) -> None:
    """A second worker process has its own in-memory caches; it must see the same counts. A fresh cache handler
    (what another process would build from the same settings) reads the table the first one wrote."""
    from django.core.cache import CacheHandler

    settings.API_RATE_LIMIT = "2/m"
    for _ in range(2):
        assert anon_client.post(VALIDATE, {}, "application/json").status_code == 200
    other_process = CacheHandler()["api-throttle"]
    assert type(other_process).__name__ == "DatabaseCache"
    counted = [other_process.get(f"throttle_api_ip-{address}") for address in ("127.0.0.1",)]
    assert counted[0] is not None and len(counted[0]) == 2  # two request times recorded for this address
    assert anon_client.post(VALIDATE, {}, "application/json").status_code == 429


def test_the_migration_creates_the_rate_limit_table_a_deployment_needs(db: None) -> None:
    """The test database gets cache tables by itself; a deployment gets them only from this migration."""
    import importlib
    from types import SimpleNamespace

    from django.db import connection

    migration = importlib.import_module("advisor.apikeys.migrations.0002_api_throttle_cache_table")
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {connection.ops.quote_name('api_throttle')}")
    assert "api_throttle" not in connection.introspection.table_names()
    migration.create_cache_table(None, SimpleNamespace(connection=connection))
    assert "api_throttle" in connection.introspection.table_names()


def test_a_redo_rate_above_the_write_throughput_is_refused_on_its_field(anon_client: Client) -> None:
    body = {"io": {"peak_write_mib_s": 30, "redo_mib_s": 45}}
    refused = anon_client.post(VALIDATE, body, "application/json")
    assert refused.status_code == 400
    (error,) = [e for e in refused.json()["errors"] if e["path"] == "io.redo_mib_s"]
    assert "cannot exceed the peak write throughput (30 MiB/s)" in error["message"]


def test_a_rotated_forwarded_for_header_does_not_buy_more_requests(anon_client: Client, settings: Any) -> None:
    """No proxy is trusted by default: every request from this socket counts once, whatever the header says."""
    settings.API_RATE_LIMIT = "2/m"
    answers = [
        anon_client.post(VALIDATE, {}, "application/json", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(3)
    ]
    assert answers == [200, 200, 429]


def test_behind_one_trusted_proxy_each_forwarded_client_has_its_own_limit(anon_client: Client, settings: Any) -> None:
    settings.API_RATE_LIMIT = "1/m"
    settings.TRUSTED_PROXY_COUNT = 1

    def post(forwarded: str) -> int:
        return anon_client.post(VALIDATE, {}, "application/json", HTTP_X_FORWARDED_FOR=forwarded).status_code

    assert post("198.51.100.1") == 200
    assert post("198.51.100.2") == 200  # another client behind the same load balancer
    assert post("203.0.113.9, 198.51.100.1") == 429  # the part the client wrote itself is not believed


@pytest.mark.parametrize("path", [VALIDATE, "/api/v1/estates"])
def test_wrong_bearer_tokens_are_throttled_per_address(anon_client: Client, settings: Any, path: str) -> None:
    settings.API_RATE_LIMIT = "3/m"
    answers = [
        anon_client.get(path, HTTP_AUTHORIZATION=f"Bearer wrong-{n}") if path.endswith("estates")
        else anon_client.post(path, {}, "application/json", HTTP_AUTHORIZATION=f"Bearer wrong-{n}")
        for n in range(4)
    ]  # fmt: skip
    assert [a.status_code for a in answers] == [401, 401, 401, 429]
    assert 1 <= int(answers[-1]["Retry-After"]) <= 60
    assert answers[-1].json()["errors"][0]["path"] == "request"
