"""The choices of the /estimate form: its platforms, editions and priced regions, and the instance classes a Region
prices, labelled. Below both the form (``pricing.forms``) and the page's glue (``estimate``), which read them."""

from __future__ import annotations

import re
from decimal import Decimal

from pricing.catalog.instances import catalog_rows
from pricing.engine.prices.book import DEPLOYMENTS, LICENCE_MODEL_LABELS, PriceBook
from pricing.models import PriceRecord, PriceSnapshot

PLATFORMS = {
    "rds": "Amazon RDS for Oracle",
    "rds-custom": "Amazon RDS Custom for Oracle",
    "ec2": "Self-managed Oracle on EC2",
}
SERVICE_OF = {"rds": "AmazonRDS", "rds-custom": "AmazonRDS", "ec2": "AmazonEC2"}
EDITION_NAMES = {"ee": "Enterprise Edition (EE)", "se2": "Standard Edition 2 (SE2)"}


def priced_regions(platform: str) -> tuple[str, ...]:
    """Regions whose current snapshots price the platform's instances on demand (RDS Custom: its own SKUs only; a
    Region whose RDS rows are Savings Plans rates alone prices no bill)."""
    service = SERVICE_OF.get(platform, "AmazonRDS")
    if platform in ("rds-custom", "rds"):
        found = (
            PriceRecord.objects.filter(
                snapshot__is_current=True,
                service=service,
                rds_custom=platform == "rds-custom",
                product_family="Database Instance",
                term="OnDemand",
            )
            .values_list("region", flat=True)
            .distinct()
        )
    else:
        found = PriceSnapshot.objects.filter(service=service, is_current=True).values_list("region", flat=True)
    return tuple(sorted(set(found)))


def catalog_vcpus(platform: str, instance_class: str) -> int | None:
    """vCPUs of the class from the instance catalog; None when the catalog lacks it (the price rows may say)."""
    row = catalog_rows().get(instance_class)
    wanted = "ec2" if platform == "ec2" else "rds"
    return int(row["vcpus"]) if row is not None and row["platform"] == wanted else None


def plain(value: Decimal) -> str:
    """0.000000055 rather than 5.5E-8; trailing zeros kept as AWS publishes them."""
    return format(value, "f")


_SIZES = {"nano": 0, "micro": 1, "small": 2, "medium": 3, "large": 4, "xlarge": 5}


def _class_key(name: str) -> tuple[str, int, str]:
    family, _, size = name.removeprefix("db.").rpartition(".")
    if size in _SIZES:
        rank = _SIZES[size]
    elif (m := re.fullmatch(r"(\d+)xlarge", size)) is not None:
        rank = 5 + int(m.group(1))
    else:
        rank = 10_000  # metal and the like
    return family, rank, size


def class_choices(
    book: PriceBook, platform: str, region: str, combination: tuple[str, str, str]
) -> tuple[tuple[str, str], ...]:
    """Every class the region prices for the platform (any edition, licence model or deployment), labelled with its
    vCPUs and memory from the catalog and the hourly price for the chosen (edition, licence model, deployment)."""
    chosen: dict[str, Decimal] = {}
    names: set[str] = set()
    if platform == "ec2":
        chosen = book.on_demand_hourly(region=region, platform="ec2")
        names = set(chosen)
    else:
        for edition in EDITION_NAMES:
            for model in LICENCE_MODEL_LABELS:
                for deployment in DEPLOYMENTS:
                    prices = book.on_demand_hourly(
                        region=region, platform=platform, edition=edition, licence_model=model, deployment=deployment
                    )
                    names.update(prices)
                    if (edition, model, deployment) == combination:
                        chosen = prices
    catalog = catalog_rows()
    out = []
    for name in sorted(names, key=_class_key):
        label = name
        row = catalog.get(name)
        if row is not None:
            label += f" · {row['vcpus']} vCPU, {row['memory_gib']:g} GiB"
        if name in chosen:
            label += f" · ${plain(chosen[name])}/h"
        out.append((name, label))
    return tuple(out)
