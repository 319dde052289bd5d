"""Like cases alike across options: what every RDS workload should know before it starts is a note, not a caveat
against RDS alone, and a Region outage, which hits every option alike, is raised at the same availability target
for each of them.
"""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload

KNOW_BEFORE = ("rds-default-parameter-groups", "rds-sudden-plan-changes", "rds-first-snapshot-long",
               "rds-monitoring-without-host")  # fmt: skip
REGION_CAN_FAIL = "A whole AWS Region can fail: high availability targets need a second Region"


def verdicts(workload: dict) -> dict:
    return {v.option: v for v in evaluate_rules(parse_workload(workload))}


def test_a_small_se2_licence_included_multi_az_database_is_viable_on_rds_with_notes_to_know() -> None:
    # SE2 Licence Included (AWS holds the licence), 16 GiB of SGA plus PGA (HugePages on by default), Multi-AZ,
    # the default 99.95 % target: nothing in its answers stands against RDS
    rds = verdicts({"oracle": {"edition": "se2", "licence_model": "li"}, "sizing": {"sga_gib": 12, "pga_gib": 4},
                    "availability": {"multi_az": True}})["rds"]  # fmt: skip
    assert rds.verdict == "viable", [(f.rule_id, f.severity) for f in rds.findings]
    notes = {f.rule_id: f for f in rds.findings if f.rule_id in KNOW_BEFORE}
    assert set(notes) == set(KNOW_BEFORE)
    assert all(f.severity == "info" and f.workaround for f in notes.values())


def region_findings(target_pct: float, cross_region_dr: bool = False) -> dict[str, list]:
    found = verdicts({"availability": {"target_availability_pct": target_pct, "cross_region_dr": cross_region_dr,
                                       "dr_region": "us-west-2" if cross_region_dr else None}})  # fmt: skip
    return {option: [f for f in v.findings if f.title == REGION_CAN_FAIL] for option, v in found.items()}


def test_a_99_99_target_without_cross_region_dr_warns_every_option_that_a_region_can_fail() -> None:
    for option, found in region_findings(99.99).items():
        assert [f.severity for f in found] == ["warning"], option
        assert "99.99 %" in found[0].explanation and found[0].workaround, option


def test_the_default_99_95_target_or_a_dr_region_raises_it_for_no_option() -> None:
    assert not any(region_findings(99.95).values())
    rds = verdicts({"availability": {"target_availability_pct": 99.95}})["rds"]
    assert "rds-region-failure-reminder" not in {f.rule_id for f in rds.findings}
    assert not any(region_findings(99.999, cross_region_dr=True).values())
