"""An estate's run on the one job mechanism (pricing.jobs over django-tasks): one ``Job`` per run (kind
``estate-assessment``, locked by the estate, progress = databases finished of those queued), and one task per batch
of ``BATCH_SIZE`` databases, so several workers share an estate.

A thin adapter, because ``pricing.jobs.services.job_run`` runs a job as one task: here many tasks report into one job.
``job_start`` creates the job (refusing a second active run of the estate) and enqueues the first batch; the other
batches are enqueued once the rows are committed. Each task claims its rows one at a time (queued -> running in one
UPDATE), so a row is assessed once and a cancelled row (the estate was cancelled or deleted) is skipped; a failing
row is recorded with its error and the batch goes on. The last row to finish ends the job. A run whose worker went
silent for ``STALE_AFTER`` (killed mid-batch) is followed by one re-run of the databases it left
(``requeue_abandoned``, called by the job layer's reaper through ``on_run_reaped``: from a page read, a job start or
any task worker's watch), so a killed worker's databases are queued again within about two minutes.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from advisor.engine.workload import WorkloadInvalid, parse_workload
from advisor.estates.assessing.database import summary_of
from advisor.estates.models import Estate, EstateDatabase
from advisor.services import saved_policy
from config.counting import counted
from pricing.jobs.models import Job
from pricing.jobs.services import JobBusy, job_start, retrying, task

logger = logging.getLogger(__name__)

KIND = "estate-assessment"
BATCH_SIZE = 10  # databases per task: small enough to spread over workers, large enough to keep queue writes few
STALE_AFTER = timedelta(seconds=90)
"""How long an estate run may be silent before the job watch takes its worker for lost and re-queues what it left.
A policy, not a measurement: a batch beats after every database (one takes well under a second) and the worker's
watch beats every ``pricing.jobs.watch.EVERY`` (20 s), so 90 s is several missed beats. Registered for the kind in
``advisor.estates.apps``; the estate page shows it while a run waits."""
Status = EstateDatabase.Status


def batches(ids: list[int], size: int | None = None) -> list[list[int]]:
    size = size or BATCH_SIZE
    return [ids[i : i + size] for i in range(0, len(ids), size)]


def start_run(estate: Estate, *, requested_by: Any = None, requeue_of: int | None = None) -> Job | None:
    """Queue every queued database of ``estate``; None when there is none. Call inside the transaction that wrote
    the rows: tasks are enqueued once it commits. ``requeue_of``: the run whose dead worker left these databases."""
    ids = list(estate.databases.filter(status=Status.QUEUED).order_by("row").values_list("pk", flat=True))
    if not ids:
        return None
    parts = batches(ids)
    params = {"estate": str(estate.public_id), "name": estate.name, "databases": len(ids), "batches": len(parts)}
    first = f"{counted(len(ids), 'database')} in {counted(len(parts), 'batch', 'batches')} of up to {BATCH_SIZE}"
    if requeue_of is not None:
        params["requeue_of"] = requeue_of
        first = f"Re-queued: the worker of the previous run stopped responding. {first}"
    job = job_start(
        kind=KIND,
        lock=str(estate.public_id),
        task=assess_databases,
        params=params,
        requested_by=requested_by,
        first_line=first,
        task_kwargs={"database_ids": parts[0]},
    )
    Job.objects.filter(pk=job.pk).update(total=len(ids))
    estate.job = job
    estate.save(update_fields=["job", "updated_at"])
    for part in parts[1:]:
        transaction.on_commit(lambda part=part: _enqueue(job.pk, part))
    return job


def requeue_abandoned(estate: Estate, dead: Job) -> Job | None:
    """The run after ``dead`` (a run whose worker went silent): its databases still queued or running queued again
    in a new run; None when nothing is left, or when ``dead`` was itself such a re-run (a database that stops every
    worker must not loop: the caller then ends the rows failed). Idempotent per database: only rows still pending
    move, and each is claimed by one batch; when two requests try at once the database lets one run start and the
    other gets that run."""
    if dead.kind != KIND or dead.params.get("requeue_of"):
        return None
    try:
        with transaction.atomic():
            if not estate.databases.filter(status__in=EstateDatabase.PENDING).update(status=Status.QUEUED):
                return None
            return start_run(estate, requeue_of=dead.pk)
    except JobBusy as busy:  # another request re-queued first: its run is the one
        return busy.holder


def on_run_reaped(dead: Job) -> None:
    """The job layer marked ``dead`` failed for silence: queue the databases it left in a new run, or, when it was
    already such a re-run, end them failed with its reason (so no row stays queued or running for ever)."""
    estate = Estate.objects.filter(public_id=dead.lock, job_id=dead.pk).first()
    if estate is None:  # deleted, or a newer run already replaced it
        return
    if requeue_abandoned(estate, dead) is None:
        estate.databases.filter(status__in=EstateDatabase.PENDING).update(
            status=Status.FAILED, error=(dead.error or "the run's worker stopped responding")[:2000],
            finished_at=timezone.now())  # fmt: skip


def _enqueue(job_id: int, database_ids: list[int]) -> None:
    try:
        assess_databases.enqueue(job_id=job_id, database_ids=database_ids)
    except Exception as error:  # the queue is down: say so on the rows rather than leave them queued for ever
        logger.exception("estate job %s: a batch could not be queued", job_id)
        EstateDatabase.objects.filter(pk__in=database_ids, status=Status.QUEUED).update(
            status=Status.FAILED, error=f"could not be queued ({type(error).__name__}: {error})"
        )


@task()
def assess_databases(job_id: int, database_ids: list[int]) -> dict[str, Any]:
    """The task a worker runs: assess each database of the batch that is still queued."""
    return run_batch(job_id, database_ids)


def run_batch(job_id: int, database_ids: list[int]) -> dict[str, Any]:
    now = timezone.now()
    retrying(lambda: Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=now, heartbeat_at=now))  # fmt: skip
    retrying(lambda: Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(heartbeat_at=now))
    counts = {"done": 0, "failed": 0, "skipped": 0}
    estate_id = EstateDatabase.objects.filter(pk__in=database_ids).values_list("estate_id", flat=True).first()
    for pk in database_ids:
        claimed = retrying(partial(_claim, pk))
        if not claimed:  # cancelled, deleted, or taken by another delivery (or an earlier run's batch)
            counts["skipped"] += 1
            continue
        row = EstateDatabase.objects.filter(pk=pk).values("workload", "assessment__policy").first()
        if row is None:
            continue
        counts[_assess_one(pk, row["workload"], row["assessment__policy"])] += 1
        retrying(lambda: Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
            done=F("done") + 1, heartbeat_at=timezone.now()))  # fmt: skip
    if estate_id is not None:
        finish_if_done(job_id, estate_id)
        # a batch of an abandoned run may be the last to finish a database: the run that replaced it ends too
        current = Estate.objects.filter(pk=estate_id).values_list("job_id", flat=True).first()
        if current is not None and current != job_id:
            finish_if_done(current, estate_id)
    return {"job": job_id, **counts}


def _claim(pk: int) -> int:
    return EstateDatabase.objects.filter(pk=pk, status=Status.QUEUED).update(status=Status.RUNNING)


def _assess_one(pk: int, workload_json: Any, policy_json: Any = None) -> str:
    """One database, for the sizing policy saved with its assessment (an estate of saved assessments: each is
    assessed as its results page shows it), else the defaults."""
    started = time.perf_counter()
    fields: dict[str, Any]
    try:
        summary = summary_of(parse_workload(workload_json), saved_policy(policy_json))
    except WorkloadInvalid as invalid:
        fields = {"status": Status.FAILED, "error": f"the stored workload is no longer valid: {invalid}"[:2000]}
    except Exception as error:  # one database's failure must not stop the others
        logger.exception("estate database %s failed", pk)
        fields = {"status": Status.FAILED, "error": f"stopped on an unexpected error ({type(error).__name__}: "
                                                    f"{error}); the server log has the details"[:2000]}  # fmt: skip
    else:
        best = summary.recommended_option
        fields = {"status": Status.DONE, "summary": summary.model_dump(mode="json"), "error": "",
                  "recommended": summary.recommended or "",
                  "recommended_monthly_usd": best.monthly_usd if best else None}  # fmt: skip
    fields |= {"seconds": time.perf_counter() - started, "finished_at": timezone.now()}
    retrying(lambda: EstateDatabase.objects.filter(pk=pk, status=Status.RUNNING).update(**fields))
    return "done" if fields["status"] == Status.DONE else "failed"


def finish_if_done(job_id: int, estate_id: int) -> None:
    """End the job once no database of the estate is queued or running (any batch may be the last)."""
    if EstateDatabase.objects.filter(estate_id=estate_id, status__in=EstateDatabase.PENDING).exists():
        return
    counts = {
        s: EstateDatabase.objects.filter(estate_id=estate_id, status=s).count() for s in (Status.DONE, Status.FAILED)
    }
    now = timezone.now()
    retrying(lambda: Job.objects.filter(pk=job_id, kind=KIND, status__in=Job.ACTIVE).update(
        status=Job.Status.SUCCEEDED, finished_at=now, heartbeat_at=now,
        result={"done": counts[Status.DONE], "failed": counts[Status.FAILED]}))  # fmt: skip
