"""Every sample against the figures printed in it, as the samples' README lists them (its "Reference values"
table, ../shared/data/awr-samples/README.md) and as read by hand from the report lines quoted beside each assert."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples, sample

pytestmark = needs_samples


@pytest.fixture(scope="module")
def results() -> dict[str, ImportResult]:
    paths = {
        "DBS": [AZURE / "AWR_DBS.html"],
        "DBS+space": [AZURE / "AWR_DBS.html", AZURE / "dbspace_DBS.lst"],
        "DBW+space": [AZURE / "AWR_DBW.html", AZURE / "dbspace_DBW.lst"],
        "AWR12": [JAS / "awrrpt_1_2668_2669.txt"],
        "SP12": [JAS / "sp_70371_70372.txt"],
        "MINER": [MINER / "dbcsi_awr_sample01.out"],
        "SPMINER": [MINER / "dbcsi_statspack_sample01.out"],
    }
    return {name: import_files([sample(p) for p in files]) for name, files in paths.items()}


def rate(result: ImportResult, metric: str) -> float:
    assert result.aggregation is not None
    return result.aggregation.rates[metric].average


def fact(result: ImportResult, metric: str) -> object:
    assert result.aggregation is not None
    return result.aggregation.facts[metric].value


def test_every_sample_is_read_without_errors(results: dict[str, ImportResult]) -> None:
    for name, result in results.items():
        assert result.errors == (), name
        assert result.aggregation is not None, name


def test_dbs_html_load_profile_io_profile_host_and_memory(results: dict[str, ImportResult]) -> None:
    dbs = results["DBS"]
    # README row "DBS (load profile)"; Load Profile rows "Read IO requests: | 584.2", "Write IO requests: | 74.3",
    # "Read IO (MB): | 151.2", "Write IO (MB): | 8.8"; DB CPU from the Time Model's seconds, not the Load Profile's
    # one-decimal "DB CPU(s): | 1.2": 321,484.48 s / (4,319.92 min x 60 = 259,195.2 s) = 1.240318
    assert rate(dbs, "db_cpu_per_s") == pytest.approx(1.240318, abs=1e-6)
    assert rate(dbs, "read_iops_db") == 584.2
    assert rate(dbs, "write_iops_db") == 74.3
    assert rate(dbs, "read_mib_s_db") == 151.2
    assert rate(dbs, "write_mib_s_db") == 8.8
    # README row "DBS IO Profile totals": "Total Requests: | 727.1 | 638.9 | 88.1", "Optimized Requests: | 692.9",
    # "Total (MB): | 231.1 | 211.8 | 19.4"
    assert rate(dbs, "total_iops") == 727.1
    assert rate(dbs, "optimized_iops") == 692.9
    assert (rate(dbs, "read_iops"), rate(dbs, "write_iops")) == (638.9, 88.1)
    assert rate(dbs, "total_mib_s") == 231.1
    assert rate(dbs, "redo_iops") == 5.2  # "Redo Requests: | 5.2 | 1.5 | 3.8"
    # Host information "32 | 16 | 2 | 503.40"; README "32 (16)", "503.40 GB"
    assert (fact(dbs, "host_cpus"), fact(dbs, "host_cores"), fact(dbs, "host_sockets")) == (32, 16, 2)
    assert fact(dbs, "host_memory_gib") == 503.4
    # Memory Statistics "SGA use (MB): | 38,912.0 | 38,912.0" -> 38,912 / 1024 = 38 GiB;
    # "PGA use (MB): | 2,840.5 | 2,897.3" -> the larger, 2,897.3 / 1024 = 2.829395 GiB
    assert fact(dbs, "sga_gib") == 38.0
    assert fact(dbs, "pga_gib") == pytest.approx(2897.3 / 1024, abs=1e-6)
    assert dbs.aggregation is not None
    assert dbs.aggregation.facts["pga_gib"].provenance[0].printed == "2,840.5 -> 2,897.3"
    # database instance information: "DBS | 2494196594 | dbs_tk08 | PRIMARY | EE | 12.2.0.1.0 | YES | YES"
    assert (fact(dbs, "edition"), fact(dbs, "version"), fact(dbs, "rac"), fact(dbs, "cdb")) == (
        "EE",
        "12.2.0.1.0",
        True,
        True,
    )
    assert dbs.aggregation.identity.dbid == "2494196594"
    # Snapshot information "Elapsed: | | 4,319.92 (mins)": a 3-day window hides peaks
    assert fact(dbs, "elapsed_minutes") == 4319.92
    # Snapshot information "Instances | 2" and RAC instances "Number of Instances: | 2 | 2": instance 1 of 2 only
    assert dbs.aggregation.flags == (
        "RAC database of 2 instances but reports from 1 (dbs1): CPU, IO, redo, memory and host figures are that "
        "instance's alone, not the database's, so they are not pre-filled as its demand and the questionnaire's "
        "defaults stand until the database's figures are entered; upload every instance's reports or a RAC global "
        "report",
        "3.0-day average: peaks unknown for DB CPU and IO; upload hourly reports or AWR-Miner output; the host's busy "
        "CPUs per snapshot interval are read from OS Statistics - Detail",
    )
    # Instance Activity "physical read total multi block requests | 49,365,024 | 190.45" and "cell flash cache read hits
    # | 155,468,232": multiblock share 190.45 / 638.9 = 29.81 %; Exadata
    assert fact(dbs, "multiblock_read_share_pct") == pytest.approx(190.45 / 638.9 * 100, abs=0.01)
    assert fact(dbs, "exadata") is True
    # average read IO size: 211.8 MiB/s x 1024 / 638.9 IOPS = 339.47 KiB
    assert fact(dbs, "read_io_kib") == pytest.approx(211.8 * 1024 / 638.9, abs=0.01)


def test_dbs_provenance_names_file_table_row_and_printed_value(results: dict[str, ImportResult]) -> None:
    assert results["DBS"].aggregation is not None
    source = results["DBS"].aggregation.rates["redo_mib_s"].sources[0]
    assert (source.file, source.section, source.row, source.printed) == (
        "AWR_DBS.html",
        "Load Profile",
        "Redo size (bytes)",
        "1,399,224.8",
    )
    # 1,399,224.8 B/s / 1,048,576 = 1.334405 MiB/s
    assert rate(results["DBS"], "redo_mib_s") == pytest.approx(1399224.8 / 1048576, abs=1e-6)


def test_dbs_size_listing(results: dict[str, ImportResult]) -> None:
    # dbspace_DBS.lst line 8 "sum             497,648.38" (MB) -> 497,648.38 / 1024 = 485.984746 GiB
    assert fact(results["DBS+space"], "db_size_gib") == pytest.approx(497648.38 / 1024, abs=1e-6)


def test_dbw_rac_global_report(results: dict[str, ImportResult]) -> None:
    dbw = results["DBW+space"]
    # README row "DBW IO Profile (Global)": "Total Requests | 8,236.84 | 5,030.50 | 3,206.35",
    # "Database Requests | 5,897.85 | 4,679.73 | 1,218.11", "Redo Requests | 1,895.41",
    # "Total (MB) | 731.20 | 552.38 | 178.82"
    assert (rate(dbw, "read_iops"), rate(dbw, "write_iops")) == (5030.5, 3206.35)
    assert (rate(dbw, "read_iops_db"), rate(dbw, "write_iops_db")) == (4679.73, 1218.11)
    assert (rate(dbw, "read_mib_s"), rate(dbw, "write_mib_s")) == (552.38, 178.82)
    assert rate(dbw, "redo_iops") == 1895.41
    # OS Statistics By Instance: "1 | 92 | 92 | 2 | ... | 29.64 | ... | 725,190.43" and "2 | 92 | 92 | 2 | ... | 31.71"
    assert dbw.aggregation is not None
    cpus = dbw.aggregation.facts["host_cpus"]
    assert (cpus.value, cpus.per_instance) == (184, {"1": 92.0, "2": 92.0})
    assert dbw.aggregation.facts["host_memory_gib"].per_instance == {
        "1": pytest.approx(725190.43 / 1024, abs=1e-5),
        "2": pytest.approx(725190.43 / 1024, abs=1e-5),
    }
    busy = dbw.aggregation.rates["host_busy_cpus"]
    # 29.64 % of 92 = 27.2688 and 31.71 % of 92 = 29.1732 busy CPUs: ~30 % busy
    assert busy.per_instance == {"1": pytest.approx(27.2688), "2": pytest.approx(29.1732)}
    assert busy.average == pytest.approx(27.2688 + 29.1732)
    # Cache Sizes "Sga Target" 512,000 MB and "PGA Target" 5,120 MB per instance (README: SGA target 512,000 MB,
    # PGA target 5,120 MB): summed over the two instances 2 x 500 GiB and 2 x 5 GiB
    assert dbw.aggregation.facts["sga_gib"].per_instance == {"1": 500.0, "2": 500.0}
    assert fact(dbw, "sga_gib") == 1000.0
    assert fact(dbw, "pga_target_gib") == 10.0
    # Time Model "Sum | ... | 29,101,625.83" DB CPU seconds over 10,079.92 min x 60 = 604,795.2 s -> 48.1181/s;
    # instance 1 14,014,367.62 / 604,795.2 = 23.1721, instance 2 15,087,258.22 / 604,795.2 = 24.9461
    cpu = dbw.aggregation.rates["db_cpu_per_s"]
    assert cpu.average == pytest.approx(29101625.83 / 604795.2, abs=1e-4)
    assert cpu.per_instance == {"1": pytest.approx(23.1721, abs=1e-4), "2": pytest.approx(24.9461, abs=1e-4)}
    # Database Summary "3558620706 | DBW | APPDBW | PRIMARY | XP | YES | YES | 8192"
    assert (fact(dbw, "edition"), fact(dbw, "db_block_size_kib"), fact(dbw, "instance_count")) == ("XP", 8.0, 2)
    assert dbw.aggregation.flags == ("7.0-day average: peaks unknown; upload hourly reports or AWR-Miner output",)


def test_dbw_size_listing_and_hcc(results: dict[str, ImportResult]) -> None:
    dbw = results["DBW+space"]
    # dbspace_DBW.lst "sum          12,269,487.90" MB -> 11,981.921777 GiB
    assert fact(dbw, "db_size_gib") == pytest.approx(12269487.90 / 1024, abs=1e-6)
    # HCC rows (QUERY/ARCHIVE HIGH/LOW), stored MB: TABLE 27,407.19 + 3,490.00 + 825,092.63 + 40,231.25;
    # TABLE PARTITION 25.00 + 29.50 + 8,363,597.88 + 74,189.44; TABLE SUBPARTITION 65,581.81 + 209,638.31 + 74,018.00
    # = 896,221.07 + 8,437,841.82 + 349,238.12 = 9,683,301.01 MB
    assert fact(dbw, "hcc_stored_gib") == pytest.approx(9683301.01 / 1024, abs=1e-4)
    # uncompressed estimates: 137,035.94 + 13,960.00 + 1,925,216.13 + 40,231.25 + 125.00 + 118.00 + 19,515,061.71
    # + 74,189.44 + 262,327.25 + 489,156.06 + 74,018.00 = 22,531,438.78 MB (the listing's own sum prints 22,531,438.77)
    assert fact(dbw, "hcc_uncompressed_gib") == pytest.approx(22531438.78 / 1024, abs=1e-4)
    assert dbw.aggregation is not None
    # README: "HCC QUERY HIGH ≈ 8.4 TB stored / 19.5 TB uncompressed" is the TABLE PARTITION row
    assert (
        "TABLE PARTITION QUERY HIGH 8,363,597.88 19,515,061.71"
        in dbw.aggregation.facts["hcc_stored_gib"].provenance[0].printed
    )


def test_awr_text_12_2_on_aix(results: dict[str, ImportResult]) -> None:
    awr = results["AWR12"]
    # README row "AWR txt 12.2": Load Profile "Read IO requests: 101.5", "Write IO requests: 12.5", "Read IO (MB): 0.8",
    # "Write IO (MB): 0.2"; DB CPU from Time Model "DB CPU 1,234.8" s / (60.25 min x 60 = 3,615 s) = 0.341577, not
    # the Load Profile's one-decimal "DB CPU(s): 0.3"
    assert rate(awr, "db_cpu_per_s") == pytest.approx(0.341577, abs=1e-6)
    assert (rate(awr, "read_iops_db"), rate(awr, "write_iops_db")) == (101.5, 12.5)
    assert (rate(awr, "read_mib_s_db"), rate(awr, "write_mib_s_db")) == (0.8, 0.2)
    # Host "oracle1  AIX-Based Systems (64-bit)  40  5  502.00": 40 CPUs on 5 cores, no sockets printed
    assert (fact(awr, "host_cpus"), fact(awr, "host_cores"), fact(awr, "host_memory_gib")) == (40, 5, 502.0)
    assert fact(awr, "platform") == "AIX-Based Systems (64-bit)"
    assert awr.aggregation is not None
    assert "host_sockets" in awr.aggregation.not_found
    # Memory Statistics "SGA use (MB): 174,080.0 174,080.0" -> 170 GiB; "PGA use (MB): 909.7 1,432.8" -> 1,432.8 / 1024
    assert fact(awr, "sga_gib") == 170.0
    assert fact(awr, "pga_gib") == pytest.approx(1432.8 / 1024, abs=1e-6)
    # header "BPSC 1135854311 BPSC PRIMARY EE 12.2.0.1.0 NO NO"
    assert (fact(awr, "edition"), fact(awr, "cdb"), fact(awr, "rac")) == ("EE", False, False)


def test_statspack_12_1_iops_from_instance_activity(results: dict[str, ImportResult]) -> None:
    sp = results["SP12"]
    # README row "Statspack 12.1": Instance Activity "physical read total IO requests 286,861 79.7",
    # "physical write total IO requests 21,193 5.9", "physical read total bytes ... 49,451,793.3",
    # "physical write total bytes ... 378,496.0"
    assert (rate(sp, "read_iops"), rate(sp, "write_iops")) == (79.7, 5.9)
    assert rate(sp, "read_mib_s") == pytest.approx(49451793.3 / 1048576, abs=1e-6)  # ≈ 47.16
    assert rate(sp, "write_mib_s") == pytest.approx(378496.0 / 1048576, abs=1e-6)  # ≈ 0.36
    # Time Model System Stats "DB CPU 938.5" s / (60.02 min x 60 = 3,601.2 s) = 0.260608 (Load Profile prints 0.3)
    assert rate(sp, "db_cpu_per_s") == pytest.approx(0.260608, abs=1e-6)
    # Host line "cgm-szara.root.d Linux x86 64-bit 22 22 22 126.0"
    assert (fact(sp, "host_cpus"), fact(sp, "host_cores"), fact(sp, "host_memory_gib")) == (22, 22, 126.0)
    # Memory Statistics "SGA use (MB): 71,680.0" -> 70 GiB, "PGA use (MB): 477.1 469.3" -> 477.1 / 1024
    assert fact(sp, "sga_gib") == 70.0
    assert fact(sp, "pga_gib") == pytest.approx(477.1 / 1024, abs=1e-6)
    assert sp.aggregation is not None
    assert "edition" in sp.aggregation.not_found  # Statspack prints no edition
    assert sp.aggregation.identity.db_name == "CLINPRD"  # from "DB/Inst: CLINPRD/clinprd1"


def test_awr_miner_summaries_and_time_series(results: dict[str, ImportResult]) -> None:
    miner = results["MINER"]
    # README row "AWR-Miner 12.2": OS-INFORMATION "DB_CPU_THREADS_AVERAGE_P99 .021", "DB_CPU_THREADS_PEAKS_90 .707",
    # "DB_IOPS_AVERAGE_P99 15.2", "DB_IOPS_PEAKS_P90 440.3", "DB_IOMB_AVERAGE_P99 .7", "DB_IOMB_PEAKS_P90 26.5",
    # "NUM_CPUS 6", "NUM_CPU_CORES 6", "PHYSICAL_MEMORY_GB 7.75", "DB_SGAPGA_TOTAL 4.8"
    assert (fact(miner, "cpu_avg_p99"), fact(miner, "cpu_peak_p90")) == (0.021, 0.707)
    assert (fact(miner, "iops_avg_p99"), fact(miner, "iops_peak_p90")) == (15.2, 440.3)
    assert (fact(miner, "mib_s_avg_p99"), fact(miner, "mib_s_peak_p90")) == (0.7, 26.5)
    assert (fact(miner, "host_cpus"), fact(miner, "host_cores"), fact(miner, "host_memory_gib")) == (6, 6, 7.75)
    assert fact(miner, "sga_pga_gib") == 4.8
    assert fact(miner, "character_set") == "AL32UTF8"  # FEATURES "Character Set ... AL32UTF8"
    # MAIN-METRICS: snaps 17 (50 min, cpu .004 max .037), 18 (61 min, .021 max .707), 19 (10 min, 0 max .001):
    # time-weighted average (0.004 x 50 + 0.021 x 61 + 0 x 10) / 121 = 1.481 / 121 = 0.012240; peak: the busiest
    # snapshot's average, .021 (snap 18), whose highest one-minute value .707 is kept beside it
    assert miner.aggregation is not None
    cpu = miner.aggregation.rates["db_cpu_per_s"]
    assert cpu.average == pytest.approx(1.481 / 121, abs=1e-6)
    assert (cpu.peak, cpu.minute_peak) == (0.021, 0.707)
    # P95 of the three snapshot averages [0, .004, .021]: rank 2 x 0.95 = 1.9 -> .004 + 0.9 x (.021 - .004) = .0193
    assert cpu.p95 == pytest.approx(0.0193, abs=1e-6)
    # the busiest snapshot, 18 (read_iops 8.4 + write_iops 6.8 = 15.2), is the figure the summaries print as
    # DB_IOPS_AVERAGE_P99; its one-minute maxima (290.8 + 149.5 = 440.3, DB_IOPS_PEAKS_P90) are not added up: the
    # two need not fall in the same minute
    assert miner.aggregation.rates["total_iops"].peak == pytest.approx(15.2)
    assert miner.aggregation.rates["total_iops"].minute_peak is None
    # SIZE-ON-DISK "17 1.39" and "30 2.67": 1.28 GB grown
    assert fact(miner, "db_growth_gib") == pytest.approx(1.28)


def test_statspack_miner_se2_on_rds(results: dict[str, ImportResult]) -> None:
    sp = results["SPMINER"]
    # BANNER "Oracle Database 19c Standard Edition 2 Release 19.0.0.0.0", IS_RDS YES, MAIN-METRICS 22 snapshots
    assert (fact(sp, "edition"), fact(sp, "rds"), fact(sp, "version")) == ("SE2", True, "19.0.0.0.0")
    assert sp.aggregation is not None
    assert sp.aggregation.rates["db_cpu_per_s"].windows == 22
