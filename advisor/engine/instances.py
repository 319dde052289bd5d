"""The committed instance catalog (``fixtures/catalog/instances.json``) as IO-limit inputs.

Pure Python. Rows are written by ``advisor/catalog/build.py`` (``manage.py import_catalogs``) or refreshed from the
AWS APIs (``manage.py refresh_catalogs``); each carries its source and as-of date, which results repeat.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from advisor.engine.iolimits import InstanceLimits, InstanceStore
from pricing.catalog.instances import INSTANCES_CATALOG, catalog_rows, instance_names, left_out_rows, newest_as_of

__all__ = [
    "INSTANCES_CATALOG",
    "EbsLimitsNotPublished",
    "UnknownInstance",
    "catalog_rows",
    "ebs_limits_published",
    "instance_limits",
    "instance_names",
    "newest_as_of",
]

Platform = Literal["rds", "ec2"]


class UnknownInstance(LookupError):
    def __init__(self, name: str, platform: Platform) -> None:
        self.name, self.platform = name, platform
        left_out = left_out_rows().get(name) if platform == "ec2" else None
        if left_out is not None:  # AWS offers it; the stored sources lack a figure, which is not guessed
            super().__init__(f"{name} is an EC2 type AWS offers, but {left_out['reason']}")
            return
        hint = "RDS classes start with db. (e.g. db.m5.large)" if platform == "rds" else "e.g. m5.large"
        super().__init__(
            f"unknown {platform.upper()} instance class {name!r}; {hint}: not in the instance catalog (the types AWS "
            "documents for the Oracle-relevant families; the instance list offers them)"
        )


class EbsLimitsNotPublished(UnknownInstance):
    """The class is in the catalog, but AWS's EBS limits for it are not in the stored sources (8th generation)."""

    def __init__(self, name: str, platform: Platform, source: str) -> None:
        LookupError.__init__(
            self,
            f"EBS limits of {name} are not published in the AWS documents used here (the newest, AWS's 2024-11 "
            "instance-types guide, predates the type), so its IO limits cannot be computed; nothing is guessed",
        )
        self.name, self.platform, self.source = name, platform, source


def ebs_limits_published(name: str) -> bool:
    row = catalog_rows().get(name)
    return row is not None and row.get("ebs_limits_published", True) is not False


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
@cache
def instance_limits(name: str, platform: Platform) -> InstanceLimits:
    """EBS limits of a catalog row; raises UnknownInstance for names not in the catalog for ``platform``. One
    object per class (the catalog is loaded once), which the IO model's per-instance figures are kept by."""
    row = catalog_rows().get(name)
    if row is None or row["platform"] != platform:
        raise UnknownInstance(name, platform)
    if row.get("ebs_limits_published", True) is False:
        raise EbsLimitsNotPublished(name, platform, row["source"])
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
