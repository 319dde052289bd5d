"""What a layout on an instance delivers per IO size, baseline and burst, with the limit that binds.

Pure Python. The model (accounting units, striping, instance limits) is described in ``iolimits``; ``evaluate``
is its one entry point and the recommender's hot path.
"""

from __future__ import annotations

import math
from datetime import date
from typing import NamedTuple

from advisor.engine.iolimits.credits import gp2_burst_seconds_at, instance_burst_seconds
from advisor.engine.iolimits.data import MIB_S_PER_MBPS
from advisor.engine.iolimits.layout import InstanceLimits, StorageLayout, _n
from advisor.engine.iolimits.profile import _Member, _Profile, _profile

VOLUME_IOPS = "volume_iops"
VOLUME_THROUGHPUT = "volume_throughput"
RDS_STORAGE_THROUGHPUT = "rds_storage_throughput"
INSTANCE_IOPS = "instance_iops"
INSTANCE_BANDWIDTH = "instance_bandwidth"


class PhaseCapability(NamedTuple):
    """What one phase delivers; immutable tuple (cheapest to build), ``reason`` built on demand."""

    phase: str  # "baseline" | "burst"
    iops: float
    throughput_mib_s: float
    binding_limit: str
    lasts_seconds: float | None  # None: sustainable indefinitely
    why: tuple[float, _Member, int, float, float, bool]  # limit, member, stripes, units per IO, IO KiB, instance bursts

    @property
    def reason(self) -> str:
        code = self.binding_limit
        v, m, n, charged, io, instance_bursts = self.why
        stripes = f" on each of {n} striped volumes" if n > 1 else ""
        if code == VOLUME_IOPS:
            per_io = f", {_n(charged)} units per {_n(io)} KiB IO" if charged != 1 else ""
            phase = self.phase if m.burst_units != m.base_units else "limit"  # gp3/io1/io2 do not burst
            return f"{m.type} {phase} of {_n(v)} IOPS counted in {m.unit_kib} KiB units{per_io}{stripes}"
        if code == VOLUME_THROUGHPUT:
            phase = f"{self.phase} " if m.burst_mib_s != m.base_mib_s else ""
            return f"{m.type} {phase}throughput limit of {_n(v)} MiB/s per volume{stripes}"
        if code == RDS_STORAGE_THROUGHPUT:
            return f"RDS for Oracle {m.type} storage throughput limit of {_n(v)} MiB/s"
        if code == INSTANCE_IOPS:
            phase = f"{self.phase} " if instance_bursts else ""
            return f"the instance's {phase}EBS limit of {_n(v)} IOPS (EBS-level IOs)"
        return f"the instance's EBS bandwidth of {_n(v)} Mbps caps throughput at {v * MIB_S_PER_MBPS:,.1f} MiB/s"


class IOCapability(NamedTuple):
    io_size_kib: float
    sequential: bool
    baseline: PhaseCapability
    burst: PhaseCapability


def _phase(
    phase: str,
    profile: _Profile,
    io: float,
    sequential: bool,
    inst_iops: float,
    inst_mbps: float,
    burst: bool,
    inst_bursts: bool = False,
) -> tuple[tuple[str, float, float, str, tuple[float, _Member, int, float, float, bool]], float]:
    """Guest IOPS for one phase; also returns EBS-level units per guest IO of the weakest member."""
    best = math.inf
    code = VOLUME_IOPS
    value = 0.0
    weakest = profile.weakest
    charged_w = 1.0
    for m in profile.members:
        unit = m.unit_kib
        charged = io / unit if sequential else float(-(-io // unit))
        units = m.burst_units if burst else m.base_units
        cap = m.burst_mib_s if burst else m.base_mib_s
        by_iops = units / charged
        by_tp = cap * 1024.0 / io
        if by_iops <= by_tp and by_iops < best:
            best, code, value, weakest, charged_w = by_iops, VOLUME_IOPS, units, m, charged
        elif by_tp < by_iops and by_tp < best:
            best, code, value, weakest, charged_w = by_tp, VOLUME_THROUGHPUT, cap, m, charged
    n = profile.n
    total = best * n
    rds = profile.rds_cap_mib_s * 1024.0 / io
    if rds < total:
        total, code, value = rds, RDS_STORAGE_THROUGHPUT, profile.rds_cap_mib_s
    by_inst_iops = inst_iops / charged_w
    if by_inst_iops < total:
        total, code, value = by_inst_iops, INSTANCE_IOPS, inst_iops
    by_bw = inst_mbps * MIB_S_PER_MBPS * 1024.0 / io
    if by_bw < total:
        total, code, value = by_bw, INSTANCE_BANDWIDTH, inst_mbps
    return (
        "burst" if burst else "baseline",
        total,
        total * io / 1024.0,
        code,
        (value, weakest, n, charged_w, io, inst_bursts),
    ), charged_w


def evaluate(
    *,
    instance: InstanceLimits,
    layout: StorageLayout,
    io_size_kib: float,
    sequential: bool = False,
    on: date | None = None,
) -> IOCapability:
    """Baseline and burst IOPS/throughput for IOs of ``io_size_kib``; the binding limit is named.

    ``sequential`` assumes EBS merges small physically-sequential IOs into full units (AWS "attempts" it).
    ``on`` picks volume limits in force on that date (only history rows with a known end date apply).
    """
    if io_size_kib <= 0:
        raise ValueError("io_size_kib must be positive")
    profile = _profile(layout, instance.nitro, on)
    bursts = instance.max_is_30_minute_burst
    b, charged = _phase(
        "baseline", profile, io_size_kib, sequential, instance.baseline_iops, instance.ebs_baseline_mbps, False, bursts
    )
    base = PhaseCapability(b[0], b[1], b[2], b[3], None, b[4])
    u, _ = _phase("burst", profile, io_size_kib, sequential, instance.burst_iops, instance.ebs_burst_mbps, True, bursts)
    if u[1] > b[1] * (1 + 1e-9):
        lasts = _burst_seconds(profile, instance, u[1], u[2], charged)
        burst = PhaseCapability(u[0], u[1], u[2], u[3], lasts, u[4])
    else:  # no headroom above baseline: the burst phase is the baseline
        burst = PhaseCapability("burst", b[1], b[2], b[3], None, b[4])
    return IOCapability(io_size_kib, sequential, base, burst)


def _burst_seconds(
    profile: _Profile, instance: InstanceLimits, iops: float, mib_s: float, charged: float
) -> float | None:
    """Shortest drain time among the credit buckets the burst draws on (volume credits, instance 30 min)."""
    lasts = math.inf
    per_volume_iops = iops / profile.n
    per_volume_mib_s = mib_s / profile.n
    for m in profile.members:
        if m.credit_ios:
            lasts = min(lasts, gp2_burst_seconds_at(per_volume_iops * charged, m.base_units, m.credit_ios))
        if m.credit_mib:
            base_mib_s = m.base_mib_s
            if per_volume_mib_s > base_mib_s * (1 + 1e-9):
                lasts = min(lasts, m.credit_mib / (per_volume_mib_s - base_mib_s))
    if instance.max_is_30_minute_burst:
        over_bw = mib_s > instance.ebs_baseline_mbps * MIB_S_PER_MBPS * (1 + 1e-9)
        over_iops = iops * charged > instance.baseline_iops * (1 + 1e-9)
        if over_bw or over_iops:
            lasts = min(lasts, instance_burst_seconds())
    return None if lasts == math.inf else lasts
