"""Build the committed catalogs under ``fixtures/catalog/`` from the shared source data.

This is import code (file I/O, no Django): ``python manage.py import_catalogs`` runs it, and the
app only ever reads the files it writes. Every row carries its source and as-of date.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import botocore

REPO_ROOT = Path(__file__).resolve().parent.parent
CATALOG_DIR = REPO_ROOT / "fixtures" / "catalog"
DEFAULT_SHARED_DIR = REPO_ROOT.parent / "shared"

EC2_PRICES_2024 = "data/pricing/ec2instances-info-ec2-linux-2024-04-04.json"
RDS_PRICES_2021 = "data/pricing/ec2instances-info-rds-2021-08-03.json"
# Commercial and GovCloud partitions: the China and isolated partitions have no Oracle prices here.
PARTITIONS = ("aws", "aws-us-gov")


@dataclass(frozen=True)
class CatalogWritten:
    path: Path
    rows: int


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


def build_regions(*, shared_dir: Path, as_of: str) -> list[dict[str, object]]:
    """AWS regions (names from botocore's endpoint data) and which price datasets cover them."""
    names = _botocore_regions()
    ec2 = _regions_with_prices(shared_dir / EC2_PRICES_2024, "ec2")
    rds = _regions_with_prices(shared_dir / RDS_PRICES_2021, "rds")
    source = f"botocore {botocore.__version__} data/endpoints.json (partitions {', '.join(PARTITIONS)})"
    return [
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


def write_catalog(name: str, rows: Iterable[dict[str, object]], *, catalog_dir: Path = CATALOG_DIR) -> CatalogWritten:
    """Write one catalog atomically: a partial file never replaces a good one."""
    catalog_dir.mkdir(parents=True, exist_ok=True)
    rows = list(rows)
    path = catalog_dir / f"{name}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)
    return CatalogWritten(path=path, rows=len(rows))


def import_all(
    *, shared_dir: Path = DEFAULT_SHARED_DIR, catalog_dir: Path = CATALOG_DIR, as_of: str | None = None
) -> list[CatalogWritten]:
    """Regenerate every catalog; ``as_of`` is the day the sources were read (default today)."""
    as_of = as_of or date.today().isoformat()
    if not (shared_dir / "data").is_dir():
        raise FileNotFoundError(f"no shared data at {shared_dir}/data: pass --shared with the path to shared/")
    return [write_catalog("regions", build_regions(shared_dir=shared_dir, as_of=as_of), catalog_dir=catalog_dir)]
