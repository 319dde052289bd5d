"""Catalog rows from the AWS API answers: one DescribeInstanceTypes item onto an EC2 row's fields (vCPU, memory,
EBS limits, Nitro, instance store), and an orderable Oracle class onto an RDS row on its refreshed EC2 host. Each
row names the call, region and day it came from (``Stamp``); what the documents said and the API does not answer
is kept. Pure: no I/O, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.catalog.aws_api import EC2_API, RDS_API
from advisor.catalog.docs import EBS_FIELDS
from advisor.catalog.hardware import (
    IOPS_SOURCE_LABEL,
    RDS_INSTANCE_STORE_FAMILIES,
    RDS_INSTANCE_STORE_SOURCE,
    RDS_STORE_SOURCE_LABEL,
)

ORACLE_TEXT_LABEL = "oracle_support text:"
ORDERABLE = "Orderable for"
Row = dict[str, Any]


@dataclass(frozen=True)
class Stamp:
    region: str
    today: str

    @property
    def ec2(self) -> str:
        return f"{EC2_API}, {self.region}, {self.today}"

    @property
    def rds(self) -> str:
        return f"{RDS_API}, {self.region}, {self.today}"


def ebs_limits(item: dict[str, Any]) -> dict[str, Any] | None:
    """The six EbsOptimizedInfo figures as catalog fields; None when the response lacks any of them."""
    info = item.get("EbsInfo", {}).get("EbsOptimizedInfo") or {}
    keys = (
        "BaselineBandwidthInMbps",
        "MaximumBandwidthInMbps",
        "BaselineThroughputInMBps",
        "MaximumThroughputInMBps",
        "BaselineIops",
        "MaximumIops",
    )
    if not all(key in info for key in keys):
        return None
    values = [info[key] for key in keys]
    limits = dict(zip(EBS_FIELDS[:4], (float(v) for v in values[:4]), strict=True))
    limits |= {"ebs_baseline_iops_16k": int(values[4]), "ebs_max_iops_16k": int(values[5])}
    # The API has no burst flag: a maximum above the baseline is the 30-minutes-a-day burst.
    limits["max_is_30_minute_burst"] = values[0] < values[1] or values[4] < values[5]
    return limits


def _section(source: str, label: str) -> str | None:
    """The '; '-separated part of ``source`` that starts with ``label``."""
    return next((part for part in source.split("; ") if part.startswith(label)), None)


def _instance_store(item: dict[str, Any], old: Row | None, stamp: Stamp) -> Row | None:
    """The instance store as the API describes it, keeping the documented 4 KiB IOPS where they still apply."""
    info = item.get("InstanceStorageInfo")
    if not item.get("InstanceStorageSupported") or not info:
        return None
    disks = sum(int(d["Count"]) for d in info["Disks"])
    size = float(info["Disks"][0]["SizeInGB"])
    nvme = info.get("NvmeSupport")
    # AWS's IOPS figures belong to a disk layout: carry them over only while the layout is the same.
    same = old if old is not None and (old["disks"], old["disk_size_gb"]) == (disks, size) else None
    iops_source = _section(same["source"], IOPS_SOURCE_LABEL) if same else None
    return {
        "disks": disks,
        "disk_size_gb": size,
        "total_gb": float(info["TotalSizeInGB"]),
        # Older responses omit NvmeSupport: keep what the documents said.
        "nvme": nvme in ("required", "supported") if nvme else bool(old and old["nvme"]),
        "random_read_iops_4k": same["random_read_iops_4k"] if same else None,
        "write_iops_4k": same["write_iops_4k"] if same else None,
        "source": "; ".join(
            [f"disks: {stamp.ec2}", iops_source or f"{IOPS_SOURCE_LABEL} not published for this disk layout"]
        ),
        "as_of": stamp.today,
    }


def _nitro(item: dict[str, Any], old: Row | None, stamp: Stamp) -> tuple[bool, str, bool]:
    """(nitro, source, unconfirmed): bare metal types report no hypervisor, so keep what we knew."""
    hypervisor = item.get("Hypervisor")
    if hypervisor:
        return hypervisor == "nitro", f"Hypervisor '{hypervisor}' in {stamp.ec2}", False
    if old:
        return old["nitro"], old["nitro_source"], "nitro" in old["unconfirmed"]
    source = f"bare metal, no Hypervisor in {stamp.ec2}; AWS: 'The Nitro System provides bare metal capabilities'"
    return True, source, True


API_FIELDS = frozenset({"vcpus", "memory_gib", *EBS_FIELDS, "nitro", "instance_store"})


def ec2_row(name: str, item: dict[str, Any], limits: dict[str, Any], old: Row | None, stamp: Stamp) -> Row:
    nitro, nitro_source, nitro_unconfirmed = _nitro(item, old, stamp)
    base = old or {
        "name": name,
        "platform": "ec2",
        "family": name.split(".")[0],
        "oracle_support": None,
        "deprecated_for_oracle": False,
        "oracle_engines_orderable": None,
        "unconfirmed": [],
    }
    unconfirmed = {f for f in base["unconfirmed"] if f not in API_FIELDS} | ({"nitro"} if nitro_unconfirmed else set())
    return {
        **base,
        "vcpus": int(item["VCpuInfo"]["DefaultVCpus"]),
        "memory_gib": item["MemoryInfo"]["SizeInMiB"] / 1024,
        **limits,
        "ebs_limits_published": True,
        "nitro": nitro,
        "nitro_source": nitro_source,
        "instance_store": _instance_store(item, (old or {}).get("instance_store"), stamp),
        "unconfirmed": sorted(unconfirmed),
        "source": stamp.ec2,
        "as_of": stamp.today,
    }


def _rds_store(host: Row) -> tuple[Row | None, bool]:
    """(instance store, unconfirmed): RDS exposes the host's disks only on the §4 families."""
    store = host["instance_store"]
    if store is None:
        return None, False
    if host["family"] not in RDS_INSTANCE_STORE_FAMILIES:
        return None, True
    return {**store, "source": f"{store['source']}; {RDS_STORE_SOURCE_LABEL} {RDS_INSTANCE_STORE_SOURCE}"}, True


