"""More than 16 files are read by a background job with progress (pricing/jobs); the job keeps the import like a
small upload, or saves nothing and says why per file. Tasks run at once in the tests (tests/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor.awr.jobs import KIND
from advisor.awr.models import ReportFile, ReportImport
from advisor.awr.services import kept_bytes
from pricing.jobs.models import Job
from tests.advisor.awr.samples import JAS, needs_samples
from tests.advisor.awr.uploads import post_upload, raw_files

pytestmark = [pytest.mark.django_db, needs_samples]

STATSPACK = (JAS / "sp_70371_70372.txt").read_bytes()


def start(client: Client, capture: Any, files: list[Any], *, mask: bool = False) -> Job:
    with capture(execute=True):  # the job's task is queued once its row is committed, then runs at once
        response = post_upload(client, files, mask=mask)
    job = Job.objects.get(kind=KIND)
    assert response.status_code == 302 and response["Location"] == reverse("awr:job", args=[job.pk])
    return job


def test_seventeen_files_are_read_in_the_background_with_progress(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    # 17 copies of one Statspack report (one more than the 16 read while you wait)
    job = start(
        client, django_capture_on_commit_callbacks, raw_files(*[(f"sp{i:02d}.txt", STATSPACK) for i in range(17)])
    )
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("succeeded", 17, 17)
    assert "reading file 17 of 17: sp16.txt" in job.log and "Done: 17 of 17 files read" in job.log
    report_import = ReportImport.objects.get(public_id=job.result["import"])
    assert report_import.files.count() == 17 and report_import.owner.get_username() == "alice"
    page = client.get(reverse("awr:job", args=[job.pk])).content.decode()
    assert "17 of 17 files read" in page and f'href="{report_import.get_absolute_url()}"' in page
    polled = client.get(reverse("awr:job", args=[job.pk]), HTTP_HX_REQUEST="true")
    assert polled.status_code == 204 and polled["HX-Redirect"] == report_import.get_absolute_url()


def test_a_masked_background_upload_stores_no_name(client: Client, django_capture_on_commit_callbacks: Any) -> None:
    files = raw_files(*[(f"CLINPRD_{i:02d}.txt", STATSPACK) for i in range(17)])
    job = start(client, django_capture_on_commit_callbacks, files, mask=True)
    job.refresh_from_db()
    assert job.status == "succeeded" and "reading file 17 of 17" in job.log
    stored = job.log + str(job.params) + str(job.result) + job.error
    for kept in ReportFile.objects.all():
        stored += kept.name + kept_bytes(kept).decode()
    stored += str(ReportImport.objects.get().extraction)
    # the database CLINPRD on host cgm-szara.root.d, instance clinprd1 (the report's header)
    for name in ("clinprd", "cgm-szara"):
        assert name not in stored.lower(), name


def test_a_background_upload_with_no_readable_file_saves_nothing(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    job = start(client, django_capture_on_commit_callbacks, raw_files(*[(f"n{i}.txt", b"notes\n") for i in range(17)]))
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.error.startswith("Nothing was saved.\nn0.txt: not an AWR or Statspack report")
    assert ReportImport.objects.count() == 0 and ReportFile.objects.count() == 0
    page = client.get(reverse("awr:job", args=[job.pk])).content.decode()
    assert "The import stopped" in page and "n16.txt: not an AWR or Statspack report" in page


def test_another_user_cannot_follow_the_job(client: Client, django_capture_on_commit_callbacks: Any) -> None:
    job = start(client, django_capture_on_commit_callbacks, raw_files(*[(f"sp{i}.txt", STATSPACK) for i in range(17)]))
    bob = get_user_model().objects.create_user("bob", password="bob-password-1")
    other = Client()
    other.force_login(bob)
    assert other.get(reverse("awr:job", args=[job.pk])).status_code == 404
    assert other.get(ReportImport.objects.get().get_absolute_url()).status_code == 404


def test_a_running_job_is_polled_every_second(client: Client, user: Any) -> None:
    job = Job.objects.create(kind=KIND, status="running", params={"files": 40, "mask": False}, requested_by=user,
                             done=10, total=40, log="Queued: 40 files to read\nreading file 10 of 40: a.html")  # fmt: skip
    panel = client.get(reverse("awr:job", args=[job.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in panel and "10 of 40 files read" in panel
    assert 'value="25"' in panel  # 10 / 40 = 25 %
    assert "reading file 10 of 40: a.html" in panel and "<html" not in panel  # the panel alone
