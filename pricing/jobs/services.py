"""Start, run and read background jobs. A caller starts a job with ``job_start`` (a ``Job`` row, then the task is
enqueued once the row is committed); the task calls ``job_run`` with the job's id and a function doing the work,
which reports through a ``JobProgress``. Pages read jobs with ``job_get``, which first marks dead ones failed.

Guarantees:
- At most one queued or running job per kind and lock: the database refuses the second row (a partial unique
  constraint), so two requests arriving together cannot both start one; the loser gets ``JobBusy`` naming the
  holder.
- No job stays running for ever: a running job whose worker has not written a heartbeat for its kind's
  ``stale_after`` (``HEARTBEAT_TIMEOUT`` unless the kind declares less, ``pricing.jobs.kinds``) is marked failed
  with "the worker stopped responding at …" whenever jobs are read, started or claimed, and every
  ``watch.EVERY`` seconds by each ``manage.py db_worker``; then the kind's ``on_reaped`` runs (e.g. an estate
  queues the databases left again). Its worker, should it come back, finds the job no longer running at its next progress write and stops (``JobLost``).
- A job is run once: a worker claims it by moving it from queued to running in one UPDATE; a second delivery of the
  same task (or one for a cancelled job) finds nothing to claim and does nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from pricing.jobs import kinds
from pricing.jobs.models import Job

try:  # Django 6 ships the Tasks API as django.tasks; before it, the django-tasks backport is the same API
    from django.tasks import TaskContext, task  # type: ignore[import-not-found]
except ImportError:
    from django_tasks import TaskContext, task

__all__ = ["Job", "JobBusy", "JobFailed", "JobLost", "JobProgress", "TaskContext", "job_cancel", "job_get", "job_run",
           "job_start", "reap_stale", "reaped_for_silence", "stale_after", "task"]  # fmt: skip

logger = logging.getLogger(__name__)

# A worker writes a heartbeat with every progress report (at most every WRITE_EVERY seconds) and at least every
# time it reports; work that can be silent for longer than this must call ``JobProgress.beat()``.
HEARTBEAT_TIMEOUT = timedelta(minutes=10)
WRITE_EVERY = 0.5  # seconds between progress writes (the last state is always written at the end)
LOG_LINES_KEPT = 1000  # a job's log keeps its last lines: progress is bounded however long the work runs
BUSY_RETRIES = 10  # SQLite refuses a write while another connection writes: retry, 0.1 s, 0.2 s, … apart


class JobBusy(Exception):
    """Another job of the same kind and lock is queued or running."""

    def __init__(self, holder: Job | None) -> None:
        self.holder = holder
        super().__init__(f"job #{holder.pk} is {holder.status}" if holder else "another job holds the lock")


class JobFailed(Exception):
    """Raised by a job's work to end it as failed with this message (shown to the user as it is)."""


class JobLost(Exception):
    """The job is no longer running (marked failed after its heartbeat stopped, or cancelled): stop working on it."""


def retrying(write: Callable[[], Any], *, attempts: int = BUSY_RETRIES) -> Any:
    """``write()`` (or a read), retried while SQLite says another connection holds the database or the table."""
    for attempt in range(attempts):
        try:
            return write()
        except OperationalError as error:
            if "locked" not in str(error).lower() or attempt == attempts - 1:
                raise
            time.sleep(0.1 * (attempt + 1))
    return None  # not reached


STALE_PREFIX = "the worker stopped responding at"


def _silence(timeout: timedelta) -> str:
    seconds = int(timeout.total_seconds())
    return f"{seconds} seconds" if seconds < 120 else f"{seconds // 60} minutes"


def stale_reason(heartbeat: datetime | None, timeout: timedelta = HEARTBEAT_TIMEOUT) -> str:
    at = timezone.localtime(heartbeat).strftime("%Y-%m-%d %H:%M:%S %Z") if heartbeat else "an unknown time"
    return (
        f"{STALE_PREFIX} {at} (no heartbeat for more than {_silence(timeout)}): it was stopped or "
        "restarted while the job ran. The job was abandoned; start it again."
    )


