"""The committed instance catalog (``fixtures/catalog/instances.json``): EC2 types and RDS for Oracle classes.

Pure Python. Rows are written by ``advisor/catalog/build.py`` (``manage.py import_catalogs``) or refreshed from the AWS
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


LEFT_OUT = INSTANCES_CATALOG.with_name("left_out.json")


@cache
def left_out_rows() -> dict[str, dict[str, Any]]:
    """EC2 types of the covered families that AWS offers but the catalog leaves out, each with the reason in words
    (written by ``advisor/catalog/left_out.py``): a refusal of such a name says why instead of calling it unknown."""
    return {row["name"]: row for row in json.loads(LEFT_OUT.read_text())} if LEFT_OUT.is_file() else {}


@cache
def newest_as_of() -> str:
    """The date of the catalog's most recent EBS figures: rows older than this may have been raised since. Rows whose
    EBS limits are not published (dated by their shape's source) do not count."""
    return max(row["as_of"] for row in catalog_rows().values() if row.get("ebs_limits_published", True) is not False)


@cache
def instance_names(platform: Platform) -> tuple[str, ...]:
    """Names offered for ``platform``, current classes first, then those deprecated for Oracle."""
    rows = [row for row in catalog_rows().values() if row["platform"] == platform]
    rows.sort(key=lambda row: (bool(row.get("deprecated_for_oracle")), row["family"], row["vcpus"], row["name"]))
    return tuple(row["name"] for row in rows)


def coremark_per_thread(name: str) -> float | None:
    """CoreMark iterations per second per thread of an EC2 type or RDS class (its host's): measured, or for a family
    never measured its twin's on the same processor (the row's ``coremark.borrowed`` says whose); None if none."""
    row = catalog_rows().get(name)
    mark = row.get("coremark") if row else None
    return float(mark["per_thread"]) if mark else None
