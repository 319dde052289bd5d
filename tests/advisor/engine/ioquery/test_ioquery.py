"""One IO-limit question as the page, API and CLI ask it. Expected figures are worked by hand from
shared/reference/storage-io-limits.md (R§n) and AWS's ebs-optimized.md (db.m5.large = m5.large: 650/4,750 Mbps,
3,600/18,750 IOPS at 16 KiB, maximum for 30 minutes a day)."""

import pytest

from advisor.engine.ioquery import IoQueryInvalid, parse_io_query, report_json, run_io_query

MIB_S_PER_MBPS = 1e6 / 8 / 2**20

RDS_GP2_100 = {"platform": "rds", "instance": "db.m5.large", "volume": "gp2", "size_gib": 100}


def problems_of(data):
    with pytest.raises(IoQueryInvalid) as caught:
        parse_io_query(data)
    return {p.field: p.message for p in caught.value.problems}


def test_rds_gp2_100_gib_reports_every_standard_io_size():
    report = report_json(run_io_query(parse_io_query(RDS_GP2_100)))
    assert [r["io_size_kib"] for r in report["results"]] == [8, 16, 32, 64, 128, 256, 512, 1024]
    eight = report["results"][0]
    # gp2 100 GiB: 300 IOPS baseline, 3,000 burst, bucket 5.4M / (3,000 - 300) = 2,000 s (R§1.3)
    assert eight["baseline"] == {
        "iops": 300.0,
        "throughput_mib_s": 2.34,
        "binding_limit": "volume_iops",
        "reason": "gp2 baseline of 300 IOPS counted in 256 KiB units",
    }
    assert eight["burst"]["iops"] == 3000.0 and eight["burst"]["lasts_seconds"] == 2000.0


def test_at_1_mib_gp2_counts_four_units_per_io_and_bursts_to_its_throughput_cap():
    report = run_io_query(parse_io_query(RDS_GP2_100 | {"io_size_kib": [1024]}))
    (row,) = report.rows
    # 300 units / 4 per IO = 75 IOPS = 75 MiB/s, below the instance's 650 Mbps = 77.5 MiB/s
    assert row.baseline.iops == pytest.approx(75) and row.baseline.binding_limit == "volume_iops"
    assert "4 units per 1,024 KiB IO" in row.baseline.reason
    # burst: 3,000 / 4 = 750 IOPS but gp2 <= 170 GiB is capped at 128 MiB/s (R§1)
    assert row.burst.throughput_mib_s == pytest.approx(128) and row.burst.binding_limit == "volume_throughput"


def test_a_large_gp3_on_a_small_instance_is_bound_by_the_instance_bandwidth_in_words():
    data = {"platform": "ec2", "instance": "m4.large", "volume": "gp3", "size_gib": 1000, "io_size_kib": [1024]}
    (row,) = run_io_query(parse_io_query(data)).rows
    # m4.large: 450 Mbps (R§3, the seed talk's instance) = 53.6 MiB/s
    assert row.baseline.throughput_mib_s == pytest.approx(450 * MIB_S_PER_MBPS)
    assert row.baseline.reason == "the instance's EBS bandwidth of 450 Mbps caps throughput at 53.6 MiB/s"


def test_scan_and_demand_estimates_are_part_of_the_answer():
    data = RDS_GP2_100 | {"scan_gib": 10, "scan_io_size_kib": 1024, "demand_iops": 1000}
    report = run_io_query(parse_io_query(data))
    # 10 GiB at the 128 MiB/s burst: 80 s, well within the bucket's time at that rate
    assert report.scan is not None and report.scan.seconds == pytest.approx(10 * 1024 / 128)
    assert report.demand is not None and report.demand.lasts_seconds == pytest.approx(5_400_000 / 700)
    out = report_json(report)
    assert out["full_scan"]["seconds"] == 80.0 and out["demand"]["then_iops"] == 300.0


def test_every_answer_names_its_sources_with_dates():
    report = run_io_query(parse_io_query(RDS_GP2_100))
    whats = [what for what, _, _ in report.sources]
    assert whats[:2] == ["db.m5.large EBS limits", "gp2 volume"]
    assert "RDS for Oracle storage striping" in whats
    assert all(source and as_of for _, source, as_of in report.sources)


def test_unknown_instance_and_volume_type_are_named_with_what_is_accepted():
    problems = problems_of({"platform": "ec2", "instance": "m5.huge", "volume": "gp9", "size_gib": 100})
    assert "unknown EC2 instance class 'm5.huge'" in problems["instance"]
    assert "unknown EBS volume type 'gp9'" in problems["volume"] and "gp3" in problems["volume"]


def test_out_of_bounds_values_name_the_bound_and_its_source():
    problems = problems_of({"platform": "ec2", "instance": "m5.large", "volume": "io1", "size_gib": 10, "iops": 5000})
    # io1: at most 50 IOPS per GiB (R§1): 500 at 10 GiB
    assert "exceeds the maximum of 50:1" in problems["iops"] and "source:" in problems["iops"]


def test_platform_rules_several_rds_volumes_and_instance_store_without_one():
    problems = problems_of(RDS_GP2_100 | {"volumes": 2, "instance_store": "flash_cache"})
    assert "one storage allocation" in problems["volumes"]
    assert "db.m5.large has no instance store" in problems["instance_store"]


