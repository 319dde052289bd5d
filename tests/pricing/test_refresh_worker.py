"""The price refresh on the task queue: a real database worker runs a queued refresh; a second refresh of a region is
refused, also when two requests arrive at once; a refresh whose worker died is reported failed with the reason; a
queued refresh can be cancelled."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import OperationalError, connection
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from config import uploads
from pricing import services
from pricing.jobs import services as jobs
from pricing.jobs.models import Job
from tests.pricing.offer_data import REGION, write
from tests.pricing.refresh.test_refresh import changed_rds_upload
from tests.pricing.test_views import text_of

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, never run


def staff_client() -> Client:
    client = Client()
    client.force_login(User.objects.get_or_create(username="pricer", defaults={"is_staff": True})[0])
    return client


def post_offer_file(client: Client, tmp_path: Path) -> Any:
    path = write(changed_rds_upload()[0], tmp_path / "AmazonRDS.json")
    with path.open("rb") as handle:
        return client.post(
            reverse("pricing:refresh-start"), {"region": REGION, "service": "AmazonRDS", "offer_file": handle}
        )


def running_refresh(*, beat_minutes_ago: float) -> Job:
    beat = timezone.now() - timedelta(minutes=beat_minutes_ago)
    return Job.objects.create(
        kind="price-refresh", lock=REGION, status="running", params={"region": REGION, "services": ["AmazonRDS"]},
        log="Started\nAmazonRDS eu-west-1: reading AmazonRDS.json", started_at=beat, heartbeat_at=beat,
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_database_worker_runs_the_queued_refresh(prices: None, tmp_path: Path) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    with override_settings(TASKS=DATABASE_TASKS):
        response = post_offer_file(staff_client(), tmp_path)
        job = Job.objects.get()
        assert response.status_code == 302 and job.status == "queued"  # nothing runs until a worker takes it
        assert services.snapshot_current(REGION, "AmazonRDS") == before
        queued = DBTaskResult.objects.get(id=job.task_result_id)
        assert queued.status == "READY" and queued.task_path == "pricing.refresh_job.price_refresh"
        stored = queued.args_kwargs["kwargs"]["offer_file"]  # the task names the file in the uploads storage
        assert uploads.uploads().exists(stored) and not Path(stored).is_absolute()

        # one batch of `manage.py db_worker`'s loop, in this process: take every ready task, then stop
        Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
               max_tasks=None, worker_id="test-worker", excluded_queue_names=[]).run()  # fmt: skip

    job.refresh_from_db()
    assert job.status == "succeeded", job.error
    assert job.worker == "test-worker" and (job.done, job.total) == (3, 3)
    after = services.snapshot_current(REGION, "AmazonRDS")
    assert after is not None and after != before and after.origin == "offer-file"
    # changed_rds_upload(): one row repriced, one removed, one added with its Partial Upfront
    # reservation (an upfront-fee row and an hourly row) against the 608-row fixture -> 606 unchanged, 610 rows
    assert job.result[0] | {"snapshot": None} == {
        "service": "AmazonRDS", "snapshot": None, "previous": before.pk if before else None, "outcome": "current",
        "held": [], "rows": 610,
        "added": 3, "removed": 1, "repriced": 1, "unchanged": 606, "notes": [],
    }  # fmt: skip
    assert DBTaskResult.objects.get(id=job.task_result_id).status == "SUCCESSFUL"
    assert not uploads.uploads().exists(stored)  # the worker removed the upload, and its local copy
    assert not list(Path(tempfile.gettempdir()).glob("price-refresh-*"))  # this test process's (tests/conftest.py)


@pytest.mark.skipif(settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"), reason="needs a database another process can open (PostgreSQL leg)")  # fmt: skip
@pytest.mark.django_db(transaction=True)
def test_the_db_worker_command_in_its_own_process_runs_the_queued_refresh(prices: None, tmp_path: Path) -> None:
    with override_settings(TASKS=DATABASE_TASKS):
        post_offer_file(staff_client(), tmp_path)
    job = Job.objects.get()
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    stored = DBTaskResult.objects.get(id=job.task_result_id).args_kwargs["kwargs"]["offer_file"]
    env = {**os.environ, "DATABASE_URL": url, "TASKS_BACKEND": "django_tasks_db.DatabaseBackend"}
    env["UPLOADS_ROOT"] = str(uploads.uploads().location)  # the uploads storage this test wrote the file to
    done = subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--interval", "0"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    job.refresh_from_db()
    assert job.status == "succeeded", job.error
    assert services.snapshot_current(REGION, "AmazonRDS").origin == "offer-file"  # type: ignore[union-attr]
    assert not uploads.uploads().exists(stored)  # the worker, in its own process, removed the upload


@pytest.mark.django_db
def test_a_second_refresh_of_a_region_is_refused_while_one_is_queued(tmp_path: Path) -> None:
    client = staff_client()
    with override_settings(TASKS=STORED_ONLY):
        queued = Job.objects.create(
            kind="price-refresh", lock=REGION, params={"region": REGION, "services": ["AmazonRDS"]}
        )
        page = client.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
        htmx = client.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"}, headers={"HX-Request": "true"})  # fmt: skip
        other_region = client.post(reverse("pricing:refresh-start"), {"region": "us-east-1", "service": "all"})

    refusal = "a refresh of eu-west-1 is already queued (refresh #1); this one was not started"
    assert page.status_code == 409 and refusal in text_of(page)
    # htmx swaps only 2xx answers: the refusal comes with the panel of the job that holds the region (polled)
    assert htmx.status_code == 200 and refusal in text_of(htmx)
    assert f'hx-get="/prices/jobs/{queued.pk}" hx-trigger="every 1s"' in htmx.content.decode()
    assert other_region.status_code == 302
    assert sorted(Job.objects.values_list("lock", flat=True)) == ["eu-west-1", "us-east-1"]


@pytest.mark.django_db(transaction=True)
def test_two_refreshes_of_a_region_started_at_once_start_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both requests pass validation and reach the insert together (the barrier holds each until the other is there):
    a check-then-insert would start two; the database's constraint lets exactly one in."""
    User.objects.create_user("pricer", password="x", is_staff=True)
    barrier = threading.Barrier(2, timeout=20)
    reap = jobs.reap_stale

    def reap_then_wait(**kwargs: Any) -> list[int]:
        reaped = reap(**kwargs)
        if threading.current_thread() is not threading.main_thread():
            barrier.wait()  # only job_start's own call, in each request thread, right before its insert
        return reaped

    monkeypatch.setattr(jobs, "reap_stale", reap_then_wait)
    answers: list[tuple[int, str]] = []
    clients = [staff_client(), staff_client()]  # signed in beforehand: the race is the refresh, not the sign-in

    def post(client: Client) -> None:
        try:
            response = client.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
            answers.append((response.status_code, text_of(response)))
        finally:
            connection.close()

    with override_settings(TASKS=STORED_ONLY):
        threads = [threading.Thread(target=post, args=(client,)) for client in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)

    assert Job.objects.count() == 1  # exactly one
    assert sorted(status for status, _ in answers) == [302, 409]
    refused = next(text for status, text in answers if status == 409)
    assert "a refresh of eu-west-1 is already queued (refresh #1); this one was not started" in refused


