"""How much backup storage a retention keeps and bills, worked by hand from the rules' sources.

EBS and RDS backups are snapshots: the first is a full copy of the data, each later one keeps only the blocks
changed since the one before (AWS 'How AWS Pricing Works', Amazon EBS; RDS User Guide, 'Introduction to backups').
RDS backup storage is free up to the allocated storage (RDS FAQ: Billing)."""

from decimal import Decimal

import pytest

from pricing.engine.backup_storage import backup_rules, ebs_snapshot_storage, rds_backup_storage, rds_retention_max_days

D = Decimal


def test_the_rules_are_sourced_and_dated():
    keys = {f.key for f in backup_rules().facts}
    assert keys == {
        "ebs_snapshots_incremental",
        "rds_backups_are_snapshots",
        "rds_free_backup_allowance",
        "rds_free_backup_allowance_region",
        "rds_backups_keep_transaction_logs",
        "rds_automated_backup_retention_max",
    }
    for fact in backup_rules().facts:
        assert "https://" in fact.source and fact.as_of[:2] == "20"
    # RDS's backup retention period is 0 to 35 days (RDS User Guide, 'Backup retention period')
    assert rds_retention_max_days() == backup_rules().fact("rds_automated_backup_retention_max").days == 35


def test_35_days_of_ebs_snapshots_at_the_eu_west_1_row():
    # 35 daily snapshots of 500 GiB changing 10 GiB a day: 500 + 34 x 10 = 840 GiB-months; at the eu-west-1
    # EBS:SnapshotUsage row (0.05 USD per GB-Mo, 2023-02-23) 840 x 0.05 = 42.00 USD a month
    kept = ebs_snapshot_storage(used_gib=D(500), retention_days=35, daily_change_gib=D(10))
    assert kept.kept_gib == kept.billed_gib == 840 and not kept.lower_bound
    assert kept.billed_gib * D("0.05") == D("42.00")
    assert "34 daily backups × 10 GiB changed = 840 GiB" in kept.words


def test_without_a_daily_change_only_the_full_copy_is_counted_and_said_to_be_a_lower_bound():
    kept = ebs_snapshot_storage(used_gib=D(500), retention_days=35)
    assert kept.billed_gib == 500 and kept.lower_bound and "lower bound" in kept.words


def test_rds_bills_only_what_lies_beyond_the_allocated_storage():
    # 500 + 34 x 20 = 1,180 GiB kept; 800 GiB allocated are free: 380 GiB billed
    kept = rds_backup_storage(used_gib=D(500), allocated_gib=D(800), retention_days=35, daily_change_gib=D(20))
    assert kept.kept_gib == 1180 and kept.billed_gib == 380
    # the full copy alone fits in the allowance: nothing billed, and a lower bound
    bare = rds_backup_storage(used_gib=D(500), allocated_gib=D(800), retention_days=35)
    assert bare.billed_gib == 0 and bare.lower_bound


def test_the_allowance_is_the_regions_database_storage_each_instance_counted():
    # a primary and 2 read replicas of 400 GiB each: 1,200 GiB free (AWS Database Blog, 'Demystifying Amazon RDS
    # backup storage costs'); 1,180 GiB kept is all free, where the primary's 400 GiB alone would leave 780 billed
    kept = rds_backup_storage(used_gib=D(500), allocated_gib=D(400), retention_days=35, daily_change_gib=D(20),
                              instances=3)  # fmt: skip
    assert kept.billed_gib == 0 and "3 DB instances × 400 GiB = 1,200 GiB" in kept.words
    alone = rds_backup_storage(used_gib=D(500), allocated_gib=D(400), retention_days=35, daily_change_gib=D(20))
    assert alone.billed_gib == 780 and "free up to the allocated 400 GiB" in alone.words
    with pytest.raises(ValueError):
        rds_backup_storage(used_gib=D(500), allocated_gib=D(400), retention_days=35, instances=0)


def test_no_retention_keeps_nothing():
    assert ebs_snapshot_storage(used_gib=D(500), retention_days=0).billed_gib == 0
    assert rds_backup_storage(used_gib=D(500), allocated_gib=D(100), retention_days=0).billed_gib == 0


def test_negative_sizes_are_refused():
    with pytest.raises(ValueError):
        ebs_snapshot_storage(used_gib=D(-1), retention_days=7)


def test_rds_counts_at_most_the_35_days_it_keeps_automated_backups_and_says_the_days_beyond():
    # 60 days asked: RDS keeps 35, so 500 + 34 x 20 = 1,180 GiB (not 500 + 59 x 20 = 1,680); 800 allocated are free,
    # 380 billed; days 36 to 60 are left for manual snapshots or AWS Backup, said by the caller, never counted here
    kept = rds_backup_storage(used_gib=D(500), allocated_gib=D(800), retention_days=60, daily_change_gib=D(20))
    assert (kept.kept_gib, kept.billed_gib, kept.days, kept.days_beyond) == (1180, 380, 35, 25)
    assert "34 daily backups × 20 GiB changed = 1,180 GiB" in kept.words
    exactly = rds_backup_storage(used_gib=D(500), allocated_gib=D(800), retention_days=35, daily_change_gib=D(20))
    assert (exactly.kept_gib, exactly.days, exactly.days_beyond) == (1180, 35, 0)
    # without a daily change: the full copy, a lower bound, over the 35 days RDS keeps
    bare = rds_backup_storage(used_gib=D(500), allocated_gib=D(100), retention_days=60)
    assert bare.lower_bound and bare.days_beyond == 25 and "between the 35 daily backups" in bare.words


def test_ebs_snapshots_have_no_such_limit():
    # EBS snapshots are kept as long as asked: 500 + 59 x 20 = 1,680 GiB for 60 days
    kept = ebs_snapshot_storage(used_gib=D(500), retention_days=60, daily_change_gib=D(20))
    assert (kept.kept_gib, kept.days, kept.days_beyond) == (1680, 60, 0)
