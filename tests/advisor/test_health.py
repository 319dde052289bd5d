"""/healthz tells a load balancer whether the database answers; /readyz also whether prices are loaded."""

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client

from pricing.models import PriceSnapshot

pytestmark = pytest.mark.django_db


def unreachable_database() -> mock._patch:  # type: ignore[type-arg]
    error = OperationalError('connection to server at "db.internal" (10.0.0.5), port 5432 failed: timeout')
    return mock.patch("advisor.health.connection.cursor", side_effect=error)


def test_healthz_answers_ok_when_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


def test_healthz_answers_503_naming_the_database_when_it_is_unreachable(client: Client) -> None:
    with unreachable_database():
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
    assert response.json()["database"].startswith("unreachable:")


def test_health_endpoints_accept_only_get(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