def stale_after(kind: str) -> timedelta:
    """How long a worker running a job of ``kind`` may stay silent before the job counts as abandoned."""
    return kinds.rules_for(kind).stale_after or HEARTBEAT_TIMEOUT


def reap_stale(*, now: datetime | None = None) -> list[int]:
    """Mark failed every running job whose heartbeat is older than its kind's ``stale_after`` (default
    ``HEARTBEAT_TIMEOUT``), then call its kind's ``on_reaped``; returns their ids. A job of a kind with a shorter
    timeout whose tasks are all still waiting in the queue (none taken by a worker) is not dead, only queued behind
    other work: it is left alone."""
    now = now or timezone.now()
    reaped: list[Job] = []
    stale = Job.objects.filter(status=Job.Status.RUNNING,
                               heartbeat_at__lt=now - kinds.shortest_stale_after(HEARTBEAT_TIMEOUT))  # fmt: skip
    for pk, kind, heartbeat in stale.values_list("pk", "kind", "heartbeat_at"):
        timeout = stale_after(kind)
        if heartbeat >= now - timeout or (timeout < HEARTBEAT_TIMEOUT and _waiting_in_queue(pk)):
            continue
        # only if it has not beaten since we looked
        changed = retrying(
            lambda pk=pk, heartbeat=heartbeat, timeout=timeout: Job.objects.filter(
                pk=pk, status=Job.Status.RUNNING, heartbeat_at=heartbeat
            ).update(status=Job.Status.FAILED, error=stale_reason(heartbeat, timeout), finished_at=now)
        )
        if changed:
            logger.warning("job %s: no heartbeat since %s, marked failed", pk, heartbeat)
            _end_task_rows(pk, now)
            reaped.append(Job.objects.get(pk=pk))
    for job in reaped:
        hook = kinds.rules_for(job.kind).on_reaped
        if hook is None:
            continue
        try:
            hook(job)
        except Exception:  # one kind's follow-up must not stop a page read or a worker
            logger.exception("job %s: its kind's follow-up after a silent worker failed", job.pk)
    return [job.pk for job in reaped]


def _task_rows() -> Any:
    try:
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # pragma: no cover - another task backend
        return None
    return DBTaskResult.objects


def _waiting_in_queue(job_id: int) -> bool:
    """On the database backend: some task of the job is waiting and none has been taken by a worker."""
    rows = _task_rows()
    if rows is None:  # pragma: no cover - another task backend: silence is all we can read
        return False
    statuses = set(rows.filter(args_kwargs__kwargs__job_id=job_id).values_list("status", flat=True))
    return "READY" in statuses and "RUNNING" not in statuses


def _end_task_rows(job_id: int, now: datetime) -> None:
    """The database backend's rows of the dead job's tasks (every task a job starts gets ``job_id``) end failed too,
    instead of staying RUNNING for ever; other backends keep their own state."""
    rows = _task_rows()
    if rows is None:  # pragma: no cover - another task backend
        return
    retrying(lambda: rows.filter(status="RUNNING", args_kwargs__kwargs__job_id=job_id).update(
        status="FAILED", finished_at=now, exception_class_path="pricing.jobs.services.JobLost",
        traceback="the worker stopped responding; the job was marked failed"))  # fmt: skip


def reaped_for_silence(job: Job) -> bool:
    """Whether ``job`` was marked failed because its worker went silent (not failed by its own work or cancelled)."""
    return job.status == Job.Status.FAILED and (job.error or "").startswith(STALE_PREFIX)


def job_get(pk: int, *, kind: str | None = None) -> Job | None:
    """The job, read after marking dead jobs failed (so a page never shows a dead job as running)."""
    reap_stale()
    jobs = Job.objects.filter(pk=pk)
    return (jobs.filter(kind=kind) if kind else jobs).first()


