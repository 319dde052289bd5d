"""Rules that go stale: what AWS changed since the reference was compiled, and what SE2 can really do for HA/DR.

The first group would have caught the out-of-date claim that a multi-tenant CDB on RDS for Oracle cannot have
cross-Region replicas (AWS What's New, 2026-01-23). The second pins the Standard Edition 2 HA/DR rules per option:
they fire for SE2 and stay silent for Enterprise Edition, which has Data Guard.
"""

import re

import pytest

from advisor.engine.rules.loader import evaluate_rules, rule_set
from advisor.engine.workload import parse_workload

MULTITENANT_REPLICAS_SINCE = "2026-01-23"
DENIES_CROSS_REGION_REPLICAS = re.compile(
    r"no cross-region replicas?"
    r"|cross-region (read )?replicas? (are|is) (not|n't) (supported|available)"
    r"|cross-region (read )?replicas? aren't supported"
    r"|(not|n't) support(ed)? cross-region (read )?replicas?"
)


def findings(workload: dict, option: str):
    (verdict,) = [v for v in evaluate_rules(parse_workload(workload)) if v.option == option]
    return verdict


def text_of(finding) -> str:
    return " ".join([finding.title, finding.explanation, finding.workaround or "", finding.source]).lower()


def fired(workload: dict, option: str) -> set[str]:
    return {f.rule_id for f in findings(workload, option).findings}


EE_MULTITENANT_CROSS_REGION = {
    "oracle": {"edition": "ee", "architecture": "cdb", "pdb_count": 3},
    "availability": {"cross_region_dr": True},
}


# --- RDS for Oracle: replicas of multi-tenant CDBs (What's New, 2026-01-23) ------------------------------------


def test_no_rds_finding_denies_cross_region_replicas_to_an_ee_multitenant_cdb():
    verdict = findings(EE_MULTITENANT_CROSS_REGION, "rds")
    denials = [f.rule_id for f in verdict.findings if DENIES_CROSS_REGION_REPLICAS.search(text_of(f))]
    assert denials == [], f"out of date since {MULTITENANT_REPLICAS_SINCE}: {denials}"
    assert verdict.verdict != "blocked"


def test_a_finding_for_the_multitenant_cdb_cites_the_2026_01_23_change_and_its_licences():
    verdict = findings(EE_MULTITENANT_CROSS_REGION, "rds")
    citing = [
        f
        for f in verdict.findings
        if MULTITENANT_REPLICAS_SINCE in f.explanation or f.as_of == MULTITENANT_REPLICAS_SINCE
    ]
    assert citing, "no RDS finding cites the 2026-01-23 support for multi-tenant replicas"
    text = " ".join(text_of(f) for f in citing)
    assert "mounted" in text and "active data guard" in text and "enterprise edition" in text
    assert any("whats-new/2026/01" in f.source_url for f in citing)


def test_no_rds_rule_anywhere_still_says_multitenant_cdbs_cannot_have_cross_region_replicas():
    for loaded in rule_set().for_option("rds"):
        rule = loaded.rule
        text = " ".join([rule.title, rule.explanation, rule.workaround or ""]).lower()
        assert not DENIES_CROSS_REGION_REPLICAS.search(text), rule.id


def test_the_multitenant_replica_rule_is_enterprise_edition_only():
    se2 = {
        "oracle": {"edition": "se2", "architecture": "cdb", "pdb_count": 3},
        "availability": {"cross_region_dr": True},
    }
    assert "rds-multitenant-cdb-replicas" in fired(EE_MULTITENANT_CROSS_REGION, "rds")
    assert "rds-multitenant-cdb-replicas" not in fired(se2, "rds")


# --- Standard Edition 2: what HA/DR each option really offers -------------------------------------------------

SE2_RULES = [
    pytest.param("ec2", {"availability": {"multi_az": True}}, "ec2-se2-no-data-guard", "warning", id="ec2-multi-az"),
    pytest.param("ec2", {"availability": {"read_replicas": 2}}, "ec2-se2-no-readable-standby", "warning", id="ec2-replicas"),
    pytest.param("ec2", {"availability": {"cross_region_dr": True}}, "ec2-se2-cross-region-dr", "warning", id="ec2-cross-region"),
    pytest.param("rds", {"availability": {"read_replicas": 2}}, "rds-replicas-ee-only", "blocker", id="rds-replicas"),
    pytest.param("rds", {"availability": {"cross_region_dr": True}}, "rds-se2-cross-region-backups-only", "warning", id="rds-cross-region"),
    pytest.param("rds_custom", {"availability": {"read_replicas": 2}}, "rdsc-se2-no-replicas", "blocker", id="rdsc-replicas"),
]  # fmt: skip


@pytest.mark.parametrize(("option", "asked", "rule_id", "severity"), SE2_RULES)
def test_se2_ha_dr_rules_fire_for_se2_with_a_dated_source(option, asked, rule_id, severity):
    verdict = findings({"oracle": {"edition": "se2"}, **asked}, option)
    (finding,) = [f for f in verdict.findings if f.rule_id == rule_id]
    assert finding.severity == severity
    assert finding.source_url.startswith("https://") and finding.as_of
    assert finding.workaround


@pytest.mark.parametrize(("option", "asked", "rule_id", "severity"), SE2_RULES)
def test_se2_ha_dr_rules_stay_silent_for_enterprise_edition(option, asked, rule_id, severity):
    assert rule_id not in fired({"oracle": {"edition": "ee"}, **asked}, option)


def test_se2_multi_az_on_ec2_names_the_real_options():
    verdict = findings({"oracle": {"edition": "se2"}, "availability": {"multi_az": True}}, "ec2")
    (finding,) = [f for f in verdict.findings if f.rule_id == "ec2-se2-no-data-guard"]
    text = text_of(finding)
    for needle in ("data guard", "enterprise edition", "ebs snapshots", "third-party", "not priced here"):
        assert needle in text, needle
    ee = fired({"oracle": {"edition": "ee"}, "availability": {"multi_az": True}}, "ec2")
    assert "ec2-multi-az-is-diy" in ee  # EE builds Data Guard across AZs instead


def test_se2_cross_region_dr_on_ec2_replaces_the_data_guard_advice():
    se2 = fired({"oracle": {"edition": "se2"}, "availability": {"cross_region_dr": True}}, "ec2")
    assert "ec2-se2-cross-region-dr" in se2 and "ec2-cross-region-dr-diy" not in se2
    ee = fired({"oracle": {"edition": "ee"}, "availability": {"cross_region_dr": True}}, "ec2")
    assert "ec2-cross-region-dr-diy" in ee and "ec2-se2-cross-region-dr" not in ee


def test_rds_multi_az_is_offered_to_se2_as_storage_level_replication():
    verdict = findings({"oracle": {"edition": "se2", "licence_model": "li"}, "availability": {"multi_az": True}}, "rds")
    assert verdict.verdict != "blocked"
    (multi_az,) = [f for f in verdict.findings if f.rule_id == "rds-multi-az"]
    assert "standard edition 2" in text_of(multi_az) and "not oracle data guard" in text_of(multi_az)


def test_rds_custom_cross_region_dr_no_longer_calls_backup_replication_unconfirmed():
    verdict = findings({"oracle": {"edition": "se2"}, "availability": {"cross_region_dr": True}}, "rds_custom")
    (finding,) = [f for f in verdict.findings if f.rule_id == "rdsc-cross-region-dr"]
    assert "doesn't apply to rds custom" in text_of(finding)
    assert "not offered" in finding.explanation
