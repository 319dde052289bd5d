"""AWS price-list readers for Oracle on RDS, EC2 and EBS: the bulk offer file and the Query API's pages.

Both carry AWS's product + terms shape, so one filter (pricing-notes §3a) and one row builder serve the admin's
two refresh paths. The offer file is streamed with ijson: the products first (only those that pass the filters
are kept, by SKU), then each term type, so memory grows with what is kept, never with the file. Every row is
validated as a ``PriceRow``; an item that cannot become one is reported with its SKU and the reason, and the
whole source is refused. Identical rows published under several SKUs collapse onto the smallest SKU, whatever
order they arrive in, so an offer-file import and an API refresh of the same prices agree row for row.
Pure Python: no Django.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, BinaryIO

import ijson
from botocore.exceptions import (
    BotoCoreError,
    ClientError,
    ConnectionClosedError,
    ConnectTimeoutError,
    EndpointConnectionError,
    NoCredentialsError,
    PartialCredentialsError,
    ReadTimeoutError,
)
from pydantic import ValidationError

from pricing.engine.rows import PriceRow

SERVICES = ("AmazonRDS", "AmazonEC2")
TERM_TYPES = ("OnDemand", "Reserved")
# Problems listed in an error; the count says how many there were in all.
MAX_LISTED = 20
PROGRESS_EVERY = 100_000

# --- The filters (pricing-notes §3a) ---------------------------------------------------------------

# RDS rows shared by every engine carry databaseEngine "Any" (or a per-engine copy at the same price).
RDS_SHARED_FAMILIES = frozenset(
    {
        "Database Storage",
        "Provisioned IOPS",
        "Provisioned Throughput",
        "Storage Snapshot",
        "System Operation",
        "Performance Insights",
    }
)
EC2_INSTANCE_FAMILIES = frozenset({"Compute Instance", "Compute Instance (bare metal)"})
EBS_FAMILIES = frozenset({"Storage", "System Operation", "Provisioned Throughput", "Storage Snapshot"})
# Linux, shared tenancy, no pre-installed software, no licence, real capacity (not reservations, often $0).
EC2_INSTANCE_ATTRIBUTES = (
    ("operatingSystem", "Linux"),
    ("tenancy", "Shared"),
    ("preInstalledSw", "NA"),
    ("licenseModel", "No License required"),
    ("capacitystatus", "Used"),
)


def is_rds_custom(attributes: Mapping[str, Any]) -> bool:
    """RDS Custom SKUs: deploymentModel=Custom (instances) or an RDSCustom usagetype (e.g. its backup storage)."""
    return attributes.get("deploymentModel") == "Custom" or "RDSCustom" in str(attributes.get("usagetype", ""))


def keep_product(*, service: str, product_family: str, attributes: Mapping[str, Any], region: str) -> bool:
    """Whether a product belongs in an Oracle price snapshot of ``region`` (pricing-notes §3a)."""
    if attributes.get("regionCode", region) != region:
        return False
    if attributes.get("locationType", "AWS Region") != "AWS Region":  # Local Zones, Wavelength, Outposts
        return False
    if service == "AmazonRDS":
        engine = attributes.get("databaseEngine")
        if product_family == "Database Instance":
            return engine == "Oracle"  # every edition, licence and deployment; RDS Custom is kept and marked
        if product_family in RDS_SHARED_FAMILIES:
            return engine in ("Oracle", "Any") and "Aurora" not in str(attributes.get("usagetype", ""))
        return False
    if service == "AmazonEC2":
        if product_family in EC2_INSTANCE_FAMILIES:
            if any(attributes.get(name) != value for name, value in EC2_INSTANCE_ATTRIBUTES):
                return False
            return attributes.get("marketoption", "OnDemand") == "OnDemand"  # CapacityBlock rows collide on GPUs
        if product_family in EBS_FAMILIES:
            return "EBS:" in str(attributes.get("usagetype", ""))
        return False
    return False


# --- Problems ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InvalidItem:
    """One price-list item that cannot become a price row."""

    sku: str
    reason: str

    def __str__(self) -> str:
        return f"{self.sku}: {self.reason}"


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


# --- Building rows -----------------------------------------------------------------------------------


def _date_of(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _reason(error: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'row'}: {e['msg']}" for e in error.errors()[:3]]
    return "; ".join(parts)


def _frozen(mapping: Any) -> tuple[tuple[Any, Any], ...]:
    if not isinstance(mapping, dict):
        raise TypeError("not an object")
    return tuple(sorted(mapping.items()))


def _dimensions(
    sku: str, term_type: str, sku_terms: Any
) -> Iterator[tuple[dict[str, Any], dict[str, Any]] | InvalidItem]:
    """(term, price dimension) pairs of one SKU's terms of one type, or what is wrong with them."""
    if not isinstance(sku_terms, dict):
        yield InvalidItem(sku, f"terms.{term_type} is not an object")
        return
    for term in sku_terms.values():
        dimensions = term.get("priceDimensions") if isinstance(term, dict) else None
        if not isinstance(dimensions, dict):
            yield InvalidItem(sku, f"a {term_type} term has no priceDimensions object")
            continue
        for dimension in dimensions.values():
            if not isinstance(dimension, dict):
                yield InvalidItem(sku, f"a {term_type} price dimension is not an object")
                continue
            prices = dimension.get("pricePerUnit")
            if not isinstance(prices, dict) or "USD" not in prices:
                yield InvalidItem(sku, f"{term_type} dimension {dimension.get('rateCode', '?')} has no USD price")
                continue
            yield term, dimension