def job_holding(kind: str, lock: str) -> Job | None:
    """The queued or running job of this kind holding ``lock``, if any."""
    return Job.objects.filter(kind=kind, lock=lock, status__in=Job.ACTIVE).first()


def job_start(
    *,
    kind: str,
    task: Any | None,
    params: dict[str, Any],
    lock: str | None = None,
    requested_by: Any = None,
    first_line: str = "",
    task_kwargs: dict[str, Any] | None = None,
) -> Job:
    """Create the job row (queued) and enqueue ``task(job_id=…, **task_kwargs)`` once the row is committed (a worker,
    on any backend, must be able to read it); with no ``task`` the caller runs the job itself (``job_run``, e.g. a
    management command) and nothing is enqueued. Raises ``JobBusy`` when a queued or running job of ``kind`` holds
    ``lock``: the database's constraint decides, not a read before the insert."""
    reap_stale()

    def create() -> Job:
        with transaction.atomic():
            return Job.objects.create(
                kind=kind,
                lock=lock,
                params=params,
                log=first_line,
                requested_by=requested_by if getattr(requested_by, "is_authenticated", False) else None,
            )

    try:
        job: Job = retrying(create)
    except IntegrityError:
        raise JobBusy(job_holding(kind, lock) if lock is not None else None) from None
    if task is not None:
        kwargs = {"job_id": job.pk, **(task_kwargs or {})}
        transaction.on_commit(lambda: _enqueue(job.pk, task, kwargs))
    return job


def _enqueue(job_id: int, task: Any, kwargs: dict[str, Any]) -> None:
    """Queue the task once the job row is committed; each write retried while SQLite says another connection holds
    the database (a concurrent request that was refused may still be finishing its own transaction)."""
    try:
        result = retrying(lambda: task.enqueue(**kwargs))
    except Exception as error:  # the queue is down: say so on the job rather than leave it queued for ever
        logger.exception("job %s could not be queued", job_id)
        why = f"the job could not be queued ({type(error).__name__}: {error}); nothing was done."
        retrying(
            lambda: Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
                status=Job.Status.FAILED, error=why, finished_at=timezone.now()
            )
        )
        return
    retrying(lambda: Job.objects.filter(pk=job_id).update(task_result_id=str(result.id)[:64]))


def job_cancel(job: Job, *, by: str) -> bool:
    """End a queued or running job as failed. A queued one never runs; a running one stops at its next progress
    write (work already committed stays). False when the job had already ended."""
    now = timezone.now()
    message = f"cancelled by {by} at {timezone.localtime(now).strftime('%Y-%m-%d %H:%M:%S %Z')}"
    changed = Job.objects.filter(pk=job.pk, status__in=Job.ACTIVE).update(
        status=Job.Status.FAILED, error=message, finished_at=now
    )
    return bool(changed)


