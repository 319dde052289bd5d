"""RDS for Oracle creates a database only in the character sets its guide lists, and never changes it afterwards.

Source: RDS User Guide, "RDS for Oracle character sets", supported DB character sets (the guide's public copy of
2023-06): 33 names from AL32UTF8 to ZHT32EUC; WE8ROMAN8 (HP Roman 8) and KO16KSC5601 (Korean KSC 5601) are not among
them, KO16MSWIN949 and JA16SJISTILDE are.
"""

import pytest

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload

RULE = "rds-character-set-not-offered"


def findings(character_set: str) -> dict[str, dict[str, str]]:
    workload = parse_workload({"oracle": {"character_set": character_set}})
    return {v.option: {f.rule_id: f.severity for f in v.findings} for v in evaluate_rules(workload)}


@pytest.mark.parametrize("character_set", ["WE8ROMAN8", "KO16KSC5601", "WE8DEC"])
def test_a_character_set_rds_does_not_list_blocks_rds_only(character_set: str) -> None:
    got = findings(character_set)
    assert got["rds"][RULE] == "blocker"
    assert all(RULE not in got[option] for option in ("rds_custom", "ec2", "odb"))


@pytest.mark.parametrize("character_set", ["AL32UTF8", "WE8ISO8859P1", "WE8MSWIN1252", "JA16SJISTILDE", "KO16MSWIN949",
                                           "ZHT32EUC", "UTF8"])  # fmt: skip
def test_a_listed_character_set_says_nothing(character_set: str) -> None:
    assert RULE not in findings(character_set)["rds"]


def test_the_finding_names_the_character_set_and_the_way_out() -> None:
    workload = parse_workload({"oracle": {"character_set": "WE8ROMAN8"}})
    (rds,) = [v for v in evaluate_rules(workload) if v.option == "rds"]
    (finding,) = [f for f in rds.findings if f.rule_id == RULE]
    assert "WE8ROMAN8" in finding.explanation and "cannot be changed after creation" in finding.explanation
    assert "AL32UTF8" in (finding.workaround or "")
    assert rds.verdict == "blocked"
