"""A database on a release before 19c moves as an upgrade wherever the service offers no older release (RDS for
Oracle: 19c, 21c and 26ai, RDS User Guide; Oracle Database@AWS: OCI's 19c and 26ai images, Oracle's blog of 2026);
self-managed EC2 can move it as it is, which is said as information, not a warning against it."""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload


def _findings(**oracle):
    verdicts = evaluate_rules(parse_workload({"oracle": oracle}))
    return {v.option: {f.rule_id: f for f in v.findings} for v in verdicts}


def test_a_12c_database_moves_as_an_upgrade_on_rds_and_oracle_database_at_aws():
    found = _findings(version="19c", current_release="12.2.0.1")
    rds, odb = found["rds"]["rds-release-before-19c"], found["odb"]["odb-release-before-19c"]
    assert (rds.severity, odb.severity) == ("warning", "warning")
    assert "runs 12.2.0.1 today" in rds.explanation and "upgrade to 19c" in rds.explanation
    assert "RDS for Oracle releases" in rds.source
    assert "runs 12.2.0.1 today" in odb.explanation and "19c and 26ai" in odb.explanation
    ec2 = found["ec2"]["ec2-upgrade-in-move"]
    assert ec2.severity == "info" and "assessed on 19c" in ec2.explanation


def test_a_19c_release_update_is_no_upgrade_anywhere():
    found = _findings(version="19c", current_release="19.21.0.0.0")
    said = {rule for option in found.values() for rule in option}
    assert not said & {"rds-release-before-19c", "odb-release-before-19c", "ec2-upgrade-in-move"}


def test_a_19c_database_assessed_on_26ai_is_an_upgrade_on_ec2_but_no_release_rds_lacks():
    found = _findings(version="26ai", current_release="19.21")
    assert "ec2-upgrade-in-move" in found["ec2"]
    assert "rds-release-before-19c" not in found["rds"] and "odb-release-before-19c" not in found["odb"]


def test_without_a_release_nothing_is_said_of_an_upgrade():
    found = _findings(version="19c")
    assert "rds-release-before-19c" not in found["rds"] and "ec2-upgrade-in-move" not in found["ec2"]
