"""What a workload needs: the sizing policy, and the need it gives with headroom (also with the hot set cached).

Pure Python. The policy is explicit data shown to the user beside the results.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from advisor.engine.facts import fact_registry
from advisor.engine.workload import Workload

RDS_MEMORY_SOURCE = "RDS User Guide, HugePages for RDS for Oracle: MEMORY_TARGET defaults to 3/4 of the instance memory"

MIN_ORACLE_MEMORY_FRACTION = 0.1
"""The lowest "share of instance memory Oracle may use" the sizing policy accepts. A bound this advisor sets, not a
fact: below a tenth the instance would be sized at more than ten times what Oracle uses, which is no deployment
anyone plans (and a share near zero would make the memory needed infinite)."""


class SizingPolicy(BaseModel):
    """How much room to leave and what may cover peaks; every value is shown beside the results."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # the units follow the bounds in error messages ("CPU headroom must be 500 % or less"), as the workload's do
    cpu_headroom_pct: float = Field(
        20, ge=0, le=500, title="CPU headroom", description="above the peak vCPUs", json_schema_extra={"unit": "%"}
    )
    memory_headroom_pct: float = Field(
        10, ge=0, le=500, title="Memory headroom", description="above SGA + PGA", json_schema_extra={"unit": "%"}
    )
    io_headroom_pct: float = Field(
        20, ge=0, le=500, title="IO headroom", description="above peak IOPS and MiB/s", json_schema_extra={"unit": "%"}
    )
    storage_headroom_pct: float = Field(
        0,
        ge=0,
        le=500,
        title="Storage headroom",
        description="free space above the database's size at the planning horizon (archived redo kept, temp and undo "
        "growth); 0 allocates that size as the answers give it",
        json_schema_extra={"unit": "%"},
    )
    oracle_memory_fraction: float = Field(
        0.75,
        ge=MIN_ORACLE_MEMORY_FRACTION,
        le=1,
        title="Share of instance memory Oracle may use",
        description=f"{RDS_MEMORY_SOURCE}; the same share is kept on EC2",
    )
    burst_may_cover_peaks: bool = Field(
        True,
        title="Burst may cover peaks",
        description="gp2 credits and the instance's 30-minute EBS burst may carry peaks that last no longer",
    )
    include_burstable_classes: bool = Field(
        False, title="Consider burstable classes (t3)", description="their CPU credits are not modelled"
    )
    include_deprecated_classes: bool = Field(False, title="Consider classes deprecated for Oracle")
    max_striped_volumes: int = Field(8, ge=1, le=32, title="Most EBS volumes striped on EC2")
    use_instance_store: bool = Field(
        True,
        title="Use instance-store NVMe for reads on EC2",
        description="as an ASM preferred-read mirror: reads local, writes to NVMe and EBS; its copy is erased when "
        "the instance stops, so EBS is bought for the writes alone only where a Data Guard standby in another "
        "Availability Zone takes over meanwhile (otherwise the NVMe adds read speed, not counted)",
    )
    cached_hit_pct: float = Field(
        99,
        ge=50,
        lt=100,
        title="Buffer cache hit ratio once the hot set is cached",
        json_schema_extra={"unit": "%"},
        description="an assumption, not a measurement: set it from the buffer cache advisory (V$DB_CACHE_ADVICE) "
        "when you have one; used only when the hot set and today's hit ratio are given",
    )
    credit_faster_cores: bool = Field(
        True,
        title="Credit a faster core",
        description="with the source host's EC2 type or CoreMark per thread: a class whose measured CoreMark per "
        "thread beats the source's by more than sizes of its family differ in the measurements needs fewer vCPUs "
        "and licences; off, its vCPUs are counted as the source's (a slower core still needs more)",
    )


@dataclass(frozen=True)
class Need:
    """The workload's requirements with the policy's headroom applied."""

    vcpus: float
    memory_gib: float  # instance memory needed so that Oracle's share holds SGA + PGA + headroom
    storage_gib: float
    block_kib: float
    scan_kib: float
    sustained_iops: float
    peak_iops: float
    peak_mib_s: float
    peak_minutes: float
    sustained_read_iops: float = 0.0  # the read parts, for an instance-store preferred-read mirror
    peak_read_iops: float = 0.0
    peak_read_mib_s: float = 0.0
    sub_ms_latency: bool = False  # latency sensitivity "high": only storage AWS rates sub-millisecond
    caching: str = ""  # set on the variant whose buffer cache holds the hot set: what that does, in words


