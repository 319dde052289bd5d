"""While the database is down, compute-only API calls keep answering; calls that need saved data answer 503 with
Retry-After, never 500 (issue 27)."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import OperationalError
from django.test import Client

from advisor import access
from advisor.apikeys.auth import OUTAGE_CACHE
from pricing.snapshots import books as price_books

pytestmark = pytest.mark.django_db
DOWN = OperationalError('connection to server at "db.internal" (10.0.0.5), port 5432 failed')
IO = {"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": 100}
COMPUTE_ONLY = {
    "/api/v1/workloads/validate": {},
    "/api/v1/verdicts": {},
    "/api/v1/recommendations": {},
    "/api/v1/iolimits": IO,
}


def _down(*args: Any, **kwargs: Any) -> Any:
    raise DOWN


@pytest.fixture
def throttle_table_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The counts' table does not answer; the worker's own memory (where counts go meanwhile) starts empty."""
    caches[OUTAGE_CACHE].clear()
    for method in ("get", "set", "add", "delete", "touch", "get_many"):
        monkeypatch.setattr(DatabaseCache, method, _down)
    yield
    caches[OUTAGE_CACHE].clear()


@pytest.fixture
def snapshots_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The price snapshots cannot be read again (the worker's price books, read before the outage, are kept)."""
    monkeypatch.setattr(price_books, "BOOK_KEY_SECONDS", 0.0)
    monkeypatch.setattr(price_books, "snapshot_current", _down)


@pytest.mark.parametrize("path", list(COMPUTE_ONLY))
def test_compute_only_calls_answer_while_the_rate_limit_table_is_down(
    anon_client: Client, prices: None, path: str, throttle_table_down: None
) -> None:
    response = anon_client.post(path, COMPUTE_ONLY[path], "application/json")
    assert response.status_code == 200, response.content[:300]


def test_the_limit_still_holds_per_worker_while_its_table_is_down(
    anon_client: Client, settings: Any, throttle_table_down: None
) -> None:
    settings.API_RATE_LIMIT = "2/m"
    answers = [anon_client.post("/api/v1/verdicts", {}, "application/json").status_code for _ in range(3)]
    assert answers == [200, 200, 429]


def test_recommendations_keep_quoting_the_prices_last_read(anon_client: Client, prices: None, request: Any) -> None:
    warm = anon_client.post("/api/v1/recommendations", {"sizing": {"peak_cpu": 3}}, "application/json")
    assert warm.status_code == 200  # reads the snapshots into this worker's price books
    request.getfixturevalue("throttle_table_down")
    request.getfixturevalue("snapshots_unreadable")
    response = anon_client.post("/api/v1/recommendations", {"sizing": {"peak_cpu": 5}}, "application/json")
    assert response.status_code == 200 and response.content != warm.content  # computed anew, not a kept answer


def test_an_estimate_without_prices_read_before_the_outage_answers_503(
    anon_client: Client, throttle_table_down: None, snapshots_unreadable: None
) -> None:
    price_books.clear_price_books()
    body = {"platform": "rds", "region": "us-east-1", "instance_class": "db.m5.large", "edition": "se2",
            "licence_model": "li"}  # fmt: skip
    response = anon_client.post("/api/v1/estimate", body, "application/json")
    assert response.status_code == 503, response.content[:300]
    assert response["Retry-After"] == "30"
    assert "5432" not in response.content.decode() and "db.internal" not in response.content.decode()


def test_saved_data_calls_answer_503_with_retry_after(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(access, "visible_assessments", _down)
    response = client.get("/api/v1/assessments")
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert "The database is unavailable" in response.json()["errors"][0]["message"]
