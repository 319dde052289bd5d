"""Personal API tokens: created and revoked at /account/tokens/, sent as ``Authorization: Bearer <key>``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.apikeys.models import ApiKey
from advisor.engine.workload import parse_workload
from advisor.models import Assessment

TOKENS = "/account/tokens/"


def _create_key(client: Client, name: str = "CI pipeline") -> str:
    response = client.post(TOKENS, {"name": name})
    assert response.status_code == 200
    found = re.search(r'<code id="new-key">([^<]+)</code>', response.content.decode())
    assert found, "the new key is shown"
    return found.group(1)


def _saved(name: str, owner: Any) -> Assessment:
    workload = parse_workload({"sizing": {"db_size_gib": 100}})
    return services.assessment_create(
        meta=services.AssessmentMeta(name=name, customer="ACME", project="Exit"), workload=workload, owner=owner
    )


def _bearer(key: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


@pytest.fixture
def bob(db: None) -> Any:
    return get_user_model().objects.create_user("bob", email="bob@example.com", password="bob-password-1")


def test_a_new_key_is_shown_once_and_only_its_hash_is_kept(client: Client, user: Any) -> None:
    key = _create_key(client)
    stored = ApiKey.objects.get(user=user)
    assert stored.name == "CI pipeline" and key not in stored.key_hash and len(stored.key_hash) == 64
    again = client.get(TOKENS).content.decode()
    assert key not in again and stored.prefix in again and "CI pipeline" in again


def test_a_token_needs_a_name(client: Client) -> None:
    response = client.post(TOKENS, {"name": "  "})
    assert response.status_code == 422 and "Give the token a name" in response.content.decode()
    assert not ApiKey.objects.exists()


def test_anonymous_visitors_get_the_sign_in_page(anon_client: Client) -> None:
    response = anon_client.get(TOKENS)
    assert response.status_code == 302 and "login" in response["Location"]


def test_bearer_lists_the_callers_assessments_only(client: Client, user: Any, bob: Any) -> None:
    mine = _saved("Billing", user)
    _saved("Bob's ledger", bob)
    key = _create_key(client)
    response = Client().get("/api/v1/assessments", **_bearer(key))
    assert response.status_code == 200
    listed = response.json()
    assert [a["name"] for a in listed] == ["Billing"]
    assert listed[0]["url"].endswith(mine.get_absolute_url()) and set(listed[0]) == {
        "public_id", "name", "customer", "project", "url", "updated"
    }  # fmt: skip
    assert ApiKey.objects.get().last_used is not None


def test_one_assessment_comes_with_its_workload(client: Client, user: Any) -> None:
    mine = _saved("Billing", user)
    key = _create_key(client)
    response = Client().get(f"/api/v1/assessments/{mine.public_id}", **_bearer(key))
    assert response.status_code == 200
    assert response.json()["workload"]["sizing"]["db_size_gib"] == 100


def test_another_users_assessment_is_not_found(client: Client, bob: Any) -> None:
    theirs = _saved("Bob's ledger", bob)
    key = _create_key(client)
    response = Client().get(f"/api/v1/assessments/{theirs.public_id}", **_bearer(key))
    assert response.status_code == 404
    assert response.json()["errors"][0]["path"] == "url" and "Bob" not in response.content.decode()


def test_a_revoked_key_stops_working(client: Client) -> None:
    key = _create_key(client)
    api = Client()
    assert api.get("/api/v1/assessments", **_bearer(key)).status_code == 200
    revoke = client.post(reverse("apikeys:token-revoke", args=[ApiKey.objects.get().pk]))
    assert revoke.status_code == 302 and ApiKey.objects.get().revoked_at is not None
    for response in (
        api.get("/api/v1/assessments", **_bearer(key)),
        api.post("/api/v1/workloads/validate", {}, "application/json", **_bearer(key)),
    ):
        assert response.status_code == 401
        assert response.json()["errors"][0]["path"] == "Authorization"
        assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_user_cannot_revoke_someone_elses_key(client: Client, bob: Any) -> None:
    from advisor.apikeys.services import apikey_create

    theirs, _ = apikey_create(user=bob, name="Bob's CI")
    client.post(reverse("apikeys:token-revoke", args=[theirs.pk]))
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


def test_saved_data_needs_credentials(anon_client: Client, client: Client, user: Any) -> None:
    _saved("Billing", user)
    refused = anon_client.get("/api/v1/assessments")
    assert refused.status_code == 401 and "Bearer" in refused.json()["errors"][0]["message"]
    assert anon_client.get("/api/v1/assessments", **_bearer("oaa_made-up")).status_code == 401
    assert [a["name"] for a in client.get("/api/v1/assessments").json()] == ["Billing"]  # the session works too


def test_compute_endpoints_stay_open(anon_client: Client) -> None:
    response = anon_client.post("/api/v1/workloads/validate", {}, "application/json")
    assert response.status_code == 200


def test_a_bad_key_is_refused_even_beside_a_signed_in_session(client: Client, user: Any) -> None:
    _saved("Billing", user)
    assert client.get("/api/v1/assessments").status_code == 200  # the session alone works
    for response in (
        client.get("/api/v1/assessments", **_bearer("oaa_made-up")),
        client.post("/api/v1/workloads/validate", {}, "application/json", **_bearer("oaa_made-up")),
    ):
        assert response.status_code == 401
        assert response.json()["errors"][0]["path"] == "Authorization"
