"""A fault run: a real task worker (``manage.py db_worker`` in its own process) is killed with SIGKILL in the middle
of an estate; a new worker is started; every database ends assessed exactly once and every task row in a final
state, with no page read in between (the new worker's watch finds the silent run and queues what it left)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import override_settings

from advisor.estates import services, tasks
from advisor.estates.engine.inventory import read_inventory
from advisor.estates.models import Estate, EstateDatabase
from pricing.jobs.models import Job
from tests.advisor.estates.conftest import HEADER

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
WORKER = Path(__file__).with_name("fault_worker.py")
SQLITE = settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
DATABASES = 12


def database_url(tmp_path: Path) -> str:
    """Where the worker processes find the test's data: on SQLite a file copy of the in-memory test database (copied
    back at the end), on PostgreSQL the test database itself."""
    if SQLITE:
        connection.ensure_connection()
        with sqlite3.connect(tmp_path / "estate.sqlite3") as file:
            connection.connection.backup(file)
        return f"sqlite:///{tmp_path / 'estate.sqlite3'}"
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def reader(tmp_path: Path) -> Callable[[str], int]:
    def count(sql: str) -> int:
        if SQLITE:
            with sqlite3.connect(tmp_path / "estate.sqlite3", timeout=10) as file:
                return int(file.execute(sql).fetchone()[0])
        with connection.cursor() as cursor:
            cursor.execute(sql)
            return int(cursor.fetchone()[0])

    return count


def wait_for(what: Callable[[], bool], *, seconds: float, saying: str) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, saying
        time.sleep(0.2)


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_estate_leaves_every_database_assessed_exactly_once(
    user: Any, prices: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tasks, "BATCH_SIZE", 4)  # 12 databases: 3 batches of 4
    rows = tuple(f"db{n},ee,byol,0,us-east-1,{2 + n % 6},200,no," for n in range(DATABASES))
    with override_settings(TASKS=DATABASE_TASKS):
        estate = services.estate_from_inventory(
            inventory=read_inventory(("\n".join([HEADER, *rows]) + "\n").encode(), "e.csv"), owner=user
        )
    first_run = estate.job_id
    ids = sorted(estate.databases.values_list("pk", flat=True))
    log = tmp_path / "assessed.log"
    log.touch()
    env = {**os.environ, "DATABASE_URL": database_url(tmp_path), "ASSESSED_LOG": str(log),
           "TASKS_BACKEND": "django_tasks_db.DatabaseBackend"}  # fmt: skip

    def worker(name: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, str(WORKER), name], cwd=settings.BASE_DIR, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip

    def assessed() -> list[int]:
        return [int(line) for line in log.read_text().split()]

    first = worker("worker-to-kill")
    try:
        wait_for(lambda: len(assessed()) >= 3, seconds=60, saying="the first worker assessed nothing")
    finally:
        first.send_signal(signal.SIGKILL)  # no cleanup of any kind
        first.wait(timeout=10)
    assessed_when_killed = len(assessed())
    assert 3 <= assessed_when_killed < DATABASES  # killed mid-estate

    count = reader(tmp_path)
    pending = "SELECT COUNT(*) FROM estates_estatedatabase WHERE status IN ('queued', 'running')"
    unfinished_tasks = "SELECT COUNT(*) FROM django_tasks_database_dbtaskresult WHERE status IN ('READY', 'RUNNING')"
    active_jobs = "SELECT COUNT(*) FROM jobs_job WHERE status IN ('queued', 'running')"
    second = worker("new-worker")
    try:
        wait_for(lambda: count(pending) == 0 and count(unfinished_tasks) == 0 and count(active_jobs) == 0,
                 seconds=60, saying="the new worker did not finish the estate")  # fmt: skip
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=20)
    if SQLITE:  # the workers' results back into the test database
        with sqlite3.connect(tmp_path / "estate.sqlite3") as file:
            file.backup(connection.connection)

    assert sorted(assessed()) == ids  # each of the 12 once: the one being assessed when killed again, none twice
    assert set(EstateDatabase.objects.filter(estate=estate).values_list("status", flat=True)) == {"done"}
    dead = Job.objects.get(pk=first_run)
    assert dead.status == "failed" and "no heartbeat for more than 3 seconds" in dead.error
    estate = Estate.objects.get(pk=estate.pk)
    rerun = Job.objects.get(pk=estate.job_id)
    assert rerun.params["requeue_of"] == first_run and rerun.status == "succeeded"
    from django_tasks_db.models import DBTaskResult

    statuses = list(DBTaskResult.objects.values_list("status", flat=True))
    # 3 batches of the first run (the killed one FAILED, two run by the new worker) + the re-run's batch(es)
    assert statuses.count("FAILED") == 1 and set(statuses) == {"FAILED", "SUCCESSFUL"}, statuses
