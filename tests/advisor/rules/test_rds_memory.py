"""RDS's AMM warning fires only where AMM is RDS's default: on classes under 14 GiB of memory.

Source: RDS User Guide, "Turning on HugePages for an RDS for Oracle instance": DBInstanceClassHugePagesDefault is
false under 14 GiB (MEMORY_TARGET then 3/4 of memory), true from 14 GiB (MEMORY_TARGET 0) and always true from
100 GiB; HugePages and AMM never go together.
"""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload


def rds_findings(sga_gib: float, pga_gib: float, **features: bool) -> dict[str, str]:
    workload = parse_workload({"sizing": {"sga_gib": sga_gib, "pga_gib": pga_gib}, "features": features})
    (rds,) = [v for v in evaluate_rules(workload) if v.option == "rds"]
    return {f.rule_id: f.severity for f in rds.findings}


def test_a_large_sga_runs_on_hugepages_and_gets_no_amm_warning() -> None:
    found = rds_findings(256, 64, hugepages=True)  # 320 GiB: HugePages is mandatory from 100 GiB
    assert "rds-memory-target-amm" not in found
    assert found["rds-hugepages"] == "info"


def test_from_14_gib_of_sga_plus_pga_every_class_has_hugepages_on_by_default() -> None:
    assert "rds-memory-target-amm" not in rds_findings(12, 2)


def test_a_workload_a_class_under_14_gib_can_hold_is_warned_of_amm() -> None:
    assert rds_findings(8, 2)["rds-memory-target-amm"] == "warning"
    assert rds_findings(11.5, 2)["rds-memory-target-amm"] == "warning"
