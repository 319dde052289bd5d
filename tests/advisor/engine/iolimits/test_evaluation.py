"""The IO model's per-layout and per-instance caches: an answer never depends on what was asked before it."""

from __future__ import annotations

from datetime import date

import pytest

from advisor.engine.instances import instance_limits
from advisor.engine.iolimits import STANDARD_IO_SIZES_KIB, StorageLayout, Volume, evaluate

LAYOUTS = [
    StorageLayout(platform="ec2", volumes=(Volume(type="gp2", size_gib=334),) * 4),
    StorageLayout(platform="ec2", volumes=(Volume(type="st1", size_gib=4000),) * 2),
    StorageLayout(platform="ec2", volumes=(Volume(type="io2", size_gib=1000, iops=50_000),)),
    StorageLayout(platform="rds", volumes=(Volume(type="gp3", size_gib=1000, iops=12_000),)),
]
INSTANCES = [("ec2", "r5b.large"), ("ec2", "r6i.8xlarge"), ("rds", "db.r5b.large"), ("rds", "db.r6i.8xlarge")]


def _fresh(layout: StorageLayout) -> StorageLayout:
    """An equal layout that no cache has seen (caches are keyed by identity)."""
    return StorageLayout.model_validate(layout.model_dump())


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.platform}-{lay.volumes[0].type}")
def test_a_layout_asked_on_one_instance_answers_the_same_on_the_next(layout: StorageLayout) -> None:
    names = [name for platform, name in INSTANCES if platform == layout.platform]
    for sequential in (False, True):
        for io in (*STANDARD_IO_SIZES_KIB, 4, 300.5):
            for name in names:  # the same layout object, one instance after another
                warm = evaluate(instance=instance_limits(name, layout.platform), layout=layout, io_size_kib=io,
                                sequential=sequential)  # fmt: skip
                cold = evaluate(instance=instance_limits(name, layout.platform), layout=_fresh(layout),
                                io_size_kib=io, sequential=sequential)  # fmt: skip
                assert warm == cold
                assert (warm.baseline.reason, warm.burst.reason) == (cold.baseline.reason, cold.burst.reason)


def test_an_integer_and_a_float_io_size_answer_alike_and_keep_the_size_asked() -> None:
    layout = LAYOUTS[0]
    instance = instance_limits("r5b.large", "ec2")
    as_int = evaluate(instance=instance, layout=layout, io_size_kib=64)
    as_float = evaluate(instance=instance, layout=layout, io_size_kib=64.0)
    assert as_int.baseline.iops == as_float.baseline.iops and as_int.burst.iops == as_float.burst.iops
    assert type(as_int.io_size_kib) is int and type(as_float.io_size_kib) is float


def test_a_date_in_the_past_is_not_answered_from_todays_limits() -> None:
    layout = StorageLayout(platform="ec2", volumes=(Volume(type="gp2", size_gib=5334),))
    instance = instance_limits("r6i.8xlarge", "ec2")
    today = evaluate(instance=instance, layout=layout, io_size_kib=16)
    in_2018 = evaluate(instance=instance, layout=layout, io_size_kib=16, on=date(2018, 1, 1))
    # gp2's baseline was capped at 10,000 IOPS before 2018-12-03 and is 16,000 now (3 IOPS/GiB x 5,334 GiB)
    assert in_2018.baseline.iops == 10_000
    assert today.baseline.iops == 16_000
