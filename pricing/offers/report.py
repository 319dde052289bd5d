"""What a price-list import read and what it found wrong: the problems, the errors that refuse a source, and
the running report both readers (the bulk offer file, the Query API's pages) fill in. Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

# Problems listed in an error; the count says how many there were in all.
MAX_LISTED = 20
FILE = "-"  # the "SKU" of a problem with the whole file rather than one item


@dataclass(frozen=True)
class InvalidItem:
    """One price-list item that cannot become a price row."""

    sku: str
    reason: str

    def __str__(self) -> str:
        return self.reason if self.sku == FILE else f"{self.sku}: {self.reason}"


class PriceDataInvalid(ValueError):
    """The source holds items that are not valid price rows (or is not a price list at all)."""

    def __init__(self, source: str, problems: list[InvalidItem], total: int | None = None) -> None:
        self.source = source
        self.problems = problems
        self.total = len(problems) if total is None else total
        listed = "\n".join(f"  {problem}" for problem in problems[:MAX_LISTED])
        more = f"\n  ... and {self.total - MAX_LISTED} more" if self.total > MAX_LISTED else ""
        super().__init__(f"{source}: {self.total} invalid item(s):\n{listed}{more}")


class PriceListUnavailable(RuntimeError):
    """The Price List Query API could not be read to the end (credentials, throttling, network, an error)."""


@dataclass(frozen=True)
class OfferHeader:
    offer_code: str | None
    version: str | None
    publication_date: date | None


@dataclass
class ImportReport:
    """What one import read and kept; filled in while the rows stream."""

    header: OfferHeader | None = None
    products_read: int = 0
    products_kept: int = 0
    term_entries_read: int = 0
    price_dimensions_read: int = 0
    rows: int = 0
    duplicates: int = 0
    term_rows: dict[str, int] = field(default_factory=dict)  # rows kept by term type (OnDemand, Reserved ...)
    invalid: list[InvalidItem] = field(default_factory=list)
    invalid_count: int = 0

    def add_invalid(self, item: InvalidItem) -> None:
        self.invalid_count += 1
        if len(self.invalid) < MAX_LISTED:
            self.invalid.append(item)
