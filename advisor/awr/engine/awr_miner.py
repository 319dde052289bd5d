"""AWS AWR-Miner output (``dbcsi_*.out``), AWR and Statspack variants: ``~~BEGIN-X~~ ... ~~END-X~~`` sections.

Pure Python. OS-INFORMATION holds name/value pairs (versions, host, sizes and the P99/P90 summaries);
MAIN-METRICS one row per snapshot and instance (a time series: the source of peaks and percentiles); MEMORY the
SGA and PGA per snapshot (GB); SIZE-ON-DISK the database size per snapshot (GB); FEATURES the feature usage.
"""

from __future__ import annotations

import re
from datetime import datetime

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import Figure as Fig
from advisor.awr.engine.figures import FileExtraction, Identity, Provenance, Sample
from advisor.awr.engine.text.common import spans

SUMMARIES = {
    "DB_CPU_THREADS_AVERAGE_P99": "cpu_avg_p99",
    "DB_CPU_THREADS_PEAKS_90": "cpu_peak_p90",
    "DB_HOST_CPU_THREADS_AVERAGE_P99": "host_cpu_avg_p99",
    "DB_HOST_CPU_THREADS_PEAKS_90": "host_cpu_peak_p90",
    "DB_IOPS_AVERAGE_P99": "iops_avg_p99",
    "DB_IOPS_PEAKS_P90": "iops_peak_p90",
    "DB_IOMB_AVERAGE_P99": "mib_s_avg_p99",
    "DB_IOMB_PEAKS_P90": "mib_s_peak_p90",
    "DB_SGAPGA_TOTAL": "sga_pga_gib",
    "TOTAL_DB_SIZE_GB": "db_size_gib",
    "NUM_CPUS": "host_cpus",
    "NUM_CPU_CORES": "host_cores",
    "NUM_CPU_SOCKETS": "host_sockets",
    "PHYSICAL_MEMORY_GB": "host_memory_gib",
    "INSTANCES": "instance_count",
}

# MAIN-METRICS column -> (metric, column of its highest one-minute value in the snapshot, when printed). AWR-Miner
# reads the *_max columns from the maxima of DBA_HIST_SYSMETRIC_SUMMARY, the highest one-minute value AWR kept for
# the snapshot: said beside the busiest window, never used as the sustained peak (the non-_max column is).
SERIES = {
    "cpu_per_s": ("db_cpu_per_s", "cpu_per_s_max"),
    "h_cpu_per_s": ("host_busy_cpus", "h_cpu_per_s_max"),
    "read_iops": ("read_iops", "read_iops_max"),
    "write_iops": ("write_iops", "write_iops_max"),
    "read_mb_s": ("read_mib_s", "read_mb_s_max"),
    "write_mb_s": ("write_mib_s", "write_mb_s_max"),
    "redo_mb_s": ("redo_mib_s", None),
    "db_block_changes_s": ("block_changes_per_s", None),
}


def sections(text: str) -> dict[str, list[str]]:
    """Complete ``~~BEGIN-X~~ ... ~~END-X~~`` sections by name, in one pass over the lines (the first of each)."""
    found: dict[str, list[str]] = {}
    name: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("~~BEGIN-"):  # "~~BEGIN-FEATURES~" (one tilde) occurs too
            name, body = stripped[len("~~BEGIN-") :].rstrip("~"), []
        elif name is not None and stripped.startswith(f"~~END-{name}~"):
            found.setdefault(name, body)
            name = None
        elif name is not None:
            body.append(line)
    return found


def table(lines: list[str]) -> list[dict[str, str]]:
    """Rows of a SQL*Plus table (header, dashes, rows) as column name -> cell."""
    rule_i = next((i for i, line in enumerate(lines) if line.strip().startswith("---")), -1)
    if rule_i < 1:
        return []
    cuts = spans(lines[rule_i])
    header = lines[rule_i - 1]

    def cut(line: str) -> list[str]:
        out = []
        for i, (start, _end) in enumerate(cuts):
            stop = cuts[i + 1][0] if i + 1 < len(cuts) else len(line)
            out.append(line[start:stop].strip())
        return out

    names = cut(header)
    return [dict(zip(names, cut(line), strict=False)) for line in lines[rule_i + 1 :] if line.strip()]


