"""An estate on the database task backend: its batches wait in the queue until a worker (``manage.py db_worker``'s
loop, run here in this process) takes them, then every row is assessed and the run ends."""

from typing import Any

import pytest
from django.test import override_settings
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from advisor.estates import services, tasks
from advisor.estates.engine.inventory import read_inventory
from pricing.jobs.models import Job
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
