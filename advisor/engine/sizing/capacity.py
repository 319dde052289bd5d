"""Need versus capacity: per dimension what is needed, what a configuration gives, and the limit that binds.

Pure Python. IOPS are checked at the database block size and throughput at the multiblock read size, each on its
own; a rejected class can say why ("memory 16 GiB, needs 22 GiB").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from advisor.engine.iolimits import InstanceLimits, StorageLayout, burst_at_demand, evaluate, instance_store_read
from advisor.engine.sizing.need import Need, SizingPolicy

# Instance sizes x needs kept: a few hundred class shapes for each of a busy process's recent workloads.
DIMENSIONS_KEPT = 8192


def _amount(value: float, places: int = 1) -> str:
    """12 -> '12', 2.4 -> '2.4', 64.4 -> '64.4', 21.99 -> '22', 39600 -> '39,600': one decimal when not whole."""
    text = f"{value:,.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _places_apart(capacity: float, need: float) -> int:
    """The decimals that show a need above its capacity: one when not whole, more when one would round the two to
    the same figure (64 and 64.04 are '64' and '64.04', never '64' and '64')."""
    return next((places for places in (1, 2, 3) if round(need, places) > round(capacity, places)), 1)


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
    def shown(self) -> tuple[str, str]:
        """The capacity and the need as words show them: decimals enough to tell a need above its capacity apart."""
        places = _places_apart(self.capacity, self.need)
        return _amount(self.capacity, places), _amount(self.need, places)

    @property
    def shortfall(self) -> str:
        name = "" if self.name == self.unit else f"{self.name} "  # "24 vCPUs", not "vCPUs 24 vCPUs"
        capacity, need = self.shown
        return f"{name}{capacity} {self.unit}, needs {need} {self.unit}"


# the names ``instance_dimensions`` gives; the rest is storage and IO
INSTANCE_DIMENSIONS = frozenset({"vCPUs", "memory"})


@dataclass(frozen=True)
class Capacity:
    dimensions: tuple[Dimension, ...]

    @property
    def fits(self) -> bool:
        return all(d.met for d in self.dimensions)

    @property
    def shortfalls(self) -> tuple[str, ...]:
        return tuple(d.shortfall for d in self.dimensions if not d.met)

    @property
    def unmet(self) -> int:
        """How many requirements are not met (the shortfalls' count, without writing them)."""
        return sum(not d.met for d in self.dimensions)

    @property
    def room(self) -> tuple[int, tuple[float, ...]]:
        """How much a configuration leaves spare, to choose between two at one price (larger is roomier): needs met
        on baseline rather than burst credits first, then what the storage and IO give over what is needed, tightest
        first (the vCPUs and memory are left out: the layouts of one class share them)."""
        io = [d for d in self.dimensions if d.name not in INSTANCE_DIMENSIONS and d.need > 0]
        return -sum(d.covered_by == "burst" for d in io), tuple(sorted(d.capacity / d.need for d in io))


def instance_dimensions(*, vcpus: float, memory_gib: float, need: Need) -> tuple[Dimension, Dimension]:
    """vCPUs and memory against the need (kept: classes of one size share them, and the answers are frozen)."""
    return _instance_dimensions(vcpus, memory_gib, need.vcpus, need.memory_gib)


@lru_cache(maxsize=DIMENSIONS_KEPT)
def _instance_dimensions(vcpus: float, memory_gib: float, need_vcpus: float, need_memory_gib: float
                         ) -> tuple[Dimension, Dimension]:  # fmt: skip
    return (
        Dimension("vCPUs", "vCPUs", need_vcpus, vcpus, None, None, vcpus >= need_vcpus,
                  "baseline" if vcpus >= need_vcpus else "none", f"{vcpus:g} vCPUs"),
        Dimension("memory", "GiB", need_memory_gib, memory_gib, None, None, memory_gib >= need_memory_gib,
                  "baseline" if memory_gib >= need_memory_gib else "none", f"{memory_gib:g} GiB of instance memory"),
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
