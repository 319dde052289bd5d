"""RDS for Oracle creates at most five replicas from one source, read-only and mounted together, so a cross-Region
replica built for DR is one of the five.

Sources: RDS User Guide, "Overview of RDS for Oracle replicas"; RDS API Reference, CreateDBInstanceReadReplica
("Oracle – Can have up to five read replicas").
"""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload

RULE = "rds-replicas-max-five"


def rds(replicas: int, cross_region_dr: bool, edition: str = "ee") -> dict[str, str]:
    workload = parse_workload({
        "oracle": {"edition": edition, "licence_model": "byol"},
        "availability": {"read_replicas": replicas, "cross_region_dr": cross_region_dr, "dr_region": "us-west-2"},
        "environment": {"region": "us-east-1"},
    })  # fmt: skip
    (verdict,) = [v for v in evaluate_rules(workload) if v.option == "rds"]
    return {f.rule_id: f.severity for f in verdict.findings}


def test_five_read_replicas_and_a_cross_region_replica_are_six_and_blocked() -> None:
    assert rds(5, True)[RULE] == "blocker"


def test_four_read_replicas_and_a_cross_region_replica_are_five_and_allowed() -> None:
    assert RULE not in rds(4, True)


def test_five_read_replicas_without_dr_are_allowed_and_six_are_not() -> None:
    assert RULE not in rds(5, False)
    assert rds(6, False)[RULE] == "blocker"


def test_se2_dr_is_replicated_backups_not_a_replica_so_it_does_not_count() -> None:
    assert RULE not in rds(5, True, edition="se2")  # SE2 replicas are refused by their own rule
