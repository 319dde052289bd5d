"""A kept report's bytes live in the uploads storage (the session's temporary folder here; an S3 bucket in
tests/config/test_uploads_s3.py), not in the database: written before the rows, removed when the row is deleted or
was never saved, copied for a second assessment, and a row kept before storage is still read from the database."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import DatabaseError
from django.test import Client, override_settings
from django.urls import reverse

from advisor import services as advisor_services
from advisor.awr import jobs, services
from advisor.awr.models import ReportFile, ReportImport
from advisor.engine.workload import Workload
from advisor.models import Assessment
from config import uploads
from pricing.jobs.models import Job
from pricing.jobs.services import job_cancel
from tests.advisor.awr.samples import JAS, needs_samples, sample
from tests.advisor.awr.uploads import post_upload, raw_files

pytestmark = [pytest.mark.django_db, needs_samples]

STATSPACK = sample(JAS / "sp_70371_70372.txt")
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, run by the test


def test_a_kept_report_is_in_the_uploads_storage_and_downloads_from_there(client: Client, user: Any) -> None:
    report_import = services.import_reports(files=[STATSPACK, ("noise.txt", b"no report")], mask=False, owner=user)
    kept, noise = report_import.files.all()
    assert kept.stored.startswith("awr/") and bytes(kept.content) == b""  # nothing in the row itself
    assert uploads.read_bytes(kept.stored) == STATSPACK[1]
    assert noise.stored == "" and noise.error  # a file not read keeps no bytes anywhere
    response = client.get(reverse("awr:file", args=[report_import.public_id, kept.position]))
    assert response.status_code == 200 and response.content == STATSPACK[1]
    assert client.get(reverse("awr:file", args=[report_import.public_id, noise.position])).status_code == 404


def test_deleting_an_import_removes_its_files_once_committed(
    user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    report_import = services.import_reports(files=[STATSPACK], mask=False, owner=user)
    name = report_import.files.get().stored
    with django_capture_on_commit_callbacks(execute=True):
        services.import_delete(report_import=report_import)
    assert not uploads.uploads().exists(name)


def test_a_file_missing_from_the_storage_is_a_404_not_an_error(client: Client, user: Any) -> None:
    report_import = services.import_reports(files=[STATSPACK], mask=False, owner=user)
    kept = report_import.files.get()
    uploads.delete([kept.stored])
    assert client.get(reverse("awr:file", args=[report_import.public_id, kept.position])).status_code == 404


def test_rows_that_fail_to_save_leave_no_file(user: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    save = uploads.save_bytes
    monkeypatch.setattr(uploads, "save_bytes", lambda name, data: written.append(save(name, data)) or written[-1])

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise DatabaseError("the database went away")

    monkeypatch.setattr(ReportFile.objects, "bulk_create", refuse)
    with pytest.raises(DatabaseError):
        services.import_reports(files=[STATSPACK], mask=False, owner=user)
    assert len(written) == 1 and not uploads.uploads().exists(written[0])
    assert not ReportImport.objects.exists()


def test_a_row_kept_before_storage_is_read_from_the_database(client: Client, user: Any) -> None:
    report_import = ReportImport.objects.create(owner=user, extraction={})
    ReportFile.objects.create(report_import=report_import, position=0, name="old.txt", size=5, sha256="0" * 64,
                              content=b"bytes")  # fmt: skip
    assert services.kept_bytes(ReportFile.objects.get()) == b"bytes"
    response = client.get(reverse("awr:file", args=[report_import.public_id, 0]))
    assert response.status_code == 200 and response.content == b"bytes"


def test_a_copy_for_a_second_assessment_keeps_its_files_when_the_first_goes(
    user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    report_import = services.import_reports(files=[STATSPACK], mask=False, owner=user)
    first, one = _assessment_for(user, report_import)
    second, _ = _assessment_for(user, first)
    first_name, second_name = first.files.get().stored, second.files.get().stored
    assert first_name != second_name and uploads.read_bytes(second_name) == STATSPACK[1]
    with django_capture_on_commit_callbacks(execute=True):
        one.delete()  # the first assessment, and its import with it
    assert not uploads.uploads().exists(first_name)
    assert services.kept_bytes(ReportFile.objects.get()) == STATSPACK[1]


def test_a_background_import_reads_the_staged_files_then_removes_them(
    client: Client, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    staged: list[str] = []
    save = uploads.save_chunks
    monkeypatch.setattr(uploads, "save_chunks", lambda name, chunks: staged.append(save(name, chunks)) or staged[-1])
    with django_capture_on_commit_callbacks(execute=True):
        post_upload(client, raw_files(*[(f"sp{i:02d}.txt", STATSPACK[1]) for i in range(17)]))
    job = Job.objects.get(kind=jobs.KIND)
    assert job.status == "succeeded", job.error
    assert len(staged) == 17 and all(name.startswith(jobs.STAGED + "/") for name in staged)
    assert not any(uploads.uploads().exists(name) for name in staged)  # removed once read
    kept = ReportImport.objects.get(public_id=job.result["import"]).files.all()
    assert len(kept) == 17 and all(uploads.read_bytes(f.stored) == STATSPACK[1] for f in kept)


def _assessment_for(owner: Any, report_import: ReportImport) -> tuple[ReportImport, Assessment]:
    workload = Workload.model_validate(report_import.extraction["prefill"]["workload"])
    assessment = advisor_services.assessment_create(meta=advisor_services.AssessmentMeta(name="From AWR"),
                                                    workload=workload, owner=owner)  # fmt: skip
    return services.attach(report_import=report_import, assessment=assessment), assessment


@override_settings(TASKS=STORED_ONLY)
def test_a_background_import_cancelled_before_it_ran_leaves_no_staged_file(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    staged: list[str] = []
    save = uploads.save_bytes
    monkeypatch.setattr(uploads, "save_bytes", lambda name, data: staged.append(save(name, data)) or staged[-1])
    post_upload(client, raw_files(*[(f"sp{i:02d}.txt", STATSPACK[1]) for i in range(17)]))
    manifest = staged[-1]
    files = json.loads(uploads.read_bytes(manifest))["files"]
    assert len(files) == 17 and all(uploads.uploads().exists(name) for name in files)
    job = Job.objects.get(kind=jobs.KIND)
    job_cancel(job, by="alice")
    jobs.run_import(job.pk, manifest)  # the task still delivered: it reads nothing, and cleans up
    assert not ReportImport.objects.exists()
    assert not any(uploads.uploads().exists(name) for name in [*files, manifest])
