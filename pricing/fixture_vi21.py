"""VI21 (vantage-sh/ec2instances.info, RDS 2021-08-03): RDS for Oracle Single-AZ instance hours in every region,
their estimated Multi-AZ doubles, and the check that VI21's Oracle engine codes mean what pricing-notes §6 says
(against the TC offer file's eu-west-1 rows). Pure Python: no Django.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from pricing.engine.rows import PriceRow
from pricing.price_fixtures import OFFER_REGION, FixtureSourceError, memory_text, multi_az_estimate, source_price

VI21_FILE = "ec2instances-info-rds-2021-08-03.json"
VI21_SOURCE = "VI21: vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code {code}"
VI21_AS_OF = date(2021, 8, 3)
# Oracle engine codes in VI21 (pricing-notes §6); ``verify_engine_codes`` checks them against the TC rows.
ORACLE_ENGINE_CODES = {
    "5": ("Enterprise", "Bring your own license"),
    "19": ("Standard Two", "Bring your own license"),
    "20": ("Standard Two", "License included"),
}


def vi21_rows(records: list[dict[str, Any]], *, skip_regions: set[str]) -> list[PriceRow]:
    """Single-AZ rows for engine codes 5, 19 and 20 in every region, and their estimated Multi-AZ doubles."""
    rows = []
    for record in records:
        instance_type = record["instance_type"]
        for region, prices in sorted(record.get("pricing", {}).items()):
            if region in skip_regions:
                continue
            for code, (edition, licence) in ORACLE_ENGINE_CODES.items():
                entry = prices.get(code)
                if not entry or "ondemand" not in entry:
                    continue
                price = source_price(entry["ondemand"], f"VI21 {instance_type} {region} {code}")
                if price <= 0:
                    continue
                slug = f"{region}-{instance_type}-{code}"
                single = PriceRow(
                    service="AmazonRDS",
                    region=region,
                    sku=f"VI21-{slug}-single-az",
                    product_family="Database Instance",
                    attributes={
                        "databaseEngine": "Oracle",
                        "databaseEdition": edition,
                        "licenseModel": licence,
                        "deploymentOption": "Single-AZ",
                        "instanceType": instance_type,
                        "engineCode": code,
                        "regionCode": region,
                        "vcpu": str(record["vcpu"]),
                        "memory": memory_text(record["memory"]),
                    },
                    unit="Hrs",
                    price_usd=price,
                    source=VI21_SOURCE.format(code=code),
                    as_of=VI21_AS_OF,
                )
                rows += [single, multi_az_estimate(single, sku=f"VI21-{slug}-multi-az-estimated", source_key="VI21")]
    return rows


def verify_engine_codes(records: list[dict[str, Any]], offer_rows: list[PriceRow]) -> int:
    """Every VI21 eu-west-1 price for codes 5/19/20 must equal the TC Single-AZ (non-Custom) row of the same
    class, edition and licence; returns how many were compared."""
    tc: dict[tuple[str, str, str], set[Decimal]] = defaultdict(set)
    for row in offer_rows:
        a = row.attributes
        if (
            row.product_family == "Database Instance"
            and a.get("deploymentOption") == "Single-AZ"
            and not row.rds_custom
        ):
            tc[(a["instanceType"], a.get("databaseEdition", ""), a.get("licenseModel", ""))].add(row.price_usd)
    compared, wrong = 0, []
    for record in records:
        prices = record.get("pricing", {}).get(OFFER_REGION, {})
        for code, (edition, licence) in ORACLE_ENGINE_CODES.items():
            if code not in prices or (record["instance_type"], edition, licence) not in tc:
                continue
            compared += 1
            price = source_price(prices[code]["ondemand"], "VI21")
            if price not in tc[(record["instance_type"], edition, licence)]:
                wrong.append(f"{record['instance_type']} code {code}: VI21 {price}")
    if wrong or not compared:
        raise FixtureSourceError(f"VI21 engine codes do not match the TC eu-west-1 rows: {wrong or 'nothing compared'}")
    return compared
