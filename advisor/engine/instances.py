"""The committed instance catalog (``fixtures/catalog/instances.json``) as IO-limit inputs.

Pure Python. Rows are written by ``advisor/catalogs.py`` (``manage.py import_catalogs``) or refreshed from the
AWS APIs (``manage.py refresh_catalogs``); each carries its source and as-of date, which results repeat.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

from advisor.engine.iolimits import InstanceLimits, InstanceStore

INSTANCES_CATALOG = Path(__file__).resolve().parents[2] / "fixtures" / "catalog" / "instances.json"
Platform = Literal["rds", "ec2"]


class UnknownInstance(LookupError):
    def __init__(self, name: str, platform: Platform) -> None:
        self.name, self.platform = name, platform
        hint = "RDS classes start with db. (e.g. db.m5.large)" if platform == "rds" else "e.g. m5.large"
        super().__init__(f"unknown {platform.upper()} instance class {name!r}; {hint}")


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


def _store(row: dict[str, Any]) -> InstanceStore | None:
    store = row.get("instance_store")
    if not store:
        return None
    return InstanceStore(
        disks=store.get("disks"),
        total_gb=store.get("total_gb"),
        random_read_iops_4k=store.get("random_read_iops_4k"),
        write_iops_4k=store.get("write_iops_4k"),
        source=store["source"],
        as_of=store["as_of"],
    )


@cache
def instance_limits(name: str, platform: Platform) -> InstanceLimits:
    """EBS limits of a catalog row; raises UnknownInstance for names not in the catalog for ``platform``."""
    row = catalog_rows().get(name)
    if row is None or row["platform"] != platform:
        raise UnknownInstance(name, platform)
    return InstanceLimits(
        name=name,
        ebs_baseline_mbps=row["ebs_baseline_mbps"],
        ebs_burst_mbps=row["ebs_max_mbps"],
        baseline_iops=row["ebs_baseline_iops_16k"],
        burst_iops=row["ebs_max_iops_16k"],
        max_is_30_minute_burst=row["max_is_30_minute_burst"],
        nitro=row.get("nitro", True),
        instance_store=_store(row),
        source=row["source"],
        as_of=row["as_of"],
    )
