"""A background import's reading done in a child process, so the task worker's memory returns to its resting size
when the job ends: parsing many large reports leaves lxml's and Python's heaps grown (a 40-file import left a worker
at 850-900 MiB), and only an exiting process gives that memory back for certain.

The child (a fresh interpreter, no Django) reads the staged files itself, reports each file through a pipe (the
job's progress and heartbeat stay in the worker), writes the bytes to keep beside them and returns the rest of the
``Upload``; the worker reads the kept bytes back for the one transaction that saves the import. A limit the upload
breaks comes back as ``UploadRejected``; a child that dies or fails comes back as ``ChildFailed``.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from advisor.awr.engine.importer import UploadRejected
from advisor.awr.engine.upload import Upload, read_upload

__all__ = ["ChildFailed", "read_staged"]


class ChildFailed(Exception):
    """The process reading the files stopped without an answer (killed, out of memory) or on an unexpected error."""


def _child(directory: str, names: Sequence[str], mask: bool, background: bool, pipe: Any) -> None:
    folder = Path(directory)
    try:
        files = [(name, (folder / f"{position:04d}").read_bytes()) for position, name in enumerate(names)]
        upload = read_upload(files, mask=mask, background=background,
                             on_file=lambda done, total, name: pipe.send(("file", (done, total, name))))  # fmt: skip
        del files
        kept = []
        for position, file in enumerate(upload.files):
            (folder / f"kept-{position:04d}").write_bytes(file.data)
            kept.append(dataclasses.replace(file, data=b""))
        pipe.send(("done", dataclasses.replace(upload, files=tuple(kept))))
    except UploadRejected as rejected:
        pipe.send(("rejected", str(rejected)))
    except BaseException as error:  # noqa: BLE001 - whatever it was, the worker must hear of it
        pipe.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        pipe.close()


def read_staged(
    directory: Path,
    names: Sequence[str],
    *,
    mask: bool,
    background: bool = True,
    on_file: Callable[[int, int, str], None] | None = None,
) -> Upload:
    """``read_upload`` of the files staged in ``directory`` (``0000``, ``0001``… named ``names``), in a child process.
    ``on_file`` runs here, in the caller's process, for each file the child reports."""
    receiving, sending = multiprocessing.get_context("spawn").Pipe(duplex=False)
    child = multiprocessing.get_context("spawn").Process(
        target=_child, args=(str(directory), list(names), mask, background, sending), daemon=True
    )
    child.start()
    sending.close()  # the child holds the other end: when it exits, recv() ends instead of waiting for ever
    answer: tuple[str, Any] | None = None
    try:
        while answer is None:
            try:
                kind, value = receiving.recv()
            except EOFError:
                break
            if kind == "file":
                if on_file is not None:
                    on_file(*value)
            else:
                answer = (kind, value)
    finally:
        receiving.close()
        child.join(timeout=30)
        if child.is_alive():
            child.kill()
            child.join()
    if answer is None:
        raise ChildFailed(f"the process reading the files stopped (exit code {child.exitcode})")
    kind, value = answer
    if kind == "rejected":
        raise UploadRejected(value)
    if kind == "error":
        raise ChildFailed(value)
    upload: Upload = value
    files = tuple(dataclasses.replace(f, data=(directory / f"kept-{n:04d}").read_bytes())
                  for n, f in enumerate(upload.files))  # fmt: skip
    return dataclasses.replace(upload, files=files)
