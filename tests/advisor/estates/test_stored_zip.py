"""An estate's ZIP of reports waits in the uploads storage (not the database) for the worker that reads it: written
before the rows, removed once read, cancelled or deleted, and never left behind when the rows were not saved; a ZIP
kept in the database before storage is still read."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError
from django.test import override_settings

from advisor.estates import report_tasks, services
from advisor.estates.models import Estate, EstateUpload
from config import uploads
from pricing.jobs.models import Job
from tests.advisor.awr.samples import needs_samples
from tests.advisor.estates.engine.test_report_zip import two_folders

pytestmark = [pytest.mark.django_db, needs_samples]
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, never run


@override_settings(TASKS=STORED_ONLY)
def test_the_zip_waits_in_the_storage_and_goes_once_read(user: Any, prices: None,
                                                         django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    data = two_folders()
    estate = services.estate_from_reports(data=data, file_name="estate.zip", owner=user)
    upload = EstateUpload.objects.get()
    assert upload.stored.startswith("estates/") and bytes(upload.data) == b""
    assert uploads.read_bytes(upload.stored) == data
    with django_capture_on_commit_callbacks(execute=True):
        report_tasks.run_reading(Job.objects.get(kind=report_tasks.KIND).pk, estate.pk)
    assert estate.databases.count() == 2 and not uploads.uploads().exists(upload.stored)


@override_settings(TASKS=STORED_ONLY)
def test_deleting_the_estate_before_it_is_read_removes_the_zip(user: Any,
                                                                django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    estate = services.estate_from_reports(data=two_folders(), file_name="estate.zip", owner=user)
    name = EstateUpload.objects.get().stored
    with django_capture_on_commit_callbacks(execute=True):
        services.estate_delete(estate=estate, by="alice")
    assert not uploads.uploads().exists(name)


def test_rows_that_fail_to_save_leave_no_zip(user: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    save = uploads.save_bytes
    monkeypatch.setattr(uploads, "save_bytes", lambda name, data: written.append(save(name, data)) or written[-1])

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise DatabaseError("the database went away")

    monkeypatch.setattr(report_tasks, "start_reading", refuse)
    with pytest.raises(DatabaseError):
        services.estate_from_reports(data=two_folders(), file_name="estate.zip", owner=user)
    assert len(written) == 1 and not uploads.uploads().exists(written[0])
    assert not Estate.objects.exists()


@override_settings(TASKS=STORED_ONLY)
def test_a_zip_kept_in_the_database_before_storage_is_still_read(user: Any, prices: None) -> None:
    estate = services.estate_from_reports(data=two_folders(), file_name="estate.zip", owner=user)
    upload = EstateUpload.objects.get()
    uploads.delete([upload.stored])
    EstateUpload.objects.filter(pk=upload.pk).update(stored="", data=two_folders())  # as a row saved before storage
    report_tasks.run_reading(Job.objects.get(kind=report_tasks.KIND).pk, estate.pk)
    assert estate.databases.count() == 2 and not EstateUpload.objects.exists()


@override_settings(TASKS=STORED_ONLY)
def test_a_zip_gone_from_the_storage_fails_the_reading_in_words(user: Any) -> None:
    estate = services.estate_from_reports(data=two_folders(), file_name="estate.zip", owner=user)
    uploads.delete([EstateUpload.objects.get().stored])
    job = Job.objects.get(kind=report_tasks.KIND)
    report_tasks.run_reading(job.pk, estate.pk)
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "the uploaded ZIP is no longer stored: nothing was read.")