@pytest.mark.django_db
def test_a_started_refresh_is_shown_although_a_refused_one_still_held_the_table_for_a_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SQLite: the winner's read of its job can meet the loser's insert still holding the table ("database table is
    locked"); the read is tried again rather than answered with a server error."""
    read = Job.refresh_from_db
    calls: list[int] = []

    def locked_once(self: Job, *args: Any, **kwargs: Any) -> None:
        calls.append(self.pk)
        if len(calls) == 1:
            raise OperationalError("database table is locked: jobs_job")
        read(self, *args, **kwargs)

    monkeypatch.setattr(Job, "refresh_from_db", locked_once)
    with override_settings(TASKS=STORED_ONLY):
        response = staff_client().post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"?job={job.pk}#refresh-job")
    assert calls == [job.pk, job.pk]


@pytest.mark.django_db
def test_a_refresh_whose_worker_died_is_reported_failed_and_the_region_is_free_again() -> None:
    client = staff_client()
    dead = running_refresh(beat_minutes_ago=25)
    beat = timezone.localtime(dead.heartbeat_at).strftime("%Y-%m-%d %H:%M:%S")

    poll = client.get(reverse("pricing:refresh-job", args=[dead.pk]), headers={"HX-Request": "true"})
    text = text_of(poll)
    assert "failed" in text and f"the worker stopped responding at {beat} UTC" in text
    assert 'hx-trigger="every 1s"' not in poll.content.decode()  # polling stops
    dead.refresh_from_db()
    assert dead.status == "failed"

    with override_settings(TASKS=STORED_ONLY):
        again = client.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
    assert again.status_code == 302 and Job.objects.filter(status="queued").count() == 1


@pytest.mark.django_db
def test_a_running_refresh_shows_its_steps_and_heartbeat() -> None:
    job = running_refresh(beat_minutes_ago=1)
    Job.objects.filter(pk=job.pk).update(done=1, total=3)
    text = text_of(staff_client().get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"}))
    assert "step 1 of 3 (each service read, each checked, then the write)" in text
    assert "a refresh whose worker is silent for 10 minutes is marked failed" in text


@pytest.mark.django_db
def test_a_queued_refresh_can_be_cancelled_and_then_never_runs() -> None:
    client = staff_client()
    with override_settings(TASKS=STORED_ONLY):
        client.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
    job = Job.objects.get()
    assert "waiting for a task worker" in text_of(client.get(reverse("pricing:prices"), {"job": job.pk}))

    client.post(reverse("pricing:refresh-cancel", args=[job.pk]))

    job.refresh_from_db()
    assert job.status == "failed" and job.error.startswith("cancelled by pricer at ")
    assert jobs.job_run(job.pk, lambda job, progress: None)["ran"] is False  # a worker taking it later does nothing
