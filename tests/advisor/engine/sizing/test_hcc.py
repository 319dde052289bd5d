"""Targets that lose Hybrid Columnar Compression (RDS, RDS Custom, EC2) are sized for the HCC segments decompressed;
Oracle Database@AWS (Exadata) keeps HCC and the compressed size."""

from advisor.engine.sizing import SizingPolicy, need_for
from advisor.engine.sizing.hcc import decompressed_need, decompressed_storage_gib, hcc_growth_gib
from advisor.engine.workload import parse_workload
from tests.advisor.engine.recommendation.test_recommender import book, recommend

# A dbspace listing's HCC rows: 400 GiB stored, 1,000 GiB decompressed, in a 1,000 GiB database
HCC = {
    "features": {"hybrid_columnar_compression": True, "hcc_compressed_gib": 400, "hcc_uncompressed_gib": 1000},
    "sizing": {"db_size_gib": 1000, "yearly_growth_pct": 10, "horizon_years": 3},
    "environment": {"region": "eu-west-1"},
    "oracle": {"licence_model": "byol"},
}


def test_the_decompressed_growth_is_added_before_the_horizon_growth() -> None:
    workload = parse_workload(HCC)
    assert hcc_growth_gib(workload) == 600
    # (1,000 + 600) x 1.1^3 = 2,129.6 GiB, where the compressed database alone grows to 1,331 GiB
    assert round(decompressed_storage_gib(workload), 1) == 2129.6
    need = need_for(workload, SizingPolicy())
    assert round(need.storage_gib, 1) == 1331.0
    assert round(decompressed_need(workload, need).storage_gib, 1) == 2129.6


def test_without_both_sizes_nothing_is_added() -> None:
    workload = parse_workload({**HCC, "features": {"hybrid_columnar_compression": True, "hcc_compressed_gib": 400}})
    need = need_for(workload, SizingPolicy())
    assert decompressed_need(workload, need) == need


def test_ec2_and_rds_storage_hold_the_decompressed_size_and_say_so() -> None:
    result = recommend(parse_workload(HCC), book())
    options = {o.option: o for o in result.options}
    for option in ("ec2", "rds"):
        chosen = options[option].chosen
        assert chosen is not None, option
        assert sum(v.size_gib for v in chosen.layout.volumes) >= 2129.6, option
        assert any("decompressed" in n and "2,130 GiB at the planning horizon" in n for n in options[option].notes)
    # the need the page shows, and Oracle Database@AWS's, stay the compressed size
    assert round(result.need.storage_gib, 1) == 1331.0


def test_the_backup_of_a_target_without_hcc_holds_the_decompressed_data() -> None:
    result = recommend(parse_workload(HCC), book())
    ec2 = next(o for o in result.options if o.option == "ec2").chosen
    assert ec2 is not None
    # a first full copy of 1,000 + 600 = 1,600 GiB
    assert any("first full copy of 1,600 GiB" in line.name for line in ec2.topology.backups)
