"""The regions catalog: AWS regions named from botocore's endpoint data, and which of the stored price datasets
cover each. File I/O, no Django.
"""

from __future__ import annotations

import json
from pathlib import Path

import botocore

from advisor.catalog.docs import EC2_PRICES_2024, RDS_PRICES_2021

# Commercial and GovCloud partitions: the China and isolated partitions have no Oracle prices here.
PARTITIONS = ("aws", "aws-us-gov")


def _botocore_regions() -> dict[str, str]:
    endpoints = Path(botocore.__file__).parent / "data" / "endpoints.json"
    data = json.loads(endpoints.read_text())
    regions: dict[str, str] = {}
    for partition in data["partitions"]:
        if partition["partition"] in PARTITIONS:
            for code, region in partition["regions"].items():
                regions[code] = region["description"]
    return regions


def _regions_with_prices(path: Path, rows_of: str) -> set[str]:
    data = json.loads(path.read_text())
    if rows_of == "ec2":
        return {row["region"] for row in data["data"]}
    return {region for row in data for region in row.get("pricing", {})}


def build_regions(
    *, shared_dir: Path, as_of: str, previous: list[dict[str, object]] | None = None
) -> list[dict[str, object]]:
    """AWS regions (names from botocore's endpoint data) and which price datasets cover them. A region whose row is
    the same as in ``previous`` (the catalog held) but for its date keeps that date: ``as_of`` is the day a row was
    last read changed, so importing again from the same sources writes the same file."""
    names = _botocore_regions()
    ec2 = _regions_with_prices(shared_dir / EC2_PRICES_2024, "ec2")
    rds = _regions_with_prices(shared_dir / RDS_PRICES_2021, "rds")
    source = f"botocore {botocore.__version__} data/endpoints.json (partitions {', '.join(PARTITIONS)})"
    rows = [
        {
            "code": code,
            "name": names[code],
            "ec2_prices_2024_04_04": code in ec2,
            "rds_prices_2021_08_03": code in rds,
            "source": source,
            "as_of": as_of,
        }
        for code in sorted(names)
    ]
    return keep_unchanged_dates(rows, previous or [])


def keep_unchanged_dates(rows: list[dict[str, object]], previous: list[dict[str, object]]) -> list[dict[str, object]]:
    """Each row as built, with the ``as_of`` of the previous row of its code where nothing else of it changed."""
    held = {row.get("code"): row for row in previous}

    def same(row: dict[str, object], old: dict[str, object] | None) -> bool:
        return old is not None and {k: v for k, v in old.items() if k != "as_of"} == {
            k: v for k, v in row.items() if k != "as_of"
        }

    return [row | {"as_of": held[row["code"]]["as_of"]} if same(row, held.get(row["code"])) else row for row in rows]
