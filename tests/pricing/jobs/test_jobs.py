"""The job layer: one active job per kind and lock (the database decides), dead workers' jobs marked failed with the
reason, a job claimed once, and how a job's work ends it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pricing.jobs import services as jobs
from pricing.jobs.models import Job

pytestmark = pytest.mark.django_db


class Recorder:
    """A stand-in task: records what it was enqueued with and runs nothing."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def enqueue(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        return type("Result", (), {"id": f"result-{len(self.calls)}"})()


def running_job(*, lock: str = "eu-west-1", beat_minutes_ago: float = 0) -> Job:
    beat = timezone.now() - timedelta(minutes=beat_minutes_ago)
    return Job.objects.create(kind="test", lock=lock, status="running", started_at=beat, heartbeat_at=beat)


def test_the_database_allows_one_queued_or_running_job_per_kind_and_lock() -> None:
    Job.objects.create(kind="test", lock="eu-west-1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Job.objects.create(kind="test", lock="eu-west-1", status="running")
    # another lock, another kind, no lock at all, or an ended job: no conflict
    Job.objects.create(kind="test", lock="us-east-1")
    Job.objects.create(kind="other", lock="eu-west-1")
    Job.objects.create(kind="test", lock=None)
    Job.objects.create(kind="test", lock=None)
    Job.objects.create(kind="test", lock="eu-west-1", status="failed")
    assert Job.objects.filter(kind="test", lock="eu-west-1").count() == 2


def test_starting_a_job_whose_lock_is_held_names_the_holder(django_capture_on_commit_callbacks: Any) -> None:
    task = Recorder()
    with django_capture_on_commit_callbacks(execute=True):
        first = jobs.job_start(kind="test", lock="eu-west-1", task=task, params={"n": 1}, task_kwargs={"x": 2})
    assert task.calls == [{"job_id": first.pk, "x": 2}]
    first.refresh_from_db()
    assert first.status == "queued" and first.task_result_id == "result-1"

    with pytest.raises(jobs.JobBusy) as busy:
        jobs.job_start(kind="test", lock="eu-west-1", task=task, params={})
    assert busy.value.holder == first and str(busy.value) == f"job #{first.pk} is queued"
    assert Job.objects.count() == 1 and len(task.calls) == 1


def test_a_running_job_whose_worker_went_silent_is_failed_with_the_reason() -> None:
    # HEARTBEAT_TIMEOUT is 10 minutes: 11 minutes of silence is dead, 9 is not
    dead = running_job(beat_minutes_ago=11)
    alive = running_job(lock="us-east-1", beat_minutes_ago=9)
    beat = timezone.localtime(dead.heartbeat_at).strftime("%Y-%m-%d %H:%M:%S")

    shown = jobs.job_get(dead.pk)  # reading a job reaps first: a page never shows a dead job as running

    assert shown is not None and shown.status == "failed" and shown.finished_at is not None
    assert shown.error.startswith(f"the worker stopped responding at {beat} UTC (no heartbeat for more than 10 min")
    alive.refresh_from_db()
    assert alive.status == "running" and alive.error == ""


def test_a_dead_job_frees_its_lock() -> None:
    dead = running_job(beat_minutes_ago=30)
    job = jobs.job_start(kind="test", lock="eu-west-1", task=Recorder(), params={})
    dead.refresh_from_db()
    assert dead.status == "failed" and job.status == "queued"


def test_a_job_is_claimed_once_and_its_result_recorded() -> None:
    job = Job.objects.create(kind="test", lock="eu-west-1")
    seen = []

    def work(job: Job, progress: jobs.JobProgress) -> dict[str, int]:
        seen.append(job.status)
        progress.line("half way")
        progress.step(1, 2)
        progress.step(2, 2)
        return {"rows": 3}

    assert jobs.job_run(job.pk, work, worker="w1") == {"job": job.pk, "status": "succeeded", "ran": True}
    assert jobs.job_run(job.pk, work, worker="w2") == {"job": job.pk, "status": "succeeded", "ran": False}
    job.refresh_from_db()
    assert seen == ["running"]  # run once
    assert (job.status, job.result, job.done, job.total, job.worker, job.log) == (
        "succeeded", {"rows": 3}, 2, 2, "w1", "half way"
    )  # fmt: skip
    assert job.started_at is not None and job.finished_at is not None and job.heartbeat_at is not None


def test_how_work_ends_a_job() -> None:
    def refuse(job: Job, progress: jobs.JobProgress) -> None:
        raise jobs.JobFailed("no rows for moon-1: is the region right?")

    def crash(job: Job, progress: jobs.JobProgress) -> None:
        raise KeyError("price_usd")

    def stopped(job: Job, progress: jobs.JobProgress) -> None:
        raise SystemExit(1)

    ends = {}
    for name, work in {"refuse": refuse, "crash": crash}.items():
        job = Job.objects.create(kind="test", lock=name)
        jobs.job_run(job.pk, work)
        job.refresh_from_db()
        ends[name] = (job.status, job.error)
    job = Job.objects.create(kind="test", lock="stopped")
    with pytest.raises(SystemExit):  # the worker still stops
        jobs.job_run(job.pk, stopped)
    job.refresh_from_db()

    assert ends["refuse"] == ("failed", "no rows for moon-1: is the region right?")
    assert ends["crash"] == (
        "failed",
        "stopped on an unexpected error (KeyError: 'price_usd'). The server log has the details.",
    )
    assert job.status == "failed" and job.error.startswith("the worker running this job was stopped (SystemExit)")
    assert job.log_lines[-1] == "Stopped: the worker was shut down."


def test_work_on_a_cancelled_job_stops_at_its_next_report() -> None:
    job = Job.objects.create(kind="test", lock="eu-west-1")
    steps_done = []

    def work(job: Job, progress: jobs.JobProgress) -> None:
        progress.check()
        steps_done.append(1)
        assert jobs.job_cancel(job, by="pricer")
        progress.check()  # raises JobLost: the job is no longer running
        steps_done.append(2)

    assert jobs.job_run(job.pk, work)["status"] == "failed"
    job.refresh_from_db()
    assert steps_done == [1]
    assert job.status == "failed" and job.error.startswith("cancelled by pricer at ")


def test_a_cancelled_queued_job_is_never_run() -> None:
    job = Job.objects.create(kind="test", lock="eu-west-1")
    assert jobs.job_cancel(job, by="pricer")
    assert not jobs.job_cancel(job, by="pricer")  # already ended
    ran = []
    assert jobs.job_run(job.pk, lambda job, progress: ran.append(1))["ran"] is False
    assert ran == []


def test_a_job_keeps_its_last_log_lines() -> None:
    job = Job.objects.create(kind="test")

    def chatty(job: Job, progress: jobs.JobProgress) -> None:
        for n in range(1, 1201):
            progress.lines.append(f"line {n}")

    jobs.job_run(job.pk, chatty)
    job.refresh_from_db()
    # 1,200 lines, 1,000 kept: a marker for the 201 dropped, then lines 202..1200 (999 lines)
    assert len(job.log_lines) == 1000
    assert job.log_lines[0] == "… 201 earlier lines not kept"
    assert job.log_lines[1] == "line 202" and job.log_lines[-1] == "line 1200"


def test_jobs_are_listed_read_only_in_the_admin(admin_client: Client) -> None:
    job = Job.objects.create(kind="price-refresh", lock="eu-west-1", status="failed", error="no AWS credentials found")
    listing = admin_client.get(reverse("admin:jobs_job_changelist"))
    assert listing.status_code == 200 and "eu-west-1" in listing.content.decode()
    assert admin_client.get(reverse("admin:jobs_job_add")).status_code == 403
    detail = admin_client.get(reverse("admin:jobs_job_change", args=[job.pk])).content.decode()
    assert "no AWS credentials found" in detail and 'name="_save"' not in detail


def test_no_thread_runs_background_jobs() -> None:
    """Jobs run on the task queue. The only threads left are the PDF printer's browser warm-up and its print queue
    (advisor/reports/pdf.py, advisor/reports/printer.py), which serve a request, not a job, and the task worker's watch
    (pricing/jobs/watch.py), which only beats for the job the worker runs and reaps silent ones."""
    root = Path(__file__).resolve().parents[3]
    starting = {
        str(path.relative_to(root))
        for top in ("advisor", "pricing", "config")
        for path in (root / top).rglob("*.py")
        if "threading.Thread(" in path.read_text()
    }
    assert starting <= {"advisor/reports/pdf.py", "advisor/reports/printer.py", "pricing/jobs/watch.py"}, starting
