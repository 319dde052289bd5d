"""The pre-fill validates as a Workload for every sample, marks each field with its source, and names what the
target loses off Exadata."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import ALL_SAMPLES, AZURE, needs_samples, sample

pytestmark = needs_samples


@pytest.fixture(scope="module")
def by_name() -> dict[str, ImportResult]:
    out = {p.name: import_files([sample(p)]) for p in ALL_SAMPLES}
    out["DBW+space"] = import_files([sample(AZURE / "AWR_DBW.html"), sample(AZURE / "dbspace_DBW.lst")])
    return out


def fields(result: ImportResult) -> dict[str, object]:
    assert result.prefill is not None
    return {f.path: f.value for f in result.prefill.fields}


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.name)
def test_prefill_validates_as_a_workload(path: Path, by_name: dict[str, ImportResult]) -> None:
    result = by_name[path.name]
    assert result.prefill is not None
    workload = Workload.model_validate(result.prefill.workload)
    for field in result.prefill.fields:
        section, name = field.path.split(".")
        assert getattr(getattr(workload, section), name) == field.value or hasattr(
            getattr(getattr(workload, section), name), "value"
        ), field.path
        assert field.source, field.path


def test_dbs_prefill(by_name: dict[str, ImportResult]) -> None:
    got = fields(by_name["AWR_DBS.html"])
    # EE 12.2.0.1.0, CDB with 1 PDB open, RAC YES
    assert got["oracle.edition"] == "ee"
    assert got["oracle.version"] == "19c"  # 12.2 runs today; 19c is the oldest the questionnaire offers
    assert got["oracle.current_release"] == "12.2.0.1.0"  # kept, so each option's findings weigh the upgrade
    assert (got["oracle.architecture"], got["oracle.pdb_count"], got["features.rac"]) == ("cdb", 1, True)
    assert got["sizing.cpu_metric"] == "db-cpu-per-second"  # DB CPU(s) 1.2
    # instance 1 of the 2 the database runs: its CPU, memory and IO are not the database's, so none is pre-filled
    # (what they are when the report is a whole database's: test_rac_coverage)
    for path in ("sizing.peak_cpu", "sizing.sga_gib", "sizing.pga_gib", "io.peak_read_iops", "io.peak_write_iops"):
        assert path not in got, path
    assert got["io.db_block_size_kib"] == 16  # db_block_size 16384
    assert got["features.diagnostics_pack"] is True


def test_dbs_prefill_ticks_the_exadata_features_it_uses(by_name: dict[str, ImportResult]) -> None:
    result = by_name["AWR_DBS.html"]
    assert result.prefill is not None
    got = fields(result)
    sources = {f.path: f.source for f in result.prefill.fields}
    # IOStat by Function: Smart Scan reads (117.6 MiB/s on average over the 3-day window)
    assert got["features.exadata_smart_scan"] is True
    assert "117.6 MiB/s" in sources["features.exadata_smart_scan"]
    # IO Profile: Optimized Requests 692.9 of Total Requests 727.1 per second = 95.3 % (README reference values)
    assert got["features.exadata_flash_cache"] is True
    assert "95.3%" in sources["features.exadata_flash_cache"]
    # no dbspace listing with HCC rows: HCC is left for the user, with the reason
    assert "features.hybrid_columnar_compression" not in got
    assert "no HCC rows" in result.prefill.not_prefilled["features.hybrid_columnar_compression"]
    workload = Workload.model_validate(result.prefill.workload)
    assert workload.features.exadata_smart_scan and workload.features.exadata_flash_cache


def test_dbw_with_its_size_listing_prefills_hcc_and_its_sizes(by_name: dict[str, ImportResult]) -> None:
    got = fields(by_name["DBW+space"])
    assert got["features.hybrid_columnar_compression"] is True
    # HCC rows: 9,683,301.01 MB stored / 1024 = 9,456.348 GiB -> 9,456.35 rounded up;
    # 22,531,438.78 MB uncompressed estimate / 1024 = 22,003.358 GiB -> 22,003.36 rounded up
    assert (got["features.hcc_compressed_gib"], got["features.hcc_uncompressed_gib"]) == (9456.35, 22003.36)
    assert got["features.exadata_smart_scan"] is True and got["features.exadata_flash_cache"] is True


def test_no_exadata_feature_is_prefilled_off_exadata(by_name: dict[str, ImportResult]) -> None:
    for name in ("awrrpt_1_2668_2669.txt", "sp_70371_70372.txt", "dbcsi_awr_sample01.out"):
        result = by_name[name]
        assert result.prefill is not None
        exadata = [p for p in fields(result) if p.startswith("features.") and ("exadata" in p or "hcc" in p)]
        assert exadata == [], name
        assert Workload.model_validate(result.prefill.workload).features.hybrid_columnar_compression is False


def test_statspack_prefill_says_what_it_could_not_fill(by_name: dict[str, ImportResult]) -> None:
    result = by_name["sp_70371_70372.txt"]
    assert result.prefill is not None
    assert "no edition printed" in result.prefill.not_prefilled["oracle.edition"]
    got = fields(result)
    # multiblock reads 47.1 of 79.7 read requests/s = 59.1 %: scans drive the reads
    assert got["io.full_scans_drive_peaks"] is True
    assert got["features.statspack"] is True


def test_se2_on_rds_prefill(by_name: dict[str, ImportResult]) -> None:
    got = fields(by_name["dbcsi_statspack_sample01.out"])
    assert (got["oracle.edition"], got["oracle.architecture"], got["environment.current_platform"]) == (
        "se2",
        "non-cdb",
        "rds",
    )
    assert "features.diagnostics_pack" not in got  # Statspack, not AWR


def test_exadata_findings_for_dbw(by_name: dict[str, ImportResult]) -> None:
    result = by_name["DBW+space"]
    assert result.prefill is not None
    codes = {f.code: f.message for f in result.prefill.findings}
    assert set(codes) == {"exadata-smart-scan", "exadata-flash", "exadata-hcc"}
    # IO Profile (Global) "Optimized Requests | 8,162.97" of "Total Requests | 8,236.84": 99.1 %
    assert "99.1% of IO requests" in codes["exadata-flash"]
    # HCC 9,683,301.01 MB stored = 9,456 GiB; 22,531,438.78 MB uncompressed = 22,003 GiB (+12,547 GiB)
    assert "store 9,456 GiB" in codes["exadata-hcc"] and "+12,547 GiB" in codes["exadata-hcc"]


def test_no_exadata_findings_off_exadata(by_name: dict[str, ImportResult]) -> None:
    for name in ("awrrpt_1_2668_2669.txt", "sp_70371_70372.txt", "dbcsi_awr_sample01.out"):
        assert by_name[name].prefill is not None
        assert by_name[name].prefill.findings == (), name  # type: ignore[union-attr]


def test_awr_miner_prefill_takes_the_busiest_snapshots_average_not_its_one_minute_maximum(
    by_name: dict[str, ImportResult],
) -> None:
    got = fields(by_name["dbcsi_awr_sample01.out"])
    # MAIN-METRICS snap 18, the busiest: read_iops 8.4 -> 9 (not read_iops_max 290.8); cpu_per_s .021 -> 0.03
    # (not cpu_per_s_max .707); write_iops 6.8 -> 7; read_mb_s .2; write_mb_s .5
    assert (got["io.peak_read_iops"], got["sizing.peak_cpu"]) == (9, 0.03)
    assert (got["io.peak_write_iops"], got["io.peak_read_mib_s"], got["io.peak_write_mib_s"]) == (7, 0.2, 0.5)
    assert got["oracle.character_set"] == "AL32UTF8"


def test_dbw_pdb_count_is_left_to_the_user(by_name: dict[str, ImportResult]) -> None:
    # "pluguggable database counts: 3 | 3" does not say whether CDB$ROOT and PDB$SEED are counted
    result = by_name["DBW+space"]
    assert result.prefill is not None
    assert "oracle.pdb_count" not in fields(result)
    assert "root and seed" in result.prefill.not_prefilled["oracle.pdb_count"]


def test_the_dbw_import_leads_to_the_exadata_findings_on_rds_and_the_info_on_odb(
    by_name: dict[str, ImportResult],
) -> None:
    result = by_name["DBW+space"]
    assert result.prefill is not None
    verdicts = {v.option: v for v in evaluate_rules(Workload.model_validate(result.prefill.workload))}
    rds = {f.rule_id: f for f in verdicts["rds"].findings}
    # 22,003.36 - 9,456.35 = 12,547.01 GiB more once decompressed
    assert "12,547 GiB" in rds["rds-exadata-hcc-storage-growth"].explanation
    assert {"rds-exadata-smart-scan-lost", "rds-exadata-flash-cache-lost"} <= set(rds)
    assert "odb-exadata-features-kept" in {f.rule_id for f in verdicts["odb"].findings}
