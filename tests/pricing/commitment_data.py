"""Price List answers with Reserved and Savings Plans terms, in AWS's real shapes, for the commitment tests.

- EC2: the real get_products item of m5.large in us-east-1 (``price_list_responses/``), all 12 Reserved terms.
- RDS: the real eu-west-1 product and on-demand term of db.m4.xlarge SE2 License Included Multi-AZ (the committed TC
  offer file) with one Reserved term in the Price List's shape carrying the figures of AWS's own CLI example of
  ``describe-reserved-db-instances-offerings`` (db.m4.xlarge oracle-se2(li) Multi-AZ, 1 year Partial Upfront:
  FixedPrice 4089, RecurringChargeAmount 0.594 hourly; offering 005bdee3-9ef4-4182-aa0c-58ef7cb6c2f8). That
  example names no Region and is not a current price: it is used only to check the arithmetic.
- Savings Plans: an ``AWSComputeSavingsPlan`` region file in AWS's shape (``products[]``, ``terms.savingsPlan[]``
  with ``rates`` keyed by ``discountedSku``). No Savings Plans rate is held anywhere offline, so its rates are
  figures chosen for the arithmetic (``SP_TEST_RATES``), not AWS prices.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.pricing.offer_data import offer

HERE = Path(__file__).resolve().parent
M5_LARGE_FILE = HERE / "price_list_responses" / "get_products_m5_large_us_east_1.json"
M5_LARGE_SKU = "6C86BEPQVG73ZGGR"
RDS_SKU = "RSNECQ268EVGRQ2Q"  # db.m4.xlarge, Standard Two, License included, Multi-AZ, eu-west-1 (TC 2023-02-23)
RDS_TERM_CODE = "HU7G6KETJZ"  # AWS's offer term code of 1yr Partial Upfront (as in the m5.large answer)
# (plan family, term, purchase option) -> rate: figures for the arithmetic, not AWS prices.
SP_TEST_RATES = {
    ("EC2InstanceSavingsPlans", "1yr", "No Upfront"): "0.065",
    ("EC2InstanceSavingsPlans", "1yr", "All Upfront"): "0.056",
}


def m5_large_item() -> dict[str, Any]:
    return json.loads(M5_LARGE_FILE.read_text())


def rds_oracle_item() -> dict[str, Any]:
    """One get_products item: the TC product and on-demand term, and the CLI example's reservation."""
    data = offer("AmazonRDS")
    term_id = f"{RDS_SKU}.{RDS_TERM_CODE}"
    reserved = {
        term_id: {
            "priceDimensions": {
                f"{term_id}.2TG2D8R56U": {
                    "unit": "Quantity",
                    "description": "Upfront Fee",
                    "appliesTo": [],
                    "rateCode": f"{term_id}.2TG2D8R56U",
                    "pricePerUnit": {"USD": "4089"},
                },
                f"{term_id}.6YS6EN2CT7": {
                    "unit": "Hrs",
                    "endRange": "Inf",
                    "description": "Oracle SE2 (LI), db.m4.xlarge reserved instance applied",
                    "appliesTo": [],
                    "rateCode": f"{term_id}.6YS6EN2CT7",
                    "beginRange": "0",
                    "pricePerUnit": {"USD": "0.5940000000"},
                },
            },
            "sku": RDS_SKU,
            "effectiveDate": "2023-02-01T00:00:00Z",
            "offerTermCode": RDS_TERM_CODE,
            "termAttributes": {"LeaseContractLength": "1yr", "PurchaseOption": "Partial Upfront"},
        }
    }
    return {
        "product": data["products"][RDS_SKU],
        "serviceCode": "AmazonRDS",
        "terms": {"OnDemand": data["terms"]["OnDemand"][RDS_SKU], "Reserved": reserved},
        "version": data["version"],
        "publicationDate": data["publicationDate"],
    }


def savings_plan_offer(region: str, discounted_sku: str, usage_type: str) -> dict[str, Any]:
    """A Savings Plans region file in AWS's shape whose plans discount ``discounted_sku`` at ``SP_TEST_RATES``."""
    products, terms = [], []
    for n, ((family, lease, option), rate) in enumerate(sorted(SP_TEST_RATES.items()), 1):
        sku = f"SPTESTPLAN{n:06d}"
        products.append(
            {
                "sku": sku,
                "productFamily": family,
                "serviceCode": "ComputeSavingsPlans",
                "usageType": f"{'EC2SP' if family.startswith('EC2') else 'ComputeSP'}:m5.{lease}.{option}",
                "operation": "",
                "attributes": {
                    "purchaseOption": option,
                    "granularity": "hourly",
                    "instanceType": "m5",
                    "purchaseTerm": lease,
                    "locationType": "AWS Region",
                    "location": "US East (N. Virginia)",
                    "regionCode": region,
                },
            }
        )
        terms.append(
            {
                "sku": sku,
                "description": f"{lease} {option} m5 in {region}",
                "effectiveDate": "2026-11-01T00:00:00Z",
                "leaseContractLength": {"duration": int(lease[0]), "unit": "year"},
                "rates": [
                    {
                        "discountedSku": discounted_sku,
                        "discountedUsageType": usage_type,
                        "discountedOperation": "RunInstances",
                        "discountedServiceCode": "AmazonEC2",
                        "rateCode": f"{sku}.{discounted_sku}",
                        "unit": "Hrs",
                        "discountedRate": {"price": rate, "currency": "USD"},
                    },
                    {  # a Windows rate for a SKU the snapshot does not hold: skipped
                        "discountedSku": "WINDOWSSKU000001",
                        "discountedUsageType": usage_type,
                        "discountedOperation": "RunInstances:0002",
                        "discountedServiceCode": "AmazonEC2",
                        "rateCode": f"{sku}.WINDOWSSKU000001",
                        "unit": "Hrs",
                        "discountedRate": {"price": "0.1", "currency": "USD"},
                    },
                ],
            }
        )
    return {
        "disclaimer": "test file in the shape of AWS's Savings Plans price list",
        "formatVersion": "v1.0",
        "publicationDate": "2026-11-01T00:00:00Z",
        "regionCode": region,
        "version": "20261101000000",
        "products": products,
        "terms": {"savingsPlan": terms},
    }


def write_json(data: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(data))
    return path


def add_reserved_term(data: dict[str, Any], sku: str) -> dict[str, Any]:
    """``data`` (an offer file) with the m5.large answer's real 1yr standard Partial Upfront term (252 upfront,
    0.029 an hour) under ``sku``: what an offer-file upload needs once Reserved terms are required."""
    term = m5_large_item()["terms"]["Reserved"][f"{M5_LARGE_SKU}.HU7G6KETJZ"]
    term = json.loads(json.dumps(term).replace(M5_LARGE_SKU, sku))
    data.setdefault("terms", {}).setdefault("Reserved", {})[sku] = {f"{sku}.HU7G6KETJZ": term}
    return data
