"""Figures a file prints that stand for no measurement: they are read as not known, never as 0.

Pure Python; part of the aggregation (``advisor.awr.engine.aggregation.aggregate``). A redo rate printed as 0 in every window of
a database that changes blocks or writes cannot be a measured rate: the redo log "store[s] all changes made to the
database as they occur" (Oracle Database Administrator's Guide 12.2, "What Is the Redo Log?"). AWR-Miner output
prints MB/s to one decimal, so such a 0 is a rate below the printed precision or a figure not captured; which, the
file does not say. Read as 0 MiB/s it would price the redo shipped to a standby or another Region at nothing; it is
left blank instead, saying why. A 0 in some windows beside others above 0 is a low rate and is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class _Summary(Protocol):
    """What is read of a rate over the windows (the aggregation's ``MetricSummary``)."""

    @property
    def average(self) -> float: ...
    @property
    def peak(self) -> float: ...
    @property
    def windows(self) -> int: ...


# What shows the database changed data in the same windows, in the reader's words
CHANGES = (
    ("block_changes_per_s", "changes {:,.4g} blocks per second"),
    ("write_iops_db", "writes {:,.4g} requests per second to its data files"),
    ("write_mib_s_db", "writes {:,.4g} MiB/s to its data files"),
    ("write_iops", "makes {:,.4g} write requests per second"),
    ("write_mib_s", "writes {:,.4g} MiB/s"),
)


def unknown_figures(rates: Mapping[str, _Summary]) -> dict[str, str]:
    """The rates printed as 0 that cannot be 0, each with why in words (an empty dict when there are none)."""
    redo = rates.get("redo_mib_s")
    if redo is None or redo.peak > 0:
        return {}
    for metric, words in CHANGES:
        changed = rates.get(metric)
        if changed is not None and changed.average > 0:
            return {
                "redo_mib_s": f"printed as 0 in {_windows(redo.windows)} while the database "
                f"{words.format(changed.average)} on average: changed data always makes redo, so this 0 is a figure "
                "not captured, or one below the printed precision, not a measured rate; the redo rate is not known"
            }
    return {}


def _windows(count: int) -> str:
    return "the one window" if count == 1 else f"all {count} windows"
