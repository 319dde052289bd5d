"""The committed instance catalog (``fixtures/catalog/instances.json``): EC2 types and RDS for Oracle classes.

Pure Python. Rows are written by ``advisor/catalogs.py`` (``manage.py import_catalogs``) or refreshed from the AWS
APIs (``manage.py refresh_catalogs``); each carries its source and as-of date, which results repeat.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

INSTANCES_CATALOG = Path(__file__).resolve().parents[2] / "fixtures" / "catalog" / "instances.json"
Platform = Literal["rds", "ec2"]


@cache
def catalog_rows() -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in json.loads(INSTANCES_CATALOG.read_text())}


@cache
def newest_as_of() -> str:
    """The date of the catalog's most recent figures: rows older than this may have been raised since."""
    return max(row["as_of"] for row in catalog_rows().values())


@cache
def instance_names(platform: Platform) -> tuple[str, ...]:
    """Names offered for ``platform``, current classes first, then those deprecated for Oracle."""
    rows = [row for row in catalog_rows().values() if row["platform"] == platform]
    rows.sort(key=lambda row: (bool(row.get("deprecated_for_oracle")), row["family"], row["vcpus"], row["name"]))
    return tuple(row["name"] for row in rows)
