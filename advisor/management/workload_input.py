"""Reading a workload JSON file for a management command: one place for the file and validation errors.

A file is a bare workload or, as exported and as the golden scenarios in ``fixtures/scenarios/`` are written,
``{name, customer, project, description?, workload}``: commands accept both."""

import sys
from pathlib import Path

from django.core.management.base import CommandError

from advisor.engine.workload import Workload, WorkloadInvalid
from advisor.services import WorkloadFile, workload_file_parse


def read_workload_text(source: str) -> str:
    """The text of ``source``, or of standard input for ``-``; a CommandError says why it cannot be read."""
    try:
        return sys.stdin.read() if source == "-" else Path(source).read_text()
    except OSError as error:
        raise CommandError(f"cannot read {source}: {error.strerror}") from None


def parse_workload_file(text: str) -> WorkloadFile:
    """The workload file in ``text``, either shape; WorkloadInvalid lists every problem by its path in the file."""
    return workload_file_parse(text=text)


def read_workload(source: str, *, refused: str) -> Workload:
    """A valid workload from ``source``; otherwise a CommandError listing every field error after ``refused``."""
    try:
        return parse_workload_file(read_workload_text(source)).workload
    except WorkloadInvalid as invalid:
        lines = "\n".join(f"  {e.path}: {e.message}" for e in invalid.errors)
        raise CommandError(f"{refused}:\n{lines}") from None