class JobProgress:
    """What a job's work reports: progress lines, steps done of a total, and a heartbeat with each write. Writes
    are throttled to one every ``WRITE_EVERY`` seconds; each refuses to touch a job that is no longer running and
    raises ``JobLost`` instead, so work on an abandoned or cancelled job stops."""

    def __init__(self, job: Job) -> None:
        self.job_id = job.pk
        self.lines = job.log_lines
        self.done = job.done
        self.total = job.total
        self._written = 0.0

    def line(self, message: str) -> None:
        self.lines.append(message)
        self._maybe_write()

    def step(self, done: int, total: int | None = None) -> None:
        self.done = done
        if total is not None:
            self.total = total
        self._maybe_write()

    def beat(self) -> None:
        """A sign of life for work that is busy but has nothing to report."""
        self._maybe_write()

    def check(self) -> None:
        """Write now, raising ``JobLost`` when the job is no longer running (before a step that cannot be undone)."""
        self._write()

    def _log(self) -> str:
        if len(self.lines) > LOG_LINES_KEPT:
            dropped = len(self.lines) - LOG_LINES_KEPT + 1
            self.lines = [f"… {dropped:,} earlier lines not kept", *self.lines[dropped:]]
        return "\n".join(self.lines)

    def _maybe_write(self) -> None:
        if time.monotonic() - self._written >= WRITE_EVERY:
            self._write()

    def _write(self) -> None:
        fields = {"log": self._log(), "done": self.done, "total": self.total, "heartbeat_at": timezone.now()}
        try:
            changed = Job.objects.filter(pk=self.job_id, status=Job.Status.RUNNING).update(**fields)
        except OperationalError:  # SQLite busy for a moment: the next report writes it
            return
        self._written = time.monotonic()
        if not changed:
            raise JobLost(f"job #{self.job_id} is no longer running")

    def finish(self, status: str, *, error: str = "", result: Any = None) -> None:
        """The job's end, retried while SQLite is busy. A success is recorded even if the job had been marked failed
        meanwhile (its work was done); a failure never overwrites an earlier end."""
        fields: dict[str, Any] = {
            "status": status,
            "log": self._log(),
            "done": self.done,
            "total": self.total,
            "error": error,
            "heartbeat_at": timezone.now(),
            "finished_at": timezone.now(),
        }
        if result is not None:
            fields["result"] = result
        ended = Job.objects.filter(pk=self.job_id)
        if status != Job.Status.SUCCEEDED:
            ended = ended.filter(status=Job.Status.RUNNING)
        else:
            ended = ended.exclude(status=Job.Status.SUCCEEDED)
        try:
            retrying(lambda: ended.update(**fields))
        except OperationalError:
            logger.error("job %s: could not record its end (%s)", self.job_id, status)


Work = Callable[[Job, JobProgress], Any]


def job_run(job_id: int, work: Work, *, worker: str = "") -> dict[str, Any]:
    """Claim the job (queued → running) and run ``work(job, progress)``: its return value (JSON) is the job's result;
    ``JobFailed`` ends it failed with its message; any other error ends it failed saying so (the traceback goes to
    the log); a worker being stopped (SystemExit, KeyboardInterrupt) ends it failed, then stops the worker."""
    reap_stale()
    now = timezone.now()
    claimed = retrying(
        lambda: Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, started_at=now, heartbeat_at=now, worker=worker[:64]
        )
    )
    if not claimed:
        status = Job.objects.filter(pk=job_id).values_list("status", flat=True).first()
        logger.info("job %s not run: it is %s", job_id, status or "gone")
        return {"job": job_id, "status": status or "gone", "ran": False}
    job = Job.objects.get(pk=job_id)
    progress = JobProgress(job)
    try:
        result = work(job, progress)
    except JobFailed as failed:
        progress.finish(Job.Status.FAILED, error=str(failed))
        return {"job": job_id, "status": Job.Status.FAILED, "ran": True}
    except JobLost:
        logger.warning("job %s stopped: it was ended while it ran", job_id)
        return {"job": job_id, "status": Job.Status.FAILED, "ran": True}
    except Exception as error:
        logger.exception("job %s failed", job_id)
        message = f"stopped on an unexpected error ({type(error).__name__}: {error}). The server log has the details."
        progress.finish(Job.Status.FAILED, error=message)
        return {"job": job_id, "status": Job.Status.FAILED, "ran": True}
    except BaseException as stopped:  # the worker is being shut down: record it, then let the worker stop
        progress.lines.append("Stopped: the worker was shut down.")
        message = f"the worker running this job was stopped ({type(stopped).__name__}) before it ended; start it again."
        progress.finish(Job.Status.FAILED, error=message)
        raise
    progress.finish(Job.Status.SUCCEEDED, result=result)
    return {"job": job_id, "status": Job.Status.SUCCEEDED, "ran": True}