def _raw_row(
    base: dict[str, Any], sku: str, term_type: str, term: dict[str, Any], dimension: dict[str, Any], as_of: date | None
) -> dict[str, Any]:
    """PriceRow fields of one price dimension, not yet validated."""
    end = dimension.get("endRange")
    return {
        **base,
        "sku": sku,
        "term": term_type,
        "term_attributes": term.get("termAttributes") or {},
        "unit": dimension.get("unit"),
        "price_usd": dimension["pricePerUnit"]["USD"],
        "begin_range": dimension.get("beginRange", "0"),
        "end_range": None if end in (None, "Inf") else end,
        "description": dimension.get("description", ""),
        "as_of": as_of or _date_of(term.get("effectiveDate")),
    }


def _term_rows(
    sku: str, term_type: str, sku_terms: Any, base: dict[str, Any], as_of: date | None
) -> Iterator[dict[str, Any] | InvalidItem]:
    for found in _dimensions(sku, term_type, sku_terms):
        yield found if isinstance(found, InvalidItem) else _raw_row(base, sku, term_type, *found, as_of)


def _dimension_key(group: int, term_type: str, term: dict[str, Any], dimension: dict[str, Any]) -> Any:
    """What makes two price dimensions the same price, SKU aside; None when too malformed to compare."""
    try:
        end = dimension.get("endRange")
        key = (
            group,
            term_type,
            _frozen(term.get("termAttributes") or {}),
            dimension.get("unit"),
            Decimal(dimension["pricePerUnit"]["USD"]),
            Decimal(dimension.get("beginRange", "0")),
            None if end in (None, "Inf") else Decimal(end),
        )
        hash(key)
    except (TypeError, ValueError, InvalidOperation):
        return None
    return key


def row_identity(row: PriceRow) -> tuple[Any, ...]:
    """Two rows with the same identity are the same price published under (possibly) different SKUs."""
    return (
        row.product_family,
        _frozen(row.attributes),
        row.rds_custom,
        row.term,
        _frozen(row.term_attributes),
        row.unit,
        row.price_usd,
        row.begin_range,
        row.end_range,
    )


def deduplicate(rows: Iterable[PriceRow]) -> tuple[list[PriceRow], int]:
    """Identical rows collapse onto the smallest SKU; returns the rows (first-seen order) and how many were dropped."""
    best: dict[tuple[Any, ...], PriceRow] = {}
    dropped = 0
    for row in rows:
        key = row_identity(row)
        kept = best.get(key)
        if kept is None:
            best[key] = row
            continue
        dropped += 1
        if row.sku < kept.sku:
            best[key] = row
    return list(best.values()), dropped


