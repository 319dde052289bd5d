"""The metrics the import looks for: name, unit and label. "Not found" lists are made from this catalog.

Pure Python. Rates (``RATES``) are measured per window and aggregated (average, peak, P95, summed across RAC
instances); the others are facts about the database or host. Units: Oracle's AWR "MB" are 2^20 bytes (MiB) and its
host "GB" are 2^30 bytes (GiB): 515,476.8 MB of host memory print as 503.40 GB in the same report (AWR_DBS.html).
"""

from __future__ import annotations

RATES: dict[str, tuple[str, str]] = {
    "db_cpu_per_s": ("DB CPU seconds per second", "s/s"),
    "bg_cpu_per_s": ("Background CPU seconds per second", "s/s"),
    "db_bg_cpu_per_s": ("DB CPU + background CPU seconds per second", "s/s"),
    "host_busy_cpus": ("Host CPUs busy (OS view)", "vCPUs"),
    "read_iops": ("Read IO requests per second (all files)", "IOPS"),
    "write_iops": ("Write IO requests per second (all files)", "IOPS"),
    "read_iops_db": ("Read IO requests per second (database files)", "IOPS"),
    "write_iops_db": ("Write IO requests per second (database files)", "IOPS"),
    "read_mib_s": ("Read throughput (all files)", "MiB/s"),
    "write_mib_s": ("Write throughput (all files)", "MiB/s"),
    "read_mib_s_db": ("Read throughput (database files)", "MiB/s"),
    "write_mib_s_db": ("Write throughput (database files)", "MiB/s"),
    "total_iops": ("Read + write IO requests per second", "IOPS"),
    "total_mib_s": ("Read + write throughput", "MiB/s"),
    "redo_mib_s": ("Redo generated", "MiB/s"),
    "redo_iops": ("Redo log IO requests per second", "IOPS"),
    "block_changes_per_s": ("DB block changes per second", "blocks/s"),
    "optimized_iops": ("Optimized IO requests per second (flash / smart scan)", "IOPS"),
    "multiblock_read_iops": ("Multiblock read requests per second", "IOPS"),
    "smart_scan_read_mib_s": ("Smart Scan reads", "MiB/s"),
}

FACTS: dict[str, tuple[str, str]] = {
    "edition": ("Edition", ""),
    "version": ("Version (release)", ""),
    "cdb": ("Container database", ""),
    "pdb_count": ("Pluggable databases", "PDBs"),
    "pdbs_counted": ("Pluggable databases counted by a RAC global report (root and seed may be included)", ""),
    "rac": ("RAC", ""),
    "instance_count": ("RAC instances", "instances"),
    "platform": ("Platform", ""),
    "character_set": ("Character set", ""),
    "host_cpus": ("Host CPUs (threads)", "CPUs"),
    "host_cores": ("Host cores", "cores"),
    "host_sockets": ("Host sockets", "sockets"),
    "host_memory_gib": ("Host memory", "GiB"),
    "sga_gib": ("SGA", "GiB"),
    "pga_gib": ("PGA", "GiB"),
    "pga_target_gib": ("PGA target (pga_aggregate_target)", "GiB"),
    "buffer_cache_gib": ("Buffer cache", "GiB"),
    "db_block_size_kib": ("Block size", "KiB"),
    "multiblock_read_count": ("db_file_multiblock_read_count", "blocks"),
    "db_size_gib": ("Database size (allocated)", "GiB"),
    "db_growth_gib": ("Growth over the window", "GiB"),
    "hcc_stored_gib": ("HCC-compressed tables, stored", "GiB"),
    "hcc_uncompressed_gib": ("HCC-compressed tables, uncompressed estimate", "GiB"),
    "asm_in_use": ("ASM in use (files on a + disk group)", ""),
    "inmemory_size_gib": ("In-Memory column store (inmemory_size)", "GiB"),
    "tde_in_use": ("New tablespaces encrypted (TDE)", ""),
    "tde_cpu_s": ("Tablespace encryption CPU time (TDE)", "s"),
    "exadata": ("Exadata", ""),
    "rds": ("Runs on Amazon RDS", ""),
    "partitioning_used": ("Partitioning (user)", ""),
    "elapsed_minutes": ("Report window", "minutes"),
    "read_iops_unreadable": ("Read IO requests (all files), printed as ##### (too wide for the column)", ""),
    "write_iops_unreadable": ("Write IO requests (all files), printed as ##### (too wide for the column)", ""),
    "read_mib_s_unreadable": ("Read throughput (all files), printed as ##### (too wide for the column)", ""),
    "write_mib_s_unreadable": ("Write throughput (all files), printed as ##### (too wide for the column)", ""),
    "host_cpu_interval_peak": ("Host CPUs busy in the busiest snapshot interval (OS view)", "vCPUs"),
    "host_cpu_interval_p95": ("Host CPUs busy, 95th percentile of the snapshot intervals (OS view)", "vCPUs"),
    "host_cpu_interval_average": ("Host CPUs busy, mean of the snapshot intervals (OS view)", "vCPUs"),
    "ash_busiest_slot": ("Busiest time slot's sampled active sessions against the window's average", "times"),
    "awr_used": ("AWR in use (Diagnostics Pack)", ""),
    "statspack_used": ("Statspack in use", ""),
    "growth_window_days": ("Days between the first and last size", "days"),
    "sga_pga_gib": ("SGA + PGA (AWR-Miner DB_SGAPGA_TOTAL)", "GiB"),
    "cpu_avg_p99": ("DB CPU/s: 99th percentile of snapshot averages (AWR-Miner)", "s/s"),
    "cpu_peak_p90": ("DB CPU/s: 90th percentile of snapshot peaks (AWR-Miner)", "s/s"),
    "host_cpu_avg_p99": ("Host CPU/s: 99th percentile of snapshot averages (AWR-Miner)", "s/s"),
    "host_cpu_peak_p90": ("Host CPU/s: 90th percentile of snapshot peaks (AWR-Miner)", "s/s"),
    "iops_avg_p99": ("IOPS: 99th percentile of snapshot averages (AWR-Miner)", "IOPS"),
    "iops_peak_p90": ("IOPS: 90th percentile of snapshot peaks (AWR-Miner)", "IOPS"),
    "mib_s_avg_p99": ("MB/s: 99th percentile of snapshot averages (AWR-Miner)", "MiB/s"),
    "mib_s_peak_p90": ("MB/s: 90th percentile of snapshot peaks (AWR-Miner)", "MiB/s"),
}

ALL: dict[str, tuple[str, str]] = {**RATES, **FACTS}


def unit(metric: str) -> str:
    return ALL.get(metric, ("", ""))[1]


def label(metric: str) -> str:
    return ALL.get(metric, (metric, ""))[0]