def writes_on_ebs(need: Need) -> Need:
    """What EBS must serve when an ASM preferred-read mirror on the instance store serves the reads: the writes, and
    the whole database's storage (EBS holds the other failure group)."""
    return dataclasses.replace(
        need,
        sustained_iops=need.sustained_iops - need.sustained_read_iops,
        peak_iops=need.peak_iops - need.peak_read_iops,
        peak_mib_s=need.peak_mib_s - need.peak_read_mib_s,
        sustained_read_iops=0.0,
        peak_read_iops=0.0,
        peak_read_mib_s=0.0,
    )


def need_for(workload: Workload, policy: SizingPolicy) -> Need:
    sizing, io = workload.sizing, workload.io
    io_factor = 1 + policy.io_headroom_pct / 100
    oracle_memory = (sizing.sga_gib + sizing.pga_gib) * (1 + policy.memory_headroom_pct / 100)
    return Need(
        vcpus=sizing.peak_cpu * (1 + policy.cpu_headroom_pct / 100),
        memory_gib=oracle_memory / policy.oracle_memory_fraction,
        storage_gib=round(  # no 605.0000001
            fact_registry()["derived.storage_at_horizon_gib"].read(workload) * (1 + policy.storage_headroom_pct / 100),
            6,
        ),
        block_kib=io.db_block_size_kib,
        scan_kib=io.multiblock_read_kib,
        sustained_iops=(io.sustained_read_iops + io.sustained_write_iops) * io_factor,
        peak_iops=(io.peak_read_iops + io.peak_write_iops) * io_factor,
        peak_mib_s=(io.peak_read_mib_s + io.peak_write_mib_s) * io_factor,
        peak_minutes=io.peak_duration_minutes,
        sustained_read_iops=io.sustained_read_iops * io_factor,
        peak_read_iops=io.peak_read_iops * io_factor,
        peak_read_mib_s=io.peak_read_mib_s * io_factor,
        sub_ms_latency=io.latency_sensitivity.value == "high",
    )


def cached_need_for(workload: Workload, policy: SizingPolicy) -> Need | None:
    """The need of a class whose buffer cache holds the hot set: more memory, fewer physical reads.

    Physical reads are the logical reads the cache misses, so they scale with the miss ratio: today's
    ``1 - hit`` becomes the policy's ``1 - cached_hit``. The SGA keeps what it holds besides the buffer cache and
    grows its buffer cache to the hot set; without today's buffer cache size the whole SGA is kept beside it (an
    upper bound). None when the workload does not give the hot set and hit ratio, or caching would not help."""
    sizing = workload.sizing
    hot, hit = sizing.hot_set_gib, sizing.buffer_cache_hit_pct
    if hot is None or hit is None or hit >= policy.cached_hit_pct:
        return None
    cache_now = sizing.buffer_cache_gib
    sga = sizing.sga_gib + hot if cache_now is None else sizing.sga_gib - cache_now + max(cache_now, hot)
    if cache_now is not None and cache_now >= hot:
        return None  # the cache already holds the hot set: the hit ratio is what it is
    base = need_for(workload, policy)
    factor = (100 - policy.cached_hit_pct) / (100 - hit)
    memory = (sga + sizing.pga_gib) * (1 + policy.memory_headroom_pct / 100) / policy.oracle_memory_fraction
    reads_before, reads_after = base.peak_read_iops, base.peak_read_iops * factor
    write_iops = base.peak_iops - base.peak_read_iops
    sustained_writes = base.sustained_iops - base.sustained_read_iops
    read_mib_s = base.peak_read_mib_s * factor
    words = (
        f"a {sga:,.0f} GiB SGA whose buffer cache holds the {hot:,g} GiB hot set: peak reads drop from "
        f"{reads_before:,.0f} to {reads_after:,.0f} IOPS (hit ratio {hit:g} % → {policy.cached_hit_pct:g} %, the "
        "policy's assumption)"
    )
    return dataclasses.replace(
        base,
        memory_gib=max(base.memory_gib, memory),
        sustained_iops=sustained_writes + base.sustained_read_iops * factor,
        peak_iops=write_iops + reads_after,
        peak_mib_s=base.peak_mib_s - base.peak_read_mib_s + read_mib_s,
        sustained_read_iops=base.sustained_read_iops * factor,
        peak_read_iops=reads_after,
        peak_read_mib_s=read_mib_s,
        caching=words,
    )
