"""The estates API beyond the upload: an estate of saved assessments from a JSON body, the estate's own fields
checked by the form's rule (NUL refused, teams of one's own), and a browser session held to the CSRF token."""

import io
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from advisor.accounts.models import Membership, Team
from advisor.estates.models import Estate
from tests.advisor.estates.conftest import inventory_csv

pytestmark = pytest.mark.django_db


def upload(client: Client, **fields: Any) -> Any:
    handle = io.BytesIO(inventory_csv())
    handle.name = "estate.csv"
    return client.post("/api/v1/estates", {"file": handle, **fields})


def test_an_estate_of_saved_assessments_from_a_json_body(client: Client, saved_assessment: Any, prices: None,
                                                         django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/v1/estates", {"name": "Saved", "customer": "ACME",
                                                   "assessments": [str(saved_assessment.public_id)]},
                               content_type="application/json")  # fmt: skip
    assert response.status_code == 202, response.content
    body = response.json()
    assert (body["name"], body["customer"], body["source"]) == ("Saved", "ACME", "assessments")
    estate = Estate.objects.get(public_id=body["id"])
    database = estate.databases.get()
    assert (database.name, database.status, database.assessment_id) == ("Billing", "done", saved_assessment.pk)


def test_someone_elses_assessment_is_not_found_and_nothing_is_created(saved_assessment: Any) -> None:
    stranger = get_user_model().objects.create_user("mallory", password="mallory-password-1")
    other = Client()
    other.force_login(stranger)
    response = other.post("/api/v1/estates", {"assessments": [str(saved_assessment.public_id)]},
                          content_type="application/json")  # fmt: skip
    assert response.status_code == 404
    assert response.json()["errors"] == [{"path": "assessments[0]", "message":
                                          f"no saved assessment {saved_assessment.public_id} that you may see"}]  # fmt: skip
    assert not Estate.objects.exists()


def test_a_json_body_without_a_list_of_ids_is_refused_naming_the_field(client: Client) -> None:
    response = client.post("/api/v1/estates", {"assessments": "all"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "assessments"
    response = client.post("/api/v1/estates", {"assessments": ["not-a-uuid"]}, content_type="application/json")
    assert response.json()["errors"][0]["path"] == "assessments[0]"


@pytest.mark.parametrize("field", ["name", "customer"])
def test_a_nul_character_in_the_name_or_customer_is_refused_like_the_form_refuses_it(client: Client, field: str,
                                                                                   prices: None) -> None:  # fmt: skip
    response = upload(client, **{field: "ERP\x00"})
    assert response.status_code == 400
    assert response.json()["errors"] == [{"path": field, "message": "Null characters are not allowed."}]
    assert not Estate.objects.exists()


def test_the_estate_goes_to_one_of_the_creators_teams(client: Client, user: Any, prices: None) -> None:
    mine = Team.objects.create(name="DBA")
    Membership.objects.create(team=mine, user=user, role=Membership.Role.EDITOR)
    theirs = Team.objects.create(name="Elsewhere")
    refused = upload(client, team=str(theirs.pk))
    assert refused.status_code == 400 and refused.json()["errors"][0]["path"] == "team"
    created = upload(client, team=str(mine.pk))
    assert created.status_code == 202 and created.json()["team"] == {"id": mine.pk, "name": "DBA"}
    assert Estate.objects.get().team == mine


@pytest.fixture
def strict_client(user: Any) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_a_session_without_the_csrf_token_cannot_create_or_delete(strict_client: Client, user: Any) -> None:
    strict_client.cookies["csrftoken"] = "a" * 32
    response = upload(strict_client, HTTP_X_CSRFTOKEN="b" * 32)  # type: ignore[arg-type]
    assert response.status_code == 403 and response.json()["errors"][0]["path"] == "X-CSRFToken"
    estate = Estate.objects.create(name="Kept", source="csv", owner=user)
    deleted = strict_client.delete(f"/api/v1/estates/{estate.public_id}", HTTP_X_CSRFTOKEN="b" * 32)
    assert deleted.status_code == 403
    assert Estate.objects.filter(pk=estate.pk).exists()