def _pairs(lines: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for row in table(lines):
        name, value = row.get("STAT_NAME", ""), row.get("STAT_VALUE", "")
        if name:
            out.setdefault(name, value)
    return out


def _edition(banner: str) -> str | None:
    if "Standard Edition 2" in banner:
        return "SE2"
    if "Standard Edition" in banner:
        return "SE"
    if "Enterprise Edition" in banner:
        return "EE"
    return None


def _info(c: Collector, info: dict[str, str]) -> None:
    sec = "OS-INFORMATION"
    for name, metric in SUMMARIES.items():
        if info.get(name):
            c.read_fact(metric, sec, name, info[name])
    if info.get("VERSION"):
        c.fact("version", info["VERSION"], sec, "VERSION", info["VERSION"])
    if info.get("PLATFORM_NAME"):
        c.fact("platform", info["PLATFORM_NAME"], sec, "PLATFORM_NAME", info["PLATFORM_NAME"])
    edition = _edition(info.get("BANNER", ""))
    if edition:
        c.fact("edition", edition, sec, "BANNER", info["BANNER"])
    instances = c.number(sec, "INSTANCES", info.get("INSTANCES"))
    if instances is not None:
        c.fact("rac", instances > 1, sec, "INSTANCES", info["INSTANCES"])
    pdbs = c.number(sec, "COUNT_PDBS", info.get("COUNT_PDBS"))
    if pdbs is not None:
        c.fact(
            "cdb",
            pdbs > 0,
            sec,
            "COUNT_PDBS",
            info["COUNT_PDBS"],
            note="no PDBs counted: a non-CDB" if pdbs <= 0 else "",
        )
        c.fact("pdb_count", int(max(pdbs, 0)), sec, "COUNT_PDBS", info["COUNT_PDBS"])
    if info.get("AWR_MINER_VER"):
        c.fact("awr_used", True, sec, "AWR_MINER_VER", info["AWR_MINER_VER"])
    if info.get("STATSPACK_MINER_VER"):
        c.fact("statspack_used", True, sec, "STATSPACK_MINER_VER", info["STATSPACK_MINER_VER"])
    if info.get("IS_RDS"):
        c.fact("rds", info["IS_RDS"].upper() == "YES", sec, "IS_RDS", info["IS_RDS"])
    for name in ("COUNT_TABLES_HCC", "DB_EXA_CELL_BYTES_ELIG_MB_P99", "DB_EXA_READ_MB_OPT_P99"):
        value = c.number(sec, name, info.get(name))
        if value:
            c.fact("exadata", True, sec, name, info[name], note="non-zero Exadata statistic")


def _memory(c: Collector, lines: list[str]) -> None:
    by_snap: dict[str, dict[str, float]] = {}
    for row in table(lines):
        for col in ("SGA", "PGA"):
            value = c.number("MEMORY", col, row.get(col))
            if value is not None:
                totals = by_snap.setdefault(row.get("SNAP_ID", ""), {})
                totals[col] = totals.get(col, 0.0) + value  # summed over instances
    for col, metric in (("SGA", "sga_gib"), ("PGA", "pga_gib")):
        values = [(snap, v[col]) for snap, v in by_snap.items() if col in v]
        if values:
            snap, top = max(values, key=lambda item: item[1])
            c.fact(
                metric,
                top,
                "MEMORY",
                f"{col} (GB), snapshot {snap}",
                f"{top:g}",
                note=f"the largest of {len(values)} snapshots, summed over instances",
            )


def _size(c: Collector, lines: list[str], times: dict[str, str]) -> None:
    rows = [r for r in table(lines) if c.number("SIZE-ON-DISK", "SIZE_GB", r.get("SIZE_GB")) is not None]
    if len(rows) < 2:
        return
    first, last = rows[0], rows[-1]
    grown = float(last["SIZE_GB"]) - float(first["SIZE_GB"]) if "," not in last["SIZE_GB"] + first["SIZE_GB"] else None
    if grown is None:
        return
    note = f"snapshot {first['SNAP_ID']} to {last['SNAP_ID']}"
    begin, end = times.get(first["SNAP_ID"]), times.get(last["SNAP_ID"])
    note += f" ({begin} to {end})" if begin and end else "; the snapshots' times are not all printed"
    days = _days(begin, end)
    if days is not None:
        c.fact(
            "growth_window_days",
            round(days, 4),
            "MAIN-METRICS",
            f"end of snapshots {first['SNAP_ID']} and {last['SNAP_ID']}",
            f"{begin} -> {end}",
        )
    c.fact(
        "db_growth_gib",
        round(grown, 6),
        "SIZE-ON-DISK",
        f"SIZE_GB snapshots {first['SNAP_ID']} and {last['SNAP_ID']}",
        f"{first['SIZE_GB']} -> {last['SIZE_GB']}",
        note=note,
    )


def _days(begin: str | None, end: str | None) -> float | None:
    """Days between two MAIN-METRICS 'end' stamps (YY/MM/DD HH24:MI, as printed: 26/01/13 05:43)."""
    if not begin or not end:
        return None
    try:
        first, last = (datetime.strptime(t, "%y/%m/%d %H:%M") for t in (begin, end))
    except ValueError:
        return None
    return (last - first).total_seconds() / 86400


def _features(c: Collector, lines: list[str]) -> None:
    for line in lines:
        # the character set is the row's last word: columns after a multibyte date drift, so no cut by column
        if line.startswith("Character Set ") and re.fullmatch(r"[A-Z0-9_]+", line.split()[-1]):
            c.fact("character_set", line.split()[-1], "FEATURES", "Character Set (FEATURE_INFO)", line.split()[-1])
    for row in table(lines):
        name = row.get("NAME", "")
        if name == "Partitioning (user)":
            used = c.number("FEATURES", name, row.get("DETECTED_USAGES"))
            if used:
                c.fact("partitioning_used", True, "FEATURES", name, row.get("DETECTED_USAGES", ""))


def _series(c: Collector, lines: list[str]) -> dict[str, str]:
    times: dict[str, str] = {}
    for row in table(lines):
        snap, minutes = row.get("snap", ""), c.number("MAIN-METRICS", "dur_m", row.get("dur_m"))
        if not snap or minutes is None:
            continue
        if c.refused("elapsed_minutes", minutes, "MAIN-METRICS", f"snap {snap}, dur_m", row.get("dur_m", "")):
            continue
        times[snap] = row.get("end", "")
        figures: dict[str, Fig] = {}
        for col, (metric, peak_col) in SERIES.items():
            value = c.number("MAIN-METRICS", col, row.get(col))
            if value is None or c.refused(metric, value, "MAIN-METRICS", f"snap {snap}, {col}", row.get(col, "")):
                continue
            peak = c.number("MAIN-METRICS", peak_col, row.get(peak_col)) if peak_col else None
            where = f"snap {snap}, {peak_col}"
            if peak is not None and c.refused(metric, peak, "MAIN-METRICS", where, row.get(str(peak_col), "")):
                peak = None
            printed = row[col] + (f" (max {row[peak_col]})" if peak_col and row.get(peak_col) else "")
            figures[metric] = Fig(
                metric=metric,
                value=value,
                unit="",
                peak=peak,
                provenance=(
                    Provenance(file=c.file, section="MAIN-METRICS", row=f"snap {snap}, {col}", printed=printed),
                ),
            )
        c.check_peaks(figures)
        if figures:
            c.samples.append(
                Sample(
                    window=f"snap {snap}" + (f" (ending {times[snap]})" if times[snap] else ""),
                    minutes=minutes,
                    instance=row.get("inst") or None,
                    figures=figures,
                )
            )
    return times


def parse_awr_miner(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.AWR_MINER)
    parts = sections(text)
    if "OS-INFORMATION" not in parts:
        c.warnings.append("no complete OS-INFORMATION section (~~BEGIN/END-OS-INFORMATION~~): host and version missing")
    info = _pairs(parts.get("OS-INFORMATION", []))
    _info(c, info)
    times = _series(c, parts.get("MAIN-METRICS", []))
    _memory(c, parts.get("MEMORY", []))
    _size(c, parts.get("SIZE-ON-DISK", []), times)
    _features(c, parts.get("FEATURES", []))
    hosts = tuple(h for h in re.split(r"[,\s]+", info.get("HOSTS", "")) if h)
    identity = Identity(
        dbid=info.get("DBID") or None,
        db_name=info.get("DB_NAME") or None,
        unique_name=info.get("DB_UNIQUE_NAME") or None,
        hosts=hosts,
    )
    return c.result(identity)
