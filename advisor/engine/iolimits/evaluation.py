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
from advisor.engine.iolimits.profile import _MAX_IO_SIZES, _Member, _Profile, _profile

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


_Side = tuple[float, str, float, _Member, float]  # guest IOPS, binding limit, its value, weakest member, units per IO


def _volume_side(profile: _Profile, io: float, sequential: bool, burst: bool) -> _Side:
    """The volumes' (and RDS's) limit for one phase: independent of the instance, so computed once per IO size."""
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
    total = best * profile.n
    rds = profile.rds_cap_mib_s * 1024.0 / io
    if rds < total:
        total, code, value = rds, RDS_STORAGE_THROUGHPUT, profile.rds_cap_mib_s
    return total, code, value, weakest, charged_w


def _volume_sides(profile: _Profile, io: float, sequential: bool) -> tuple[_Side, _Side]:
    """Baseline and burst volume sides of ``profile`` at ``io``, kept on the profile (a few IO sizes per layout)."""
    key = (io, bool(sequential))
    sides = profile.by_io.get(key)
    if sides is None:
        sides = (_volume_side(profile, io, sequential, False), _volume_side(profile, io, sequential, True))
        if len(profile.by_io) >= _MAX_IO_SIZES:
            profile.by_io.clear()
        profile.by_io[key] = sides
    return sides


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
    total, code, value, weakest, charged_w = _volume_sides(profile, io, sequential)[burst]
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
        (value, weakest, profile.n, charged_w, io, inst_bursts),
    ), charged_w


class _Instance(NamedTuple):
    """An instance's limits as the hot path reads them; bandwidths pre-multiplied to KiB/s (same rounding)."""

    nitro: bool
    bursts: bool
    base_iops: float
    base_mbps: float
    base_kib_s: float  # ebs_baseline_mbps * MIB_S_PER_MBPS * 1024.0
    burst_iops: float
    burst_mbps: float
    burst_kib_s: float


_INSTANCES: dict[int, tuple[InstanceLimits, _Instance]] = {}


def _instance(instance: InstanceLimits) -> _Instance:
    """Per-instance constants, cached by identity (instance limits are frozen) so the hot path reads a tuple."""
    hit = _INSTANCES.get(id(instance))
    if hit is not None and hit[0] is instance:
        return hit[1]
    i = instance
    consts = _Instance(
        i.nitro,
        i.max_is_30_minute_burst,
        i.baseline_iops,
        i.ebs_baseline_mbps,
        i.ebs_baseline_mbps * MIB_S_PER_MBPS * 1024.0,
        i.burst_iops,
        i.ebs_burst_mbps,
        i.ebs_burst_mbps * MIB_S_PER_MBPS * 1024.0,
    )
    if len(_INSTANCES) > 4096:
        _INSTANCES.clear()
    _INSTANCES[id(instance)] = (instance, consts)
    return consts


_new = tuple.__new__  # builds the NamedTuples without their Python-level __new__ (same objects, less overhead)


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
    The volumes' side of each phase is computed once per layout and IO size; each call applies the instance's.
    """
    if io_size_kib <= 0:
        raise ValueError("io_size_kib must be positive")
    io = io_size_kib
    inst = _instance(instance)
    profile = _profile(layout, inst.nitro, on)
    sides = profile.by_io.get((io, bool(sequential)))
    if sides is None:
        sides = _volume_sides(profile, io, sequential)
    n = profile.n
    bursts = inst.bursts
    # baseline: the volumes' limit, then the instance's EBS IOPS (EBS-level IOs) and bandwidth
    total, code, value, weakest, charged = sides[0]
    by_iops = inst.base_iops / charged
    if by_iops < total:
        total, code, value = by_iops, INSTANCE_IOPS, inst.base_iops
    by_bw = inst.base_kib_s / io
    if by_bw < total:
        total, code, value = by_bw, INSTANCE_BANDWIDTH, inst.base_mbps
    b_why = (value, weakest, n, charged, io, bursts)
    b_mib_s = total * io / 1024.0
    base = _new(PhaseCapability, ("baseline", total, b_mib_s, code, None, b_why))
    b_total = total
    # burst
    total, code, value, weakest, u_charged = sides[1]
    by_iops = inst.burst_iops / u_charged
    if by_iops < total:
        total, code, value = by_iops, INSTANCE_IOPS, inst.burst_iops
    by_bw = inst.burst_kib_s / io
    if by_bw < total:
        total, code, value = by_bw, INSTANCE_BANDWIDTH, inst.burst_mbps
    if total > b_total * (1 + 1e-9):
        mib_s = total * io / 1024.0
        lasts = _burst_seconds(profile, instance, total, mib_s, charged)
        burst = _new(PhaseCapability, ("burst", total, mib_s, code, lasts, (value, weakest, n, u_charged, io, bursts)))
    else:  # no headroom above baseline: the burst phase is the baseline
        burst = _new(PhaseCapability, ("burst", b_total, b_mib_s, base.binding_limit, None, b_why))
    return _new(IOCapability, (io_size_kib, sequential, base, burst))


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