def test_a_refusal_names_its_source_as_people_know_it():
    # m5.xlarge has no instance store: the refusal names AWS's instance-types guide and its date, not the folder
    # its tables were read from (shared/data/...)
    (message,) = problems_of({"platform": "ec2", "instance": "m5.xlarge", "volume": "gp3", "size_gib": 500,
                              "instance_store": "flash_cache"}).values()  # fmt: skip
    assert message.startswith("m5.xlarge has no instance store (source: AWS 'Amazon EC2 - Instance Types' guide, PDF")
    assert "shared/" not in message and "2024-11-23" in message


def test_shape_errors_name_the_field_and_what_is_accepted():
    problems = problems_of({"platform": "azure", "instance": "", "size_gib": -1, "io_size_kib": [4096]})
    assert "'rds', 'ec2' or 'oci'" in problems["platform"]
    assert problems["instance"] == "required"  # an empty name, said as the missing field it is
    assert problems["size_gib"] == "-1 must be more than 0."
    assert (
        "4,096 KiB is outside the range" in problems["io_size_kib"]
        and "from 8 KiB to 1,024 KiB" in problems["io_size_kib"]
    )


OCI_BALANCED_1000 = {"platform": "oci", "instance": "VM.Standard.E4.Flex", "ocpus": 8, "vpus_per_gb": 10,
                     "size_gib": 1000}  # fmt: skip


def test_oci_balanced_volume_of_1000_gb_reaches_480_oci_mb_s_at_1_mib():
    # Oracle's Balanced page: 480 KB/s per GB up to 480 MB/s; OCI MB = 1,000 KB of 1,024 bytes = 468.75 MiB/s
    report = run_io_query(parse_io_query(OCI_BALANCED_1000 | {"io_size_kib": [1024]}))
    (row,) = report.rows
    assert row.baseline.throughput_mib_s == pytest.approx(468.75)
    assert row.baseline.binding_limit == "volume_throughput"
    assert row.burst.iops == row.baseline.iops and row.burst.lasts_seconds is None  # OCI volumes do not burst
    assert any("VPUs/GB" in what for what, _, _ in report.sources)


def test_oci_demand_above_the_limit_is_capped_indefinitely():
    # Balanced: 60 IOPS/GB = 60,000 at 1,000 GB, capped at the level's 25,000 IOPS
    report = run_io_query(parse_io_query(OCI_BALANCED_1000 | {"demand_iops": 30000}))
    assert report.demand is not None
    assert report.demand.served_iops == pytest.approx(25000) and report.demand.lasts_seconds is None


def test_oci_rejects_aws_fields_and_needs_its_own():
    problems = problems_of({"platform": "oci", "instance": "VM.Standard.E4.Flex", "size_gib": 100, "volume": "gp2"})
    assert "not for the oci platform" in problems["volume"]
    assert problems["ocpus"] == problems["vpus_per_gb"] == "required for the oci platform"


def test_oci_bounds_come_back_under_the_query_field_names():
    problems = problems_of(OCI_BALANCED_1000 | {"instance": "VM.Imaginary.Flex", "size_gib": 10})
    assert "VM.Imaginary.Flex" in problems["instance"]
    assert "size_gib" in problems


def test_limits_in_force_on_a_past_date_reproduce_the_seed_talks_era():
    # gp2 throughput was 160 MiB/s per volume until 2018-12 (R§1.1); a 1 TiB gp2 volume then vs now (250 MiB/s)
    data = {"platform": "ec2", "instance": "r5b.24xlarge", "volume": "gp2", "size_gib": 1000, "io_size_kib": [1024]}
    (then,) = run_io_query(parse_io_query(data | {"limits_on": "2017-06-01"})).rows
    (now,) = run_io_query(parse_io_query(data)).rows
    assert then.baseline.throughput_mib_s == pytest.approx(160)
    assert now.baseline.throughput_mib_s == pytest.approx(250)


def test_figures_older_than_the_catalogs_newest_are_flagged():
    # db.m5.large's limits come from AWS's 2024-11-23 EC2 guide; the m7i/r7i metal sizes the guide lacks from the
    # 2026-05-13 dataset (R§3 [D]), the newest EBS figures in the catalog
    old = run_io_query(parse_io_query(RDS_GP2_100))
    assert any("as of 2024-11-23, older than the catalog's newest (2026-05-13)" in n for n in old.notes)
    new = run_io_query(
        parse_io_query({"platform": "ec2", "instance": "m7i.metal-48xl", "volume": "gp3", "size_gib": 100})
    )
    assert not any("older than the catalog's newest" in n for n in new.notes)


def test_a_huge_number_or_long_text_is_named_not_said_back_digit_by_digit():
    said = problems_of({"platform": "ec2", "instance": "m5.large", "size_gib": 10**300, "io_size_kib": "x" * 500})
    assert said["size_gib"] == "The number given must be 65,536 or less."
    assert "xxxxxxxx" not in said["io_size_kib"] and said["io_size_kib"].startswith("The text given")
    assert problems_of({"platform": "ec2", "instance": "m5.large", "size_gib": 70_000})["size_gib"] == (
        "70,000 must be 65,536 or less."
    )
