"""Uploaded files kept outside the database, in the ``uploads`` storage (``settings.STORAGES``): a folder on this
machine by default, an S3 bucket (django-storages) when several web and task machines must read the same files.

Rows name their file (a ``CharField`` holding the storage name); the storage is looked up at each call, so a
test's ``override_settings(STORAGES=...)`` applies. The order that keeps nothing half-written: write the file first,
then the row in a transaction; a file whose row was not saved is removed (``removed_unless_kept``); a row's file is
removed once the row's deletion is committed (``delete_on_commit``).
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import Storage, storages
from django.db import transaction

logger = logging.getLogger(__name__)

ALIAS = "uploads"
CHUNK = 1024 * 1024
IN_MEMORY = 4 * 1024 * 1024  # a file being staged spills to a local temporary file past this


def uploads() -> Storage:
    return storages[ALIAS]


def new_name(folder: str, suffix: str = "") -> str:
    """A name no other upload has: ``folder/<random hex><suffix>`` (never a name from the upload itself)."""
    return f"{folder}/{uuid.uuid4().hex}{suffix}"


def save_bytes(name: str, data: bytes) -> str:
    """Write ``data`` under ``name``; returns the name the storage kept (it may differ when the name was taken)."""
    return uploads().save(name, ContentFile(data))


def save_chunks(name: str, chunks: Iterable[bytes]) -> str:
    """Write a stream of chunks under ``name`` without holding it all in memory."""
    with tempfile.SpooledTemporaryFile(max_size=IN_MEMORY) as spool:
        for chunk in chunks:
            spool.write(chunk)
        spool.seek(0)
        return uploads().save(name, File(spool, name=name))


def read_bytes(name: str) -> bytes:
    with uploads().open(name, "rb") as handle:
        return handle.read()


def copy_to(name: str, path: Path) -> None:
    """The stored file copied to a local ``path`` (for a reader that needs a file, e.g. a child process)."""
    with uploads().open(name, "rb") as source, path.open("wb") as target:
        shutil.copyfileobj(source, target, CHUNK)


def delete(names: Iterable[str]) -> None:
    """Remove the files; a file already gone or a storage that fails is logged, never raised (cleanup must not undo
    what was saved)."""
    storage = uploads()
    for name in names:
        if not name:
            continue
        try:
            storage.delete(name)
        except Exception:  # noqa: BLE001 - an orphaned file is logged; the user's action already succeeded
            logger.exception("could not remove the uploaded file %s", name)


def delete_on_commit(names: Iterable[str]) -> None:
    """Remove the files once the current transaction commits (at once outside one); never when it rolls back."""
    kept = [n for n in names if n]
    if kept:
        transaction.on_commit(lambda: delete(kept))


@contextmanager
def removed_unless_kept() -> Iterator[list[str]]:
    """Collect the names written in the block (append each); when the block raises, they are removed."""
    written: list[str] = []
    try:
        yield written
    except BaseException:
        delete(written)
        raise
