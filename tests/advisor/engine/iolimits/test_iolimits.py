"""Behaviour of the storage IO-limit model; expected values are worked from the sourced reference.

Reference: shared/reference/storage-io-limits.md (R§n below). Instance numbers from the AWS EC2 guide
ebs-optimized.md (awsdocs/amazon-ec2-user-guide@e3707c43, 2023-06-15), copy in shared/data/aws-docs-2023-06.
"""

import json
from datetime import date

import pytest

from advisor.engine.iolimits import (
    DATA_FILE,
    INSTANCE_BANDWIDTH,
    INSTANCE_IOPS,
    RDS_STORAGE_THROUGHPUT,
    VOLUME_IOPS,
    VOLUME_THROUGHPUT,
    InstanceLimits,
    StorageLayout,
    Volume,
    evaluate,
    full_scan_seconds,
    gp2_burst_seconds,
    gp2_refill_seconds,
    storage_limits,
)

EBS_OPT = "AWS EC2 User Guide ebs-optimized.md (awsdocs/amazon-ec2-user-guide@e3707c43)"
MIB_S_PER_MBPS = 1e6 / 8 / 2**20

# m4.4xlarge: 2000 Mbps, 250.0 MB/s, 16000 IOPS, no burst (ebs-optimized.md line 56; R§3 m4 2017 row)
M4_4XL = InstanceLimits(name="m4.4xlarge", ebs_baseline_mbps=2000, ebs_burst_mbps=2000, baseline_iops=16000,
                        burst_iops=16000, nitro=False, source=EBS_OPT, as_of="2023-06-15")  # fmt: skip
# m4.xlarge: 750 Mbps, 93.75 MB/s, 6000 IOPS (ebs-optimized.md line 54)
M4_XL = InstanceLimits(name="m4.xlarge", ebs_baseline_mbps=750, ebs_burst_mbps=750, baseline_iops=6000,
                       burst_iops=6000, nitro=False, source=EBS_OPT, as_of="2023-06-15")  # fmt: skip
# m5.large*: 650/4750 Mbps, 81.25/593.75 MB/s, 3600/18750 IOPS (ebs-optimized.md line 59); r5.large same (line 369)
M5_L = InstanceLimits(name="m5.large", ebs_baseline_mbps=650, ebs_burst_mbps=4750, baseline_iops=3600,
                      burst_iops=18750, max_is_30_minute_burst=True, source=EBS_OPT, as_of="2023-06-15")  # fmt: skip
R5_L = M5_L.model_copy(update={"name": "r5.large"})
# m5.4xlarge: 4750 Mbps, 593.75 MB/s, 18750 IOPS, no burst (ebs-optimized.md line 62)
M5_4XL = InstanceLimits(name="m5.4xlarge", ebs_baseline_mbps=4750, ebs_burst_mbps=4750, baseline_iops=18750,
                        burst_iops=18750, source=EBS_OPT, as_of="2023-06-15")  # fmt: skip


def ec2(*volumes: Volume) -> StorageLayout:
    return StorageLayout(platform="ec2", volumes=volumes)


def rds(volume: Volume) -> StorageLayout:
    return StorageLayout(platform="rds", volumes=(volume,))


# --- data file --------------------------------------------------------------------------------


def test_every_data_row_has_source_and_as_of():
    raw = json.loads(DATA_FILE.read_text())
    rows = [raw["instance_max_burst_seconds"], *raw["volume_types"], *raw["history"], raw["rds_oracle"]["striping"],
            *raw["rds_oracle"]["storage_types"], *raw["rds_oracle"]["not_offered"]]  # fmt: skip
    for row in rows:
        assert row["source"].strip() and row["as_of"].strip(), row
    assert {v["type"] for v in raw["volume_types"]} == {"gp2", "gp3", "io1", "io2", "st1", "sc1", "standard"}


def test_data_file_rejects_unknown_fields():
    raw = json.loads(DATA_FILE.read_text())
    raw["volume_types"][0]["surprise"] = 1
    with pytest.raises(ValueError, match="surprise"):
        type(storage_limits()).model_validate(raw)


# --- gp2 arithmetic from AWS's own examples (general-purpose.md table, R§1.3) -----------------


