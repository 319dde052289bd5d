"""A storage layout's limits independent of IO size: one ``_Member`` per EBS volume, computed once per layout.

Pure Python. An RDS allocation is expanded into the EBS stripes RDS makes of it, with RDS's aggregate cap.
``_profile`` validates a layout once and caches the result by identity, so the hot path never hashes models.
Each profile also keeps the volumes' side of each phase per IO size (``evaluation`` fills it), as that
does not depend on the instance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date

from advisor.engine.iolimits.data import GIB_PER_TIB, VolumeTypeSpec, _rds_rules, storage_limits, volume_specs
from advisor.engine.iolimits.layout import StorageLayout, Volume, validate_layout


@dataclass(frozen=True, slots=True)
class _Member:
    """One physical EBS volume's limits, independent of IO size."""

    type: str
    unit_kib: int
    base_units: float  # IOPS limit in accounting units
    burst_units: float
    base_mib_s: float
    burst_mib_s: float
    credit_ios: float  # gp2 bucket (0 = none)
    credit_mib: float  # st1/sc1 bucket in MiB (0 = none)


@dataclass(frozen=True, slots=True)
class _Profile:
    members: tuple[_Member, ...]
    weakest: _Member  # identical striped members are the norm; kept for reasons
    n: int
    rds_cap_mib_s: float  # inf when RDS sets no aggregate cap
    rds_type: str
    # the volumes' side of each phase per (IO size, sequential), filled by ``evaluation`` on first use
    by_io: dict[tuple[float, bool], tuple] = field(default_factory=dict, compare=False, repr=False)


_MAX_IO_SIZES = 64  # IO sizes remembered per layout (the recommender asks about eight)


def _member(spec: VolumeTypeSpec, size: float, iops: float | None, tp: float | None, nitro: bool) -> _Member:
    unit = spec.io_unit_kib
    if spec.kind == "gp2":
        assert spec.baseline_iops_per_gib and spec.min_iops and spec.max_iops and spec.burst_iops
        base = min(max(spec.baseline_iops_per_gib * size, spec.min_iops), spec.max_iops)
        burst = max(base, spec.burst_iops)
        assert spec.small_volume_max_gib and spec.small_volume_max_throughput_mib_s and spec.large_volume_min_gib
        if size <= spec.small_volume_max_gib:
            cap_base = cap_burst = spec.small_volume_max_throughput_mib_s
        elif size >= spec.large_volume_min_gib:
            cap_base = cap_burst = spec.max_throughput_mib_s
        else:  # burst-only band: 250 MiB/s with credits, else baseline IOPS x 256 KiB
            cap_burst = spec.max_throughput_mib_s
            cap_base = base * unit / 1024
        credit = (spec.credit_bucket_ios or 0.0) if burst > base else 0.0
        return _Member(spec.type, unit, base, burst, cap_base, cap_burst, credit, 0.0)
    if spec.kind == "gp3":
        i = iops or spec.default_iops or 0.0
        t = tp or spec.default_throughput_mib_s or 0.0
        return _Member(spec.type, unit, i, i, t, t, 0.0, 0.0)
    if spec.kind == "provisioned":
        i = iops or 0.0
        if not nitro and spec.max_iops_non_nitro:
            i = min(i, spec.max_iops_non_nitro)
        assert spec.throughput_tiers
        t = min(
            max(min(i * tier.mib_s_per_iops, tier.cap_mib_s) for tier in spec.throughput_tiers),
            spec.max_throughput_mib_s,
        )
        return _Member(spec.type, unit, i, i, t, t, 0.0, 0.0)
    if spec.kind == "hdd":
        assert spec.max_iops and spec.base_throughput_mib_s_per_tib and spec.burst_throughput_mib_s_per_tib
        tib = size / GIB_PER_TIB
        base_t = min(spec.base_throughput_mib_s_per_tib * tib, spec.max_throughput_mib_s)
        burst_t = min(spec.burst_throughput_mib_s_per_tib * tib, spec.max_throughput_mib_s)
        bucket_mib = (spec.credit_bucket_tib_per_tib or 0.0) * size * 1024  # 1 TiB of credit per TiB
        return _Member(spec.type, unit, spec.max_iops, spec.max_iops, base_t, burst_t, 0.0, bucket_mib)
    assert spec.typical_iops
    return _Member(
        spec.type,
        unit,
        spec.typical_iops,
        spec.typical_iops,
        spec.max_throughput_mib_s,
        spec.max_throughput_mib_s,
        0.0,
        0.0,
    )


def _rds_members(volume: Volume, nitro: bool, on: date | None) -> tuple[tuple[_Member, ...], float]:
    """Expand one RDS allocation into its EBS stripes (1 below 200 GiB, else 4) and RDS's aggregate cap."""
    striping = storage_limits().rds_oracle.striping
    rule = _rds_rules()[volume.type]
    spec = volume_specs(on)[volume.type]
    small = volume.size_gib < striping.single_volume_below_gib
    n = 1 if small else striping.stripes
    if volume.type == "gp3":
        if small:
            iops, tp = rule.small_fixed_iops, rule.small_fixed_throughput_mib_s
        else:
            iops = volume.iops or rule.default_iops
            tp = volume.throughput_mib_s or rule.default_throughput_mib_s
    else:
        iops, tp = volume.iops, None
    cap = math.inf
    if volume.type != "gp2":
        cap = (rule.small_max_throughput_mib_s if small else None) or rule.max_throughput_mib_s or math.inf
        if volume.type == "gp3" and tp:
            cap = tp
    member = _member(spec, volume.size_gib / n, iops / n if iops else None, tp / n if tp else None, nitro)
    return (member,) * n, cap


_PROFILES: dict[tuple[int, bool, date | None], tuple[StorageLayout, _Profile]] = {}


def _profile(layout: StorageLayout, nitro: bool, on: date | None) -> _Profile:
    """Per-layout limits, validated once and cached by identity so the hot path never hashes models."""
    key = (id(layout), nitro, on)
    hit = _PROFILES.get(key)
    if hit is not None and hit[0] is layout:
        return hit[1]
    validate_layout(layout, on=on)
    if layout.platform == "rds":
        members, cap = _rds_members(layout.volumes[0], nitro, on)
        rds_type = layout.volumes[0].type
    else:
        specs = volume_specs(on)
        members = tuple(_member(specs[v.type], v.size_gib, v.iops, v.throughput_mib_s, nitro) for v in layout.volumes)
        cap, rds_type = math.inf, ""
    weakest = min(members, key=lambda m: (m.base_units * m.unit_kib, m.base_mib_s))
    distinct = tuple(dict.fromkeys(members))  # identical stripes need computing once
    profile = _Profile(distinct, weakest, len(members), cap, rds_type)
    if len(_PROFILES) > 4096:
        _PROFILES.clear()
    _PROFILES[key] = (layout, profile)
    return profile
