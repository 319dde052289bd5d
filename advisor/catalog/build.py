"""Build the committed catalogs under ``fixtures/catalog/`` from the shared source data.

This is import code (file I/O, no Django): ``python manage.py import_catalogs`` runs it, and the
app only ever reads the files it writes. Every row carries its source and as-of date; a value taken
from an unconfirmed or secondary source is named in the row's ``unconfirmed`` list.

This module runs the whole import and is the public face of the modules named for what they hold:
``docs`` (the sources and their table readers), ``hardware`` (Nitro and the instance store), ``rows`` (the EC2
and RDS rows), ``regions`` (regions from botocore), ``guide2024`` (AWS's 2024-11 guide, the 2026 CPU options,
measured CoreMark), ``availability`` (where each class is priced, per Region, edition and licence), ``left_out``
(the real types of the covered families left out, and why), ``processors`` (the processor AWS names for each family,
and the measured twin whose CoreMark an unmeasured family takes) and ``writer`` (validation and the atomic write).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from advisor.catalog.availability import build_availability
from advisor.catalog.docs import (
    AWL_AS_OF,
    AWL_DATASET,
    AWS_DOCS_AS_OF,
    DEFAULT_SHARED_DIR,
    EBS_FIELDS,
    EBS_OPTIMIZED_DOC,
    EC2_PRICES_2024,
    FAMILIES,
    INSTANCE_TYPES_DOC,
    RDS_CLASSES_DOC,
    RDS_PRICES_2021,
    REFERENCE_DOC,
    REPO_ROOT,
    SSD_IOPS_DOCS,
    NitroLists,
    ReferenceLimits,
    SsdIops,
)
from advisor.catalog.hardware import (
    IOPS_SOURCE_LABEL,
    M4_HYPERVISOR_SAMPLE,
    NITRO_DOC_SOURCE,
    NITRO_SECONDARY_SOURCE,
    RDS_INSTANCE_STORE_FAMILIES,
    RDS_INSTANCE_STORE_SOURCE,
    RDS_STORE_SOURCE_LABEL,
    SECONDARY_RDS_FAMILIES,
    Hardware,
    HardwareSources,
    Nitro,
)
from advisor.catalog.left_out import build_left_out
from advisor.catalog.processors import build_twins
from advisor.catalog.regions import PARTITIONS, build_regions
from advisor.catalog.rows import DATASET_SOURCE, EBS_DOC_SOURCE, EC2_SHAPES_SOURCE, RowFacts, build_instances
from advisor.catalog.writer import (
    AS_OF,
    CATALOG_DIR,
    ROW_FIELDS,
    STORE_FIELDS,
    CatalogInvalid,
    CatalogWritten,
    validate_availability_rows,
    validate_instance_rows,
    validate_left_out_rows,
    validate_twin_rows,
    write_catalog,
)

__all__ = [
    "AS_OF",
    "AWL_AS_OF",
    "AWL_DATASET",
    "AWS_DOCS_AS_OF",
    "CATALOG_DIR",
    "DATASET_SOURCE",
    "DEFAULT_SHARED_DIR",
    "EBS_DOC_SOURCE",
    "EBS_FIELDS",
    "EBS_OPTIMIZED_DOC",
    "EC2_PRICES_2024",
    "EC2_SHAPES_SOURCE",
    "FAMILIES",
    "INSTANCE_TYPES_DOC",
    "IOPS_SOURCE_LABEL",
    "M4_HYPERVISOR_SAMPLE",
    "NITRO_DOC_SOURCE",
    "NITRO_SECONDARY_SOURCE",
    "PARTITIONS",
    "RDS_CLASSES_DOC",
    "RDS_INSTANCE_STORE_FAMILIES",
    "RDS_INSTANCE_STORE_SOURCE",
    "RDS_PRICES_2021",
    "RDS_STORE_SOURCE_LABEL",
    "REFERENCE_DOC",
    "REPO_ROOT",
    "ROW_FIELDS",
    "SECONDARY_RDS_FAMILIES",
    "SSD_IOPS_DOCS",
    "STORE_FIELDS",
    "CatalogInvalid",
    "CatalogWritten",
    "Hardware",
    "HardwareSources",
    "Nitro",
    "NitroLists",
    "ReferenceLimits",
    "RowFacts",
    "SsdIops",
    "build_instances",
    "build_left_out",
    "build_regions",
    "build_twins",
    "import_all",
    "validate_availability_rows",
    "validate_instance_rows",
    "validate_left_out_rows",
    "validate_twin_rows",
    "write_catalog",
]


def _held(path: Path) -> list[dict[str, object]]:
    """The rows a catalog file holds now, or none where it is missing or unreadable (it is then written anew)."""
    try:
        rows = json.loads(path.read_text())
    except (OSError, ValueError):
        return []
    return rows if isinstance(rows, list) and all(isinstance(row, dict) for row in rows) else []


def import_all(
    *, shared_dir: Path = DEFAULT_SHARED_DIR, catalog_dir: Path = CATALOG_DIR, as_of: str | None = None
) -> list[CatalogWritten]:
    """Regenerate every catalog; ``as_of`` is the day the sources were read (default today)."""
    as_of = as_of or date.today().isoformat()
    if not (shared_dir / "data").is_dir():
        raise FileNotFoundError(f"no shared data at {shared_dir}/data: pass --shared with the path to shared/")
    twins = build_twins(shared_dir=shared_dir)
    instances = build_instances(shared_dir=shared_dir, twins=twins)
    names = {str(row["name"]) for row in instances}
    held = [t for t in twins if t["family"] in {row["family"] for row in instances}]  # not m8id, r8id: left out
    availability = build_availability(shared_dir=shared_dir, names=names)
    left_out = build_left_out(shared_dir=shared_dir, names=names)
    regions = build_regions(shared_dir=shared_dir, as_of=as_of, previous=_held(catalog_dir / "regions.json"))
    return [
        write_catalog("regions", regions, catalog_dir=catalog_dir),
        write_catalog("instances", instances, catalog_dir=catalog_dir, validate=validate_instance_rows),
        write_catalog("coremark_twins", held, catalog_dir=catalog_dir, validate=validate_twin_rows),
        write_catalog("availability", availability, catalog_dir=catalog_dir, validate=validate_availability_rows),
        write_catalog("left_out", left_out, catalog_dir=catalog_dir, validate=validate_left_out_rows),
    ]