@pytest.mark.parametrize(
    ("size", "seconds"),
    [
        (1, 5_400_000 / (3000 - 100)),
        (100, 5_400_000 / (3000 - 300)),
        (334, 5_400_000 / (3000 - 1002)),
        (750, 5_400_000 / (3000 - 2250)),
    ],
)
def test_gp2_burst_duration_matches_aws_table(size, seconds):
    # AWS table: 1,862 s / 2,000 s / 2,703 s / 7,200 s
    assert gp2_burst_seconds(size) == pytest.approx(seconds)


def test_gp2_refill_and_no_burst_at_1000_gib():
    assert gp2_refill_seconds(100) == pytest.approx(5_400_000 / 300)  # 18,000 s in AWS's table
    assert gp2_refill_seconds(1) == pytest.approx(5_400_000 / 100)  # 54,000 s
    assert gp2_burst_seconds(1000) == float("inf")  # baseline 3 x 1000 = 3,000 = burst


def test_gp2_256k_io_hits_throughput_at_1000_iops():
    # ebs-io-characteristics.md: gp2 <1,000 GiB with credits, 250 MiB/s limit, 256 KiB IOs -> 1000 IOPS
    cap = evaluate(instance=M5_4XL, layout=ec2(Volume(type="gp2", size_gib=500)), io_size_kib=256)
    assert cap.burst.iops == pytest.approx(250 * 1024 / 256)
    assert cap.burst.binding_limit == VOLUME_THROUGHPUT
    small = evaluate(instance=M5_4XL, layout=ec2(Volume(type="gp2", size_gib=500)), io_size_kib=16)
    assert small.burst.iops == pytest.approx(3000)  # 3000 x 16 KiB = 46.9 MiB/s, well under 250


def test_gp2_100gib_empty_bucket_throughput_is_75_mib_s():
    # R§0: 100 GiB -> 300 IOPS x 256 KiB = 75 MiB/s once credits are gone
    cap = evaluate(instance=M5_4XL, layout=ec2(Volume(type="gp2", size_gib=100)), io_size_kib=1024)
    assert cap.baseline.throughput_mib_s == pytest.approx(300 * 256 / 1024)
    assert cap.baseline.binding_limit == VOLUME_IOPS
    assert cap.baseline.reason.startswith("gp2 baseline of 300 IOPS counted in 256 KiB units")
    assert "4 units per 1,024 KiB IO" in cap.baseline.reason


def test_gp2_pre_2018_throughput_cap_was_160():
    layout = ec2(Volume(type="gp2", size_gib=1000))  # 3,000 IOPS x 256 KiB = 750 MiB/s, volume cap binds
    assert evaluate(instance=M5_4XL, layout=layout, io_size_kib=1024).baseline.throughput_mib_s == 250
    old = evaluate(instance=M5_4XL, layout=layout, io_size_kib=1024, on=date(2017, 6, 1))
    assert old.baseline.throughput_mib_s == 160


# --- instance limits --------------------------------------------------------------------------


def test_instance_bandwidth_conversion_and_reason():
    layout = ec2(*(Volume(type="gp3", size_gib=500, iops=16000, throughput_mib_s=1000) for _ in range(2)))
    cap = evaluate(instance=M5_4XL, layout=layout, io_size_kib=1024)
    assert cap.baseline.throughput_mib_s == pytest.approx(4750 * 1e6 / 8 / 2**20)  # 566.2 MiB/s
    assert cap.baseline.reason == "the instance's EBS bandwidth of 4,750 Mbps caps throughput at 566.2 MiB/s"


def test_m5_large_bursts_for_30_minutes():
    layout = ec2(Volume(type="gp3", size_gib=1000, iops=16000, throughput_mib_s=1000))
    cap = evaluate(instance=M5_L, layout=layout, io_size_kib=1024)
    assert cap.baseline.throughput_mib_s == pytest.approx(650 * MIB_S_PER_MBPS)
    assert cap.burst.throughput_mib_s == pytest.approx(4750 * MIB_S_PER_MBPS)
    assert cap.burst.binding_limit == INSTANCE_BANDWIDTH
    assert cap.burst.lasts_seconds == 30 * 60
    assert cap.baseline.lasts_seconds is None


