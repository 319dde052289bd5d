"""The price refresh as a background job: ``refresh_start`` records a ``Job`` (kind ``price-refresh``, locked by
region, so one refresh of a region at a time) and enqueues the ``price_refresh`` task; a worker runs
``prices_refresh`` for it, writing progress lines and steps to the job, and the job's result lists, per service,
the new snapshot, the one it replaced and the rows added, removed and repriced.

An uploaded offer file is saved under its own name in a directory of its own, which the task removes when it ends.
The worker must see that directory: true of `make run` (one machine); workers on other machines need it on shared
storage (the README's "Scaling out").
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import UploadedFile

from pricing import services as price_services
from pricing.jobs.models import Job
from pricing.jobs.services import JobFailed, JobProgress, TaskContext, job_run, job_start, task

KIND = "price-refresh"


def refresh_start(
    *, region: str, services: list[str], upload: UploadedFile | None = None, requested_by: Any = None
) -> Job:
    """Queue a refresh of ``region``. Raises ``JobBusy`` (naming the job) when one of the region is queued or
    running; the database decides, so two requests at once cannot both start one."""
    offer_path = _save_upload(upload) if upload is not None else None
    first = f"importing {upload.name}" if upload else "asking the AWS Price List Query API (boto3 credential chain)"
    try:
        return job_start(
            kind=KIND,
            lock=region,
            task=price_refresh,
            params={"region": region, "services": services, "offer_file_name": upload.name[:255] if upload else ""},
            requested_by=requested_by,
            first_line=f"Queued: {first}",
            task_kwargs={"offer_file": str(offer_path) if offer_path else None},
        )
    except Exception:
        if offer_path is not None:
            shutil.rmtree(offer_path.parent, ignore_errors=True)
        raise


def refresh_number(job: Job) -> int:
    """Refreshes are numbered from 1 among themselves (job ids are shared with every other kind of job)."""
    return Job.objects.filter(kind=KIND, pk__lte=job.pk).count()


def _save_upload(upload: UploadedFile) -> Path:
    """The upload under its own name (the snapshot's source names the file) in a directory the task removes."""
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in Path(upload.name or "").name)[-100:]
    path = Path(tempfile.mkdtemp(prefix="price-refresh-")) / (safe or "offer.json")
    with path.open("wb") as handle:
        for chunk in upload.chunks():
            handle.write(chunk)
    return path


@task(takes_context=True)
def price_refresh(context: TaskContext, job_id: int, offer_file: str | None = None) -> dict[str, Any]:
    """The task a worker runs: the job's refresh, then the uploaded file's directory is removed."""
    worker = context.task_result.worker_ids[-1] if context.task_result.worker_ids else ""
    path = Path(offer_file) if offer_file else None
    try:
        return job_run(job_id, lambda job, progress: _refresh(job, progress, path), worker=worker)
    finally:
        if path is not None:
            shutil.rmtree(path.parent, ignore_errors=True)


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
