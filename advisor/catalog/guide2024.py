"""Readers of the newer instance facts under ``shared/data/aws-2026/`` and ``shared/data/odb-and-cpu-options/``:
AWS's EC2 instance-types guide of 2024-11 (EBS-optimized limits, instance store, compute specs), the EC2 CPU options
of 2026 (DescribeInstanceTypes, for the families the guide predates) and Vantage's measured CoreMark per instance
type. Each reader returns plain figures by instance type with no judgement; ``rows`` decides which source
wins. File I/O, no Django.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

GUIDE_DIR = "data/aws-2026/aws-ec2-instance-types-guide-2024-11"
GUIDE_AS_OF = "2024-11-23"
GUIDE_SOURCE = (
    "AWS 'Amazon EC2 - Instance Types' guide, PDF of 2024-11-23 (shared/data/aws-2026/"
    "aws-ec2-instance-types-guide-2024-11, extracted from the tables '{table}')"
)
CPU_OPTIONS_NEWER = "data/odb-and-cpu-options/ec2-cpu-options-newer.csv"
CPU_OPTIONS_AS_OF = "2026-10-20"  # DescribeInstanceTypes output, 2026-08/2026-10: the later date is the file's
CPU_OPTIONS_SOURCE = (
    "Amazon EC2 DescribeInstanceTypes, vCPU information (2026-08/2026-10, "
    "shared/data/odb-and-cpu-options/ec2-cpu-options-newer.csv)"
)
COREMARK_FILE = "data/aws-2026/ec2instances-info/ec2-benchmarks-coremark-2025-12_2026-07.csv"
COREMARK_SOURCE = (
    "Vantage ec2instances.info benchmarks, measured on live instances (vantage-sh/ec2instances.info "
    "manually_fetched_data.json, commit ecfb137208dc0ed102b4847bfc241a10723f04b3, 2026-07-06)"
)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def guide_ebs_limits(shared_dir: Path, families: tuple[str, ...]) -> dict[str, dict[str, object]]:
    """EBS limits per type from the guide's 'Amazon EBS specifications' tables.

    Where AWS gives one figure the CSV repeats it as baseline and maximum; a baseline below the maximum is the
    guide's footnote-1 burst (the maximum holds for 30 minutes once every 24 hours).
    """
    limits: dict[str, dict[str, object]] = {}
    for row in _rows(shared_dir / GUIDE_DIR / "ebs-optimized-limits.csv"):
        name = row["instance_type"]
        if name.split(".")[0] not in families:
            continue
        base_mbps, max_mbps = float(row["baseline_bandwidth_mbps"]), float(row["maximum_bandwidth_mbps"])
        base_iops, max_iops = float(row["baseline_iops"]), float(row["maximum_iops"])
        limits[name] = {
            "ebs_baseline_mbps": base_mbps,
            "ebs_max_mbps": max_mbps,
            "ebs_baseline_mb_s_128k": float(row["baseline_throughput_mbs"]),
            "ebs_max_mb_s_128k": float(row["maximum_throughput_mbs"]),
            "ebs_baseline_iops_16k": int(base_iops),
            "ebs_max_iops_16k": int(max_iops),
            "max_is_30_minute_burst": base_mbps < max_mbps or base_iops < max_iops,
        }
    return limits


@dataclass(frozen=True)
class ComputeSpec:
    vcpus: int
    cores: int
    threads_per_core: int
    memory_gib: float | None  # None where no source gives the nominal memory
    burstable: bool | None
    source: str
    as_of: str


def guide_compute_specs(shared_dir: Path) -> dict[str, ComputeSpec]:
    """vCPUs, cores, threads per core, memory and burstable from the guide's 'Performance specifications'."""
    source = GUIDE_SOURCE.format(table="Performance specifications")
    return {
        row["instance_type"]: ComputeSpec(
            vcpus=int(row["vcpus"]),
            cores=int(row["cpu_cores"]),
            threads_per_core=int(row["threads_per_core"]),
            memory_gib=float(row["memory_gib"]),
            burstable=row["burstable"] == "True",
            source=f"vCPU, cores, threads per core and memory from {source}",
            as_of=GUIDE_AS_OF,
        )
        for row in _rows(shared_dir / GUIDE_DIR / "compute-specs.csv")
    }


def newer_cpu_specs(shared_dir: Path) -> dict[str, ComputeSpec]:
    """vCPUs, cores and threads of the types the guide predates, from DescribeInstanceTypes (no memory there)."""
    return {
        row["instance_type"]: ComputeSpec(
            vcpus=int(row["default_vcpus"]),
            cores=int(row["default_cores"]),
            threads_per_core=int(row["default_threads_per_core"]),
            memory_gib=None,
            burstable=None,
            source=f"vCPU, cores and threads per core from {CPU_OPTIONS_SOURCE}",
            as_of=CPU_OPTIONS_AS_OF,
        )
        for row in _rows(shared_dir / CPU_OPTIONS_NEWER)
    }


def guide_processor_first_lines(shared_dir: Path) -> dict[str, frozenset[str]]:
    """Family -> the first lines of its 'Performance specifications' processor cells. The extraction kept only the
    first line of a wrapped cell (the folder's README, section 3): 'Intel Xeon Ice' names no processor model, so
    this can show that two families' cells differ, never that they name the same model."""
    lines: dict[str, set[str]] = {}
    for row in _rows(shared_dir / GUIDE_DIR / "compute-specs.csv"):
        if row["processor_first_line"].strip():
            lines.setdefault(row["instance_type"].split(".")[0], set()).add(row["processor_first_line"].strip())
    return {family: frozenset(found) for family, found in lines.items()}


@dataclass(frozen=True)
class GuideStore:
    disks: int | None
    disk_size_gb: float | None
    kind: str  # 'NVMe SSD', 'NVMe', 'SSD' or 'HDD' as the guide writes it
    random_read_iops_4k: float | None
    write_iops_4k: float | None


def guide_instance_store(shared_dir: Path) -> dict[str, GuideStore]:
    """Volumes ('2 x 900 GB'), type and 4 KiB random read/write IOPS from the 'Instance store specifications'."""
    stores: dict[str, GuideStore] = {}
    for row in _rows(shared_dir / GUIDE_DIR / "instance-store.csv"):
        match = re.fullmatch(r"(\d+) x ([\d,.]+) GB", row["volumes"].strip())
        read, write = row["random_read_iops_4k"], row["random_write_iops_4k"]
        stores[row["instance_type"]] = GuideStore(
            disks=int(match.group(1)) if match else None,
            disk_size_gb=float(match.group(2).replace(",", "")) if match else None,
            kind=row["storage_type"],
            random_read_iops_4k=float(read) if read else None,
            write_iops_4k=float(write) if write else None,
        )
    return stores


def coremark(shared_dir: Path) -> dict[str, dict[str, object]]:
    """Measured CoreMark per type: iterations per second, threads, per thread, the run date and memory seen."""
    out: dict[str, dict[str, object]] = {}
    for row in _rows(shared_dir / COREMARK_FILE):
        out[row["instance_type"]] = {
            "iterations_per_s": round(float(row["coremark_iterations_per_s"]), 1),
            "threads": int(row["cpu_threads"]),
            "per_thread": float(row["coremark_per_thread"]),
            "memory_visible_mb": int(row["memory_total_mb_visible"]) if row["memory_total_mb_visible"] else None,
            "ran_on": row["ran_at"][:10],
            "source": COREMARK_SOURCE,
        }
    return out
