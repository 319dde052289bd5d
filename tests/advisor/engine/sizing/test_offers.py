"""Whether a class may be considered: ordered where and how the workload runs, and its IO checkable."""

from advisor.engine.sizing.need import Need
from advisor.engine.sizing.offers import cannot_check_io, not_orderable


def need(iops: float) -> Need:
    return Need(vcpus=4, memory_gib=8, storage_gib=100, block_kib=8, scan_kib=1024, sustained_iops=iops,
                peak_iops=iops, peak_mib_s=0, peak_minutes=30)  # fmt: skip


def test_orderable_classes_and_uncovered_families_pass_the_region_check():
    # "eu-west-1,oracle-se2,license-included,db.r6i.large" is a row; m4 EC2 types are not in cfn-lint's
    # Oracle-relevant EC2 list at all, so nothing is known and nothing is rejected.
    assert not_orderable("db.r6i.large", platform="rds", region="eu-west-1", edition="se2", licence_model="li") is None
    assert not_orderable("m4.xlarge", platform="ec2", region="eu-west-1", edition="ee", licence_model="byol") is None
    # db.r7i.large has EE BYOL and SE2 BYOL rows in eu-west-1 but no SE2 License Included one.
    why = not_orderable("db.r7i.large", platform="rds", region="eu-west-1", edition="se2", licence_model="li")
    assert why is not None and "not offered in eu-west-1" in why
    # RDS Custom is not in the source: never rejected by it.
    assert not_orderable("db.r7i.large", platform="rds-custom", region="eu-west-1", edition="se2",
                         licence_model="li") is None  # fmt: skip


def test_a_class_without_published_ebs_limits_cannot_be_checked_against_an_io_need():
    assert "cannot be checked: EBS limits not published" in (cannot_check_io("r8i.large", need(iops=100)) or "")
    assert cannot_check_io("r8i.large", need(iops=0)) is None  # no IO need: nothing to check
    assert cannot_check_io("r7i.large", need(iops=100)) is None  # published


def test_flex_instances_are_never_placed_under_a_database():
    # m7i.xlarge is ordinary; m7i-flex.xlarge gets full CPU only 95% of the time (AWS), so it is not considered.
    assert not_orderable("m7i.xlarge", platform="ec2", region="us-east-1", edition="ee", licence_model="byol") is None
    why = not_orderable("m7i-flex.xlarge", platform="ec2", region="us-east-1", edition="ee", licence_model="byol")
    assert why is not None and "flex instance" in why and "95% of the time" in why
