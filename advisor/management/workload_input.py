"""Reading a workload JSON file for a management command: one place for the file and validation errors."""

import sys
from pathlib import Path

from django.core.management.base import CommandError

from advisor.engine.workload import Workload, WorkloadInvalid, parse_workload_json


def read_workload_text(source: str) -> str:
    """The text of ``source``, or of standard input for ``-``; a CommandError says why it cannot be read."""
    try:
        return sys.stdin.read() if source == "-" else Path(source).read_text()
    except OSError as error:
        raise CommandError(f"cannot read {source}: {error.strerror}") from None


def read_workload(source: str, *, refused: str) -> Workload:
    """A valid workload from ``source``; otherwise a CommandError listing every field error after ``refused``."""
    try:
        return parse_workload_json(read_workload_text(source))
    except WorkloadInvalid as invalid:
        lines = "\n".join(f"  {e.path}: {e.message}" for e in invalid.errors)
        raise CommandError(f"{refused}:\n{lines}") from None
