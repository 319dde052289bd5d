"""The storage IO-limit model's refusals of bad layouts, and burst at a given demand; expected values are worked
from the sourced reference (shared/reference/storage-io-limits.md)."""

import pytest

from advisor.engine.iolimits import (
    InstanceLimits,
    InstanceStore,
    LayoutInvalid,
    StorageLayout,
    Volume,
    burst_at_demand,
    evaluate,
    instance_store_read,
    validate_layout,
    validate_volume,
)
from tests.advisor.engine.iolimits.test_iolimits import EBS_OPT, M5_L

# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("volume", "platform", "field", "message"),
    [
        (Volume(type="gp4", size_gib=10), "ec2", "volume.type", "unknown EBS volume type 'gp4'"),
        (
            Volume(type="gp2", size_gib=20000),
            "ec2",
            "volume.size_gib",
            "gp2 size (GiB) 20,000 is above the maximum of 16,384",
        ),
        (
            Volume(type="io1", size_gib=2, iops=100),
            "ec2",
            "volume.size_gib",
            "io1 size (GiB) 2 is below the minimum of 4",
        ),
        (
            Volume(type="io1", size_gib=100, iops=6000),
            "ec2",
            "volume.iops",
            "io1 IOPS:GiB ratio 60 exceeds the maximum of 50:1",
        ),
        (
            Volume(type="io2", size_gib=100, iops=300000),
            "ec2",
            "volume.iops",
            "io2 IOPS 300,000 is above the maximum of 256,000",
        ),
        (Volume(type="io1", size_gib=100), "ec2", "volume.iops", "io1 needs provisioned IOPS"),
        (
            Volume(type="gp3", size_gib=100, iops=2000),
            "ec2",
            "volume.iops",
            "gp3 IOPS 2,000 is below the minimum of 3,000",
        ),
        (
            Volume(type="gp3", size_gib=100, iops=4000, throughput_mib_s=1500),
            "ec2",
            "volume.throughput_mib_s",
            "exceeds 0.25 MiB/s per provisioned IOPS",
        ),
        (
            Volume(type="gp3", size_gib=100, throughput_mib_s=3000),
            "ec2",
            "volume.throughput_mib_s",
            "above the maximum of 2,000",
        ),
        (Volume(type="gp2", size_gib=100, iops=500), "ec2", "volume.iops", "gp2 IOPS are set by its size"),
        (Volume(type="st1", size_gib=100), "ec2", "volume.size_gib", "st1 size (GiB) 100 is below the minimum of 125"),
        (Volume(type="standard", size_gib=100), "rds", "volume.type", "RDS magnetic storage is deprecated"),
        (
            Volume(type="gp2", size_gib=10),
            "rds",
            "volume.size_gib",
            "RDS for Oracle gp2 size (GiB) 10 is below the minimum of 20",
        ),
        (
            Volume(type="io1", size_gib=150, iops=12000),
            "rds",
            "volume.iops",
            "RDS for Oracle io1 IOPS 12,000 is above the maximum of 9,950",
        ),
        (Volume(type="gp3", size_gib=100, iops=6000), "rds", "volume.iops", "fixed at 3,000 IOPS and 125 MiB/s"),
        (Volume(type="io1", size_gib=4000, iops=1000), "rds", "volume.iops", "below the minimum of 0.5:1"),
    ],
)
def test_invalid_volumes_name_the_bound_and_source(volume, platform, field, message):
    with pytest.raises(LayoutInvalid) as raised:
        validate_volume(volume, platform=platform)
    problem = raised.value.problems[0]
    assert problem.field == field
    assert message in problem.message
    if "unknown" not in message:
        assert "source:" in problem.message


def test_rds_takes_one_allocation():
    layout = StorageLayout(platform="rds", volumes=(Volume(type="gp2", size_gib=100), Volume(type="gp2", size_gib=100)))
    with pytest.raises(LayoutInvalid, match="RDS for Oracle takes one storage allocation"):
        validate_layout(layout)
    with pytest.raises(LayoutInvalid):
        evaluate(instance=M5_L, layout=layout, io_size_kib=8)


def test_instance_burst_flag_must_match_numbers():
    with pytest.raises(ValueError, match="max_is_30_minute_burst"):
        M5_L.model_copy(update={}).model_validate(M5_L.model_dump() | {"max_is_30_minute_burst": False})


# --- demand estimates and instance store --------------------------------------------------------

