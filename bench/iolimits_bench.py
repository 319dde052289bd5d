"""Benchmark: every catalog instance x every storage layout x every standard IO size.

The recommender searches this space on every request; the goal is at least 200,000 evaluations per second
on the 2-core CI machine. Run: ``make bench`` (or ``python bench/iolimits_bench.py``). Prints its figures;
it asserts nothing, because speed is a goal to watch, not a test to pass or fail.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from advisor.engine.instances import ebs_limits_published, instance_limits, instance_names  # noqa: E402
from advisor.engine.iolimits import (  # noqa: E402
    STANDARD_IO_SIZES_KIB,
    LayoutInvalid,
    StorageLayout,
    Volume,
    evaluate,
    validate_layout,
)
from advisor.engine.oci import evaluate_oci, oci_levels, oci_shapes  # noqa: E402

GOAL_PER_SECOND = 200_000


def _ec2_volumes() -> list[Volume]:
    out = [Volume(type="gp2", size_gib=s) for s in (10, 50, 100, 334, 1000, 3000, 5334)]
    out += [Volume(type="gp3", size_gib=s, iops=i) for s, i in product((100, 1000), (3000, 16000))]
    out += [Volume(type=t, size_gib=1000, iops=i) for t, i in product(("io1", "io2"), (10_000, 50_000))]
    out += [Volume(type=t, size_gib=s) for t, s in product(("st1", "sc1"), (500, 4000))]
    out.append(Volume(type="gp3", size_gib=4000, iops=80_000, throughput_mib_s=2000))
    out.append(Volume(type="standard", size_gib=500))
    return out


def _rds_volumes() -> list[Volume]:
    out = [Volume(type="gp2", size_gib=s) for s in (20, 100, 199, 200, 1000, 5334)]
    out += [Volume(type="gp3", size_gib=s) for s in (20, 199, 400)]
    out += [Volume(type="gp3", size_gib=1000, iops=i) for i in (12_000, 40_000)]
    out += [Volume(type=t, size_gib=1000, iops=i) for t, i in product(("io1", "io2"), (10_000, 50_000))]
    return out


def layouts() -> dict[str, list[StorageLayout]]:
    ec2 = [StorageLayout(platform="ec2", volumes=(v,) * n) for v, n in product(_ec2_volumes(), (1, 2, 4, 8, 16))]
    rds = [StorageLayout(platform="rds", volumes=(v,)) for v in _rds_volumes()]
    valid: dict[str, list[StorageLayout]] = {"ec2": [], "rds": []}
    for layout in ec2 + rds:
        try:
            validate_layout(layout)
        except LayoutInvalid as invalid:
            raise SystemExit(f"benchmark layout invalid: {invalid}") from None
        valid[layout.platform].append(layout)
    return valid


def _bench_oci() -> None:
    """The OCI comparison: every modelled shape x every performance level x three sizes x every IO size."""
    cases = [
        (shape.shape, max(shape.min_ocpus, shape.uhp_min_ocpus), level.vpus_per_gb, size)
        for shape in oci_shapes()
        for level in oci_levels()
        for size in (100, 1000, 4000)
    ]
    start = time.perf_counter()
    for shape, ocpus, vpus, size in cases:
        for io in STANDARD_IO_SIZES_KIB:
            evaluate_oci(shape=shape, ocpus=ocpus, vpus_per_gb=vpus, size_gb=size, io_size_kib=io)
    elapsed = time.perf_counter() - start
    total = len(cases) * len(STANDARD_IO_SIZES_KIB)
    print(f"OCI: {total:,} evaluations in {elapsed:.3f} s, {total / elapsed:,.0f} evaluations/s (cold caches)")


def main() -> None:
    space = layouts()
    instances = {platform: [instance_limits(n, platform) for n in instance_names(platform) if ebs_limits_published(n)]
                 for platform in space}  # fmt: skip
    cases = [(i, lay) for platform in space for i in instances[platform] for lay in space[platform]]
    total = len(cases) * len(STANDARD_IO_SIZES_KIB)
    print(f"space: {sum(map(len, instances.values()))} instances, {sum(map(len, space.values()))} layouts, "
          f"{len(STANDARD_IO_SIZES_KIB)} IO sizes = {total:,} evaluations")  # fmt: skip
    best = 0.0
    for run in range(3):
        tracemalloc.start() if run == 0 else None
        start = time.perf_counter()
        for instance, layout in cases:
            for size in STANDARD_IO_SIZES_KIB:
                evaluate(instance=instance, layout=layout, io_size_kib=size)
        elapsed = time.perf_counter() - start
        if run == 0:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(
                f"run 1 (cold caches, traced): {total / elapsed:,.0f} evaluations/s, peak memory {peak / 1024:,.0f} KiB"
            )
            continue
        best = max(best, total / elapsed)
        print(f"run {run + 1}: {elapsed:.3f} s, {total / elapsed:,.0f} evaluations/s")
    _bench_oci()
    verdict = "meets" if best >= GOAL_PER_SECOND else "MISSES"
    print(f"best: {best:,.0f} evaluations/s ({verdict} the goal of {GOAL_PER_SECOND:,}/s)")


if __name__ == "__main__":
    main()
