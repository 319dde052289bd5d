"""Meta-tests over the shipped rule set, in the spirit of cloud-custodian's policy lint, and scenarios
whose outcomes the reference (shared/reference/oracle-on-aws-features.md) and the seeds dictate."""

import json
import re
from pathlib import Path

import pytest

from advisor.engine.facts import fact_registry
from advisor.engine.rules.loader import OPERATOR_TYPES, OPTIONS, _conditions, evaluate_rules, rule_set
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import parse_workload

REFERENCE = Path(__file__).resolve().parents[5] / "shared" / "reference" / "oracle-on-aws-features.md"


def matrix_rows() -> list[str]:
    matrix = REFERENCE.read_text().split("## 1. Matrix")[1].split("## 2.")[0]
    return [line.split("|")[1].strip() for line in matrix.splitlines()
            if line.startswith("| ") and not line.startswith("| Feature")]  # fmt: skip


def test_every_reference_matrix_row_has_an_id():
    if not REFERENCE.exists():
        pytest.skip("shared/ is not beside the checkout")
    assert [row.reference_row for row in rule_set().feature_rows] == matrix_rows()


@pytest.mark.parametrize("option", list(OPTIONS))
def test_every_reference_row_is_covered_for_every_option(option):
    covered = {row for loaded in rule_set().for_option(option) for row in loaded.rule.covers}
    missing = [row.id for row in rule_set().feature_rows if row.id not in covered]
    assert not missing, f"{option}: no rule covers {missing}"


def test_every_operator_is_exercised():
    used = {test.op for loaded in rule_set().rules for test in _conditions(loaded.rule.when)}
    assert used == set(OPERATOR_TYPES)


def test_every_fact_has_a_label_and_numbers_have_units():
    for fact in fact_registry().values():
        assert fact.label, fact.path
        if fact.type in ("int", "float") and not fact.path.endswith(("_count", "replicas", "years", "owned")):
            assert fact.unit, f"{fact.path} is a number without a unit"


def test_every_rule_has_a_dated_https_source_and_unique_title_per_option():
    for option in OPTIONS:
        titles = [loaded.rule.title for loaded in rule_set().for_option(option)]
        assert len(titles) == len(set(titles)), option
    for loaded in rule_set().rules:
        assert loaded.rule.source_url.startswith("https://")
        assert re.match(r"^\[[A-Z0-9-]+\]", loaded.rule.source), f"{loaded.rule.id}: source should start with its tag"


def verdicts(workload):
    return {v.option: v for v in evaluate_rules(parse_workload(workload))}


def scenario(stem):
    return load_scenario(SCENARIO_DIR / f"{stem}.json").workload


def test_rac_required_leaves_only_oracle_database_at_aws_viable():
    result = {o: v.verdict for o, v in verdicts(scenario("rac-dependent").model_dump(mode="json")).items()}
    assert result["odb"] != "blocked"
    assert {o for o, verdict in result.items() if verdict == "blocked"} == {"rds", "rds_custom", "ec2"}


def test_sysdba_or_one_off_patches_block_rds():
    for feature in ("sysdba_access", "one_off_patches"):
        result = verdicts({"features": {feature: True}})
        assert result["rds"].verdict == "blocked", feature
        assert result["ec2"].verdict != "blocked", feature


def test_pure_unified_auditing_blocks_rds():
    result = verdicts({"features": {"unified_auditing_pure": True}})
    assert result["rds"].verdict == "blocked"
    assert any("audit" in f.title.lower() for f in result["rds"].findings if f.severity == "blocker")


def test_licence_included_enterprise_edition_is_impossible_everywhere_on_rds():
    result = verdicts({"oracle": {"edition": "ee", "licence_model": "li"}})
    assert result["rds"].verdict == "blocked"
    assert result["rds_custom"].verdict == "blocked"


def test_rds_custom_is_no_target_for_new_deployments_but_an_exit_path_for_existing_ones():
    new = verdicts({})["rds_custom"]
    assert new.verdict == "blocked" or any("2027-03-31" in f.explanation for f in new.findings)
    existing = verdicts({"environment": {"current_platform": "rds-custom"}})["rds_custom"]
    assert any("2027-03-31" in f.explanation for f in existing.findings)


def test_a_small_se2_licence_included_oltp_can_run_on_rds():
    assert verdicts(scenario("small-oltp-se2").model_dump(mode="json"))["rds"].verdict != "blocked"


def test_the_seed_field_cases_appear_as_rds_risks_with_mitigations():
    findings = verdicts({"io": {"full_scans_drive_peaks": True},
                         "environment": {"onprem_connections": True, "row_by_row_across_link": True}})["rds"].findings  # fmt: skip
    text = json.dumps([f.__dict__ for f in findings]).lower()
    for needle in ("undo_retention", "memory_target", "row by row", "full", "snapshot", "plan", "enhanced monitoring"):
        assert needle in text, needle
    assert all(f.workaround for f in findings if f.severity == "warning")
