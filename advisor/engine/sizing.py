"""Sizing: what a workload needs, which storage layouts could meet it, and whether a configuration does.

Pure Python. The policy is explicit data shown to the user; every check returns the need, the capacity, the
headroom and the limit that binds, so a rejected class can say why ("memory 16 GiB, needs 22 GiB").
IOPS are checked at the database block size and throughput at the multiblock read size, each on its own
(the two share the instance's limits at the same moment; the model checks each peak separately).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.engine.facts import fact_registry
from advisor.engine.iolimits import (
    InstanceLimits,
    LayoutInvalid,
    StorageLayout,
    Volume,
    burst_at_demand,
    evaluate,
    instance_store_read,
    storage_limits,
    validate_layout,
    volume_specs,
)
from advisor.engine.workload import Workload

RDS_MEMORY_SOURCE = (
    "[HP] RDS User Guide, HugePages for RDS for Oracle: MEMORY_TARGET defaults to 3/4 of the instance memory"
)


class SizingPolicy(BaseModel):
    """How much room to leave and what may cover peaks; every value is shown beside the results."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cpu_headroom_pct: float = Field(20, ge=0, le=500, title="CPU headroom", description="above the peak vCPUs")
    memory_headroom_pct: float = Field(10, ge=0, le=500, title="Memory headroom", description="above SGA + PGA")
    io_headroom_pct: float = Field(20, ge=0, le=500, title="IO headroom", description="above peak IOPS and MiB/s")
    oracle_memory_fraction: float = Field(
        0.75,
        gt=0,
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
        description="as an ASM preferred-read mirror: reads local, writes to NVMe and EBS; lost on stop",
    )
    cached_hit_pct: float = Field(
        99,
        ge=50,
        lt=100,
        title="Buffer cache hit ratio once the hot set is cached",
        description="an assumption, not a measurement: set it from the buffer cache advisory (V$DB_CACHE_ADVICE) "
        "when you have one; used only when the hot set and today's hit ratio are given",
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


def need_for(workload: Workload, policy: SizingPolicy) -> Need:
    sizing, io = workload.sizing, workload.io
    io_factor = 1 + policy.io_headroom_pct / 100
    oracle_memory = (sizing.sga_gib + sizing.pga_gib) * (1 + policy.memory_headroom_pct / 100)
    return Need(
        vcpus=sizing.peak_cpu * (1 + policy.cpu_headroom_pct / 100),
        memory_gib=oracle_memory / policy.oracle_memory_fraction,
        storage_gib=round(fact_registry()["derived.storage_at_horizon_gib"].read(workload), 6),  # no 605.0000001
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


def low_latency(volume_type: str) -> bool:
    """Whether AWS rates the storage type sub-millisecond (the data's latency class)."""
    spec = volume_specs().get(volume_type)
    return spec is not None and spec.latency_class == "sub-ms"


# --- layouts sized to the need ---------------------------------------------------------------------


def _gp2_iops_per_gib() -> float:
    rate = volume_specs()["gp2"].baseline_iops_per_gib
    assert rate is not None  # storage_limits.json's gp2 row requires it
    return rate


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


def rds_layouts(need: Need) -> list[StorageLayout]:
    """One RDS allocation per storage type, sized to the need within RDS for Oracle's rules."""
    rules = {rule.type: rule for rule in storage_limits().rds_oracle.storage_types}
    stripe_from = storage_limits().rds_oracle.striping.single_volume_below_gib
    out: list[Volume] = []
    gp2 = rules["gp2"]
    gp2_iops_per_gib = _gp2_iops_per_gib()
    for iops_floor in (need.sustained_iops, need.peak_iops):  # peaks on burst credits, or on baseline
        gp2_size = max(need.storage_gib, gp2.min_size_gib, iops_floor / gp2_iops_per_gib)
        out.append(Volume(type="gp2", size_gib=math.ceil(min(gp2_size, gp2.max_size_gib))))
    peak_iops = max(need.sustained_iops, need.peak_iops)  # gp3, io1 and io2 do not burst
    gp3 = rules["gp3"]
    size = max(need.storage_gib, gp3.min_size_gib)
    if size < stripe_from:
        out.append(Volume(type="gp3", size_gib=math.ceil(size)))  # fixed 3,000 IOPS / 125 MiB/s below 200 GiB
    size = max(size, stripe_from)
    assert gp3.default_iops and gp3.max_iops and gp3.default_throughput_mib_s and gp3.max_throughput_mib_s
    ratio = gp3.max_throughput_per_iops_mib_s or math.inf
    throughput = _clamp(need.peak_mib_s, gp3.default_throughput_mib_s, gp3.max_throughput_mib_s)
    iops = _clamp(max(peak_iops, throughput / ratio), gp3.default_iops, gp3.max_iops)
    if gp3.max_iops_per_gib:
        size = max(size, iops / gp3.max_iops_per_gib)
    out.append(
        Volume(type="gp3", size_gib=math.ceil(size), iops=math.ceil(iops), throughput_mib_s=math.ceil(throughput))
    )
    for kind in ("io1", "io2"):
        rule = rules.get(kind)
        if rule is None or rule.max_iops is None:
            continue
        iops = _clamp(peak_iops, rule.min_iops or 1, rule.max_iops)  # io2's RDS minimum is unconfirmed
        size = max(need.storage_gib, rule.min_size_gib, stripe_from)
        if rule.max_iops_per_gib:
            size = max(size, iops / rule.max_iops_per_gib)
        if rule.min_iops_per_gib:
            iops = max(iops, rule.min_iops_per_gib * size)
        out.append(Volume(type=kind, size_gib=math.ceil(size), iops=math.ceil(iops)))
    return _valid([StorageLayout(platform="rds", volumes=(volume,)) for volume in out if _latency_ok(volume, need)])


def ec2_layouts(need: Need, policy: SizingPolicy) -> list[StorageLayout]:
    """gp3, gp2 and io2 volumes striped 1, 2, 4 ... ways (ASM/LVM), each sized to its share of the need."""
    specs = volume_specs()
    out: list[StorageLayout] = []
    stripes = [n for n in (1, 2, 4, 8, 16, 32) if n <= policy.max_striped_volumes]
    for n in stripes:
        share_gib, share_mib_s = need.storage_gib / n, need.peak_mib_s / n
        share_iops = max(need.sustained_iops, need.peak_iops) / n  # gp3 and io2 do not burst
        gp3 = specs["gp3"]
        assert gp3.default_iops and gp3.max_iops and gp3.default_throughput_mib_s
        ratio = gp3.max_throughput_per_iops_mib_s or math.inf
        throughput = _clamp(share_mib_s, gp3.default_throughput_mib_s, gp3.max_throughput_mib_s)
        iops = _clamp(max(share_iops, throughput / ratio), gp3.default_iops, gp3.max_iops)
        size = max(share_gib, gp3.min_size_gib, iops / (gp3.max_iops_per_gib or math.inf))
        out.append(_striped(n, Volume(type="gp3", size_gib=math.ceil(size), iops=math.ceil(iops),
                                      throughput_mib_s=math.ceil(throughput))))  # fmt: skip
        gp2 = specs["gp2"]
        for iops_floor in (need.sustained_iops / n, share_iops):  # peaks on burst credits, or on baseline
            size = max(share_gib, gp2.min_size_gib, iops_floor / _gp2_iops_per_gib())
            out.append(_striped(n, Volume(type="gp2", size_gib=math.ceil(min(size, gp2.max_size_gib)))))
        io2 = specs["io2"]
        assert io2.min_iops and io2.max_iops
        iops = _clamp(share_iops, io2.min_iops, io2.max_iops)
        size = max(share_gib, io2.min_size_gib, iops / (io2.max_iops_per_gib or math.inf))
        out.append(_striped(n, Volume(type="io2", size_gib=math.ceil(size), iops=math.ceil(iops))))
    return _valid([layout for layout in out if _latency_ok(layout.volumes[0], need)])


def _latency_ok(volume: Volume, need: Need) -> bool:
    return not need.sub_ms_latency or low_latency(volume.type)


def _striped(n: int, volume: Volume) -> StorageLayout:
    return StorageLayout(platform="ec2", volumes=(volume,) * n)


def _valid(layouts: list[StorageLayout]) -> list[StorageLayout]:
    """Drop layouts AWS would refuse (a need beyond a type's bounds) and duplicates."""
    kept: dict[StorageLayout, None] = {}
    for layout in layouts:
        try:
            validate_layout(layout)
        except LayoutInvalid:
            continue
        kept[layout] = None
    return list(kept)


# --- need versus capacity ------------------------------------------------------------------------


def _amount(value: float) -> str:
    """12 -> '12', 2.4 -> '2.4', 21.99 -> '22', 39600 -> '39,600': precise where it is small."""
    return f"{value:,.1f}".removesuffix(".0") if value < 10 else f"{value:,.0f}"


@dataclass(frozen=True)
class Dimension:
    """One requirement: what is needed, what the configuration gives, and what binds."""

    name: str
    unit: str
    need: float
    capacity: float  # sustained (baseline)
    burst_capacity: float | None  # what the burst phase reaches, when above the baseline
    lasts_seconds: float | None  # how long the burst serves the need; None = indefinitely
    met: bool
    covered_by: Literal["baseline", "burst", "none"]
    binding: str  # the limit that binds, in words

    @property
    def headroom_pct(self) -> float | None:
        """Spare capacity above the need, in percent of the need (None when nothing is needed)."""
        if self.need <= 0:
            return None
        usable = self.capacity if self.covered_by != "burst" else (self.burst_capacity or self.capacity)
        return (usable / self.need - 1) * 100

    @property
    def shortfall(self) -> str:
        return f"{self.name} {_amount(self.capacity)} {self.unit}, needs {_amount(self.need)} {self.unit}"


@dataclass(frozen=True)
class Capacity:
    dimensions: tuple[Dimension, ...]

    @property
    def fits(self) -> bool:
        return all(d.met for d in self.dimensions)

    @property
    def shortfalls(self) -> tuple[str, ...]:
        return tuple(d.shortfall for d in self.dimensions if not d.met)


def instance_dimensions(*, vcpus: float, memory_gib: float, need: Need) -> tuple[Dimension, Dimension]:
    return (
        Dimension("vCPUs", "vCPUs", need.vcpus, vcpus, None, None, vcpus >= need.vcpus,
                  "baseline" if vcpus >= need.vcpus else "none", f"{vcpus:g} vCPUs"),
        Dimension("memory", "GiB", need.memory_gib, memory_gib, None, None, memory_gib >= need.memory_gib,
                  "baseline" if memory_gib >= need.memory_gib else "none", f"{memory_gib:g} GiB of instance memory"),
    )  # fmt: skip


def _io_dimension(
    name: str,
    unit: str,
    *,
    instance: InstanceLimits,
    layout: StorageLayout,
    io_kib: float,
    sustained: float,
    peak: float,
    peak_minutes: float,
    policy: SizingPolicy,
    per_second: Any,
) -> Dimension:
    """Check a sustained and a peak demand at one IO size; ``per_second`` maps a phase to this unit."""
    cap = evaluate(instance=instance, layout=layout, io_size_kib=io_kib)
    base, burst = per_second(cap.baseline), per_second(cap.burst)
    need = max(sustained, peak)
    if need <= base * (1 + 1e-9):
        return Dimension(name, unit, need, base, burst if burst > base else None, None, True, "baseline",
                         cap.baseline.reason)  # fmt: skip
    sustained_ok = sustained <= base * (1 + 1e-9)
    if policy.burst_may_cover_peaks and sustained_ok and peak <= burst * (1 + 1e-9):
        demand_iops = peak if unit == "IOPS" else peak * 1024 / io_kib
        estimate = burst_at_demand(instance=instance, layout=layout, io_size_kib=io_kib, demand_iops=demand_iops)
        lasts = estimate.lasts_seconds
        if lasts is None or lasts >= peak_minutes * 60:
            return Dimension(name, unit, need, base, burst, lasts, True, "burst", cap.burst.reason)
        why = f"{cap.burst.reason}; the burst lasts {lasts / 60:,.0f} of the peak's {peak_minutes:g} minutes"
        return Dimension(name, unit, need, base, burst, lasts, False, "none", why)
    return Dimension(name, unit, need, base, burst if burst > base else None, None, False, "none", cap.baseline.reason)


def io_dimensions(
    *, instance: InstanceLimits, layout: StorageLayout, need: Need, policy: SizingPolicy, local_reads: bool = False
) -> tuple[Dimension, ...]:
    """IOPS at the block size and throughput at the scan size. With ``local_reads`` (an ASM preferred-read mirror on
    the instance store) reads are checked against the NVMe disks and only writes against EBS."""
    sustained_mib_s = 0.0  # the questionnaire asks for peak throughput only
    if not local_reads:
        return (
            _io_dimension(
                f"IOPS at {need.block_kib:g} KiB", "IOPS", instance=instance, layout=layout, io_kib=need.block_kib,
                sustained=need.sustained_iops, peak=need.peak_iops, peak_minutes=need.peak_minutes, policy=policy,
                per_second=lambda phase: phase.iops,
            ),
            _io_dimension(
                f"throughput at {need.scan_kib:g} KiB", "MiB/s", instance=instance, layout=layout,
                io_kib=need.scan_kib, sustained=sustained_mib_s, peak=need.peak_mib_s, peak_minutes=need.peak_minutes,
                policy=policy, per_second=lambda phase: phase.throughput_mib_s,
            ),
        )  # fmt: skip
    return (
        _io_dimension(
            f"write IOPS at {need.block_kib:g} KiB (EBS)", "IOPS", instance=instance, layout=layout,
            io_kib=need.block_kib, sustained=need.sustained_iops - need.sustained_read_iops,
            peak=need.peak_iops - need.peak_read_iops, peak_minutes=need.peak_minutes, policy=policy,
            per_second=lambda phase: phase.iops,
        ),
        _local_dimension(f"read IOPS at {need.block_kib:g} KiB (instance store)", "IOPS", instance, need.block_kib,
                         need.peak_read_iops, lambda local: local.iops),
        _io_dimension(
            f"write throughput at {need.scan_kib:g} KiB (EBS)", "MiB/s", instance=instance, layout=layout,
            io_kib=need.scan_kib, sustained=sustained_mib_s, peak=need.peak_mib_s - need.peak_read_mib_s,
            peak_minutes=need.peak_minutes, policy=policy, per_second=lambda phase: phase.throughput_mib_s,
        ),
        _local_dimension(f"read throughput at {need.scan_kib:g} KiB (instance store)", "MiB/s", instance,
                         need.scan_kib, need.peak_read_mib_s, lambda local: local.throughput_mib_s),
    )  # fmt: skip


def _local_dimension(
    name: str, unit: str, instance: InstanceLimits, io_kib: float, need: float, value: Any
) -> Dimension:
    local = instance_store_read(instance, io_kib)
    if local is None:
        return Dimension(name, unit, need, 0.0, None, None, False, "none", "no published instance-store figure")
    capacity = value(local)
    met = need <= capacity * (1 + 1e-9)
    return Dimension(name, unit, need, capacity, None, None, met, "baseline" if met else "none", local.reason)


GIB_PER_GB = 10**9 / 2**30  # AWS sizes instance store in decimal GB


def can_read_locally(instance: InstanceLimits, need: Need) -> bool:
    """An ASM preferred-read mirror needs a published read figure and room for a whole copy of the database."""
    store = instance.instance_store
    if store is None or store.random_read_iops_4k is None or store.total_gb is None:
        return False
    return store.total_gb * GIB_PER_GB >= need.storage_gib


def storage_dimension(layout: StorageLayout, need: Need) -> Dimension:
    size = sum(volume.size_gib for volume in layout.volumes)
    met = size >= need.storage_gib
    return Dimension("storage", "GiB", need.storage_gib, size, None, None, met, "baseline" if met else "none",
                     f"{size:,.0f} GiB allocated")  # fmt: skip
