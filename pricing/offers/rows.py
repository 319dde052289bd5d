"""From AWS's product + terms shape to price rows: which products an Oracle snapshot keeps (pricing-notes §3a),
how a term's price dimensions become ``PriceRow`` fields, and how identical rows published under several SKUs
collapse onto the smallest SKU. Both readers (the bulk offer file, the Query API's pages) build rows here, so an
offer-file import and an API refresh of the same prices agree row for row. Pure Python: no Django.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import ValidationError

from pricing.engine.rows import PriceRow
from pricing.offers.report import InvalidItem

SERVICES = ("AmazonRDS", "AmazonEC2")
TERM_TYPES = ("OnDemand", "Reserved")

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


# --- Building rows -----------------------------------------------------------------------------------


def date_of(value: Any) -> date | None:
    """The date an AWS timestamp ('2023-02-23T00:00:00Z') starts with; None when it is not one."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def validation_reason(error: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'row'}: {e['msg']}" for e in error.errors()[:3]]
    return "; ".join(parts)


def frozen_items(mapping: Any) -> tuple[tuple[Any, Any], ...]:
    if not isinstance(mapping, dict):
        raise TypeError("not an object")
    return tuple(sorted(mapping.items()))


# What a Reserved term must say for the price book to know the commitment it prices (RDS terms have no OfferingClass).
RESERVED_TERM_ATTRIBUTES = ("LeaseContractLength", "PurchaseOption")


def reserved_attributes_missing(attributes: Any) -> list[str]:
    """The term attributes a Reserved term lacks (all of them when it has no termAttributes object)."""
    if not isinstance(attributes, dict):
        return list(RESERVED_TERM_ATTRIBUTES)
    return [name for name in RESERVED_TERM_ATTRIBUTES if not isinstance(attributes.get(name), str)]


def price_dimensions(
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
        if term_type == "Reserved" and (missing := reserved_attributes_missing(term.get("termAttributes"))):
            yield InvalidItem(sku, f"a Reserved term without termAttributes {', '.join(missing)}")
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


def raw_row(
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
        "as_of": as_of or date_of(term.get("effectiveDate")),
    }


def term_rows(
    sku: str, term_type: str, sku_terms: Any, base: dict[str, Any], as_of: date | None
) -> Iterator[dict[str, Any] | InvalidItem]:
    for found in price_dimensions(sku, term_type, sku_terms):
        yield found if isinstance(found, InvalidItem) else raw_row(base, sku, term_type, *found, as_of)


def dimension_key(group: int, term_type: str, term: dict[str, Any], dimension: dict[str, Any]) -> Any:
    """What makes two price dimensions the same price, SKU aside; None when too malformed to compare."""
    try:
        end = dimension.get("endRange")
        key = (
            group,
            term_type,
            frozen_items(term.get("termAttributes") or {}),
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
        frozen_items(row.attributes),
        row.rds_custom,
        row.term,
        frozen_items(row.term_attributes),
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
    as_of = date_of(data.get("publicationDate")) or fallback_as_of
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
        for raw in term_rows(sku, term_type, terms[term_type], base, as_of):
            if isinstance(raw, InvalidItem):
                problems.append(raw)
                continue
            try:
                rows.append(PriceRow.model_validate(raw))
            except ValidationError as error:
                problems.append(InvalidItem(sku, validation_reason(error)))
    if not rows and not problems:
        problems.append(InvalidItem(sku, "no OnDemand or Reserved price"))
    return rows, problems
