"""OZ (vantage-sh/ec2instances.info opszero-app, 2024-04-04): EC2 Linux on-demand instance hours for every AWS
region; in a region an offer file covers, only the types it lacks. Pure Python: no Django.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from pricing.engine.rows import PriceRow
from pricing.price_fixtures import BuildReport, FixtureSourceError, memory_text, source_price

OZ_FILE = "ec2instances-info-ec2-linux-2024-04-04.json"
OZ_SOURCE = "OZ: vantage-sh/ec2instances.info opszero-app/instances.json @a19cd859"
OZ_AS_OF = date(2024, 4, 4)
# An AWS Region code, not a Local Zone (us-east-1-bos-1) or Wavelength zone (us-east-1-wl1-atl1).
REGION_CODE = re.compile(r"[a-z]{2}(-gov)?-[a-z]+-\d")


def oz_rows(records: list[dict[str, Any]], *, skip: dict[str, set[str]], report: BuildReport) -> list[PriceRow]:
    """One row per AWS region and instance type; Local Zones and Wavelength zones are not regions; types
    ``skip[region]`` are priced by an offer file there; a $0 price is not a price (GPU capacity blocks)."""
    chosen: dict[tuple[str, str], dict[str, Any]] = {}
    zones: set[str] = set()
    for record in records:
        region, instance_type = record["region"], record["instance-type"]
        if not REGION_CODE.fullmatch(region):
            zones.add(region)
            continue
        if instance_type in skip.get(region, set()):
            continue
        price = source_price(record["ondemand"], f"OZ {instance_type} {region}")
        if price <= 0:
            report.unsourced.append(f"EC2 {instance_type} in {region}: OZ gives {record['ondemand']!r}")
            continue
        kept = chosen.get((region, instance_type))
        if kept is not None:
            if source_price(kept["ondemand"], "OZ") != price:
                raise FixtureSourceError(f"OZ gives {instance_type} in {region} two prices")
            continue
        chosen[(region, instance_type)] = record
    report.skipped.append(f"OZ rows of {len(zones)} Local Zones / Wavelength zones (not AWS regions)")
    rows = []
    for (region, instance_type), record in chosen.items():
        metal = instance_type.endswith(".metal") or ".metal-" in instance_type
        rows.append(
            PriceRow(
                service="AmazonEC2",
                region=region,
                sku=f"OZ-{region}-{instance_type}",
                product_family="Compute Instance (bare metal)" if metal else "Compute Instance",
                attributes={
                    "instanceType": instance_type,
                    "operatingSystem": "Linux",
                    "tenancy": "Shared",
                    "preInstalledSw": "NA",
                    "licenseModel": "No License required",
                    "capacitystatus": "Used",
                    "regionCode": region,
                    "vcpu": str(record["vCPU"]),
                    "memory": memory_text(record["memory"]),
                },
                unit="Hrs",
                price_usd=source_price(record["ondemand"], "OZ"),
                source=OZ_SOURCE,
                as_of=OZ_AS_OF,
            )
        )
    return rows
