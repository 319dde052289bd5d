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

EBS_OPTIMIZED_DOC = "data/aws-docs-2023-06/ec2/ebs-optimized.md"
RDS_CLASSES_DOC = "data/aws-docs-2023-06/rds/Concepts.DBInstanceClass.md"
AWS_DOCS_AS_OF = "2023-06-15"
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


# The families the product covers (issue 3): today's Oracle hosts and the seed talk's m4/r4/r3.
# m7i/r7i are missing from the 2023 AWS doc tables we have, so they are not in the catalog yet.
FAMILIES = (
    "m5",
    "m5d",
    "r5",
    "r5d",
    "r5b",
    "m6i",
    "r6i",
    "x2iedn",
    "x2idn",
    "z1d",
    "i3",
    "i4i",
    "t3",
    "m4",
    "r4",
    "r3",
)


def _markdown_rows(text: str) -> Iterable[list[str]]:
    """Cells of every markdown table row, with the docs' backslash escapes removed."""
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            yield [cell.strip().replace("\\", "") for cell in line.strip().strip("|").split("|")]


def _number(cell: str) -> float:
    return float(cell.replace(",", "").removeprefix("Up to ").strip())


def _ec2_ebs_limits(shared_dir: Path) -> dict[str, dict[str, object]]:
    """EBS limits per EC2 instance type from the 'EBS-optimized instances' tables.

    Rows marked * reach their maximum for 30 minutes once every 24 hours; other rows show one
    figure that is both baseline and maximum.
    """
    limits: dict[str, dict[str, object]] = {}
    for cells in _markdown_rows((shared_dir / EBS_OPTIMIZED_DOC).read_text()):
        name, burst = cells[0].rstrip(" *"), cells[0].endswith("*")
        if name.split(".")[0] not in FAMILIES or not cells[1][:1].isdigit():
            continue
        values = [_number(c) for c in cells[1:] if c]
        if len(values) == 6:
            base_mbps, max_mbps, base_mb_s, max_mb_s, base_iops, max_iops = values
        elif len(values) == 3:
            base_mbps = max_mbps = values[0]
            base_mb_s = max_mb_s = values[1]
            base_iops = max_iops = values[2]
        else:
            continue
        limits[name] = {
            "ebs_baseline_mbps": base_mbps,
            "ebs_max_mbps": max_mbps,
            "ebs_baseline_mb_s_128k": base_mb_s,
            "ebs_max_mb_s_128k": max_mb_s,
            "ebs_baseline_iops_16k": int(base_iops),
            "ebs_max_iops_16k": int(max_iops),
            "max_is_30_minute_burst": burst,
        }
    return limits


def _ec2_shapes(shared_dir: Path) -> dict[str, tuple[int, float]]:
    rows = json.loads((shared_dir / EC2_PRICES_2024).read_text())["data"]
    return {row["instance-type"]: (int(row["vCPU"]), float(row["memory"])) for row in rows}


def _rds_oracle_classes(shared_dir: Path) -> dict[str, tuple[str, int, float]]:
    """db.* classes the RDS guide marks as supported for Oracle, with vCPU and memory."""
    support: dict[str, str] = {}
    shapes: dict[str, tuple[int, float]] = {}
    for cells in _markdown_rows((shared_dir / RDS_CLASSES_DOC).read_text()):
        cells[0] = cells[0].rstrip("*")  # '*' marks classes whose EBS maximum is a 30-minute burst
        if not cells[0].startswith("db.") or " " in cells[0]:
            continue
        # Engine support rows: MariaDB, SQL Server, MySQL, Oracle, PostgreSQL (Yes/No/text, never a number).
        if len(cells) == 6 and not cells[1][:1].isdigit() and cells[0] not in support:
            support[cells[0]] = cells[4].lstrip(">")
        elif len(cells) == 7 and cells[1][:1].isdigit():  # hardware: vCPU, ECU, memory, ...
            shapes[cells[0]] = (int(cells[1]), _number(cells[3]))
    return {
        name: (oracle, *shapes[name])
        for name, oracle in support.items()
        if oracle != "No" and not oracle.startswith("Only on") and name in shapes  # 'Only on' = 12.1 only
    }


def _instance_row(
    name: str, platform: str, vcpus: int, memory: float, limits: dict[str, object], oracle: str | None, source: str
) -> dict[str, object]:
    host = name.removeprefix("db.")
    return {
        "name": name,
        "platform": platform,
        "family": host.split(".")[0],
        "vcpus": vcpus,
        "memory_gib": memory,
        **limits,
        "oracle_support": oracle,
        "deprecated_for_oracle": oracle == "Deprecated",
        "source": source,
        "as_of": AWS_DOCS_AS_OF,
    }


def build_instances(*, shared_dir: Path) -> list[dict[str, object]]:
    """EC2 instance types and RDS for Oracle db.* classes with the EBS limits that cap their IO.

    A db.X class has the EBS limits of EC2's X (storage-io-limits.md §2.3). The memory-optimized
    db.*.tpcN.memNx classes sit on larger hosts whose limits the docs do not give per class, so
    they are left out rather than guessed.
    """
    ebs = _ec2_ebs_limits(shared_dir)
    shapes = _ec2_shapes(shared_dir)
    ebs_source = f"AWS EC2 User Guide 'Amazon EBS-optimized instances' (awsdocs copy, {AWS_DOCS_AS_OF})"
    rows = [
        _instance_row(
            name,
            "ec2",
            *shapes[name],
            limits,
            None,
            f"{ebs_source}; vCPU and memory from ec2instances.info EC2 dataset 2024-04-04",
        )
        for name, limits in sorted(ebs.items())
        if name in shapes
    ]
    for name, (oracle, vcpus, memory) in sorted(_rds_oracle_classes(shared_dir).items()):
        host = name.removeprefix("db.")
        if host in ebs:
            source = (
                f"AWS RDS User Guide 'DB instance classes' (awsdocs copy, {AWS_DOCS_AS_OF}); "
                f"EBS limits of EC2 {host} from {ebs_source}"
            )
            rows.append(_instance_row(name, "rds", vcpus, memory, ebs[host], oracle, source))
    return rows


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
    return [
        write_catalog("regions", build_regions(shared_dir=shared_dir, as_of=as_of), catalog_dir=catalog_dir),
        write_catalog("instances", build_instances(shared_dir=shared_dir), catalog_dir=catalog_dir),
    ]
