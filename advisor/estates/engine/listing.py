"""One database as the estate's tables list it, on the estate page and in its document: the recommended option, each
option's cell (in ``OPTION_KEYS`` order, the tables' columns) and how many blockers its options have.

Pure Python. The stored row (a model instance to the page) is carried through untouched; everything else is read
from its summary, never worked out again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from advisor.estates.engine.summary import DatabaseSummary, OptionSummary
from advisor.estates.engine.totals import OPTION_KEYS

Row = TypeVar("Row")


@dataclass(frozen=True)
class TableRow(Generic[Row]):
    """``summary`` None: the database was not assessed (refused, failed, cancelled or still to run), so it has no
    recommended option, no cells and no blockers."""

    db: Row
    summary: DatabaseSummary | None
    best: OptionSummary | None  # the recommended option; None also when every option is blocked or unpriced
    cells: tuple[OptionSummary | None, ...]  # one per OPTION_KEYS, None where the summary lacks that option
    blockers: int  # the blockers of every option together


def table_row(db: Row, summary: DatabaseSummary | None) -> TableRow[Row]:
    if summary is None:
        return TableRow(db, None, None, (None,) * len(OPTION_KEYS), 0)
    return TableRow(db, summary, summary.recommended_option, tuple(summary.option(k) for k in OPTION_KEYS),
                    sum(len(o.blockers) for o in summary.options))  # fmt: skip


def table_rows(rows: Iterable[tuple[Row, DatabaseSummary | None]]) -> list[TableRow[Row]]:
    """The rows in the order given."""
    return [table_row(db, summary) for db, summary in rows]
