"""What a gp3 volume's GB price includes, said on its storage line (a storage audit found no bill said it).

RDS for Oracle gp3 (Amazon RDS User Guide, 'Amazon RDS DB instance storage', 2023-06): below 200 GiB a fixed 3,000
IOPS and 125 MiB/s, nothing more to provision or pay; from 200 GiB 12,000 IOPS and 500 MiB/s are included and only
what is provisioned above them is charged. An EBS gp3 volume includes 3,000 IOPS and 125 MiB/s of any size
(data/aws_rules.json, with their sources)."""

import pytest

from pricing.engine.aws_rules import aws_rules, included
from pricing.engine.calculator import estimate
from tests.pricing.engine.test_calculator import ec2, rds

RDS_SMALL = "gp3 below 200 GiB includes 3,000 IOPS and 125 MiB/s (fixed, nothing extra is charged)"
RDS_FROM_200 = "gp3 from 200 GiB includes 12,000 IOPS and 500 MiB/s; only what is provisioned above them is charged"
EBS = "gp3 includes 3,000 IOPS and 125 MiB/s; only what is provisioned above them is charged"


@pytest.mark.parametrize(
    ("platform", "size", "words"),
    [
        ("rds", 20, RDS_SMALL),
        ("rds", 199, RDS_SMALL),
        ("rds", 200, RDS_FROM_200),
        ("rds", 65_536, RDS_FROM_200),
        ("rds-custom", 150, RDS_SMALL),
        ("rds-custom", 300, RDS_FROM_200),
        ("ec2", 1, EBS),
        ("ec2", 16_000, EBS),
    ],
)
def test_the_words_come_from_each_platforms_gp3_rule(platform, size, words):
    base = included(aws_rules().storage_rules(platform)["gp3"], size)
    assert base is not None and base.words == words


def test_types_whose_price_includes_no_iops_say_nothing():
    for platform in ("rds", "rds-custom", "ec2"):
        for vtype, rule in aws_rules().storage_rules(platform).items():
            if vtype != "gp3":
                assert included(rule, 500) is None, (platform, vtype)


def test_the_rds_storage_line_says_it_below_200_gib_and_charges_nothing_more(book):
    # the audit's case: 50 GiB single-AZ, 50 x 0.127 = 6.35, and no IOPS or throughput line
    result = estimate(rds(storage={"type": "gp3", "size_gib": 50}), book)
    storage = result.lines[1]
    assert storage.name == "Storage: gp3 Single-AZ, 50 GiB" and storage.note == RDS_SMALL
    assert len(result.lines) == 2
    assert not any("includes" in note for note in result.notes)  # said once, on its line


def test_the_rds_storage_line_says_it_from_200_gib_and_the_lines_above_say_what_they_are_above(book):
    config = rds(
        deployment="multi-az", storage={"type": "gp3", "size_gib": 500, "iops": 15000, "throughput_mib_s": 600}
    )
    storage, iops, throughput = estimate(config, book).lines[1:4]
    assert storage.note == RDS_FROM_200
    assert iops.name == "Storage: gp3 Multi-AZ IOPS above 12,000" and not iops.note
    assert throughput.name == "Storage: gp3 Multi-AZ throughput above 500 MiB/s"


def test_an_additional_gp3_volume_says_it_too(book):
    config = rds(storage={"type": "gp3", "size_gib": 150}, additional_volumes=[{"type": "gp3", "size_gib": 300}])
    lines = {line.name: line.note for line in estimate(config, book).lines}
    assert lines["Storage: gp3 Single-AZ, 150 GiB"] == RDS_SMALL
    assert lines["Additional volume 1: gp3 Single-AZ, 300 GiB"] == RDS_FROM_200


def test_an_rds_custom_line_priced_at_the_rds_row_says_why_first_then_what_it_includes(book):
    # no RDS Custom storage SKU in the eu-west-1 rows: the RDS row stands in, marked estimated, and the note a page
    # shows as "estimated: <note>" gives that reason before what the price includes
    storage = estimate(rds(platform="rds-custom", storage={"type": "gp3", "size_gib": 300}), book).lines[1]
    assert storage.estimated
    assert storage.note == (
        "no RDS Custom SKU for this dimension in the snapshot: priced at the RDS for Oracle row; " + RDS_FROM_200
    )


def test_each_ebs_gp3_volume_says_it_and_other_types_say_nothing(book):
    volumes = [
        {"type": "gp3", "size_gib": 1000, "iops": 6000, "throughput_mib_s": 250},
        {"type": "gp3", "size_gib": 100},
        {"type": "io2", "size_gib": 500, "iops": 10000},
    ]
    lines = {line.name: line.note for line in estimate(ec2(volumes=volumes), book).lines}
    assert lines["EBS volume 1: gp3, 1,000 GiB"] == lines["EBS volume 2: gp3, 100 GiB"] == EBS
    assert lines["EBS volume 1: gp3 provisioned IOPS above 3,000"] == ""
    assert lines["EBS volume 3: io2, 500 GiB"] == ""
