"""Every response that shows an owner's data says ``Cache-Control: private, no-store`` (issue 27), kind by kind."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from advisor.accounts.sharing import share_create
from advisor.apikeys.services import apikey_create
from advisor.estates.models import Estate
from advisor.models import Assessment
from tests.advisor.awr.samples import JAS, needs_samples
from tests.advisor.awr.uploads import upload as awr_upload
from tests.advisor.estates.conftest import inventory_csv

pytestmark = pytest.mark.django_db


def private(response: Any) -> bool:
    directives = {d.strip() for d in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


@pytest.fixture
def estate(client: Client, prices: None, django_capture_on_commit_callbacks: Any) -> Estate:
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/estates/new/", {"file": _file(inventory_csv()), "name": "Exit"})
    return Estate.objects.get()


def _file(data: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("estate.csv", data)


def test_results_and_the_assessment_export_are_private(
    client: Client, prices: None, saved_assessment: Assessment
) -> None:
    for url in (saved_assessment.get_absolute_url(), f"/a/{saved_assessment.public_id}/results/",
                f"/a/{saved_assessment.public_id}/workload.json", "/"):  # fmt: skip
        response = client.get(url)
        assert response.status_code == 200 and private(response), url
    preview = client.post(f"/a/{saved_assessment.public_id}/results/preview", {})
    assert private(preview)


def test_estate_pages_and_exports_are_private(client: Client, estate: Estate) -> None:
    for suffix in ("", "db/2/", "export.csv", "export.xlsx"):
        response = client.get(estate.get_absolute_url() + suffix)
        assert response.status_code == 200 and private(response), suffix


@needs_samples
def test_a_kept_awr_report_downloads_private(client: Client) -> None:
    report_import = awr_upload(client, JAS / "sp_70371_70372.txt")
    for url in (report_import.get_absolute_url(), reverse("awr:file", args=[report_import.public_id, 0])):
        response = client.get(url)
        assert response.status_code == 200 and private(response), url


def test_share_pages_are_private_for_anyone_with_the_link(
    anon_client: Client, user: Any, prices: None, saved_assessment: Assessment
) -> None:
    link = share_create(assessment=saved_assessment, user=user, days=1)
    page = anon_client.get(f"/s/{link.token}/")
    assert page.status_code == 200 and private(page)
    assert private(anon_client.get("/s/no-such-token/report.pdf"))  # by address, whatever the answer


def test_api_answers_with_saved_data_are_private(anon_client: Client, user: Any, saved_assessment: Assessment) -> None:
    _, key = apikey_create(user=user, name="CI")
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    for url in ("/api/v1/assessments", f"/api/v1/assessments/{saved_assessment.public_id}", "/api/v1/estates"):
        response = anon_client.get(url, **bearer)
        assert response.status_code == 200 and private(response), url


def test_public_pages_for_visitors_are_not_marked(anon_client: Client) -> None:
    response = anon_client.get("/rules")
    assert response.status_code == 200 and not private(response)