def rds_row(name: str, engines: set[str], host: Row, old: Row | None, stamp: Stamp) -> Row:
    offered = f"{ORDERABLE} {', '.join(sorted(engines))} ({stamp.rds})"
    base = old or {
        "name": name,
        "platform": "rds",
        "family": host["family"],
        "oracle_support": offered,
        "deprecated_for_oracle": False,
        "unconfirmed": [],
    }
    # Documents' edition text stays; an [S] claim or an earlier refresh's text gives way to what the API says.
    keeps_text = "oracle_support" not in base["unconfirmed"] and not base["oracle_support"].startswith(ORDERABLE)
    store, store_unconfirmed = _rds_store(host)
    unconfirmed = {f for f in base["unconfirmed"] if f not in API_FIELDS and f != "oracle_support"}
    unconfirmed |= {f for f in host["unconfirmed"] if f != "instance_store"}
    unconfirmed |= {"instance_store"} if store_unconfirmed else set()
    return {
        **base,
        **{key: host.get(key) for key in ("vcpus", "memory_gib", *EBS_FIELDS, "nitro", "nitro_source")},
        "ebs_limits_published": host.get("ebs_limits_published", True),
        "oracle_support": base["oracle_support"] if keeps_text else offered,
        "oracle_engines_orderable": sorted(engines),
        "instance_store": store,
        "unconfirmed": sorted(unconfirmed),
        "source": "; ".join(
            [
                f"{stamp.rds} (Oracle engines)",
                f"EBS limits, vCPU and memory of EC2 {host['name']} from {stamp.ec2}",
                *([_oracle_text_source(base["source"])] if keeps_text else []),
            ]
        ),
        "as_of": stamp.today,
    }


def _oracle_text_source(source: str) -> str:
    """Where a kept oracle_support text came from: the part of the old source that cited it."""
    if cited := _section(source, ORACLE_TEXT_LABEL):
        return cited
    cited = _section(source, "Oracle support") or source  # import: 'Oracle support, vCPU and memory from <guide>'
    return f"{ORACLE_TEXT_LABEL} {cited.split(' from ', 1)[-1]}"
