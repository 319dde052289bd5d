"""The price refresh as a job: ``refresh_start`` records a ``Job`` (kind ``price-refresh``, locked by region, so one
refresh of a region at a time) and enqueues the ``price_refresh`` task; a worker runs ``prices_refresh`` for it,
writing progress lines and steps to the job, and the job's result lists, per service, what became of the new
snapshot (made current, stored and held for review, or not written because nothing changed), the one it was
compared with and the rows added, removed and repriced. The command line (``manage.py refresh_prices``) runs the
same job in its own process (``refresh_here``): the same lock, the same record.

An uploaded offer file waits in the uploads storage (``config.uploads``, which every web and task machine reads: an
S3 bucket when there are several) under a name of its own, kept in the job's params; the worker copies it, in chunks,
to a local temporary folder named for the job, as a file bearing the upload's own (sanitised) name, which the
snapshot's source names, and removes both the copy and the stored file when the job ends, whether it succeeded,
failed or was cancelled before it ran. A job whose worker died is marked failed by the job layer, which then calls
``on_reaped``: the stored file is removed there, and the dead worker's local copy by the next refresh run on its
machine (``_swept``). A job that could not be queued (no worker will ever run it) has its stored file removed when
the request commits.
"""

from __future__ import annotations

import getpass
import logging
import shutil
import socket
import tempfile
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from config import uploads
from pricing import services as price_services
from pricing.jobs.models import Job
from pricing.jobs.services import JobFailed, JobProgress, TaskContext, job_run, job_start, task
from pricing.jobs.watch import Watch
from pricing.refresh.snapshots import RefreshResult

logger = logging.getLogger(__name__)

KIND = "price-refresh"
FOLDER = "price-refresh"  # the uploaded offer files' folder in the uploads storage
LOCAL_PREFIX = "price-refresh-"  # a worker's local copies: a temporary folder per job, price-refresh-<job id>-…
# An upload is written before its job row: one no job names is left alone this long (the request may still be
# saving it), then removed as abandoned.
ORPHAN_AFTER = timedelta(hours=1)

Echo = Callable[[str], None]


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
            params={
                "region": region,
                "services": services,
                "offer_file_name": upload.name[:255] if upload else "",
                "upload": written[0] if written else "",  # its name in the uploads storage, removed when the job ends
            },
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


# --- Clean-up of files a job left ----------------------------------------------------------------------------------


def on_reaped(dead: Job) -> None:
    """The job layer marked ``dead`` failed because its worker went silent (killed, or its machine lost): its stored
    upload is removed (the worker never reached its own clean-up), and the local copies of ended jobs on this
    machine."""
    uploads.delete([dead.params.get("upload", "")])
    _swept()


def _swept() -> None:
    """Remove what ended refreshes left behind: local copies on this machine (a folder per job) whose job is no
    longer queued or running, and stored uploads that no queued or running refresh names, once older than
    ``ORPHAN_AFTER``. A failure is logged, never raised: clean-up must not stop a refresh."""
    try:
        active = list(Job.objects.filter(kind=KIND, status__in=Job.ACTIVE).values_list("pk", "params"))
        ids = {pk for pk, _ in active}
        for folder in Path(tempfile.gettempdir()).glob(f"{LOCAL_PREFIX}*-*"):
            number = folder.name[len(LOCAL_PREFIX) :].split("-", 1)[0]
            if folder.is_dir() and number.isdigit() and int(number) not in ids:
                shutil.rmtree(folder, ignore_errors=True)
        named = {params.get("upload") for _, params in active if isinstance(params, dict)}
        storage = uploads.uploads()
        if not storage.exists(FOLDER):
            return
        cutoff = timezone.now() - ORPHAN_AFTER
        for name in storage.listdir(FOLDER)[1]:
            stored = f"{FOLDER}/{name}"
            if stored not in named and storage.get_modified_time(stored) < cutoff:
                uploads.delete([stored])
    except Exception:  # noqa: BLE001 - a leftover file is logged; the refresh itself goes on
        logger.exception("price refresh: could not sweep the files ended refreshes left")


