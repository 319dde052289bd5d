"""A backup retention longer than RDS can keep automated backups: priced for the 35 days it keeps them, the rest said
to need manual DB snapshots (or AWS Backup) and listed as not priced, with a finding on RDS and RDS Custom.

RDS's backup retention period is 0 to 35 days (RDS User Guide, 'Backup retention period'; RDS Custom for Oracle 1 to
35, RDS API Reference, CreateDBInstance); manual snapshots are not subject to it. Prices: the eu-west-1 rows of
2023-02-23, RDS:ChargedBackupUsage 0.095 and RDSCustom:ChargedBackupUsage 0.095 USD per GB-month, EBS:SnapshotUsage
0.05 USD per GB-month."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.topology_costs import backup_costs
from advisor.engine.workload import parse_workload
from pricing.engine.backup_storage import rds_retention_max_days
from tests.advisor.engine.test_topology import book, cents, options, scenario

RULES = Path(__file__).resolve().parents[3] / "advisor" / "rules"
BEYOND = "Backups kept beyond the 35 days RDS keeps automated backups (days 36 to 60 of the 60-day backup retention)"


def audit_case():
    """The audit's case: the packaged app (EE BYOL, 1,200 GiB) kept 60 days, 50 GiB changed a day."""
    workload = scenario("sysdba-one-off-patches")
    sizing = workload.sizing.model_copy(update={"backup_retention_days": 60, "backup_daily_change_gib": 50})
    return workload.model_copy(update={"sizing": sizing})


def test_rds_prices_the_35_days_it_keeps_and_lists_the_rest_as_not_priced():
    rds = options(audit_case())["rds"].chosen
    allocated = Decimal(rds.layout.volumes[0].size_gib)
    # 1,200 + 34 x 50 = 2,900 GiB kept for 35 days (not 1,200 + 59 x 50 = 4,150 for 60); the allocated storage is free
    (backup,) = rds.topology.backups
    assert backup.quantity == 2900 - allocated > 0
    assert backup.monthly_usd == cents((2900 - allocated) * Decimal("0.095"))
    assert backup.name.startswith("Automated backups for the 35 days RDS keeps of the 60-day backup retention, ")
    assert "1,200 GiB + 34 daily backups × 50 GiB changed = 2,900 GiB" in backup.name
    assert rds.topology.unpriced == (f"{BEYOND}: they need manual DB snapshots or AWS Backup, not priced here",)
    assert rds.topology.partial and not rds.topology.needs_input


def test_ec2_snapshots_keep_the_whole_retention_asked():
    # EBS snapshots have no such limit: 1,200 + 59 x 50 = 4,150 GiB x 0.05 = 207.50
    ec2 = options(audit_case())["ec2"].chosen
    (snapshots,) = ec2.topology.backups
    assert snapshots.quantity == 4150 and snapshots.monthly_usd == Decimal("207.50")
    assert not any("35 days" in item for item in ec2.topology.not_priced)


def test_rds_custom_prices_35_days_and_points_to_manual_snapshots_only():
    # whether AWS Backup covers RDS Custom is not in the sources read: manual DB snapshots only are named
    costs = backup_costs(audit_case(), book(), platform="rds-custom", allocated_gib=1598)
    (line,) = costs.lines
    assert line.quantity == 2900 - 1598 and line.monthly_usd == cents(1302 * Decimal("0.095"))
    assert "35 days RDS keeps of the 60-day backup retention" in line.name
    assert costs.unpriced == (f"{BEYOND}: they need manual DB snapshots, not priced here",)


def test_35_days_or_fewer_are_priced_as_asked_with_nothing_left_out():
    workload = audit_case()
    workload = workload.model_copy(update={"sizing": workload.sizing.model_copy(update={"backup_retention_days": 35})})
    costs = backup_costs(workload, book(), platform="rds", allocated_gib=1598)
    assert costs.unpriced == () and costs.lines[0].name.startswith("Automated backups for the 35-day backup retention")


def test_a_viable_rds_that_leaves_the_longer_retention_out_is_not_ranked_against_a_total_that_counts_it():
    # EE BYOL with nothing RDS blocks: EC2 counts 60 days of snapshots, RDS only 35 of automated backups, so RDS's
    # total is partial and left out, its reason said, not ranked cheapest on less than EC2 counts
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "sizing": {"db_size_gib": 500, "yearly_growth_pct": 0, "backup_retention_days": 60,
                   "backup_daily_change_gib": 20},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    ranking = recommend(workload, book()).ranking
    (rds,) = [o for o in ranking.left_out if o.option == "rds"]
    assert rds.kind == "partial" and BEYOND in rds.reason


@pytest.mark.parametrize(("days", "fires"), [(35, False), (36, True), (60, True)])
def test_rds_and_rds_custom_warn_beyond_35_days_and_ec2_does_not(days, fires):
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"},
                               "sizing": {"backup_retention_days": days}})  # fmt: skip
    ids = {v.option: {f.rule_id for f in v.findings} for v in evaluate_rules(workload)}
    assert ("rds-backup-retention-over-35-days" in ids["rds"]) is fires
    assert ("rdsc-backup-retention-over-35-days" in ids["rds_custom"]) is fires
    assert not any("backup-retention" in rule for rule in ids["ec2"])


def test_the_findings_and_the_pricing_read_the_same_35_days():
    for name, rule_id in (
        ("rds", "rds-backup-retention-over-35-days"),
        ("rds_custom", "rdsc-backup-retention-over-35-days"),
    ):
        (rule,) = [r for r in json.loads((RULES / f"{name}.json").read_text())["rules"] if r["id"] == rule_id]
        assert rule["when"] == {"fact": "sizing.backup_retention_days", "op": "gt", "value": rds_retention_max_days()}
        assert rule["severity"] == "warning" and rule["source_url"].startswith("https://docs.aws.amazon.com/")


def test_the_finding_names_the_retention_asked():
    (rds,) = [v for v in evaluate_rules(audit_case()) if v.option == "rds"]
    (finding,) = [f for f in rds.findings if f.rule_id == "rds-backup-retention-over-35-days"]
    assert "the workload asks for 60 days" in finding.explanation
    assert finding.title == "RDS keeps automated backups 35 days at most"
