"""``POST /api/v1/awr/imports`` and ``GET /api/v1/awr/imports/{id}``: the extraction and the pre-fill, saved for the
caller (token or session), errors in the API's one shape, 404 for others' imports."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from advisor.apikeys.services import apikey_create
from advisor.awr.models import ReportImport
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples
from tests.advisor.awr.uploads import files_of, raw_files

pytestmark = [pytest.mark.django_db, needs_samples]

URL = "/api/v1/awr/imports"


def bearer(user: Any) -> dict[str, str]:
    _, key = apikey_create(user=user, name="ci")
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def test_post_with_a_token_reads_saves_and_answers_extraction_and_prefill(anon_client: Client, user: Any) -> None:
    files = files_of(AZURE / "AWR_DBW.html", MINER / "dbcsi_awr_sample01.out")
    response = anon_client.post(URL, {"files": files}, **bearer(user))
    assert response.status_code == 201, response.content
    body = response.json()
    report_import = ReportImport.objects.get(public_id=body["id"])
    assert report_import.owner == user and body["url"].endswith(report_import.get_absolute_url())
    # AWR-Miner output of ORA12C is another database than DBW: left out with a message, the RAC report read
    assert [f["name"] for f in body["files"] if f["kept"]] == ["AWR_DBW.html"]
    assert "dbcsi_awr_sample01.out" in body["extraction"]["errors"][0]["file"]
    assert "upload the reports of one database at a time" in body["extraction"]["errors"][0]["message"]
    rates = body["extraction"]["aggregation"]["rates"]
    # README "DBW IO Profile (Global)": reads 5,030.50 and writes 3,206.35 requests/s
    assert (rates["read_iops"]["average"], rates["write_iops"]["average"]) == (5030.5, 3206.35)
    assert rates["read_iops"]["sources"][0] == {
        "file": "AWR_DBW.html", "section": "IO Profile (Global)", "row": "Total Requests (Reads/s)", "printed": "5,030.50",
    }  # fmt: skip
    fields = {f["path"]: f["value"] for f in body["prefill"]["fields"]}
    assert fields["io.peak_read_iops"] == 5031  # 5,030.50 rounded up
    assert body["prefill"]["workload"]["features"]["rac"] is True


def test_post_with_a_session_and_mask(client: Client) -> None:
    response = client.post(URL, {"files": files_of(AZURE / "AWR_DBW.html"), "mask": "true"})
    assert response.status_code == 201
    text = response.content.decode()
    assert response.json()["masked"] is True and "exa3-c1-node1" not in text and "AWR_database-1.html" in text


def test_get_answers_the_same_import_again(client: Client, user: Any) -> None:
    created = client.post(URL, {"files": files_of(MINER / "dbcsi_awr_sample01.out")}).json()
    again = client.get(f"{URL}/{created['id']}")
    assert again.status_code == 200 and again.json() == created


def test_no_readable_file_is_400_in_the_one_error_shape_and_nothing_saved(client: Client) -> None:
    response = client.post(URL, {"files": raw_files(("a.txt", b"hello\n"))})
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["path"] == "files" and error["message"].startswith("a.txt: not an AWR or Statspack report")
    assert ReportImport.objects.count() == 0


def test_a_zip_is_400_saying_in_words_where_a_zip_goes(client: Client) -> None:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.write(JAS / "awrrpt_1_2668_2669.txt", "DB1/awrrpt_1_2668_2669.txt")
    response = client.post(URL, {"files": raw_files(("reports.zip", packed.getvalue()))})
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == "files"
    message = error["message"]
    assert message.startswith("reports.zip: a ZIP archive (an Excel workbook is one too), not a report")
    assert "Statspack report" in message and "create an estate from it" in message
    assert message.endswith("(over the API: POST /api/v1/estates, the ZIP as its multipart 'file')")
    assert "<a" not in message  # words, not markup
    assert ReportImport.objects.count() == 0


def test_no_files_at_all(client: Client) -> None:
    response = client.post(URL, {})
    assert response.status_code == 400
    assert response.json()["errors"] == [{"path": "files", "message": "choose at least one report file"}]


def test_anonymous_callers_get_401(anon_client: Client) -> None:
    response = anon_client.post(URL, {"files": files_of(MINER / "dbcsi_awr_sample01.out")})
    assert response.status_code == 401 and "Authentication required" in response.json()["errors"][0]["message"]
    assert ReportImport.objects.count() == 0


def test_another_user_gets_404(client: Client, anon_client: Client) -> None:
    created = client.post(URL, {"files": files_of(MINER / "dbcsi_awr_sample01.out")}).json()
    bob = get_user_model().objects.create_user("bob", password="bob-password-1")
    response = anon_client.get(f"{URL}/{created['id']}", **bearer(bob))
    assert response.status_code == 404 and response.json()["errors"][0]["path"] == "url"


def test_an_oversized_body_gets_413_in_words(client: Client) -> None:
    # the API's own limit for this path is the upload page's 512 MiB (more than 16 files go to a background job),
    # not the 256 KiB of other API bodies
    ok = client.post(URL, {"files": files_of(AZURE / "AWR_DBW.html")})  # 2.2 MB
    assert ok.status_code == 201
    response = client.post(URL, {"files": raw_files(("a.txt", b"x"))}, CONTENT_LENGTH=str(512 * 1024 * 1024 + 1))
    assert response.status_code == 413
    assert "at most 512 MiB is accepted on /api/v1/awr/imports" in response.json()["errors"][0]["message"]


def test_a_session_post_without_the_csrf_token_is_refused(user: Any) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    response = browser.post(URL, {"files": files_of(MINER / "dbcsi_awr_sample01.out")})
    assert response.status_code == 403 and response.json()["errors"][0]["path"] == "X-CSRFToken"
    assert ReportImport.objects.count() == 0


def test_the_openapi_document_lists_both_routes_with_credentials_required(anon_client: Client) -> None:
    paths = anon_client.get("/api/v1/openapi.json").json()["paths"]
    post = paths[URL]["post"]
    assert {} not in post["security"]  # saved data: no anonymous access
    assert "multipart/form-data" in post["requestBody"]["content"]
    assert "get" in paths[URL + "/{public_id}"]


def test_more_than_sixteen_files_are_read_in_the_background_and_polled(
    anon_client: Client, user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    statspack = (JAS / "sp_70371_70372.txt").read_bytes()
    headers = bearer(user)
    with django_capture_on_commit_callbacks(execute=True):  # the job's task runs once its row is committed
        response = anon_client.post(
            URL, {"files": raw_files(*[(f"sp{i:02d}.txt", statspack) for i in range(17)])}, **headers
        )
    assert response.status_code == 202, response.content
    started = response.json()
    assert started["url"].endswith(f"/api/v1/awr/jobs/{started['job']}")
    polled = anon_client.get(started["url"], **headers).json()
    assert (polled["status"], polled["done"], polled["total"]) == ("succeeded", 17, 17)
    report_import = ReportImport.objects.get(public_id=polled["import"])
    assert report_import.owner == user and report_import.files.count() == 17
    assert anon_client.get(polled["import_url"], **headers).status_code == 200
    other = get_user_model().objects.create_user("mallory", password="x")
    assert anon_client.get(started["url"], **bearer(other)).status_code == 404
