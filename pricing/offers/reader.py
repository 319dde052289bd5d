"""The bulk offer file of one region, streamed: only the Oracle-relevant rows are kept, and memory grows with what
is kept, never with the file.

The file is read with ijson: the products first (only those that pass the filters of ``rows`` are kept, by
SKU), then each term type. Every row is validated as a ``PriceRow``; an item that cannot become one is reported with
its SKU and the reason, and the whole file is refused. Identical rows published under several SKUs collapse onto
the smallest SKU, whatever order they arrive in. Pure Python: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any, BinaryIO

import ijson
from pydantic import ValidationError

from pricing.engine.rows import PriceRow
from pricing.offers.report import ImportReport, InvalidItem, OfferHeader, PriceDataInvalid
from pricing.offers.rows import (
    SERVICES,
    TERM_TYPES,
    date_of,
    dimension_key,
    frozen_items,
    is_rds_custom,
    keep_product,
    price_dimensions,
    raw_row,
    validation_reason,
)

PROGRESS_EVERY = 100_000
# Terms a caller may require (``require_terms``). A refresh does not: a file with on-demand terms only is taken with
# a note that it priced no reservation (pricing/refresh/snapshots.py).
REQUIRED_TERMS = ("Reserved",)
MISSING_TERMS = {
    "Reserved": "no Reserved terms for the kept products: the file lacks terms.Reserved (termAttributes "
    "LeaseContractLength, OfferingClass, PurchaseOption; an 'Upfront Fee' dimension in unit Quantity and an Hrs "
    "fee), so it would price no reservation; upload AWS's full offer file for the Region",
}


def _not_json(error: Exception) -> str:
    return "the file is not valid JSON: " + " ".join(str(error).split())


def _first_value(path: Path, key: str) -> Any:
    """A top-level scalar, reading only as far as it (the header normally precedes the products)."""
    with path.open("rb") as handle:
        return next(ijson.items(handle, key), None)


def read_offer_header(path: Path) -> OfferHeader:
    try:
        code, version, published = (_first_value(path, key) for key in ("offerCode", "version", "publicationDate"))
    except ijson.JSONError as error:
        raise PriceDataInvalid(str(path), [InvalidItem("-", _not_json(error))]) from None
    return OfferHeader(
        offer_code=code if isinstance(code, str) else None,
        version=version if isinstance(version, str) else None,
        publication_date=date_of(published),
    )


# The top-level terms object: a "terms" key whose value opens with a term type. Nothing inside a product looks like
# it (a quote inside a JSON string is escaped), so the products pass can stop there and the term passes start there.
_PRODUCTS_KEY = re.compile(rb'"products"\s*:\s*\{')
_TERMS_KEY = re.compile(rb',\s*"terms"\s*:\s*\{\s*"(?:OnDemand|Reserved)"\s*:')
_OVERLAP = 4096  # bytes kept from one read to the next, for a key split between two reads
_CHUNK = 1 << 20


class _UntilTerms:
    """Reads a file up to the top-level terms object (once past the products), then reports end of file: the
    products pass stops there instead of tokenizing every term, and ``terms_at`` says where the terms start."""

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle
        self._position = 0  # file offset after the last read
        self._tail = b""
        self._products = False
        self.terms_at: int | None = None

    def read(self, size: int = -1) -> bytes:
        if self.terms_at is not None:
            return b""
        chunk = self._handle.read(size)
        if not chunk:
            return chunk
        window_start = self._position - len(self._tail)
        window = self._tail + chunk
        self._position += len(chunk)
        self._tail = window[-_OVERLAP:]
        start = 0
        if not self._products:
            found = _PRODUCTS_KEY.search(window)
            if found is None:
                return chunk
            self._products, start = True, found.end()
        found = _TERMS_KEY.search(window, start)
        if found is None:
            return chunk
        comma = window_start + found.start()
        self.terms_at = comma + 1
        return chunk[: max(0, comma - (self._position - len(chunk)))]


class _FromTerms:
    """The file from ``offset`` (just before the top-level "terms" key) to its end, as a JSON object."""

    def __init__(self, handle: BinaryIO, offset: int) -> None:
        handle.seek(offset)
        self._handle = handle
        self._opening = b"{"

    def read(self, size: int = -1) -> bytes:
        if not self._opening or size == 0:
            return self._handle.read(size)
        opening, self._opening = self._opening, b""
        return opening + self._handle.read(size - 1 if size > 1 else size)


def _mentions(path: Path, offset: int, needles: tuple[bytes, ...]) -> bool:
    """Whether any of ``needles`` occurs in the file from ``offset`` (read in chunks: page cache, not our memory)."""
    longest = max(len(n) for n in needles)
    with path.open("rb") as handle:
        handle.seek(offset)
        tail = b""
        while chunk := handle.read(_CHUNK):
            window = tail + chunk
            if any(needle in window for needle in needles):
                return True
            tail = window[-longest:]
    return False


def _terms(handle: BinaryIO, term_type: str, terms_at: int | None) -> Iterator[tuple[str, Any]]:
    source: Any = handle if terms_at is None else _FromTerms(handle, terms_at)
    return ijson.kvitems(source, f"terms.{term_type}")


class _ProductIndex:
    """The products that passed the filters: SKU -> group, where products with identical family and attributes
    share a group and its row fields. A kept SKU costs a dict entry, whatever the size of its product."""

    def __init__(self) -> None:
        self.group_of: dict[str, int] = {}
        self.groups: dict[tuple[Any, ...], int] = {}
        self.bases: list[dict[str, Any]] = []
        self.smallest_sku: list[str] = []
        self.terms_at: int | None = None  # file offset of the top-level terms object, when found

    def add(self, sku: str, product_key: tuple[Any, ...], base: dict[str, Any]) -> None:
        """A product unlike any before it: a new group."""
        group = self.groups[product_key] = len(self.bases)
        self.bases.append(base)
        self.smallest_sku.append(sku)
        self.group_of[sku] = group

    def add_to(self, group: int, sku: str) -> None:
        """A product identical to those of ``group``."""
        if sku < self.smallest_sku[group]:
            self.smallest_sku[group] = sku
        self.group_of[sku] = group


def _read_products(
    path: Path, *, service: str, region: str, source: str, report: ImportReport, progress: Callable[[str], None]
) -> _ProductIndex:
    index = _ProductIndex()
    with path.open("rb") as handle:
        reader = _UntilTerms(handle)
        try:
            for sku, product in ijson.kvitems(reader, "products"):
                _add_product(index, sku, product, service=service, region=region, source=source, report=report)
                if report.products_read % PROGRESS_EVERY == 0:
                    progress(f"products: {report.products_read:,} read, {report.products_kept:,} kept")
        except ijson.IncompleteJSONError:
            if reader.terms_at is None:  # a truncated file, not our early stop
                raise
    index.terms_at = reader.terms_at
    progress(f"products: {report.products_read:,} read, {report.products_kept:,} kept")
    return index


def _add_product(
    index: _ProductIndex, sku: str, product: Any, *, service: str, region: str, source: str, report: ImportReport
) -> None:
    report.products_read += 1
    family = product.get("productFamily") if isinstance(product, dict) else None
    attributes = product.get("attributes") if isinstance(product, dict) else None
    if not isinstance(family, str) or not isinstance(attributes, dict):
        report.add_invalid(InvalidItem(str(sku), "product without productFamily or attributes"))
        return
    if not keep_product(service=service, product_family=family, attributes=attributes, region=region):
        return
    product_key = (family, frozen_items(attributes))
    try:
        group = index.groups.get(product_key)
    except TypeError:
        report.add_invalid(InvalidItem(str(sku), "attributes hold values that are not strings"))
        return
    if sku in index.group_of:
        if group != index.group_of[sku]:
            report.add_invalid(InvalidItem(str(sku), "listed twice with different attributes"))
        return
    report.products_kept += 1
    if group is not None:
        index.add_to(group, sku)
        return
    base = {
        "service": service,
        "region": region,
        "product_family": family,
        "attributes": attributes,
        "source": source,
        "rds_custom": service == "AmazonRDS" and is_rds_custom(attributes),
    }
    index.add(sku, product_key, base)


class _StreamingDeduplicator:
    """Yields a row at once when it comes from the smallest SKU of identical products; holds the others until
    the end, when they are yielded only if no identical row came from that SKU. Holds little: duplicates are few."""

    def __init__(self, index: _ProductIndex, report: ImportReport) -> None:
        self.index = index
        self.report = report
        self.seen: set[tuple[Any, ...]] = set()
        self.held: dict[tuple[Any, ...], PriceRow] = {}

    def offer(
        self, sku: str, group: int, term_type: str, term: dict[str, Any], dimension: dict[str, Any], as_of: date | None
    ) -> PriceRow | None:
        key = dimension_key(group, term_type, term, dimension)
        if key is not None and key in self.seen:
            self.report.duplicates += 1
            return None
        try:
            row = PriceRow.model_validate(raw_row(self.index.bases[group], sku, term_type, term, dimension, as_of))
        except ValidationError as error:
            self.report.add_invalid(InvalidItem(sku, validation_reason(error)))
            return None
        if key is None:  # cannot happen for a valid row; kept to be safe
            return row
        if sku == self.index.smallest_sku[group]:
            self.seen.add(key)
            if self.held.pop(key, None) is not None:
                self.report.duplicates += 1
            return row
        held = self.held.get(key)
        if held is not None:
            self.report.duplicates += 1
            if held.sku < sku:
                return None
        self.held[key] = row
        return None

    def rest(self) -> Iterator[PriceRow]:
        for key, row in self.held.items():
            if key in self.seen:
                self.report.duplicates += 1
            else:
                yield row
        self.held.clear()


def read_offer_file(
    path: Path | str,
    *,
    region: str,
    service: str | None = None,
    source: str | None = None,
    as_of: date | None = None,
    report: ImportReport | None = None,
    progress: Callable[[str], None] | None = None,
    require_terms: tuple[str, ...] = (),
) -> Iterator[PriceRow]:
    """Stream the Oracle-relevant price rows of one region's bulk offer file.

    ``service`` defaults to the file's offerCode; ``as_of`` to its publicationDate (else each term's
    effectiveDate). Raises ``PriceDataInvalid`` at the end when any kept item was invalid, or when a term type of
    ``require_terms`` (an admin's upload: ``REQUIRED_TERMS``) gave no row, so a consumer that writes inside a
    transaction writes nothing.
    """
    path = Path(path)
    report = report if report is not None else ImportReport()
    say = progress or (lambda message: None)
    header = read_offer_header(path)
    report.header = header
    service = service or header.offer_code
    if header.offer_code and header.offer_code != service:
        raise PriceDataInvalid(str(path), [InvalidItem("-", f"offerCode is {header.offer_code}, not {service}")])
    if service not in SERVICES:
        reason = f"offerCode {header.offer_code!r}: expected one of {', '.join(SERVICES)}"
        raise PriceDataInvalid(str(path), [InvalidItem("-", reason)])
    as_of = as_of or header.publication_date
    source = source or f"AWS bulk offer file {service} {region}, version {header.version or 'unknown'} ({path.name})"
    try:
        index = _read_products(path, service=service, region=region, source=source, report=report, progress=say)
        dedup = _StreamingDeduplicator(index, report)
        for term_type in TERM_TYPES:
            # A file without a Reserved term (the byte string is nowhere in its terms) needs no second term pass.
            if term_type != "OnDemand" and not _mentions(path, index.terms_at or 0, (b'"Reserved"', b"\\u")):
                continue
            with path.open("rb") as handle:
                for sku, sku_terms in _terms(handle, term_type, index.terms_at):
                    report.term_entries_read += 1
                    group = index.group_of.get(sku)
                    if group is None:
                        if isinstance(sku_terms, dict):
                            report.price_dimensions_read += sum(
                                len(t.get("priceDimensions") or ()) for t in sku_terms.values() if isinstance(t, dict)
                            )
                        continue
                    for found in price_dimensions(sku, term_type, sku_terms):
                        if isinstance(found, InvalidItem):
                            report.add_invalid(found)
                            continue
                        report.price_dimensions_read += 1
                        row = dedup.offer(sku, group, term_type, *found, as_of)
                        if row is not None:
                            report.rows += 1
                            report.term_rows[row.term] = report.term_rows.get(row.term, 0) + 1
                            yield row
            say(f"terms.{term_type}: {report.term_entries_read:,} SKUs read, {report.rows:,} rows so far")
        for row in dedup.rest():
            report.rows += 1
            report.term_rows[row.term] = report.term_rows.get(row.term, 0) + 1
            yield row
    except ijson.JSONError as error:
        report.add_invalid(InvalidItem("-", _not_json(error)))
    if report.invalid_count:
        raise PriceDataInvalid(str(path), report.invalid, report.invalid_count)
    for term_type in require_terms if report.rows else ():  # no rows at all: the caller says the Region is wrong
        if not report.term_rows.get(term_type):
            raise PriceDataInvalid(str(path), [InvalidItem("-", MISSING_TERMS.get(term_type, f"no {term_type} terms"))])
