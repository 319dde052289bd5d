"""An estate from a ZIP of AWR reports, through the page, the API and the command: the ZIP is checked in the request,
read by a background job (the page shows "Reading the reports"), then each database is assessed like an inventory
row; a folder nothing could be read from is a refused row and the others go on."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client, override_settings

from advisor.estates.models import Estate, EstateUpload
from pricing.jobs.models import Job
from tests.advisor.awr.samples import JAS, needs_samples, single_instance_dbs
from tests.advisor.estates.engine.test_report_zip import two_folders, zipped

pytestmark = [pytest.mark.django_db, needs_samples]
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, never run


def post(client: Client, data: bytes, url: str = "/estates/new/", **fields: Any) -> Any:
    handle = io.BytesIO(data)
    handle.name = "estate.zip"
    return client.post(url, {"name": "From AWR", "file": handle, **fields})


def with_a_bad_folder() -> bytes:
    return zipped({
        "ERP/AWR_DBS.html": single_instance_dbs().encode(),  # the report as a single-instance database's
        "CRM/awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes(),
        "HR/notes.txt": b"nothing here",
        "../outside.txt": b"x",
    })  # fmt: skip


def test_a_zip_upload_reads_each_folder_then_assesses_it(client: Client, prices: None,
                                                         django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, with_a_bad_folder())
    assert response.status_code == 302, response.content[:500]
    estate = Estate.objects.get()
    assert (estate.source, estate.file_name) == ("reports", "estate.zip")
    rows = {d.name: d for d in estate.databases.all()}
    assert {n: d.status for n, d in rows.items()} == {"ERP": "done", "CRM": "done", "HR": "invalid"}
    assert rows["HR"].error.startswith("folder HR: no file could be read: HR/notes.txt: not an AWR")
    # awrrpt_1_2668_2669.txt: Time Model (DB CPU 1,234.8 s + background cpu time 16.5 s) / 3,615 s = 0.34614, rounded up
    assert rows["CRM"].workload["sizing"]["peak_cpu"] == 0.35
    # AWR_DBS.html: Time Model (DB CPU 321,484.48 s + background cpu time 391,824.96 s) / 259,195.2 s = 2.75202,
    # rounded up
    assert rows["ERP"].workload["sizing"]["peak_cpu"] == 2.76
    assert not EstateUpload.objects.exists()  # the ZIP is deleted once read
    reading = Job.objects.get(kind="estate-reports")
    assert (reading.status, reading.done, reading.total) == ("succeeded", 3, 3)  # three files read
    assert Job.objects.get(pk=estate.job_id).kind == "estate-assessment"
    page = client.get(estate.get_absolute_url()).content.decode()
    assert "2 of 2 databases assessed (100 %)" in page and 'id="estate-totals"' in page
    assert "../outside.txt: unsafe name" in page  # listed among the ZIP's notes


@override_settings(TASKS=STORED_ONLY)
def test_while_the_reports_are_read_the_page_says_so_and_polls(client: Client) -> None:
    assert post(client, two_folders(), mask="on").status_code == 302
    estate = Estate.objects.get()
    assert estate.masked and estate.file_name == ""  # no name from the upload kept before the reports are masked
    page = client.get(estate.get_absolute_url()).content.decode()
    assert "Reading the reports: 0 of 3 files read" in page and 'hx-trigger="every 1s"' in page
    client.post(f"{estate.get_absolute_url()}cancel/")
    assert not EstateUpload.objects.exists()  # cancelled: never read


def test_a_zip_bomb_is_refused_on_the_page_with_nothing_created(client: Client) -> None:
    response = post(client, zipped({"DB1/awr.html": b"\0" * (8 * 1024 * 1024)}))
    assert response.status_code == 422
    assert "unpack to more than 100 times their packed size" in response.content.decode()
    assert not Estate.objects.exists()


def test_the_api_takes_a_zip_and_reports_it_reading(client: Client, prices: None,
                                                     django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, two_folders(), url="/api/v1/estates")
    assert response.status_code == 202, response.content[:500]
    body = response.json()
    assert body["progress"]["reading"] is True and body["row_errors"] == []  # answered before the worker ran
    detail = client.get(f"/api/v1/estates/{body['id']}").json()
    assert detail["progress"]["reading"] is False and detail["progress"]["finished"] == 2
    databases = client.get(f"/api/v1/estates/{body['id']}/databases").json()
    assert [(d["name"], d["status"]) for d in databases] == [("ERP", "done"), ("CRM", "done")]


def test_the_command_reads_a_zip_and_exits_1_for_a_folder_it_could_not_read(tmp_path: Path, prices: None) -> None:
    path = tmp_path / "estate.zip"
    path.write_bytes(with_a_bad_folder())
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("estate", str(path), "--json", stdout=out, stderr=err)
    assert failed.value.returncode == 1
    body = json.loads(out.getvalue())
    assert [(d["name"], d["status"]) for d in body["databases"]] == [
        ("ERP", "done"),
        ("CRM", "done"),
        ("HR", "invalid"),
    ]
    assert body["totals"]["databases"] == 2
    assert "../outside.txt: unsafe name" in err.getvalue()
