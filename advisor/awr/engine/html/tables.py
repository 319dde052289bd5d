"""HTML report tables by their ``summary`` attribute, read with lxml (a real HTML parser, never regular expressions).

Pure Python. AWR tables carry a stable summary ("This table displays load profile"); a ``Table`` gives its rows as
stripped cell texts and looks rows up by their first cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import lxml.html


@dataclass(frozen=True)
class Table:
    summary: str
    rows: tuple[tuple[str, ...], ...]

    def header(self) -> tuple[str, ...]:
        return self.rows[0] if self.rows else ()

    def row(self, label: str) -> tuple[str, ...] | None:
        """The first row whose first cell, without a trailing colon, equals ``label`` (case-insensitive)."""
        wanted = label.lower()
        for cells in self.rows:
            if cells and cells[0].rstrip(":").strip().lower() == wanted:
                return cells
        return None

    def dicts(self) -> list[dict[str, str]]:
        """Rows after the header as header -> cell (for tables with a one-line header)."""
        head = self.header()
        return [dict(zip(head, cells, strict=False)) for cells in self.rows[1:]]


def _cells(tr: lxml.html.HtmlElement) -> tuple[str, ...]:
    return tuple(" ".join(cell.text_content().split()) for cell in tr if cell.tag in ("td", "th"))


class HtmlReport:
    """The tables of one HTML report, found by a fragment of their summary."""

    def __init__(self, text: str) -> None:
        root = lxml.html.document_fromstring(text.encode("utf-8", "replace"))
        self.title = " ".join((root.findtext(".//title") or "").split())
        self._tables: list[tuple[str, lxml.html.HtmlElement]] = [
            (" ".join((t.get("summary") or "").split()), t) for t in root.iter("table")
        ]
        self.text_end = text[-4096:]

    def summaries(self) -> list[str]:
        return [s for s, _ in self._tables]

    def tables(self, fragment: str) -> list[Table]:
        wanted = fragment.lower()
        return [
            Table(summary, tuple(_cells(tr) for tr in element.iter("tr")))
            for summary, element in self._tables
            if wanted in summary.lower()
        ]

    def table(self, fragment: str) -> Table | None:
        found = self.tables(fragment)
        return found[0] if found else None

    def has(self, fragment: str) -> bool:
        wanted = fragment.lower()
        return any(wanted in s.lower() for s, _ in self._tables)
