"""The committed eu-west-1 offer files (byte copies of shared/data/pricing/eu-west-1-2023-02-23/, a test in
test_fixture_sources checks it) read with plain ``json``: expectations come from the data, not the importer."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OFFER_DIR = ROOT / "fixtures" / "prices" / "eu-west-1"
REGION = "eu-west-1"


@cache
def _offer(service: str) -> dict[str, Any]:
    return json.loads((OFFER_DIR / f"{service}.json").read_text())


def offer(service: str) -> dict[str, Any]:
    """A deep copy, safe to modify."""
    return copy.deepcopy(_offer(service))


def price_of(data: dict[str, Any], sku: str) -> str:
    (term,) = data["terms"]["OnDemand"][sku].values()
    (dimension,) = term["priceDimensions"].values()
    return dimension["pricePerUnit"]["USD"]


def find_sku(data: dict[str, Any], family: str, **attributes: str) -> str:
    """The one SKU of ``family`` whose attributes include ``attributes`` (RDS: Single-AZ and not RDS Custom unless
    asked)."""
    if family == "Database Instance":
        attributes = {"deploymentOption": "Single-AZ", "deploymentModel": "", **attributes}
    found = [
        sku
        for sku, product in data["products"].items()
        if product["productFamily"] == family
        and all(product["attributes"].get(k, "") == v for k, v in attributes.items())
    ]
    assert len(found) == 1, (family, attributes, found)
    return found[0]


def item(data: dict[str, Any], sku: str) -> str:
    """The get_products PriceList entry of ``sku``: a JSON string, as the API returns it (FormatVersion aws_v1)."""
    entry = {
        "product": data["products"][sku],
        "serviceCode": data["offerCode"],
        "terms": {"OnDemand": data["terms"]["OnDemand"][sku]},
        "version": data["version"],
        "publicationDate": data["publicationDate"],
    }
    return json.dumps(entry)


def identical_groups(data: dict[str, Any], skus: list[str]) -> int:
    """How many distinct (family, attributes, price dimension) rows ``skus`` make: the count after de-duplication."""
    seen = set()
    for sku in skus:
        product = data["products"][sku]
        (term,) = data["terms"]["OnDemand"][sku].values()
        (dimension,) = term["priceDimensions"].values()
        seen.add(
            (
                product["productFamily"],
                json.dumps(product["attributes"], sort_keys=True),
                dimension["unit"],
                dimension["pricePerUnit"]["USD"],
            )
        )
    return len(seen)


def write(data: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(data, indent=1))
    return path


def offer_of(items: list[dict[str, Any]]) -> dict[str, Any]:
    """A bulk offer file in AWS's shape holding the products and terms of get_products ``items`` (one service's; the
    header is the first item's): what an admin uploads instead of asking the API."""
    terms: dict[str, dict[str, Any]] = {"OnDemand": {}, "Reserved": {}}
    for entry in items:
        sku = entry["product"]["sku"]
        for term_type, by_code in entry["terms"].items():
            terms[term_type][sku] = by_code
    first = items[0]
    return {
        "formatVersion": "v1.0",
        "disclaimer": "test file in the shape of AWS's bulk offer file",
        "offerCode": first["serviceCode"],
        "version": first["version"],
        "publicationDate": first["publicationDate"],
        "products": {entry["product"]["sku"]: entry["product"] for entry in items},
        "terms": {term_type: by_sku for term_type, by_sku in terms.items() if by_sku},
    }
