"""A kind of job may declare a shorter silence than the layer's 10 minutes and a follow-up once a silent job is marked
failed; a worker's watch beats for the job it runs and reaps silent ones, so nobody has to open a page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from pricing.jobs import kinds
from pricing.jobs import services as jobs
from pricing.jobs.models import Job
from pricing.jobs.watch import Watch

pytestmark = pytest.mark.django_db


@pytest.fixture
def quick_kind() -> Iterator[list[int]]:
    """A kind silent for at most 90 seconds whose follow-up records the jobs it is called with."""
    followed: list[int] = []
    kinds.register_kind("quick", stale_after=timedelta(seconds=90), on_reaped=lambda job: followed.append(job.pk))
    yield followed
    kinds._KINDS.pop("quick")


def running(kind: str, *, silent_seconds: float) -> Job:
    beat = timezone.now() - timedelta(seconds=silent_seconds)
    return Job.objects.create(kind=kind, status="running", started_at=beat, heartbeat_at=beat)


def task_row(job: Job, status: str) -> None:
    DBTaskResult.objects.create(status=status, task_path="x.y", args_kwargs={"args": [], "kwargs": {"job_id": job.pk}},
                                queue_name="default", backend_name="default", priority=0)  # fmt: skip


def test_a_kind_declaring_90_seconds_is_reaped_after_100_seconds_of_silence(quick_kind: list[int]) -> None:
    quick_silent = running("quick", silent_seconds=100)  # 100 s > 90 s
    quick_alive = running("quick", silent_seconds=60)  # 60 s < 90 s
    default_kind = running("other", silent_seconds=100)  # 100 s < the default 600 s
    task_row(quick_silent, "RUNNING")  # its worker had taken the task, then went silent

    assert jobs.reap_stale() == [quick_silent.pk]
    assert quick_kind == [quick_silent.pk]  # the follow-up ran once, for it
    quick_silent.refresh_from_db()
    assert quick_silent.status == "failed" and "no heartbeat for more than 90 seconds" in quick_silent.error
    assert DBTaskResult.objects.get().status == "FAILED"
    assert Job.objects.get(pk=quick_alive.pk).status == Job.objects.get(pk=default_kind.pk).status == "running"


def test_a_quick_job_whose_tasks_all_wait_in_the_queue_is_not_dead(quick_kind: list[int]) -> None:
    waiting = running("quick", silent_seconds=300)  # the worker is busy with other work: its next batch waits
    task_row(waiting, "SUCCESSFUL")
    task_row(waiting, "READY")
    assert jobs.reap_stale() == [] and quick_kind == []
    assert Job.objects.get(pk=waiting.pk).status == "running"


def test_a_failing_follow_up_does_not_stop_the_reap() -> None:
    def broken(job: Any) -> None:
        raise RuntimeError("boom")

    kinds.register_kind("brittle", stale_after=timedelta(seconds=90), on_reaped=broken)
    try:
        job = running("brittle", silent_seconds=120)
        assert jobs.reap_stale() == [job.pk]
    finally:
        kinds._KINDS.pop("brittle")
    assert Job.objects.get(pk=job.pk).status == "failed"


def test_the_watch_beats_for_the_job_its_worker_runs_and_reaps_silent_ones(quick_kind: list[int]) -> None:
    busy = running("quick", silent_seconds=80)  # a long step with nothing to report
    dead = running("quick", silent_seconds=95)
    task_row(dead, "RUNNING")
    watch = Watch(every=3600)
    watch._started(None, type("Result", (), {"kwargs": {"job_id": busy.pk}})())
    watch.tick()
    busy.refresh_from_db()
    assert busy.status == "running" and (timezone.now() - busy.heartbeat_at) < timedelta(seconds=5)
    assert Job.objects.get(pk=dead.pk).status == "failed" and quick_kind == [dead.pk]
    watch._finished(None, None)
    assert watch.job_id is None