M5_LARGE = InstanceLimits(name="m5.large", ebs_baseline_mbps=650, ebs_burst_mbps=4750, baseline_iops=3600,
                          burst_iops=18750, max_is_30_minute_burst=True, source=EBS_OPT, as_of="2023-06-15")  # fmt: skip
RDS_GP2_100 = StorageLayout(platform="rds", volumes=(Volume(type="gp2", size_gib=100),))


def test_a_demand_within_baseline_is_sustained_indefinitely():
    # gp2 100 GiB: 3 IOPS/GiB = 300 IOPS baseline (R§1)
    estimate = burst_at_demand(instance=M5_LARGE, layout=RDS_GP2_100, io_size_kib=8, demand_iops=250)
    assert estimate.lasts_seconds is None and estimate.served_iops == 250
    assert "sustainable indefinitely" in estimate.reason


def test_a_demand_above_gp2_baseline_drains_the_credit_bucket_at_demand_minus_baseline():
    # AWS: seconds = 5.4 million credits / (demand - baseline) = 5,400,000 / (1,000 - 300) = 7,714.3 s (R§1.3)
    estimate = burst_at_demand(instance=M5_LARGE, layout=RDS_GP2_100, io_size_kib=8, demand_iops=1000)
    assert estimate.lasts_seconds == pytest.approx(5_400_000 / 700)
    assert (estimate.then_iops, estimate.served_iops) == (pytest.approx(300), 1000)
    assert "then drops to 300 IOPS" in estimate.reason


def test_a_demand_above_the_burst_is_capped_at_the_burst_rate():
    # gp2 bursts to 3,000 IOPS: a 5,000 IOPS demand is served at 3,000 for 5.4M / 2,700 = 2,000 s
    estimate = burst_at_demand(instance=M5_LARGE, layout=RDS_GP2_100, io_size_kib=8, demand_iops=5000)
    assert estimate.served_iops == pytest.approx(3000)
    assert estimate.lasts_seconds == pytest.approx(2000)
    assert estimate.reason.startswith("capped at the burst rate of 3,000 IOPS")


def test_a_demand_over_the_instance_baseline_lasts_the_instances_30_minutes():
    # io1 20,000 IOPS has no credits; m5.large sustains 3,600 IOPS and bursts to 18,750 for 30 minutes (R§3)
    layout = StorageLayout(platform="ec2", volumes=(Volume(type="io1", size_gib=400, iops=20000),))
    estimate = burst_at_demand(instance=M5_LARGE, layout=layout, io_size_kib=16, demand_iops=10000)
    assert estimate.lasts_seconds == 1800
    assert estimate.then_iops == pytest.approx(3600)


I3_LARGE = InstanceLimits(
    name="i3.large", ebs_baseline_mbps=425, ebs_burst_mbps=425, baseline_iops=3000, burst_iops=3000, nitro=False,
    instance_store=InstanceStore(disks=1, total_gb=475, random_read_iops_4k=100_125, write_iops_4k=35_000,
                                 source="R§5 storage-optimized-instances.md", as_of="2023-06-15"),
    source=EBS_OPT, as_of="2023-06-15",
)  # fmt: skip


def test_instance_store_reads_use_the_published_4k_figure_and_hold_its_bytes_per_second_for_larger_ios():
    # i3.large: 100,125 random 4 KiB read IOPS (R§5) = 391.1 MiB/s; 8 KiB IOs at that rate: 50,062.5 IOPS
    small = instance_store_read(I3_LARGE, 4)
    assert small is not None and small.iops == 100_125
    eight = instance_store_read(I3_LARGE, 8)
    assert eight is not None
    assert eight.throughput_mib_s == pytest.approx(100_125 * 4 / 1024)
    assert eight.iops == pytest.approx(50_062.5)
    assert "AWS publishes no throughput figure" in eight.reason


def test_no_instance_store_figure_means_no_local_read_result():
    assert instance_store_read(M5_LARGE, 8) is None


def test_volumes_without_burst_name_their_limit_not_a_burst():
    # gp3 holds 3,000 IOPS and 125 MiB/s by default, with no burst (R§1)
    layout = StorageLayout(platform="ec2", volumes=(Volume(type="gp3", size_gib=500),))
    small = evaluate(instance=M5_LARGE, layout=layout, io_size_kib=8)
    assert small.baseline.reason == "gp3 limit of 3,000 IOPS counted in 256 KiB units"
    large = evaluate(instance=M5_LARGE, layout=layout, io_size_kib=1024)
    assert large.burst.reason == "gp3 throughput limit of 125 MiB/s per volume"
