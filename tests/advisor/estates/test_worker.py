"""An estate on the database task backend: its batches wait in the queue until a worker (``manage.py db_worker``'s
loop, run here in this process) takes them, then every row is assessed and the run ends."""

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from advisor.estates import services, tasks
from advisor.estates.engine.inventory import read_inventory
from advisor.estates.models import Estate, EstateDatabase
from pricing.jobs.models import Job
from pricing.jobs.services import HEARTBEAT_TIMEOUT
from tests.advisor.estates.conftest import HEADER

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.mark.django_db(transaction=True)
def test_a_database_worker_assesses_every_batch(user: Any, prices: None, monkeypatch: Any) -> None:
    monkeypatch.setattr(tasks, "BATCH_SIZE", 2)
    rows = tuple(f"db{n},ee,byol,0,us-east-1,{2 + n},200,no," for n in range(5))  # 5 rows: batches of 2, 2 and 1
    with override_settings(TASKS=DATABASE_TASKS):
        inventory = read_inventory(("\n".join([HEADER, *rows]) + "\n").encode(), "e.csv")
        estate = services.estate_from_inventory(inventory=inventory, owner=user)
        assert DBTaskResult.objects.filter(status="READY").count() == 3
        assert set(estate.databases.values_list("status", flat=True)) == {"queued"}
        Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
               max_tasks=None, worker_id="test-worker", excluded_queue_names=[]).run()  # fmt: skip
    assert set(estate.databases.values_list("status", flat=True)) == {"done"}
    job = Job.objects.get(pk=estate.job_id)
    assert (job.status, job.done, job.total) == ("succeeded", 5, 5)
    assert not services.estate_progress(estate).running


@pytest.mark.django_db(transaction=True)
def test_a_batch_left_by_a_killed_worker_is_requeued_and_every_database_is_assessed_once(
    user: Any, prices: None, monkeypatch: Any
) -> None:
    monkeypatch.setattr(tasks, "BATCH_SIZE", 2)
    assessed: list[int] = []
    assess_one = tasks._assess_one

    def counting(pk: int, workload: Any, policy: Any = None) -> str:
        assessed.append(pk)
        return assess_one(pk, workload, policy)

    monkeypatch.setattr(tasks, "_assess_one", counting)
    rows = tuple(f"db{n},ee,byol,0,us-east-1,{2 + n},200,no," for n in range(5))  # batches of 2, 2 and 1
    with override_settings(TASKS=DATABASE_TASKS):
        inventory = read_inventory(("\n".join([HEADER, *rows]) + "\n").encode(), "e.csv")
        estate = services.estate_from_inventory(inventory=inventory, owner=user)
        first_batch = DBTaskResult.objects.filter(status="READY").order_by("enqueued_at").first()
        assert first_batch is not None
        # a worker took the first batch, claimed its first database, then was killed (SIGKILL: no cleanup at all)
        silent_since = timezone.now() - HEARTBEAT_TIMEOUT - timedelta(minutes=1)
        DBTaskResult.objects.filter(pk=first_batch.pk).update(status="RUNNING", started_at=silent_since,
                                                              worker_ids=["killed-worker"])  # fmt: skip
        first_run = estate.job_id
        Job.objects.filter(pk=first_run).update(status="running", started_at=silent_since,
                                                heartbeat_at=silent_since)  # fmt: skip
        dead_row = first_batch.args_kwargs["kwargs"]["database_ids"][0]
        EstateDatabase.objects.filter(pk=dead_row).update(status="running")

        progress = services.estate_progress(estate)  # a page read: the silent run is reaped and re-queued
        assert progress.job is not None and progress.job.pk != first_run and progress.job.active
        assert progress.job.params["requeue_of"] == first_run and Job.objects.get(pk=first_run).status == "failed"
        assert DBTaskResult.objects.get(pk=first_batch.pk).status == "FAILED"  # the task row ends too
        Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
               max_tasks=None, worker_id="new-worker", excluded_queue_names=[]).run()  # fmt: skip

    ids = sorted(estate.databases.values_list("pk", flat=True))
    assert sorted(assessed) == ids  # every database once: the killed one again, none twice
    assert set(estate.databases.values_list("status", flat=True)) == {"done"}
    estate.refresh_from_db()
    assert Job.objects.get(pk=estate.job_id).status == "succeeded"
    assert not DBTaskResult.objects.filter(status__in=["RUNNING", "READY"]).exists()
    assert not services.estate_progress(estate).running


@pytest.mark.django_db(transaction=True)
def test_a_rerun_that_dies_too_ends_its_databases_failed(user: Any, prices: None) -> None:
    """A database that stops every worker it meets must not be re-queued for ever: one re-run, then failed."""
    with override_settings(TASKS=DATABASE_TASKS):
        inventory = read_inventory((HEADER + "\ndb0,ee,byol,0,us-east-1,2,200,no,\n").encode(), "e.csv")
        estate = services.estate_from_inventory(inventory=inventory, owner=user)
        silent_since = timezone.now() - HEARTBEAT_TIMEOUT - timedelta(minutes=1)
        for _ in range(2):
            Job.objects.filter(pk=Estate.objects.get(pk=estate.pk).job_id).update(
                status="running", heartbeat_at=silent_since)  # fmt: skip
            estate.databases.update(status="running")
            DBTaskResult.objects.filter(status="READY").update(status="RUNNING")  # the killed worker took it
            progress = services.estate_progress(Estate.objects.get(pk=estate.pk))
    assert Job.objects.count() == 2 and not progress.running
    row = estate.databases.get()
    assert row.status == "failed" and row.error.startswith("the worker stopped responding at")


@pytest.mark.django_db(transaction=True)
def test_a_run_silent_for_more_than_90_seconds_is_requeued_by_the_reaper_without_a_page_read(
    user: Any, prices: None
) -> None:
    from pricing.jobs.services import reap_stale

    with override_settings(TASKS=DATABASE_TASKS):
        inventory = read_inventory((HEADER + "\ndb0,ee,byol,0,us-east-1,2,200,no,\n").encode(), "e.csv")
        estate = services.estate_from_inventory(inventory=inventory, owner=user)
        first_run = estate.job_id
        DBTaskResult.objects.update(status="RUNNING")  # a worker took the batch...
        estate.databases.update(status="running")
        beat = timezone.now() - timedelta(seconds=60)  # ...and was last heard from 60 s ago: 60 < 90, alive
        Job.objects.filter(pk=first_run).update(status="running", heartbeat_at=beat)
        assert reap_stale() == []
        beat = timezone.now() - timedelta(seconds=100)  # 100 s > 90 s: gone (the 10-minute default would wait)
        Job.objects.filter(pk=first_run).update(heartbeat_at=beat)
        assert reap_stale() == [first_run]  # what every worker's watch runs every 20 s
    estate.refresh_from_db()
    assert estate.job_id != first_run and Job.objects.get(pk=estate.job_id).params["requeue_of"] == first_run
    assert estate.databases.get().status == "queued"
    assert "no heartbeat for more than 90 seconds" in Job.objects.get(pk=first_run).error
