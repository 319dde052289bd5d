"""Big uploads read as a background job (the one job mechanism, ``pricing.jobs``): more files (or bytes) than
``limits.READ_WHILE_YOU_WAIT`` are staged in the uploads storage (``config.uploads``: a folder of their own there), a
``Job`` (kind ``awr-import``) is queued, and a worker reads them, reporting each file as a step, then keeps the import
exactly as a small upload is kept (``services.keep_import``, one transaction). The job's result names the import; a
failed job saved nothing.

With masking no name reaches the database before the names are masked: the job's parameters and progress lines count
files ("file 3 of 200") and the file names wait in the staged folder's manifest, which the task removes with the
files when it ends. Any worker can read them: the storage is shared by every web and task machine (an S3 bucket when
there are several); the worker copies them to a local temporary folder for the child process that parses them.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import UploadedFile

from advisor.accounts.teams import teams_of
from advisor.awr import isolated, services
from advisor.awr.engine import limits
from advisor.awr.engine.importer import UploadRejected
from config import uploads as stored
from pricing.jobs.models import Job
from pricing.jobs.services import JobFailed, JobProgress, TaskContext, job_run, job_start, task

KIND = "awr-import"
MANIFEST = "manifest.json"  # the uploaded names and the staged files' names
STAGED = "awr-staging"  # the staged uploads' folder in the uploads storage


def in_background(uploads: Sequence[UploadedFile]) -> bool:
    """More files, or more bytes in all, than are read while the user waits."""
    total = sum(upload.size or 0 for upload in uploads)
    return len(uploads) > limits.READ_WHILE_YOU_WAIT.value or total > limits.READ_WHILE_YOU_WAIT_BYTES.value


def background_start(*, uploads: Sequence[UploadedFile], mask: bool, owner: Any, team: Any = None) -> Job:
    """Stage the uploaded files (each bounded like a small upload's) and queue the job that reads them. Raises
    ``ImportFailed`` over the file-count limit, before anything is staged."""
    most = limits.MAX_FILES_BACKGROUND
    if len(uploads) > most.value:
        raise services.ImportFailed([services.Problem("files", f"{len(uploads)} files: the limit is {most.words}")])
    folder = stored.new_name(STAGED)
    with stored.removed_unless_kept() as written:
        names = services.uploaded_names(uploads)
        for position, upload in enumerate(uploads):
            written.append(stored.save_chunks(f"{folder}/{position:04d}", services.bounded_chunks(upload)))
        manifest = {"names": names, "files": list(written)}
        written.append(stored.save_bytes(f"{folder}/{MANIFEST}", json.dumps(manifest).encode()))
        return job_start(
            kind=KIND,
            task=awr_import,
            params={"files": len(names), "mask": mask, "team": team.pk if team is not None else None},
            requested_by=owner,
            first_line=f"Queued: {len(names)} files to read",
            task_kwargs={"manifest": written[-1]},
        )


@task(takes_context=True)
def awr_import(context: TaskContext, job_id: int, manifest: str) -> dict[str, Any]:
    """The task a worker runs: the job's import, then the staged files are removed."""
    worker = context.task_result.worker_ids[-1] if context.task_result.worker_ids else ""
    return run_import(job_id, manifest, worker=worker)


def run_import(job_id: int, manifest: str, *, worker: str = "") -> dict[str, Any]:
    """What a worker does with the task: the staged files copied from the uploads storage to a local temporary
    folder (the child process reads files), the import kept, then both the copies and the staged files removed
    (also when the job was cancelled before it ran)."""
    staged: dict[str, Any] = {}

    def work(job: Job, progress: JobProgress) -> dict[str, Any]:
        try:
            staged.update(json.loads(stored.read_bytes(manifest)))
        except FileNotFoundError:
            raise JobFailed("the uploaded files are no longer stored: nothing was read or saved.") from None
        return _fetch_and_read(job, progress, staged)

    try:
        return job_run(job_id, work, worker=worker)
    finally:
        stored.delete([*(staged or _manifest(manifest)).get("files", []), manifest])


def _manifest(name: str) -> dict[str, Any]:
    """The staged folder's manifest; empty when it cannot be read (then only the manifest's own name is known)."""
    try:
        return dict(json.loads(stored.read_bytes(name)))
    except Exception:  # noqa: BLE001 - cleanup after a job that never ran: what cannot be read is logged by delete
        return {}


def _fetch_and_read(job: Job, progress: JobProgress, staged: dict[str, Any]) -> dict[str, Any]:
    directory = Path(tempfile.mkdtemp(prefix="awr-import-"))
    try:
        for position, name in enumerate(staged["files"]):
            stored.copy_to(name, directory / f"{position:04d}")
        return _read(job, progress, directory, staged["names"])
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _read(job: Job, progress: JobProgress, directory: Path, names: list[str]) -> dict[str, Any]:
    mask = bool(job.params.get("mask"))
    progress.line("Started: reading " + ("the files (names masked)" if mask else f"{len(names)} files"))
    progress.step(0, len(names))

    def on_file(done: int, total: int, name: str) -> None:
        progress.step(done, total)
        progress.line(f"reading file {done} of {total}" + ("" if mask else f": {name}"))

    if job.requested_by is None:
        raise JobFailed("the user who uploaded these files no longer exists; nothing was saved.")
    team = teams_of(job.requested_by).filter(pk=job.params.get("team")).first() if job.params.get("team") else None
    try:
        try:  # read in a child process: the worker's memory returns to its resting size when it ends
            upload = isolated.read_staged(directory, names, mask=mask, on_file=on_file)
        except UploadRejected as rejected:
            raise services.ImportFailed([services.Problem("files", str(rejected))]) from None
        except isolated.ChildFailed as failed:
            raise JobFailed(f"Nothing was saved: reading the files stopped ({failed}).") from None
        report_import = services.keep_import(upload=upload, mask=mask, owner=job.requested_by, team=team)
    except services.ImportFailed as failed:
        progress.lines.append("Stopped: nothing was saved.")
        position = {name: n for n, name in enumerate(names, start=1)}
        problems = [
            # masked: the uploaded names may carry the very names to hide, so the stored error counts files
            f"{f'file {position[p.file]}' if mask and p.file in position else p.file}: {p.message}"
            for p in failed.problems
        ]
        raise JobFailed("Nothing was saved.\n" + "\n".join(problems)) from None
    read = report_import.files.filter(error="").count()
    progress.lines.append(f"Done: {read} of {len(names)} files read")
    return {"import": str(report_import.public_id), "read": read, "files": len(names)}
