"""A mistyped address gets the app's own 404, also under DEBUG (what ``make run`` serves); the API answers JSON."""

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

TECHNICAL_404 = "Using the URLconf defined in"  # the heading of Django's debug page


@override_settings(DEBUG=True)
def test_a_typo_in_debug_shows_the_apps_not_found_page(client: Client) -> None:
    response = client.get("/assesments/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "There is no such page or assessment" in page and "<code>/assesments/</code>" in page
    assert TECHNICAL_404 not in page and "Oracle on AWS Advisor" in page


@override_settings(DEBUG=True)
def test_an_unknown_assessment_in_debug_shows_the_apps_not_found_page(client: Client) -> None:
    response = client.get("/a/8b4e1a36-0000-4000-8000-000000000000/results/")
    assert response.status_code == 404
    assert "There is no such page or assessment" in response.content.decode()
    assert "No Assessment matches the given query" not in response.content.decode()


@pytest.mark.parametrize("debug", [True, False])
def test_an_unknown_api_address_answers_json_in_the_apis_error_shape(client: Client, debug: bool) -> None:
    with override_settings(DEBUG=debug):
        response = client.post("/api/v1/verdict", {}, content_type="application/json")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json() == {
        "errors": [{"path": "url", "message": "Not found: there is no API endpoint at /api/v1/verdict."}]
    }


@override_settings(DEBUG=True)
def test_the_apis_own_answers_pass_untouched(client: Client) -> None:
    response = client.post("/api/v1/verdicts", {"sizing": {"peak_cpu": 0}}, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "sizing.peak_cpu"
    assert client.get("/api/v1/schema/workload").status_code == 200
