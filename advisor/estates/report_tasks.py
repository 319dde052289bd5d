"""Reading a ZIP of reports into an estate's databases, in the background on the one job mechanism.

The request checks the ZIP's limits on its directory alone (``engine.report_zip.plan_zip``), writes it to the
uploads storage (``config.uploads``, which every web and task machine reads), keeps an ``EstateUpload`` naming it
and starts a job (kind ``estate-reports``, locked by the estate) whose progress is the files read.
The worker reads every report (``engine.report_estate``: parse, aggregate, pre-fill per database), deletes the
upload, writes one row per database (queued, or invalid with its error) and starts the estate's assessment run
(``tasks.start_run``), which the estate page follows from there. Cancelling or deleting the estate stops the reading
at its next file.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from advisor.estates import tasks
from advisor.estates.engine.report_estate import ReportEstate, read_report_zip
from advisor.estates.engine.report_zip import ZipRefused
from advisor.estates.models import Estate, EstateDatabase, EstateUpload
from config import uploads
from config.counting import counted
from pricing.jobs.models import Job
from pricing.jobs.services import JobFailed, JobProgress, TaskContext, job_run, job_start, task

KIND = "estate-reports"
FOLDER = "estates"  # the uploaded ZIPs' folder in the uploads storage
Status = EstateDatabase.Status


def start_reading(estate: Estate, *, files: int, requested_by: Any = None) -> Job:
    """Queue the job that reads the estate's upload. Call inside the transaction that wrote the upload."""
    job = job_start(kind=KIND, lock=str(estate.public_id), task=read_reports,
                    params={"estate": str(estate.public_id), "files": files, "mask": estate.masked},
                    requested_by=requested_by, first_line=f"Queued: {counted(files, 'file')} to read",
                    task_kwargs={"estate_id": estate.pk})  # fmt: skip
    Job.objects.filter(pk=job.pk).update(total=files)
    estate.job = job
    estate.save(update_fields=["job", "updated_at"])
    return job


@task(takes_context=True)
def read_reports(context: TaskContext, job_id: int, estate_id: int) -> dict[str, Any]:
    worker = context.task_result.worker_ids[-1] if context.task_result.worker_ids else ""
    return run_reading(job_id, estate_id, worker=worker)


def run_reading(job_id: int, estate_id: int, *, worker: str = "") -> dict[str, Any]:
    """What a worker does with the task: claim the job, read the reports, start the assessment."""
    return job_run(job_id, lambda job, progress: _read(progress, estate_id), worker=worker)


def _read(progress: JobProgress, estate_id: int) -> dict[str, Any]:
    upload = EstateUpload.objects.filter(estate_id=estate_id).first()
    if upload is None:
        raise JobFailed("the estate or its ZIP is gone (deleted?): nothing to read.")
    mask = upload.mask
    progress.line("Started: reading the reports" + (" (names masked)" if mask else ""))

    def on_file(done: int, total: int, path: str) -> None:
        progress.step(done - 1, total)
        progress.line(f"reading file {done} of {total}" + ("" if mask else f": {path}"))

    try:
        data = uploads.read_bytes(upload.stored) if upload.stored else bytes(upload.data)  # data: saved before storage
        found = read_report_zip(data, mask=mask, on_file=on_file, file_name=upload.file_name)
    except FileNotFoundError:
        raise JobFailed("the uploaded ZIP is no longer stored: nothing was read.") from None
    except ZipRefused as refused:
        raise JobFailed("; ".join(refused.problems)) from None
    finally:
        EstateUpload.objects.filter(pk=upload.pk).delete()  # its ZIP is removed with it (models)
    progress.step(progress.total or 0)
    progress.check()  # cancelled or deleted while reading: stop before writing anything
    with transaction.atomic():
        estate = Estate.objects.select_for_update().filter(pk=estate_id).first()
        if estate is None:
            raise JobFailed("the estate was deleted while its reports were read.")
        _write(estate, found)
        run = tasks.start_run(estate, requested_by=estate.owner)
    ready = sum(1 for d in found.databases if d.workload is not None)
    progress.lines.append(f"Done: {counted(len(found.databases), 'database')}, {ready} to assess")
    return {"databases": len(found.databases), "to_assess": ready, "run": run.pk if run else None}


def _write(estate: Estate, found: ReportEstate) -> None:
    rows = [
        EstateDatabase(estate=estate, row=row, name=d.name[:200],
                       workload=d.workload.model_dump(mode="json") if d.workload else None,
                       status=Status.QUEUED if d.workload else Status.INVALID, error=d.error[:4000])
        for row, d in enumerate(found.databases, start=1)
    ]  # fmt: skip
    EstateDatabase.objects.bulk_create(rows)
    notes = list(found.notes) + [n for d in found.databases for n in d.notes]
    estate.notes = [n[:1000] for n in notes[:500]]
    estate.file_name = found.file_name[:255]
    estate.save(update_fields=["notes", "file_name", "updated_at"])