# --- The bulk offer file -----------------------------------------------------------------------------


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
    invalid: list[InvalidItem] = field(default_factory=list)
    invalid_count: int = 0

    def add_invalid(self, item: InvalidItem) -> None:
        self.invalid_count += 1
        if len(self.invalid) < MAX_LISTED:
            self.invalid.append(item)


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
        publication_date=_date_of(published),
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
    product_key = (family, _frozen(attributes))
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
        key = _dimension_key(group, term_type, term, dimension)
        if key is not None and key in self.seen:
            self.report.duplicates += 1
            return None
        try:
            row = PriceRow.model_validate(_raw_row(self.index.bases[group], sku, term_type, term, dimension, as_of))
        except ValidationError as error:
            self.report.add_invalid(InvalidItem(sku, _reason(error)))
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
) -> Iterator[PriceRow]:
    """Stream the Oracle-relevant price rows of one region's bulk offer file.

    ``service`` defaults to the file's offerCode; ``as_of`` to its publicationDate (else each term's
    effectiveDate). Raises ``PriceDataInvalid`` at the end when any kept item was invalid, so a consumer
    that writes inside a transaction writes nothing.
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
                    for found in _dimensions(sku, term_type, sku_terms):
                        if isinstance(found, InvalidItem):
                            report.add_invalid(found)
                            continue
                        report.price_dimensions_read += 1
                        row = dedup.offer(sku, group, term_type, *found, as_of)
                        if row is not None:
                            report.rows += 1
                            yield row
            say(f"terms.{term_type}: {report.term_entries_read:,} SKUs read, {report.rows:,} rows so far")
        for row in dedup.rest():
            report.rows += 1
            yield row
    except ijson.JSONError as error:
        report.add_invalid(InvalidItem("-", _not_json(error)))
    if report.invalid_count:
        raise PriceDataInvalid(str(path), report.invalid, report.invalid_count)


# --- The Price List Query API ------------------------------------------------------------------------

PRICING_API_REGIONS = ("us-east-1", "ap-south-1", "eu-central-1")
PAGE_SIZE = 100
MAX_ATTEMPTS = 5
RETRYABLE_CODES = frozenset(
    {
        "ThrottlingException",
        "Throttling",
        "TooManyRequestsException",
        "RequestLimitExceeded",
        "InternalErrorException",
        "ServiceUnavailableException",
        "ServiceUnavailable",
    }
)
RETRYABLE_ERRORS = (EndpointConnectionError, ConnectionClosedError, ConnectTimeoutError, ReadTimeoutError)
NO_CREDENTIALS = (
    "no AWS credentials found. The refresh uses boto3's standard credential chain; provide them one of these ways: "
    "the environment variables AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (plus AWS_SESSION_TOKEN for temporary "
    "credentials); a profile in ~/.aws/credentials (choose it with AWS_PROFILE); or an instance role (EC2 instance "
    "profile, ECS task role). The identity needs the pricing:GetProducts permission. The Price List API answers only "
    "in us-east-1, ap-south-1 and eu-central-1 (this command asks {endpoint}; any region's prices can be asked "
    "there). Without credentials, import a bulk offer file with --offer-file PATH."
)
sleep = time.sleep  # the backoff's clock; tests replace it


@dataclass(frozen=True)
class ApiQuery:
    """One get_products query: TERM_MATCH filters, combined with AND by the API."""

    label: str
    filters: tuple[tuple[str, str], ...]

    def api_filters(self, region: str) -> list[dict[str, str]]:
        pairs = (("regionCode", region), *self.filters)
        return [{"Type": "TERM_MATCH", "Field": name, "Value": value} for name, value in pairs]


def api_queries(service: str) -> list[ApiQuery]:
    """The server-side half of ``keep_product``: as narrow as TERM_MATCH allows; the rest is filtered here."""
    if service == "AmazonRDS":
        return [
            ApiQuery("Oracle rows", (("databaseEngine", "Oracle"),)),
            ApiQuery("rows for any engine", (("databaseEngine", "Any"),)),
        ]
    instances = tuple(EC2_INSTANCE_ATTRIBUTES)
    return [
        ApiQuery("Linux instances", (("productFamily", "Compute Instance"), *instances)),
        ApiQuery("Linux bare metal", (("productFamily", "Compute Instance (bare metal)"), *instances)),
        *(ApiQuery(f"EBS {family}", (("productFamily", family),)) for family in sorted(EBS_FAMILIES)),
    ]


def rows_from_price_list_item(
    item: str | Mapping[str, Any], *, service: str, region: str, source: str, fallback_as_of: date
) -> tuple[list[PriceRow], list[InvalidItem]]:
    """One get_products PriceList entry (a JSON string): its rows when the product passes the filters."""
    try:
        data = json.loads(item) if isinstance(item, str) else item
    except ValueError as error:
        return [], [InvalidItem("?", f"PriceList item is not JSON: {error}")]
    product = data.get("product") if isinstance(data, Mapping) else None
    sku = product.get("sku") if isinstance(product, Mapping) else None
    if not isinstance(product, Mapping) or not isinstance(sku, str) or not sku:
        return [], [InvalidItem("?", "PriceList item without product.sku")]
    family, attributes = product.get("productFamily"), product.get("attributes")
    if not isinstance(family, str) or not isinstance(attributes, dict):
        return [], [InvalidItem(sku, "product without productFamily or attributes")]
    if not keep_product(service=service, product_family=family, attributes=attributes, region=region):
        return [], []
    terms = data.get("terms")
    if not isinstance(terms, Mapping):
        return [], [InvalidItem(sku, "PriceList item without terms")]
    as_of = _date_of(data.get("publicationDate")) or fallback_as_of
    base = {
        "service": service,
        "region": region,
        "sku": sku,
        "product_family": family,
        "attributes": attributes,
        "source": source,
        "rds_custom": service == "AmazonRDS" and is_rds_custom(attributes),
    }
    rows: list[PriceRow] = []
    problems: list[InvalidItem] = []
    for term_type in TERM_TYPES:
        if term_type not in terms:
            continue
        for raw in _term_rows(sku, term_type, terms[term_type], base, as_of):
            if isinstance(raw, InvalidItem):
                problems.append(raw)
                continue
            try:
                rows.append(PriceRow.model_validate(raw))
            except ValidationError as error:
                problems.append(InvalidItem(sku, _reason(error)))
    if not rows and not problems:
        problems.append(InvalidItem(sku, "no OnDemand or Reserved price"))
    return rows, problems


def _error_code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "Unknown"))


def _page(client: Any, request: dict[str, Any], *, where: str, endpoint: str, say: Callable[[str], None]) -> Any:
    """One get_products call, retried with exponential backoff while AWS throttles or the network drops."""
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            return client.get_products(**request)
        except (NoCredentialsError, PartialCredentialsError):
            raise PriceListUnavailable(NO_CREDENTIALS.format(endpoint=endpoint)) from None
        except ClientError as error:
            code = _error_code(error)
            if code not in RETRYABLE_CODES:
                raise PriceListUnavailable(f"get_products failed on {where}: {code}: {error}") from None
            problem = f"AWS answered {code}"
        except RETRYABLE_ERRORS as error:
            problem = f"network error ({error})"
        except BotoCoreError as error:
            raise PriceListUnavailable(f"get_products failed on {where}: {error}") from None
        if attempt == MAX_ATTEMPTS:
            raise PriceListUnavailable(
                f"get_products failed on {where}: {problem} {MAX_ATTEMPTS} times in a row; try again later"
            )
        delay = 2 ** (attempt - 1)
        say(f"  {where}: {problem}; retrying in {delay}s (attempt {attempt + 1} of {MAX_ATTEMPTS})")
        sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


def fetch_price_list(
    client: Any,
    *,
    service: str,
    region: str,
    fetched_on: date,
    endpoint: str = "us-east-1",
    progress: Callable[[str], None] | None = None,
) -> tuple[list[PriceRow], ImportReport]:
    """Every Oracle-relevant row of ``service`` in ``region`` from get_products, every page of every query.

    Raises ``PriceListUnavailable`` when a call fails for good and ``PriceDataInvalid`` when an item is not a
    valid price; either way nothing has been returned, so nothing can be written.
    """
    say = progress or (lambda message: None)
    source = f"AWS Price List Query API get_products ({service}, {region}), fetched {fetched_on.isoformat()}"
    report = ImportReport()
    rows: list[PriceRow] = []
    queries = api_queries(service)
    for number, query in enumerate(queries, 1):
        request: dict[str, Any] = {
            "ServiceCode": service,
            "Filters": query.api_filters(region),
            "FormatVersion": "aws_v1",
            "MaxResults": PAGE_SIZE,
        }
        page = 0
        while True:
            page += 1
            where = f"query {number}/{len(queries)} ({query.label}) page {page}"
            response = _page(client, request, where=where, endpoint=endpoint, say=say)
            items = response.get("PriceList") or []
            for item in items:
                report.products_read += 1
                found, problems = rows_from_price_list_item(
                    item, service=service, region=region, source=source, fallback_as_of=fetched_on
                )
                for problem in problems:
                    report.add_invalid(problem)
                report.products_kept += bool(found)
                report.price_dimensions_read += len(found)
                rows.extend(found)
            say(f"{service} {region}: {where}: {len(items)} items, {len(rows):,} rows so far")
            token = response.get("NextToken")
            if not token:
                break
            request["NextToken"] = token
        request.pop("NextToken", None)
    if report.invalid_count:
        raise PriceDataInvalid(f"get_products {service} {region}", report.invalid, report.invalid_count)
    unique, report.duplicates = deduplicate(rows)
    report.rows = len(unique)
    return unique, report
