"""The workload's capacity: the sizing section (CPU, memory, storage, cache) and the IO profile.

Pure Python; part of the workload contract (``advisor.engine.workload``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from advisor.engine.workload.fields import CpuMetric, LatencySensitivity, _field, _Section
from pricing.catalog.instances import coremark_per_thread

SOURCE_TYPE_ACCEPTED = "an EC2 instance type whose CoreMark the catalog holds, such as r5.4xlarge"


class SizingSection(_Section):
    cpu_metric: CpuMetric = _field(
        CpuMetric.VCPUS,
        title="CPU figures measured as",
        help="vCPUs busy as the OS sees them, or AWR's 'DB CPU' per second; DB CPU leaves out background and OS work.",
    )
    peak_cpu: float = _field(
        4,
        title="Peak CPU used",
        help="The busiest sustained hour: sizes the instance and, through vCPUs, the processor licences.",
        unit="vCPUs",
        gt=0,
        le=1_000,
    )
    average_cpu: float = _field(
        2,
        title="Average CPU used",
        help="Shows how much headroom the peak needs and whether a burstable class could do.",
        unit="vCPUs",
        gt=0,
        le=1_000,
    )
    source_instance_type: str | None = _field(
        None,
        title="Source host's EC2 type (optional)",
        help="Where the peak CPU was measured, if on EC2. Oracle is licensed per core, so a faster core needs fewer "
        "licences: the CPU need is scaled by measured CoreMark per thread, source against each candidate, when the "
        "difference is larger than sizes of one family differ in the measurements.",
        accepted=SOURCE_TYPE_ACCEPTED,
        max_length=40,
    )
    source_coremark_per_thread: float | None = _field(
        None,
        title="Source host's CoreMark per thread (optional)",
        help="For a host not on EC2: CoreMark iterations per second divided by its threads, measured the way "
        "ec2instances.info does. Leave both blank and the CPU need is counted in vCPUs as they are.",
        unit="iterations/s per thread",
        gt=0,
        le=1_000_000,
    )
    sga_gib: float = _field(
        8,
        title="SGA",
        help="Instance memory must hold SGA + PGA + the OS; RDS defaults MEMORY_TARGET to 3/4 of memory.",
        unit="GiB",
        gt=0,
        le=32_768,
    )
    pga_gib: float = _field(
        2, title="PGA", help="Sorts and hash joins; counts against instance memory.", unit="GiB", ge=0, le=32_768
    )
    db_size_gib: float = _field(
        100,
        title="Database size now",
        help="Allocated data, temp, undo and redo. Sizes storage and, on gp2, the IOPS you get.",
        unit="GiB",
        gt=0,
        le=1_048_576,
    )
    yearly_growth_pct: float = _field(
        10,
        title="Yearly growth",
        help="Storage is sized for the end of the planning horizon; RDS volumes can grow but never shrink.",
        unit="% per year",
        ge=0,
        le=1_000,
    )
    horizon_years: int = _field(
        3, title="Planning horizon", help="Growth is projected this far ahead.", unit="years", ge=1, le=10
    )
    hot_set_gib: float | None = _field(
        None,
        title="Hot data set (optional)",
        help="The blocks most reads touch. If the buffer cache can hold it, a larger-memory class may serve reads "
        "from memory instead of storage (AWR's segment statistics or the buffer cache advisory show it).",
        unit="GiB",
        gt=0,
        le=1_048_576,
    )
    buffer_cache_gib: float | None = _field(
        None,
        title="Buffer cache today (optional)",
        help="The part of the SGA that caches blocks now (AWR 'Cache Sizes'). Without it, caching the hot set is "
        "sized as a buffer cache added to today's whole SGA.",
        unit="GiB",
        gt=0,
        le=32_768,
    )
    buffer_cache_hit_pct: float | None = _field(
        None,
        title="Buffer cache hit ratio today (optional)",
        help="Logical reads served from memory (AWR 'Buffer Hit %'). With the hot set it tells how far physical "
        "reads fall when the cache holds the hot set.",
        unit="%",
        ge=0,
        lt=100,
    )
    backup_retention_days: int = _field(
        7,
        title="Backup retention",
        help="How long backups are kept, and so priced: EBS snapshots on EC2; on RDS (at most 35 days) the backup "
        "storage beyond the allocated size.",
        unit="days",
        ge=0,
        le=3_650,
    )
    backup_daily_change_gib: float | None = _field(
        None,
        title="Data changed a day (optional)",
        help="The distinct blocks changed in a day: what a daily incremental backup holds (an RMAN incremental level 1 "
        "backup's size, or what a day's EBS snapshot adds). Backups after the first full copy keep only this; "
        "without it backups are priced as the full copy alone, a lower bound.",
        unit="GiB",
        ge=0,
        le=1_048_576,
    )

    @field_validator("source_instance_type")
    @classmethod
    def _measured_type(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        if coremark_per_thread(value) is None:
            raise ValueError(f"no measured CoreMark for {value!r}: give {SOURCE_TYPE_ACCEPTED}, or the host's "
                             "CoreMark per thread instead")  # fmt: skip
        return value


class IOSection(_Section):
    peak_read_iops: int = _field(
        3_000,
        title="Peak read IOPS",
        help="From AWR 'Physical read total IO requests' per second at peak.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    peak_write_iops: int = _field(
        1_000,
        title="Peak write IOPS",
        help="From AWR 'Physical write total IO requests' per second at peak.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    sustained_read_iops: int = _field(
        1_500,
        title="Sustained read IOPS",
        help="What must hold for hours: burst credits cannot cover it.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    sustained_write_iops: int = _field(
        500,
        title="Sustained write IOPS",
        help="What must hold for hours: burst credits cannot cover it.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    peak_read_mib_s: float = _field(
        100,
        title="Peak read throughput",
        help="From AWR 'Physical read total bytes' per second. Full scans hit the instance's EBS bandwidth first.",
        unit="MiB/s",
        ge=0,
        le=1_000_000,
    )
    peak_write_mib_s: float = _field(
        30, title="Peak write throughput", help="Redo, DBWR and direct-path writes.", unit="MiB/s", ge=0, le=1_000_000
    )
    db_block_size_kib: Literal[2, 4, 8, 16, 32] = _field(
        8,
        title="Block size (db_block_size)",
        help="The size of single-block reads: AWS counts SSD IOs in units of up to 256 KiB, so small IOs each cost one.",
        unit="KiB",
    )
    multiblock_read_kib: int = _field(
        1_024,
        title="Multiblock read size",
        help="db_block_size × db_file_multiblock_read_count: the IO size of full scans, so a whole number of blocks, "
        "a multiple of the block size from one block up to 1,024 KiB (1 MiB, the Linux cap). "
        "Large IOs run into throughput limits before IOPS limits.",
        unit="KiB",
        accepted="a multiple of the block size, from one block up to 1,024 KiB",
        ge=2,
        le=1_024,
    )
    peak_duration_minutes: int = _field(
        30,
        title="How long peaks last",
        help="gp2 credits and the instance's 30-minutes-a-day EBS burst cover short peaks only.",
        unit="minutes",
        ge=1,
        le=1_440,
    )
    full_scans_drive_peaks: bool = _field(
        False,
        title="Full table scans drive the peaks",
        help="A single full scan can saturate a small instance's EBS bandwidth; it changes which limit binds.",
    )
    redo_mib_s: float | None = _field(
        None,
        title="Redo generated, average (optional)",
        help="AWR 'redo size' per second. Every standby receives all of it: it prices the redo shipped to a DR Region "
        "and to a standby in another Availability Zone. Without it that transfer is not priced. Redo is part of the "
        "writes, so it cannot exceed the peak write throughput.",
        unit="MiB/s",
        accepted="0 up to the peak write throughput, in MiB/s",
        ge=0,
        le=100_000,
    )
    latency_sensitivity: LatencySensitivity = _field(
        LatencySensitivity.MODERATE,
        title="Latency sensitivity",
        help="Latency-sensitive OLTP needs provisioned IOPS or local NVMe, and suffers from round trips over a hybrid link.",
    )
