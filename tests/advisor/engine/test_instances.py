"""The instance catalog read as IO-limit inputs: figures from AWS's EC2 guides (2023-06-15 and 2024-11-23)."""

import pytest

from advisor.engine.instances import EbsLimitsNotPublished, UnknownInstance, instance_limits, instance_names


def test_an_rds_class_has_its_ec2_twins_ebs_limits_and_the_30_minute_burst():
    # ebs-optimized.md (2023) and the 2024-11 guide agree: m5.large* 650/4,750 Mbps, 3,600/18,750 IOPS;
    # reference §2.3: db.X inherits X's limits
    limits = instance_limits("db.m5.large", "rds")
    assert (limits.ebs_baseline_mbps, limits.ebs_burst_mbps) == (650, 4750)
    assert (limits.baseline_iops, limits.burst_iops) == (3600, 18750)
    assert limits.max_is_30_minute_burst
    assert "Amazon EBS specifications" in limits.source and limits.as_of == "2024-11-23"


def test_an_instance_without_burst_has_equal_limits():
    # ebs-optimized.md: m4.4xlarge 2,000 Mbps, 16,000 IOPS, no burst; m4 is a Xen type
    limits = instance_limits("m4.4xlarge", "ec2")
    assert (limits.ebs_baseline_mbps, limits.ebs_burst_mbps, limits.baseline_iops) == (2000, 2000, 16000)
    assert not limits.max_is_30_minute_burst


def test_unknown_names_and_wrong_platforms_are_refused_with_a_hint():
    with pytest.raises(UnknownInstance, match="RDS classes start with db"):
        instance_limits("m5.large", "rds")
    with pytest.raises(UnknownInstance, match="unknown EC2 instance class 'db.m5.large'"):
        instance_limits("db.m5.large", "ec2")


def test_names_list_current_classes_before_deprecated_ones():
    names = instance_names("rds")
    assert names.index("db.m5.large") < names.index("db.m4.large")
    assert all(name.startswith("db.") for name in names)


def test_a_class_without_published_ebs_limits_says_so_instead_of_guessing():
    # r8i is newer than the 2024-11 guide, the newest stored source of EBS limits
    with pytest.raises(EbsLimitsNotPublished, match="EBS limits of r8i.large are not published"):
        instance_limits("r8i.large", "ec2")
    assert "db.r8i.large" in instance_names("rds")


def test_a_type_aws_offers_but_the_sources_lack_a_figure_for_is_refused_with_why_not_as_unknown():
    # m8id is priced (cfn-lint's 2026-10-20 enum) but no stored source gives its memory: left out, not guessed
    with pytest.raises(UnknownInstance) as refused:
        instance_limits("m8id.large", "ec2")
    message = str(refused.value)
    assert message.startswith("m8id.large is an EC2 type AWS offers, but no AWS document used here gives its memory")
    assert "unknown" not in message and message.endswith("Left out of the instance catalog rather than guessed.")
