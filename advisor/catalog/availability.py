"""Where each catalog class can be ordered: EC2 types per Region and RDS for Oracle classes per Region, engine
(edition) and licence model, from cfn-lint 1.58.0's enums (AWS Price List SKUs of 2026-10-20) under
``shared/data/aws-2026/cfn-lint/``. Writes the rows of ``fixtures/catalog/availability.json``. File I/O, no Django.

A priced SKU is a close proxy for "orderable", not DescribeOrderableDBInstanceOptions itself (the source's README):
the rows say so, and the recommender words its rejections accordingly.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

CFN_DIR = "data/aws-2026/cfn-lint"
AVAILABILITY_AS_OF = "2026-10-20"
EC2_AVAILABILITY_SOURCE = (
    "cfn-lint 1.58.0 AWS::EC2::Instance InstanceType enum per Region, written from the AWS Price List (AmazonEC2 "
    "Compute Instance SKUs) by its update_specs_from_pricing.py, files dated 2026-10-20 "
    "(shared/data/aws-2026/cfn-lint/ec2-instance-types-by-region-oracle-relevant.csv)"
)
RDS_AVAILABILITY_SOURCE = (
    "cfn-lint 1.58.0 AWS::RDS::DBInstance DBInstanceClass enum per Region: classes with an Oracle price (SKU) per "
    "engine and licence model in the AWS Price List (AmazonRDS), files dated 2026-10-20 "
    "(shared/data/aws-2026/cfn-lint/rds-oracle-priced-db-classes-by-region.csv); a priced SKU, a close proxy for "
    "orderable"
)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def ec2_regions(shared_dir: Path) -> dict[str, set[str]]:
    """EC2 type -> Regions that price it (Oracle-relevant families only)."""
    regions: dict[str, set[str]] = defaultdict(set)
    for row in _rows(shared_dir / CFN_DIR / "ec2-instance-types-by-region-oracle-relevant.csv"):
        regions[row["instance_type"]].add(row["region"])
    return dict(regions)


def rds_offers(shared_dir: Path) -> dict[str, dict[str, set[str]]]:
    """db.* class -> 'engine/licence-model' -> Regions with an Oracle price for it."""
    offers: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in _rows(shared_dir / CFN_DIR / "rds-oracle-priced-db-classes-by-region.csv"):
        offers[row["db_instance_class"]][f"{row['engine']}/{row['license_model']}"].add(row["region"])
    return {name: dict(by_engine) for name, by_engine in offers.items()}


def build_availability(*, shared_dir: Path, names: set[str]) -> list[dict[str, object]]:
    """One row per catalog class the sources cover: EC2 types with their Regions, RDS classes with their Regions per
    engine and licence model. Classes of the instance catalog the sources do not list get no row (unknown, not
    'nowhere')."""
    out: list[dict[str, object]] = []
    for name, regions in sorted(ec2_regions(shared_dir).items()):
        if name in names:
            out.append({"name": name, "platform": "ec2", "offers": {"ec2": sorted(regions)},
                        "source": EC2_AVAILABILITY_SOURCE, "as_of": AVAILABILITY_AS_OF})  # fmt: skip
    for name, by_engine in sorted(rds_offers(shared_dir).items()):
        if name in names:
            offers = {key: sorted(regions) for key, regions in sorted(by_engine.items())}
            out.append({"name": name, "platform": "rds", "offers": offers,
                        "source": RDS_AVAILABILITY_SOURCE, "as_of": AVAILABILITY_AS_OF})  # fmt: skip
    return out


def rds_support_words(by_engine: dict[str, set[str]]) -> str:
    """'Priced for Oracle EE (BYOL) and SE2 (BYOL, License Included) in some Region' from a class's offers."""
    labels = {"oracle-ee": "EE", "oracle-se2": "SE2", "oracle-se": "SE"}
    models = {"bring-your-own-license": "BYOL", "license-included": "License Included"}
    grouped: dict[str, list[str]] = defaultdict(list)
    for key in sorted(by_engine):
        engine, model = key.split("/")
        grouped[labels.get(engine, engine)].append(models.get(model, model))
    parts = [f"{engine} ({', '.join(sorted(m))})" for engine, m in sorted(grouped.items()) if engine != "SE"]
    return f"Priced for Oracle {' and '.join(parts)} in at least one Region (AWS Price List, {AVAILABILITY_AS_OF})"
