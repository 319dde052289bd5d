"""RDS cannot lose nothing when a Region fails: its copies in another Region are asynchronous.

Sources: RDS User Guide, "Working with DB instance read replicas" (RDS copies the primary's updates to a read
replica asynchronously) and "Multi-AZ DB instance deployments" (synchronous, within one Region).
"""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload

RULE = "rds-zero-rpo-across-regions"


def rds(edition: str, rpo_minutes: float, cross_region_dr: bool) -> dict[str, str]:
    workload = parse_workload({
        "oracle": {"edition": edition, "licence_model": "byol"},
        "availability": {"rpo_minutes": rpo_minutes, "cross_region_dr": cross_region_dr, "dr_region": "us-west-2",
                         "multi_az": True},
    })  # fmt: skip
    (verdict,) = [v for v in evaluate_rules(workload) if v.option == "rds"]
    return {f.rule_id: f.severity for f in verdict.findings}


def test_an_rpo_of_0_with_dr_in_another_region_blocks_rds_in_either_edition() -> None:
    assert rds("ee", 0, True)[RULE] == "blocker"
    assert rds("se2", 0, True)[RULE] == "blocker"


def test_an_rpo_of_0_within_one_region_is_multi_az_and_not_blocked() -> None:
    assert RULE not in rds("ee", 0, False)


def test_an_rpo_above_0_across_regions_is_not_blocked_by_it() -> None:
    assert RULE not in rds("ee", 1, True)
