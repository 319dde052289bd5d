"""Estimates built on an evaluation: a full scan's time, reads from the instance store, and a demand's burst.

Pure Python. ``burst_at_demand`` answers how long a given IO demand is served from full credits and what it
drops to; ``instance_store_read`` holds the local NVMe disks to the only figure AWS publishes (4 KiB reads).
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from advisor.engine.iolimits.evaluation import IOCapability, _burst_seconds, _phase, evaluate
from advisor.engine.iolimits.layout import InstanceLimits, StorageLayout, _n
from advisor.engine.iolimits.profile import _profile


def full_scan_seconds(size_gib: float, io_size_kib: float, capability: IOCapability) -> float:
    """Read ``size_gib`` once, starting with full credits: at burst while it lasts, then at baseline."""
    if io_size_kib != capability.io_size_kib:
        raise ValueError(f"capability was evaluated for {capability.io_size_kib} KiB IOs, not {io_size_kib} KiB")
    total_mib = size_gib * 1024.0
    burst, base = capability.burst, capability.baseline
    if burst.lasts_seconds is None or total_mib <= burst.throughput_mib_s * burst.lasts_seconds:
        return total_mib / burst.throughput_mib_s
    done = burst.throughput_mib_s * burst.lasts_seconds
    return burst.lasts_seconds + (total_mib - done) / base.throughput_mib_s


INSTANCE_STORE_4K_IOPS = "instance_store_4k_iops"
INSTANCE_STORE_4K_FLOOR = "instance_store_4k_throughput_floor"


class LocalRead(NamedTuple):
    """Reads served by the instance store (ASM preferred-read mirror, or Smart Flash Cache hits)."""

    phase: str
    iops: float
    throughput_mib_s: float
    binding_limit: str
    lasts_seconds: None
    reason: str


def instance_store_read(instance: InstanceLimits, io_size_kib: float) -> LocalRead | None:
    """Random reads from the local NVMe disks; None when AWS publishes no figure for this type.

    AWS gives only 4 KiB random-read IOPS. Larger IOs are held at that figure's bytes per second, a floor:
    SSDs move more bytes with larger IOs, never fewer, so the result never promises more than AWS states.
    """
    store = instance.instance_store
    if store is None or store.random_read_iops_4k is None:
        return None
    iops_4k = store.random_read_iops_4k
    if io_size_kib <= 4:
        return LocalRead(
            "local_read",
            iops_4k,
            iops_4k * io_size_kib / 1024.0,
            INSTANCE_STORE_4K_IOPS,
            None,
            f"{instance.name}'s instance store: {_n(iops_4k)} random 4 KiB read IOPS (AWS figure)",
        )
    floor_mib_s = iops_4k * 4 / 1024.0
    return LocalRead(
        "local_read",
        floor_mib_s * 1024.0 / io_size_kib,
        floor_mib_s,
        INSTANCE_STORE_4K_FLOOR,
        None,
        f"{instance.name}'s instance store, held at its {_n(iops_4k)} random 4 KiB read IOPS = "
        f"{floor_mib_s:,.1f} MiB/s: AWS publishes no throughput figure, so larger IOs are shown at this floor",
    )


class DemandEstimate(NamedTuple):
    """How a given IO demand fares: served rate, how long it lasts, and the rate it falls back to."""

    demand_iops: float
    served_iops: float
    served_mib_s: float
    lasts_seconds: float | None  # None: sustainable indefinitely
    then_iops: float
    then_mib_s: float
    reason: str


def burst_at_demand(
    *,
    instance: InstanceLimits,
    layout: StorageLayout,
    io_size_kib: float,
    demand_iops: float,
    sequential: bool = False,
    on: date | None = None,
) -> DemandEstimate:
    """Starting with full credits, how long ``demand_iops`` IOs of ``io_size_kib`` can be served."""
    if demand_iops <= 0:
        raise ValueError("demand_iops must be positive")
    capability = evaluate(instance=instance, layout=layout, io_size_kib=io_size_kib, sequential=sequential, on=on)
    base, burst = capability.baseline, capability.burst
    mib = io_size_kib / 1024.0
    if demand_iops <= base.iops * (1 + 1e-9):
        return DemandEstimate(
            demand_iops,
            demand_iops,
            demand_iops * mib,
            None,
            demand_iops,
            demand_iops * mib,
            f"{_n(demand_iops)} IOPS is within the baseline of {_n(base.iops)} IOPS: sustainable indefinitely",
        )
    served = min(demand_iops, burst.iops)
    capped = f"capped at the burst rate of {_n(burst.iops)} IOPS ({burst.reason}); " if served < demand_iops else ""
    if burst.lasts_seconds is None:  # no credit bucket drains: the burst limit holds indefinitely
        lasts: float | None = None
    else:
        profile = _profile(layout, instance.nitro, on)
        _, charged = _phase(
            "burst", profile, io_size_kib, sequential, instance.burst_iops, instance.ebs_burst_mbps, True
        )
        lasts = _burst_seconds(profile, instance, served, served * mib, charged)
    if lasts is None:
        return DemandEstimate(
            demand_iops, served, served * mib, None, served, served * mib, f"{capped}sustainable indefinitely"
        )
    return DemandEstimate(
        demand_iops,
        served,
        served * mib,
        lasts,
        base.iops,
        base.throughput_mib_s,
        f"{capped}{_n(served)} IOPS lasts {lasts / 60:,.1f} minutes from full credits, then drops to "
        f"{_n(base.iops)} IOPS ({base.reason})",
    )