# --- Running a refresh ---------------------------------------------------------------------------------------------


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
    temporary folder of the job (the offer-file readers stream a local file), the refresh, then both the copy and the
    stored file removed (also when the job failed or was cancelled before it ran)."""
    _swept()

    def work(job: Job, progress: JobProgress) -> list[dict[str, Any]]:
        if offer_file is None:
            return _refresh(job, progress, None)[0]
        directory = Path(tempfile.mkdtemp(prefix=f"{LOCAL_PREFIX}{job.pk}-"))
        try:
            path = directory / (local_name or "offer.json")
            try:
                uploads.copy_to(offer_file, path)
            except FileNotFoundError:
                raise JobFailed(
                    "the uploaded offer file is no longer stored: nothing was read; the current price snapshots are "
                    "unchanged."
                ) from None
            return _refresh(job, progress, path)[0]
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    try:
        return job_run(job_id, work, worker=worker)
    finally:
        if offer_file:
            uploads.delete([offer_file])


def refresh_here(
    *,
    region: str,
    services: list[str],
    offer_file: Path | None,
    force: bool = False,
    endpoint: str = "us-east-1",
    echo: Echo,
) -> tuple[Job, RefreshResult | None]:
    """The command line's refresh: the same job as the page's (locked by region, so it refuses with ``JobBusy``
    while a refresh of the region is queued or running, and the page refuses while it runs), run here, in this
    process; its progress is written to the job and echoed. The job and, when it succeeded, the refresh."""
    who = f"the command line ({getpass.getuser()} on {socket.gethostname()})"
    job = job_start(
        kind=KIND,
        lock=region,
        task=None,
        params={
            "region": region,
            "services": services,
            "offer_file_name": offer_file.name if offer_file else "",
            "via": who,
        },  # fmt: skip
        first_line=f"Started from {who}: " + (f"reading {offer_file.name}" if offer_file else "asking the API"),
    )
    done: list[RefreshResult] = []

    def work(job: Job, progress: JobProgress) -> list[dict[str, Any]]:
        watch = Watch()  # heartbeats while a long step reports nothing, as a task worker's watch writes them
        watch.job_id = job.pk
        watch.start()
        try:
            summary, result = _refresh(job, progress, offer_file, force=force, endpoint=endpoint, echo=echo)
        finally:
            watch.stop()
        done.append(result)
        return summary

    job_run(job.pk, work, worker=who[:64])
    job.refresh_from_db()
    return job, (done[0] if done and job.status == Job.Status.SUCCEEDED else None)


def _refresh(
    job: Job,
    progress: JobProgress,
    offer_file: Path | None,
    *,
    force: bool = False,
    endpoint: str = "us-east-1",
    echo: Echo | None = None,
) -> tuple[list[dict[str, Any]], RefreshResult]:
    region = job.params["region"]
    on_page = echo is None

    def line(message: str) -> None:
        progress.line(message)
        if echo is not None:
            echo(message)

    if on_page:
        progress.line("Started: " + (f"reading {job.params['offer_file_name']}" if offer_file else "asking the API"))

    def step(done: int, total: int) -> None:
        progress.step(done, total)
        progress.check()  # a cancelled or abandoned job stops here, before anything is written

    try:
        result = price_services.prices_refresh(
            region=region,
            services=job.params["services"],
            offer_file=offer_file,
            endpoint=endpoint,
            force=force,
            progress=line,
            step=step,
            offer_name=job.params.get("offer_file_name", ""),  # the file's own name: the job's log is read on the page
        )
    except price_services.RefreshFailed as error:
        progress.lines.append("Stopped: nothing was written.")
        message = f"{error}\nNothing was written; the current price snapshots are unchanged."
        if on_page and "--offer-file" in str(error):
            message += (
                "\nOn this page: choose the bulk offer file in the form above instead (--offer-file is the CLI's)."
            )
        raise JobFailed(message) from None
    summary = []
    for item in result.services:
        for text in outcome_lines(item, region, on_page=on_page):
            progress.lines.append(text)  # written with the job's end: the snapshots are, whatever happens to it now
            if echo is not None:
                echo(text)
        summary.append(
            {
                "service": item.service,
                "snapshot": item.snapshot.pk if item.snapshot else (item.previous.pk if item.previous else None),
                "previous": item.previous.pk if item.previous else None,
                "outcome": "same" if item.same else ("held" if item.hold else "current"),
                "held": list(item.hold.reasons),
                "rows": item.snapshot.row_count if item.snapshot else len(item.rows),
                "added": len(item.diff.added) if item.diff else 0,
                "removed": len(item.diff.removed) if item.diff else 0,
                "repriced": len(item.diff.repriced) if item.diff else 0,
                "unchanged": item.diff.unchanged if item.diff else 0,
                "notes": item.notes,
            }
        )
    return summary, result


def outcome_lines(item: Any, region: str, *, on_page: bool) -> list[str]:
    """What became of one service's new snapshot, in words, then the notes on the file read. ``on_page``: said to a
    page's reader (the review link is beside it), else to the command line's."""
    head = f"{item.service} {region}:"
    if item.same:  # the notes on the file read are about a new snapshot: there is none
        return [
            f"{head} nothing changed: the same prices as the current snapshot #{item.previous.pk}, which stays "
            "current; no snapshot was written"
        ]
    elif item.hold:
        new, old = item.snapshot, item.previous
        how = (
            "review what it would change and make it current below if it is right"
            if on_page
            else f"review it on the Prices page and make it current there (Make current… on #{new.pk}) if it is "
            "right, or refresh again with --force"
        )
        lines = [
            f"{head} snapshot #{new.pk} ({new.row_count:,} rows, as of {new.as_of}) was stored but NOT made "
            f"current: {item.hold.text()}. #{old.pk} stays current; {how}"
        ]
    else:
        new = item.snapshot
        kept = f"; the previous one (#{item.previous.pk}) is kept" if item.previous else ""
        lines = [f"{head} snapshot #{new.pk} ({new.row_count:,} rows, as of {new.as_of}) is now current{kept}"]
    return lines + [f"Note: {note}" for note in item.notes]