def test_r5_large_small_io_is_instance_iops_bound():
    layout = ec2(Volume(type="io2", size_gib=100, iops=64000))
    cap = evaluate(instance=R5_L, layout=layout, io_size_kib=8)
    assert (cap.baseline.iops, cap.burst.iops) == (3600, 18750)
    assert cap.burst.binding_limit == INSTANCE_IOPS


def test_m4_xlarge_caps_large_reads():
    cap = evaluate(instance=M4_XL, layout=ec2(Volume(type="gp2", size_gib=500)), io_size_kib=1024)
    assert cap.burst.throughput_mib_s == pytest.approx(750 * MIB_S_PER_MBPS)  # 89.4 MiB/s


def test_io1_on_non_nitro_is_held_to_32000():
    layout = ec2(Volume(type="io1", size_gib=2000, iops=64000))
    big = InstanceLimits(name="r5b.24xlarge", ebs_baseline_mbps=60000, ebs_burst_mbps=60000, baseline_iops=260000,
                         burst_iops=260000, source="R§3 r5b row", as_of="2023-06-15")  # fmt: skip
    assert evaluate(instance=big, layout=layout, io_size_kib=8).baseline.iops == 64000
    xen = big.model_copy(update={"nitro": False})
    assert evaluate(instance=xen, layout=layout, io_size_kib=8).baseline.iops == 32000


# --- HDD and full scans (hdd-vols.md worked example) -----------------------------------------


def test_st1_and_sc1_5tib_full_scan_matches_aws_example():
    st1 = evaluate(instance=M5_4XL, layout=ec2(Volume(type="st1", size_gib=5 * 1024)), io_size_kib=1024)
    # burst 250 MiB/s/TiB x 5 = 1,250 -> cap 500; bucket 5 TiB lasts 5 TiB / (500 - 200) > scan time
    assert st1.burst.throughput_mib_s == 500
    assert full_scan_seconds(5 * 1024, 1024, st1) / 3600 == pytest.approx(5 * 1024 * 1024 / 500 / 3600)  # 2.91 h
    sc1 = evaluate(instance=M5_4XL, layout=ec2(Volume(type="sc1", size_gib=5 * 1024)), io_size_kib=1024)
    assert full_scan_seconds(5 * 1024, 1024, sc1) / 3600 == pytest.approx(5.83, abs=0.005)  # AWS: 5.83 h
    assert sc1.baseline.throughput_mib_s == pytest.approx(12 * 5)


def test_st1_small_random_io_counts_whole_ios():
    cap = evaluate(instance=M5_4XL, layout=ec2(Volume(type="st1", size_gib=2048)), io_size_kib=8)
    assert cap.baseline.iops == 500  # each 8 KiB random IO is one of the 500 IOPS
    merged = evaluate(instance=M5_4XL, layout=ec2(Volume(type="st1", size_gib=2048)), io_size_kib=8, sequential=True)
    assert merged.baseline.throughput_mib_s == pytest.approx(40 * 2)  # merged into 1 MiB units: base 80 MiB/s binds


def test_full_scan_falls_back_to_baseline_when_credits_run_out():
    cap = evaluate(instance=M5_4XL, layout=ec2(Volume(type="gp2", size_gib=100)), io_size_kib=256)
    # burst: 3000 x 256 KiB = 750 -> cap 128 MiB/s = 512 IOPS... below 3000, so drain = 5.4e6/(512-300)
    lasts = 5_400_000 / (128 * 4 - 300)
    assert cap.burst.lasts_seconds == pytest.approx(lasts)
    size = 4096  # GiB, more than burst covers
    expected = lasts + (size * 1024 - 128 * lasts) / 75
    assert full_scan_seconds(size, 256, cap) == pytest.approx(expected)
    with pytest.raises(ValueError, match="256"):
        full_scan_seconds(size, 8, cap)


# --- RDS for Oracle ---------------------------------------------------------------------------


