"""A staff price refresh's uploaded offer file waits in the uploads storage (config/uploads.py), which every web and
task machine reads, never in a local folder of the machine that took the upload: the worker copies it to a local file
bearing the upload's own name, reads it, and removes the stored file when the job ends, whether the refresh
succeeded, failed, was cancelled before it ran or could not be queued at all."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.utils import timezone
from django_tasks import default_task_backend

from config import uploads
from pricing import refresh_job, services
from pricing.jobs.models import Job
from pricing.jobs.services import JobBusy, job_cancel, reap_stale
from tests.pricing.offer_data import REGION, offer
from tests.pricing.refresh.test_refresh import changed_rds_upload

pytestmark = pytest.mark.django_db
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, run by the test
UPLOADED = "RDS prices (eu-west-1).json"
LOCAL = "RDS-prices--eu-west-1-.json"  # the upload's name with what is unsafe in a file name replaced


def local_copies() -> list[Path]:
    """Offer files copied out of the storage and left behind (this test process's temporary folder, tests/conftest)."""
    return list(Path(tempfile.gettempdir()).glob("price-refresh-*"))


def start(capture: Any, data: dict[str, Any]) -> tuple[Job, dict[str, Any]]:
    """The refresh queued as the page queues it; the job and what its task was queued with."""
    upload = SimpleUploadedFile(UPLOADED, json.dumps(data).encode())
    with override_settings(TASKS=STORED_ONLY):
        with capture(execute=True):  # the job row committed: its task is enqueued
            job = refresh_job.refresh_start(region=REGION, services=["AmazonRDS"], upload=upload)
        job.refresh_from_db()
        queued = default_task_backend.get_result(job.task_result_id)
        assert queued.kwargs["job_id"] == job.pk
        return job, {k: v for k, v in queued.kwargs.items() if k != "job_id"}


def saved_names(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names the uploads storage is asked to write, as they are written."""
    names: list[str] = []
    save = uploads.save_chunks

    def save_and_note(name: str, chunks: Any) -> str:
        names.append(save(name, chunks))
        return names[-1]

    monkeypatch.setattr(uploads, "save_chunks", save_and_note)
    return names


def test_the_upload_waits_in_the_uploads_storage_not_in_a_local_folder(
    django_capture_on_commit_callbacks: Any,
) -> None:
    data = offer("AmazonRDS")
    job, queued = start(django_capture_on_commit_callbacks, data)
    stored = queued["offer_file"]
    assert stored.startswith(f"{refresh_job.FOLDER}/") and "RDS" not in stored  # a name of its own, not the upload's
    assert json.loads(uploads.read_bytes(stored)) == data
    assert queued["local_name"] == LOCAL
    assert job.status == "queued" and job.params["offer_file_name"] == UPLOADED
    assert local_copies() == []  # nothing on this machine's disk that another machine would need
    uploads.delete([stored])


def test_the_worker_reads_the_stored_file_then_removes_it(
    prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    job, queued = start(django_capture_on_commit_callbacks, changed_rds_upload()[0])

    refresh_job.run_refresh(job.pk, **queued)  # what a worker on another machine does with the task

    job.refresh_from_db()
    assert job.status == "succeeded", job.error
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current.origin == "offer-file" and current.pk == job.result[0]["snapshot"]
    assert current.source.endswith(f"({LOCAL})")  # the snapshot names the file by the upload's own name
    assert f"reading {UPLOADED}" in job.log
    assert not uploads.uploads().exists(queued["offer_file"]) and local_copies() == []


def test_a_refused_file_is_removed_too(prices: None, django_capture_on_commit_callbacks: Any) -> None:
    job, queued = start(django_capture_on_commit_callbacks, offer("AmazonEC2"))  # not an RDS offer file
    refresh_job.run_refresh(job.pk, **queued)
    job.refresh_from_db()
    assert job.status == "failed" and job.error.startswith(f"{UPLOADED} is an offer file for AmazonEC2")
    assert not uploads.uploads().exists(queued["offer_file"]) and local_copies() == []


def test_a_refresh_cancelled_before_it_ran_removes_its_file(django_capture_on_commit_callbacks: Any) -> None:
    job, queued = start(django_capture_on_commit_callbacks, offer("AmazonRDS"))
    assert job_cancel(job, by="pricer")
    assert refresh_job.run_refresh(job.pk, **queued)["ran"] is False
    assert not uploads.uploads().exists(queued["offer_file"]) and local_copies() == []


def test_a_file_gone_from_the_storage_fails_the_refresh_in_words(
    prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    job, queued = start(django_capture_on_commit_callbacks, offer("AmazonRDS"))
    uploads.delete([queued["offer_file"]])
    refresh_job.run_refresh(job.pk, **queued)
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.error.startswith("the uploaded offer file is no longer stored: nothing was read")


def test_an_upload_whose_job_could_not_be_queued_is_removed(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    class QueueDown:
        def enqueue(self, **kwargs: Any) -> Any:
            raise ConnectionError("the queue is down")

    names = saved_names(monkeypatch)
    monkeypatch.setattr(refresh_job, "price_refresh", QueueDown())
    upload = SimpleUploadedFile(UPLOADED, json.dumps(offer("AmazonRDS")).encode())
    with django_capture_on_commit_callbacks(execute=True):
        job = refresh_job.refresh_start(region=REGION, services=["AmazonRDS"], upload=upload)
    job.refresh_from_db()
    assert job.status == "failed" and job.error.startswith("the job could not be queued")
    assert len(names) == 1 and not uploads.uploads().exists(names[0])


def test_a_second_refresh_of_the_region_refused_keeps_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    Job.objects.create(kind=refresh_job.KIND, lock=REGION, params={"region": REGION, "services": ["AmazonRDS"]})
    names = saved_names(monkeypatch)
    upload = SimpleUploadedFile(UPLOADED, json.dumps(offer("AmazonRDS")).encode())
    with pytest.raises(JobBusy):
        refresh_job.refresh_start(region=REGION, services=["AmazonRDS"], upload=upload)
    assert len(names) == 1 and not uploads.uploads().exists(names[0])


# --- A worker that died: nothing it held is left behind --------------------------------------------------------------


def went_silent(job: Job) -> None:
    """The job's worker took it, then was killed (no clean-up of its own ran): its last heartbeat 25 minutes ago."""
    beat = timezone.now() - timedelta(minutes=25)
    Job.objects.filter(pk=job.pk).update(status="running", started_at=beat, heartbeat_at=beat)


def local_copy_of(job_id: int) -> Path:
    """A worker's local copy of a job's upload, as the worker makes it (a folder per job)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{refresh_job.LOCAL_PREFIX}{job_id}-"))
    (folder / LOCAL).write_bytes(b"{}")
    return folder


def test_a_refresh_whose_worker_died_has_its_upload_and_local_copy_removed(
    django_capture_on_commit_callbacks: Any,
) -> None:
    job, queued = start(django_capture_on_commit_callbacks, offer("AmazonRDS"))
    went_silent(job)
    copy = local_copy_of(job.pk)
    assert uploads.uploads().exists(queued["offer_file"])

    assert reap_stale() == [job.pk]  # what a page read or any worker's watch does

    job.refresh_from_db()
    assert job.status == "failed" and job.error.startswith("the worker stopped responding at")
    assert not uploads.uploads().exists(queued["offer_file"]) and not copy.exists()


def test_the_next_refresh_sweeps_local_copies_of_ended_refreshes_only(
    prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    ended = Job.objects.create(kind=refresh_job.KIND, lock="us-east-1", status="failed", params={"region": "us-east-1"})
    running = Job.objects.create(
        kind=refresh_job.KIND, lock="eu-central-1", status="running", heartbeat_at=timezone.now(),
        params={"region": "eu-central-1"},
    )  # fmt: skip
    left, in_use = local_copy_of(ended.pk), local_copy_of(running.pk)
    job, queued = start(django_capture_on_commit_callbacks, changed_rds_upload()[0])

    refresh_job.run_refresh(job.pk, **queued)

    assert not left.exists() and in_use.exists()
    shutil.rmtree(in_use)


def test_an_upload_no_refresh_names_is_removed_once_an_hour_old(
    prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    storage = uploads.uploads()
    old = uploads.save_bytes(uploads.new_name(refresh_job.FOLDER), b"{}")
    recent = uploads.save_bytes(uploads.new_name(refresh_job.FOLDER), b"{}")
    two_hours_ago = (timezone.now() - timedelta(hours=2)).timestamp()
    os.utime(storage.path(old), (two_hours_ago, two_hours_ago))
    job, queued = start(django_capture_on_commit_callbacks, changed_rds_upload()[0])

    refresh_job.run_refresh(job.pk, **queued)

    assert not storage.exists(old)  # abandoned: no job names it
    assert storage.exists(recent)  # may be a request still saving its upload before its job row
    uploads.delete([recent])
