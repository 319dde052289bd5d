"""Storage layouts sized to a need: one RDS allocation per storage type, and EBS volumes striped on EC2.

Pure Python. Layouts AWS would refuse (a need beyond a type's bounds) are dropped, and with latency sensitivity
"high" only storage AWS rates sub-millisecond is kept. A database larger than an RDS allocation takes gets each
type's largest allocation, which misses the storage and shows what IO that type would give.
"""

from __future__ import annotations

import math

from advisor.engine.iolimits import LayoutInvalid, StorageLayout, Volume, storage_limits, validate_layout, volume_specs
from advisor.engine.sizing.need import Need, SizingPolicy


def low_latency(volume_type: str) -> bool:
    """Whether AWS rates the storage type sub-millisecond (the data's latency class)."""
    spec = volume_specs().get(volume_type)
    return spec is not None and spec.latency_class == "sub-ms"


def _gp2_iops_per_gib() -> float:
    rate = volume_specs()["gp2"].baseline_iops_per_gib
    assert rate is not None  # storage_limits.json's gp2 row requires it
    return rate


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


def rds_layouts(need: Need) -> list[StorageLayout]:
    """One RDS allocation per storage type, sized to the need within RDS for Oracle's rules (at most the type's
    largest allocation: the additional volumes beyond it are not built here)."""
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
    size = min(max(need.storage_gib, gp3.min_size_gib), gp3.max_size_gib)
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
        size = min(max(need.storage_gib, rule.min_size_gib, stripe_from), rule.max_size_gib)
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
