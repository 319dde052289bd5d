"""Refresh the instance catalog from the live AWS APIs and say exactly what changed.

EC2 ``DescribeInstanceTypes`` gives vCPU, memory, hypervisor, instance store and the EBS limits
(``EbsInfo.EbsOptimizedInfo``); RDS ``DescribeOrderableDBInstanceOptions`` says which ``db.*``
classes are orderable for which Oracle engine. I/O goes through the boto3 clients passed in (no
Django), so tests drive it with botocore's Stubber. Nothing is written unless every call succeeded
and every row validates; rows that came from documents and that the API did not confirm are kept
and listed, never dropped silently.

This module runs the refresh (read the catalog, ask, merge, validate, write atomically) and is the
public face of the modules named for what they hold: ``aws_api`` (the paged API calls),
``api_rows`` (catalog rows from the API answers), ``plan`` (merging them into the
catalog: added, removed, kept, changed) and ``report`` (the report's text).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from advisor.catalog.api_rows import API_FIELDS, ORACLE_TEXT_LABEL, ORDERABLE, Row, Stamp
from advisor.catalog.aws_api import (
    EC2_API,
    NAMES_PER_CALL,
    ORACLE_ENGINES,
    PAGE_SIZE,
    RDS_API,
    fetch_instance_types,
    fetch_oracle_orderable,
)
from advisor.catalog.plan import (
    PROVENANCE_FIELDS,
    FieldChange,
    KeptRow,
    RefreshPlan,
    hosts_to_describe,
    plan_refresh,
)
from advisor.catalog.report import RefreshReport
from advisor.catalog.writer import CATALOG_DIR, CatalogInvalid, validate_instance_rows, write_catalog

__all__ = [
    "API_FIELDS",
    "DEFAULT_CATALOG",
    "EC2_API",
    "NAMES_PER_CALL",
    "ORACLE_ENGINES",
    "ORACLE_TEXT_LABEL",
    "ORDERABLE",
    "PAGE_SIZE",
    "PROVENANCE_FIELDS",
    "RDS_API",
    "FieldChange",
    "KeptRow",
    "RefreshFailed",
    "RefreshPlan",
    "RefreshReport",
    "Row",
    "Stamp",
    "aws_clients",
    "fetch_instance_types",
    "fetch_oracle_orderable",
    "plan_refresh",
    "refresh_catalog",
]

DEFAULT_CATALOG = CATALOG_DIR / "instances.json"


class RefreshFailed(RuntimeError):
    """An API call or the validation failed; the catalog file was not touched."""


def aws_clients(region: str) -> tuple[Any, Any]:
    """EC2 and RDS clients for ``region`` with the caller's usual AWS credentials."""
    try:
        return boto3.client("ec2", region_name=region), boto3.client("rds", region_name=region)
    except BotoCoreError as error:
        raise RefreshFailed(f"cannot create AWS clients for {region}: {error}. Nothing was written.") from None


def _read_catalog(path: Path) -> list[Row]:
    try:
        rows = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise RefreshFailed(f"cannot read the catalog {path}: {error}") from None
    if not isinstance(rows, list):
        raise RefreshFailed(f"{path} is not a list of rows")
    return rows


def refresh_catalog(
    *, ec2: Any, rds: Any, catalog_path: Path = DEFAULT_CATALOG, region: str, today: str, dry_run: bool = False
) -> RefreshReport:
    """Ask both APIs, merge, validate, then (unless ``dry_run``) replace the catalog atomically."""
    rows = _read_catalog(catalog_path)
    stamp = Stamp(region=region, today=today)
    try:
        orderable = fetch_oracle_orderable(rds)
        instance_types = fetch_instance_types(ec2, hosts_to_describe(rows, orderable))
    except (ClientError, BotoCoreError) as error:
        raise RefreshFailed(f"AWS API call failed in {region}: {error}. Nothing was written.") from None
    plan = plan_refresh(rows=rows, instance_types=instance_types, orderable=orderable, stamp=stamp)
    plan.rows.sort(key=lambda row: (row["platform"] != "ec2", row["name"]))
    try:
        validate_instance_rows(plan.rows)
        written = None if dry_run else write_catalog(catalog_path.stem, plan.rows, catalog_dir=catalog_path.parent)
    except CatalogInvalid as error:
        raise RefreshFailed(f"{error}. Nothing was written.") from None
    except OSError as error:
        raise RefreshFailed(f"cannot write {catalog_path}: {error}. The old file is unchanged.") from None
    return RefreshReport(stamp=stamp, plan=plan, written=written.path if written else None)
