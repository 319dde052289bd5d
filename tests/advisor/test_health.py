"""/healthz tells a load balancer whether the database answers; /readyz also whether prices are loaded."""

from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client

from advisor import health
from pricing.models import PriceSnapshot

pytestmark = pytest.mark.django_db


def unreachable_database() -> mock._patch:  # type: ignore[type-arg]
    error = OperationalError('connection to server at "db.internal" (10.0.0.5), port 5432 failed: timeout')
    return mock.patch("advisor.health.connection.cursor", side_effect=error)


def test_healthz_answers_ok_when_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
def test_during_an_outage_callers_who_are_not_staff_read_only_unavailable(
    anon_client: Client, client: Client, path: str
) -> None:
    for caller in (anon_client, client):  # a visitor, then a signed-in user who is not staff
        with unreachable_database():
            response = caller.get(path)
        assert response.status_code == 503 and response["Retry-After"] == "30"
        assert response.json() == {"status": "unavailable", "database": "unavailable"}
        assert "db.internal" not in response.content.decode() and "5432" not in response.content.decode()


def test_healthz_tells_staff_what_failed(client: Client, user: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only when the session still reads: in a full outage staff are anyone too, and the log keeps the detail."""
    user.is_staff = True
    user.save()
    detail = 'unreachable: connection to server at "db.internal" (10.0.0.5), port 5432 failed: timeout'
    monkeypatch.setattr(health, "database_problem", lambda: detail)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"].startswith("unreachable: connection to server at")


def test_readyz_answers_ok_with_current_price_snapshots(client: Client, prices: None) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "missing": []}


def test_readyz_names_the_service_without_a_current_snapshot(client: Client, prices: None) -> None:
    PriceSnapshot.objects.filter(service=PriceSnapshot.Service.EC2).update(is_current=False)
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert len(body["missing"]) == 1
    assert "no current Amazon EC2 price snapshot" in body["missing"][0]


def test_readyz_answers_503_when_the_database_is_unreachable(client: Client) -> None:
    with unreachable_database():
        response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["database"] == "unavailable"


def test_health_endpoints_accept_only_get(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