def test_rds_gp2_200gib_stripes_four_ways():
    cap = evaluate(instance=M5_4XL, layout=rds(Volume(type="gp2", size_gib=200)), io_size_kib=8)
    assert cap.baseline.iops == 4 * 3 * 50  # 600, R§2.2
    assert cap.burst.iops == 4 * 3000  # 12,000, R§2.2
    small = evaluate(instance=M5_4XL, layout=rds(Volume(type="gp2", size_gib=199)), io_size_kib=8)
    assert small.baseline.iops == 597 and small.burst.iops == 3000


def test_rds_gp3_baseline_above_threshold():
    cap = evaluate(instance=M5_4XL, layout=rds(Volume(type="gp3", size_gib=400)), io_size_kib=8)
    assert cap.baseline.iops == 12000
    big = evaluate(instance=M5_4XL, layout=rds(Volume(type="gp3", size_gib=400)), io_size_kib=1024)
    assert big.baseline.throughput_mib_s == 500 and big.baseline.binding_limit in (
        VOLUME_THROUGHPUT,
        RDS_STORAGE_THROUGHPUT,
    )
    small = evaluate(instance=M5_4XL, layout=rds(Volume(type="gp3", size_gib=100)), io_size_kib=1024)
    assert small.baseline.throughput_mib_s == 125


def test_rds_io2_aggregate_throughput_capped_at_4000():
    huge = InstanceLimits(name="r5b.24xlarge", ebs_baseline_mbps=60000, ebs_burst_mbps=60000, baseline_iops=260000,
                          burst_iops=260000, source="R§3 r5b row", as_of="2023-06-15")  # fmt: skip
    cap = evaluate(instance=huge, layout=rds(Volume(type="io2", size_gib=1000, iops=200000)), io_size_kib=1024)
    assert cap.baseline.throughput_mib_s == 4000
    assert cap.baseline.binding_limit == RDS_STORAGE_THROUGHPUT


# --- seed 000: five 1 GiB gp2 volumes under ASM on an m4.4xlarge (2017) ----------------------


def test_seed_1m_reads_are_instance_bound_within_2_percent():
    """Seed: 245,111 KB/s total (iostat kB = KiB), 1,925 IO/s of ~127 KiB (Linux split 1 MiB into 128 KiB).

    Tolerance 2 %: iostat 5-second averages; 2 % still tells the decimal-Mbps conversion (244,141 KiB/s)
    from reading 250 MB/s as MiB/s (256,000 KiB/s, +4.4 %).
    """
    layout = ec2(*(Volume(type="gp2", size_gib=1) for _ in range(5)))
    cap = evaluate(instance=M4_4XL, layout=layout, io_size_kib=1024, on=date(2017, 6, 1))
    assert cap.burst.binding_limit == INSTANCE_BANDWIDTH
    assert cap.burst.throughput_mib_s * 1024 == pytest.approx(245_111, rel=0.02)
    at_128 = evaluate(instance=M4_4XL, layout=layout, io_size_kib=128, on=date(2017, 6, 1))
    assert at_128.burst.iops == pytest.approx(1925, rel=0.02)
    one = evaluate(instance=M4_4XL, layout=ec2(Volume(type="gp2", size_gib=1)), io_size_kib=1024)
    assert one.burst.throughput_mib_s * 1024 < 245_111  # "impossible to reach with just 1 volume": 128 MiB/s


def test_seed_8k_reads_show_per_volume_limits_add_up():
    """Seed: 6,024 IO/s, 48,214 KB/s of 8 KiB reads while bursting. One serial session was latency bound, not
    limit bound, so the measurement is a floor: the model's ceiling (5 x 3,000) must be above it, a single
    volume's burst (3,000) and the striped baseline (5 x 100) below it."""
    layout = ec2(*(Volume(type="gp2", size_gib=1) for _ in range(5)))
    cap = evaluate(instance=M4_4XL, layout=layout, io_size_kib=8, on=date(2017, 6, 1))
    assert cap.burst.iops == 5 * 3000 >= 6024
    assert cap.baseline.iops == 5 * 100 < 6024
    one = evaluate(instance=M4_4XL, layout=ec2(Volume(type="gp2", size_gib=1)), io_size_kib=8)
    assert one.burst.iops == 3000 < 6024
    assert cap.burst.lasts_seconds == pytest.approx(5_400_000 / (3000 - 100))  # seed: "~2000 seconds, or more"
