"""The rules engine: two-phase loading with errors naming the rule, and pure evaluation to verdicts."""

import json
import shutil
from pathlib import Path

import pytest

from advisor.engine.rules.loader import (
    FEATURE_ROWS_FILE,
    SCHEMA_FILE,
    RuleSetInvalid,
    evaluate_rules,
    load_rules,
    rule_file_schema,
    verdicts_json,
)
from advisor.engine.workload import parse_workload

SOURCE = {
    "source": "[F] RDS User Guide, RDS for Oracle features",
    "source_url": "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Oracle.Concepts.FeatureSupport.html",
    "as_of": "2026-11-22",
}


def rule(rule_id, when, severity="blocker", **extra):
    return {"id": rule_id, "title": f"Rule {rule_id}", "severity": severity, "when": when,
            "explanation": "Explains why this matters to the workload.", **SOURCE, **extra}  # fmt: skip


def rules_dir(tmp_path: Path, files: dict[str, object]) -> Path:
    shutil.copy(FEATURE_ROWS_FILE, tmp_path / FEATURE_ROWS_FILE.name)
    for name, content in files.items():
        (tmp_path / name).write_text(content if isinstance(content, str) else json.dumps(content))
    return tmp_path


def problems(tmp_path, files):
    with pytest.raises(RuleSetInvalid) as caught:
        load_rules(rules_dir(tmp_path, files))
    return [str(p) for p in caught.value.problems]


def test_unknown_keys_are_refused_and_the_rule_is_named(tmp_path):
    bad = rule("x-typo", {"fact": "features.rac", "op": "is_true"}) | {"severty": "info"}
    found = problems(tmp_path, {"x.json": {"option": "rds", "rules": [bad]}})
    assert any("rule x-typo" in p and "severty" in p for p in found)


def test_unknown_facts_unsuitable_operators_and_bad_values_are_refused_by_rule_id(tmp_path):
    files = {
        "x.json": {
            "option": "ec2",
            "rules": [
                rule("x-fact", {"fact": "features.teleport", "op": "is_true"}),
                rule("x-op", {"fact": "oracle.edition", "op": "gt", "value": 3}),
                rule("x-value", {"fact": "oracle.edition", "op": "eq", "value": "xe"}),
                rule("x-bool", {"fact": "features.rac", "op": "eq", "value": "yes"}),
                rule("x-list", {"fact": "oracle.version", "op": "in", "value": "19c"}),
                rule(
                    "x-placeholder",
                    {"fact": "features.rac", "op": "is_true"},
                    explanation="Uses {sizing.nothing} here.",
                ),
                rule("x-covers", {"fact": "features.rac", "op": "is_true"}, covers=["warp_drive"]),
            ],
        }
    }
    found = "\n".join(problems(tmp_path, files))
    assert "rule x-fact: unknown fact 'features.teleport'" in found
    assert "rule x-op: operator gt does not suit oracle.edition, a enum fact" in found
    assert "rule x-value: oracle.edition is one of ee, se2; got 'xe'" in found
    assert "rule x-bool: features.rac is true or false" in found
    assert "rule x-list: in needs a list of values" in found
    assert "rule x-placeholder: placeholder {sizing.nothing} names no fact" in found
    assert "rule x-covers: covers unknown reference row 'warp_drive'" in found


def test_duplicate_ids_across_files_are_refused(tmp_path):
    same = rule("dup-id", {"fact": "features.rac", "op": "is_true"})
    found = problems(
        tmp_path, {"a.json": {"option": "rds", "rules": [same]}, "b.json": {"option": "ec2", "rules": [same]}}
    )
    assert any("rule dup-id: duplicate id (also in a.json)" in p for p in found)


def test_a_file_that_is_not_json_is_named(tmp_path):
    found = problems(tmp_path, {"broken.json": "{"})
    assert found[0].startswith("broken.json: rule (file): not valid JSON")


def test_conditions_combine_and_placeholders_show_the_workloads_values(tmp_path):
    when = {"all": [{"fact": "oracle.edition", "op": "eq", "value": "se2"},
                    {"any": [{"fact": "derived.peak_vcpus", "op": "gt", "value": 8},
                             {"not": {"fact": "features.database_links", "op": "is_false"}}]}]}  # fmt: skip
    files = {
        "x.json": {
            "option": "ec2",
            "rules": [rule("x-se2", when, "warning", explanation="Peaks at {derived.peak_vcpus} here.")],
        }
    }
    rules = load_rules(rules_dir(tmp_path, files))

    def ec2(workload):
        return next(v for v in evaluate_rules(parse_workload(workload), rules=rules) if v.option == "ec2")

    base = {"oracle": {"edition": "se2", "licence_model": "li"}}
    hot = ec2(base | {"sizing": {"peak_cpu": 12, "average_cpu": 4}})
    assert hot.verdict == "caveats"
    assert hot.findings[0].explanation == "Peaks at 12 vCPUs here."
    assert ec2(base | {"sizing": {"peak_cpu": 4, "average_cpu": 2}}).verdict == "viable"
    assert (
        ec2(base | {"sizing": {"peak_cpu": 4, "average_cpu": 2}, "features": {"database_links": True}}).verdict
        == "caveats"
    )
    assert ec2({"oracle": {"edition": "ee"}, "sizing": {"peak_cpu": 12, "average_cpu": 4}}).verdict == "viable"


def test_any_blocker_blocks_and_findings_come_most_severe_first(tmp_path):
    files = {"x.json": {"option": "odb", "rules": [
        rule("b-info", {"fact": "features.rac", "op": "is_true"}, "info"),
        rule("a-block", {"fact": "features.rac", "op": "is_true"}, "blocker"),
        rule("c-cost", {"fact": "features.rac", "op": "is_true"}, "cost"),
    ]}}  # fmt: skip
    rules = load_rules(rules_dir(tmp_path, files))
    odb = evaluate_rules(parse_workload({"features": {"rac": True}}), rules=rules)[3]
    assert odb.verdict == "blocked"
    assert [f.severity for f in odb.findings] == ["blocker", "cost", "info"]
    out = verdicts_json((odb,))["options"][0]
    assert set(out["findings"][0]) == {"rule_id", "severity", "title", "explanation", "workaround", "source",
                                       "source_url", "as_of"}  # fmt: skip


def test_the_committed_rule_file_schema_is_current():
    assert json.loads(SCHEMA_FILE.read_text()) == rule_file_schema(), "run: python manage.py check_rules --write-schema"


def test_the_shipped_rules_load():
    rules = load_rules()
    assert len(rules.rules) > 0


def test_a_count_of_one_is_said_in_the_singular_and_others_in_the_plural():
    def said(pdbs: int) -> str:
        workload = parse_workload({"oracle": {"architecture": "cdb", "pdb_count": pdbs}})
        ec2 = next(v for v in evaluate_rules(workload) if v.option == "ec2")
        return " ".join(f.explanation for f in ec2.findings)

    assert "the CDB holds 1 PDB, within the 3 user PDBs allowed" in said(1)
    assert "the CDB holds 2 PDBs, within the 3 user PDBs allowed" in said(2)
