"""Burst credits: how long a gp2 volume's bucket lasts and refills, and the instance's 30-minute EBS burst.

Pure Python; the figures come from ``data/storage_limits.json`` (AWS's formula: balance / (demand - baseline)).
"""

from __future__ import annotations

import math
from datetime import date
from functools import cache

from advisor.engine.iolimits.data import storage_limits, volume_specs


def gp2_baseline_iops(size_gib: float, *, on: date | None = None) -> float:
    """3 IOPS/GiB clamped to [100, 16,000] (10,000 before 2018-12-03)."""
    spec = volume_specs(on)["gp2"]
    assert spec.baseline_iops_per_gib and spec.min_iops and spec.max_iops
    return min(max(spec.baseline_iops_per_gib * size_gib, spec.min_iops), spec.max_iops)


def gp2_burst_seconds_at(demand_iops: float, baseline_iops: float, credits: float | None = None) -> float:
    """AWS's formula: credit balance / (burst IOPS - baseline IOPS); inf when demand is within baseline."""
    if credits is None:
        credits = volume_specs()["gp2"].credit_bucket_ios or 0.0
    if demand_iops <= baseline_iops * (1 + 1e-9):
        return math.inf
    return credits / (demand_iops - baseline_iops)


def gp2_burst_seconds(size_gib: float, demand_iops: float | None = None) -> float:
    """Full-bucket drain time of one gp2 volume at ``demand_iops`` (default: its 3,000 IOPS burst)."""
    spec = volume_specs()["gp2"]
    demand = spec.burst_iops if demand_iops is None else demand_iops
    assert demand is not None
    return gp2_burst_seconds_at(demand, gp2_baseline_iops(size_gib))


def gp2_refill_seconds(size_gib: float) -> float:
    """Time to refill an empty bucket while idle: credits are earned at the baseline rate (3/GiB/s)."""
    return (volume_specs()["gp2"].credit_bucket_ios or 0.0) / gp2_baseline_iops(size_gib)


@cache
def instance_burst_seconds() -> float:
    """An '*' instance holds its maximum for 30 minutes at least once every 24 hours."""
    return storage_limits().instance_max_burst_seconds.value
