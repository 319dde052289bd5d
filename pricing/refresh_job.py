"""The price refresh as a background job: ``refresh_start`` records a ``Job`` (kind ``price-refresh``, locked by
region, so one refresh of a region at a time) and enqueues the ``price_refresh`` task; a worker runs
``prices_refresh`` for it, writing progress lines and steps to the job, and the job's result lists, per service,
the new snapshot, the one it replaced and the rows added, removed and repriced.

An uploaded offer file waits in the uploads storage (``config.uploads``, which every web and task machine reads: an
S3 bucket when there are several) under a name of its own; the worker copies it, in chunks, to a local temporary file
bearing the upload's own (sanitised) name, which the snapshot's source names, and removes both the copy and the stored
file when the job ends, whether it succeeded, failed or was cancelled before it ran. A job that could not be queued
(no worker will ever run it) has its stored file removed when the request commits.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from config import uploads
from pricing import services as price_services
from pricing.jobs.models import Job
from pricing.jobs.services import JobFailed, JobProgress, TaskContext, job_run, job_start, task

KIND = "price-refresh"
FOLDER = "price-refresh"  # the uploaded offer files' folder in the uploads storage


def refresh_start(
    *, region: str, services: list[str], upload: UploadedFile | None = None, requested_by: Any = None
) -> Job:
    """Queue a refresh of ``region``. Raises ``JobBusy`` (naming the job) when one of the region is queued or
    running; the database decides, so two requests at once cannot both start one."""
    first = f"importing {upload.name}" if upload else "asking the AWS Price List Query API (boto3 credential chain)"
    with uploads.removed_unless_kept() as written:  # the file first, in the storage every worker reads; then the job
        if upload is not None:
            written.append(uploads.save_chunks(uploads.new_name(FOLDER), upload.chunks()))
        job = job_start(
            kind=KIND,
            lock=region,
            task=price_refresh,
            params={"region": region, "services": services, "offer_file_name": upload.name[:255] if upload else ""},
            requested_by=requested_by,
            first_line=f"Queued: {first}",
            task_kwargs={"offer_file": written[0] if written else None, "local_name": _local_name(upload)},
        )
    if written:  # after the enqueue (an earlier callback): a job that could not be queued never runs its task
        transaction.on_commit(lambda: _removed_unless_queued(job.pk, written[0]))
    return job


def refresh_number(job: Job) -> int:
    """Refreshes are numbered from 1 among themselves (job ids are shared with every other kind of job)."""
    return Job.objects.filter(kind=KIND, pk__lte=job.pk).count()


def _removed_unless_queued(job_id: int, name: str) -> None:
    """The stored upload removed when its job could not be queued (failed, with no task): no worker will remove it."""
    if Job.objects.filter(pk=job_id, status=Job.Status.FAILED, task_result_id="").exists():
        uploads.delete([name])


def _local_name(upload: UploadedFile | None) -> str:
    """The upload's own name, made safe for a local file: the snapshot's source names the file it was read from."""
    if upload is None:
        return ""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in Path(upload.name or "").name)[-100:]
    return safe or "offer.json"


@task(takes_context=True)
def price_refresh(
    context: TaskContext, job_id: int, offer_file: str | None = None, local_name: str = ""
) -> dict[str, Any]:
    """The task a worker runs: the job's refresh, then the uploaded file is removed."""
    worker = context.task_result.worker_ids[-1] if context.task_result.worker_ids else ""
    return run_refresh(job_id, offer_file, local_name=local_name, worker=worker)


def run_refresh(
    job_id: int, offer_file: str | None = None, *, local_name: str = "", worker: str = ""
) -> dict[str, Any]:
    """What a worker does with the task: the uploaded offer file (its name in the uploads storage) copied to a local
    temporary file (the offer-file readers stream a local file), the refresh, then both the copy and the stored file removed
    (also when the job failed or was cancelled before it ran)."""

    def work(job: Job, progress: JobProgress) -> list[dict[str, Any]]:
        if offer_file is None:
            return _refresh(job, progress, None)
        directory = Path(tempfile.mkdtemp(prefix="price-refresh-"))
        try:
            path = directory / (local_name or "offer.json")
            try:
                uploads.copy_to(offer_file, path)
            except FileNotFoundError:
                raise JobFailed(
                    "the uploaded offer file is no longer stored: nothing was read; the current price snapshots are "
                    "unchanged."
                ) from None
            return _refresh(job, progress, path)
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    try:
        return job_run(job_id, work, worker=worker)
    finally:
        if offer_file:
            uploads.delete([offer_file])


def _refresh(job: Job, progress: JobProgress, offer_file: Path | None) -> list[dict[str, Any]]:
    region = job.params["region"]
    progress.line("Started: " + (f"reading {job.params['offer_file_name']}" if offer_file else "asking the API"))

    def step(done: int, total: int) -> None:
        progress.step(done, total)
        progress.check()  # a cancelled or abandoned job stops here, before anything is written

    try:
        result = price_services.prices_refresh(
            region=region,
            services=job.params["services"],
            offer_file=offer_file,
            progress=progress.line,
            step=step,
            offer_name=job.params.get("offer_file_name", ""),
        )
    except price_services.RefreshFailed as error:
        progress.lines.append("Stopped: nothing was written.")
        message = f"{error}\nNothing was written; the current price snapshots are unchanged."
        if "--offer-file" in str(error):
            message += (
                "\nOn this page: choose the bulk offer file in the form above instead (--offer-file is the CLI's)."
            )
        raise JobFailed(message) from None
    summary = []
    for item in result.services:
        assert item.snapshot is not None and item.diff is not None
        kept = f"; the previous one (#{item.previous.pk}) is kept" if item.previous else ""
        progress.lines.append(
            f"{item.service} {region}: snapshot #{item.snapshot.pk} ({item.snapshot.row_count:,} rows, as of "
            f"{item.snapshot.as_of}) is now current{kept}"
        )
        progress.lines.extend(f"Note: {note}" for note in item.notes)
        summary.append(
            {
                "service": item.service,
                "snapshot": item.snapshot.pk,
                "previous": item.previous.pk if item.previous else None,
                "rows": item.snapshot.row_count,
                "added": len(item.diff.added),
                "removed": len(item.diff.removed),
                "repriced": len(item.diff.repriced),
                "unchanged": item.diff.unchanged,
                "notes": item.notes,
            }
        )
    return summary
