"""Storage limits are tested against the size each option stores: off Exadata (RDS, RDS Custom, EC2) the HCC
segments arrive decompressed, so their decompressed size counts; Oracle Database@AWS is Exadata and keeps them
compressed.

Limits: RDS for Oracle a 64 TiB primary volume plus up to 3 more, 256 TiB in all (RDS User Guide, "Increasing DB
instance storage capacity"); RDS Custom 64 TiB (RDS Custom for Oracle requirements and limitations); one gp3 or io2
volume 65,536 GiB (EC2 API CreateVolume).
"""

from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import parse_workload

TIB = 1024


def findings(db_tib: float, hcc_stored_tib: float | None = None, hcc_full_tib: float | None = None) -> dict:
    workload: dict = {"sizing": {"db_size_gib": db_tib * TIB, "yearly_growth_pct": 0}}
    if hcc_stored_tib is not None:
        workload["features"] = {
            "hybrid_columnar_compression": True,
            "hcc_compressed_gib": hcc_stored_tib * TIB,
            "hcc_uncompressed_gib": hcc_full_tib * TIB,
        }
    return {v.option: {f.rule_id: f for f in v.findings} for v in evaluate_rules(parse_workload(workload))}


def test_50_tib_without_hcc_fits_one_64_tib_volume_everywhere() -> None:
    got = findings(50)
    assert "rdsc-max-storage" not in got["rds_custom"]
    assert "rds-storage-additional-volumes" not in got["rds"]
    assert "ec2-storage-beyond-one-volume" not in got["ec2"]


def test_50_tib_whose_hcc_segments_grow_by_50_tib_is_sized_at_100_tib_off_exadata() -> None:
    # 50 TiB today, HCC segments storing 10 TiB that take 60 TiB decompressed: 100 TiB = 102,400 GiB off Exadata
    got = findings(50, 10, 60)
    assert got["rds_custom"]["rdsc-max-storage"].severity == "blocker"
    assert "102,400 GiB" in got["rds_custom"]["rdsc-max-storage"].explanation
    assert got["rds"]["rds-storage-additional-volumes"].severity == "warning"
    assert "102,400 GiB" in got["rds"]["rds-storage-additional-volumes"].explanation
    assert "rds-storage-over-256tib" not in got["rds"]
    assert got["ec2"]["ec2-storage-beyond-one-volume"].severity == "info"


def test_oracle_database_at_aws_keeps_hcc_compressed_and_names_the_stored_size() -> None:
    got = findings(50, 10, 60)
    assert "51,200 GiB" in got["odb"]["odb-storage-capacity"].explanation
    assert "102,400 GiB" not in got["odb"]["odb-storage-capacity"].explanation


def test_200_tib_plus_80_tib_of_decompression_does_not_fit_rds() -> None:
    # 200 TiB + (100 - 20) TiB = 280 TiB, above RDS's 256 TiB
    got = findings(200, 20, 100)
    assert got["rds"]["rds-storage-over-256tib"].severity == "blocker"
    assert "rds-storage-additional-volumes" not in got["rds"]
    assert findings(200)["rds"]["rds-storage-additional-volumes"].severity == "warning"  # 200 TiB alone fits
