"""Exadata features the target loses become findings on RDS, RDS Custom and EC2; Oracle Database@AWS keeps them.

Sources: AWS Prescriptive Guidance "Migrating Oracle Exadata workloads to AWS" (Smart Scan, Smart Flash Cache,
Hybrid Columnar Compression) and Oracle's ORA-64307 (HCC only on Exadata, ZFS or Pillar Axiom storage).
"""

import pytest

from advisor.engine.rules.loader import evaluate_rules, rule_set
from advisor.engine.workload import parse_workload

LOSING = {"rds": "rds", "rds_custom": "rdsc", "ec2": "ec2"}
HCC_AND_SCANS = {
    "features": {
        "exadata_smart_scan": True,
        "exadata_flash_cache": True,
        "hybrid_columnar_compression": True,
        "hcc_compressed_gib": 9456.35,
        "hcc_uncompressed_gib": 22003.36,
    },
    "io": {"peak_read_iops": 639, "sustained_read_iops": 584, "peak_read_mib_s": 151.2},
}


def findings(workload: dict, option: str) -> dict:
    (verdict,) = [v for v in evaluate_rules(parse_workload(workload)) if v.option == option]
    return {f.rule_id: f for f in verdict.findings}


@pytest.mark.parametrize(("option", "prefix"), LOSING.items())
def test_hcc_and_smart_scan_are_lost_off_exadata(option: str, prefix: str) -> None:
    got = findings(HCC_AND_SCANS, option)
    expected = {
        f"{prefix}-exadata-hcc-decompressed": "warning",
        f"{prefix}-exadata-hcc-storage-growth": "cost",
        f"{prefix}-exadata-smart-scan-lost": "warning",
        f"{prefix}-exadata-flash-cache-lost": "warning",
    }
    assert {rule: got[rule].severity for rule in expected if rule in got} == expected
    # 22,003.36 GiB decompressed - 9,456.35 GiB stored = 12,547.01 GiB, shown rounded to whole GiB
    growth = got[f"{prefix}-exadata-hcc-storage-growth"]
    assert "9,456 GiB" in growth.explanation and "22,003 GiB" in growth.explanation
    assert "12,547 GiB" in growth.explanation
    # and names the storage sized: (100 GiB default + 12,547.01) x 1.1^3 = 16,833.2 GiB at the 3-year horizon
    assert "sized for them decompressed: 16,833 GiB at the planning horizon" in growth.explanation
    assert "added for you" in (growth.workaround or "")
    # the scan and flash findings point at the IO sizing with the workload's own peaks
    # 151.2 MiB/s is shown whole (figures of 100 or more lose their decimals)
    assert "151 MiB/s" in got[f"{prefix}-exadata-smart-scan-lost"].explanation
    assert "639 IOPS" in got[f"{prefix}-exadata-flash-cache-lost"].explanation
    assert "/iolimits" in (got[f"{prefix}-exadata-smart-scan-lost"].workaround or "")


@pytest.mark.parametrize(("option", "prefix"), LOSING.items())
def test_without_the_decompressed_size_no_growth_figure_is_invented(option: str, prefix: str) -> None:
    got = findings({"features": {"hybrid_columnar_compression": True, "hcc_compressed_gib": 500}}, option)
    assert f"{prefix}-exadata-hcc-decompressed" in got
    assert f"{prefix}-exadata-hcc-storage-growth" not in got
    assert "no typical compression ratio" in got[f"{prefix}-exadata-hcc-decompressed"].explanation


def test_oracle_database_at_aws_keeps_the_exadata_features() -> None:
    got = findings(HCC_AND_SCANS, "odb")
    assert got["odb-exadata-features-kept"].severity == "info"
    assert not [rule for rule in got if rule.startswith("odb-") and "lost" in rule]
    for feature in ("exadata_smart_scan", "exadata_flash_cache", "hybrid_columnar_compression"):
        assert "odb-exadata-features-kept" in findings({"features": {feature: True}}, "odb"), feature


def test_a_workload_off_exadata_gets_no_exadata_finding() -> None:
    for option in ("rds", "rds_custom", "ec2", "odb"):
        assert not [rule for rule in findings({}, option) if "-exadata-" in rule], option


def test_every_exadata_rule_is_sourced_and_dated() -> None:
    exadata = [loaded.rule for loaded in rule_set().rules if "-exadata-" in loaded.rule.id]
    assert len(exadata) == 4 * 3 + 1  # four per option that loses them, one on Oracle Database@AWS
    for rule in exadata:
        assert rule.source_url.startswith(("https://docs.aws.amazon.com/", "https://docs.oracle.com/")), rule.id
        assert str(rule.as_of) >= "2026-11-22", rule.id
