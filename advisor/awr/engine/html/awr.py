"""AWR instance report, HTML (awrrpt.sql): tables found by their ``summary`` attribute.

Pure Python. 12c+ headers have Unique Name / Edition / CDB columns, 11g's do not: columns are read by their
header names, so a missing column is a missing metric, never a failed file.
"""

from __future__ import annotations

from advisor.awr.engine.collector import MIB, Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import FileExtraction, Identity, Window
from advisor.awr.engine.html.tables import HtmlReport, Table
from advisor.awr.engine.numbers import parse_number
from advisor.awr.engine.sections.host_cpu import DETAIL, html_rows, read_detail
from advisor.awr.engine.sections.params import storage_and_security
from advisor.awr.engine.sections.snapshot_instances import snapshot_instances
from advisor.awr.engine.sections.time_model import html_background, known_window

LOAD = "Load Profile"
IO = "IO Profile"


def exadata_evidence(c: Collector, report: HtmlReport) -> None:
    cells = [s for s in report.summaries() if "exadata cells" in s.lower()]
    if cells:
        c.fact("exadata", True, "Exadata sections", cells[0], "present", note=f"{len(cells)} Exadata cell tables")


def yes(printed: str) -> bool:
    return printed.strip().upper() in {"YES", "Y", "TRUE"}


def _identity(c: Collector, report: HtmlReport) -> Identity:
    found: dict[str, str] = {}
    for table in report.tables("database instance information"):
        for row in table.dicts():
            for key, value in row.items():
                found.setdefault(key.strip().lower(), value)
    section = "Database instance information"
    if "edition" in found:
        c.fact("edition", found["edition"], section, "Edition", found["edition"])
    if "release" in found:
        c.fact("version", found["release"], section, "Release", found["release"])
    if "rac" in found:
        c.fact("rac", yes(found["rac"]), section, "RAC", found["rac"])
    if "cdb" in found:
        c.fact("cdb", yes(found["cdb"]), section, "CDB", found["cdb"])
    host = report.table("host information")
    hosts: tuple[str, ...] = ()
    if host and host.dicts():
        row = host.dicts()[0]
        hosts = (row.get("Host Name", ""),) if row.get("Host Name") else ()
        if row.get("Platform"):
            c.fact("platform", row["Platform"], "Host information", "Platform", row["Platform"])
        for metric, col in (("host_cpus", "CPUs"), ("host_cores", "Cores"), ("host_sockets", "Sockets")):
            c.read_fact(metric, "Host information", col, row.get(col))
        memory_col = next((k for k in row if k.replace(" ", "").lower().startswith("memory(gb)")), None)
        if memory_col:
            c.read_fact("host_memory_gib", "Host information", memory_col, row.get(memory_col))
    instance = found.get("instance")
    return Identity(
        dbid=found.get("db id"),
        db_name=found.get("db name"),
        unique_name=found.get("unique name"),
        instances=(instance,) if instance else (),
        hosts=hosts,
    )


def read_window(c: Collector, snap: Table | None) -> tuple[Window, float]:
    """The window (begin-end snap ids, and the times as printed) and its minutes."""
    if snap is None:
        return Window(), 0.0
    begin, end, elapsed = snap.row("Begin Snap"), snap.row("End Snap"), snap.row("Elapsed")
    minutes = 0.0
    if elapsed:
        printed = next((cell for cell in elapsed[1:] if cell.strip()), "")
        value = c.number("Snapshot information", "Elapsed", printed.replace("(mins)", "").strip())
        if value is not None and not known_window(c, value, "Snapshot information", printed):
            value = None
        if value is not None:
            minutes = value
            c.fact("elapsed_minutes", value, "Snapshot information", "Elapsed", printed)
    span = Window()
    if begin and end and len(begin) > 1 and len(end) > 1:
        snaps = f"{begin[1]}-{end[1]}"
        span = Window(label=f"snaps {snaps}", snaps=snaps)
        if len(begin) > 2 and len(end) > 2:
            span = Window(label=f"snaps {snaps} ({begin[2]} to {end[2]})", snaps=snaps, begin=begin[2], end=end[2])
    header = snap.header()
    if begin and "Pluggable Databases Open" in header:
        printed = begin[header.index("Pluggable Databases Open")]
        c.read_fact("pdb_count", "Snapshot information", "Pluggable Databases Open", printed)
    return span, minutes


def _per_second(c: Collector, table: Table | None, section: str, rows: dict[str, tuple[str, float]]) -> None:
    if table is None:
        return
    for label, (metric, factor) in rows.items():
        row = table.row(label)
        if row and len(row) > 1:
            c.read_rate(metric, section, label, row[1], factor)


def _io_profile(c: Collector, table: Table | None, section: str, read_col: int = 2, write_col: int = 3) -> None:
    if table is None:
        return
    plan = {
        "Total Requests": ("read_iops", "write_iops", "total_iops"),
        "Database Requests": ("read_iops_db", "write_iops_db", None),
        "Total (MB)": ("read_mib_s", "write_mib_s", "total_mib_s"),
        "Database (MB)": ("read_mib_s_db", "write_mib_s_db", None),
        "Optimized Requests": (None, None, "optimized_iops"),
        "Redo Requests": (None, None, "redo_iops"),
    }
    for label, (read, write, total) in plan.items():
        row = table.row(label)
        if not row:
            continue
        for metric, col in ((read, read_col), (write, write_col), (total, 1)):
            if metric and len(row) > col:
                c.read_rate(
                    metric, section, f"{label} ({table.header()[col] if len(table.header()) > col else col})", row[col]
                )


def memory(c: Collector, table: Table | None, section: str) -> None:
    if table is None:
        return
    for label, metric in (
        ("Host Mem (MB)", "host_memory_gib"),
        ("SGA use (MB)", "sga_gib"),
        ("PGA use (MB)", "pga_gib"),
    ):
        row = table.row(label)
        if not row or len(row) < 2:
            continue
        values = [v for v in (c.number(section, label, cell) for cell in row[1:3]) if v is not None]
        if values:
            printed = " -> ".join(cell for cell in row[1:3] if cell)
            c.fact(
                metric,
                round(max(values) / 1024, 6),
                section,
                label,
                printed,
                note="the larger of begin and end" if len(values) > 1 else "",
            )


def os_stats(c: Collector, table: Table | None, section: str) -> None:
    if table is None:
        return
    for label, metric in (
        ("NUM_CPUS", "host_cpus"),
        ("NUM_CPU_CORES", "host_cores"),
        ("NUM_CPU_SOCKETS", "host_sockets"),
    ):
        row = table.row(label)
        if row and len(row) > 1:
            c.read_fact(metric, section, label, row[1])
    busy, idle, cpus = table.row("BUSY_TIME"), table.row("IDLE_TIME"), table.row("NUM_CPUS")
    if busy and idle and cpus:
        b, i, n = (c.number(section, r[0], r[1]) for r in (busy, idle, cpus))
        if b is not None and i is not None and n and b + i > 0:
            c.rate(
                "host_busy_cpus",
                round(b / (b + i) * n, 4),
                section,
                "BUSY_TIME / (BUSY_TIME + IDLE_TIME) x NUM_CPUS",
                f"{busy[1]} / ({busy[1]} + {idle[1]}) x {cpus[1]}",
            )


def activity(c: Collector, table: Table | None, section: str, per_second_col: int = 2) -> None:
    if table is None:
        return
    row = table.row("physical read total multi block requests")
    if row and len(row) > per_second_col:
        c.read_rate("multiblock_read_iops", section, row[0], row[per_second_col])
    for label in ("cell flash cache read hits", "cell physical IO bytes eligible for predicate offload"):
        row = table.row(label)
        if row and len(row) > 1 and parse_number(row[1]):
            c.fact("exadata", True, section, label, row[1], note="non-zero Exadata cell statistic")


def init_params(c: Collector, table: Table | None, section: str, value_col: int = 1) -> None:
    if table is None:
        return
    row = table.row("db_block_size")
    if row and len(row) > value_col:
        c.read_fact("db_block_size_kib", section, "db_block_size", row[value_col], 1 / 1024)
    row = table.row("db_file_multiblock_read_count")
    if row and len(row) > value_col:
        c.read_fact("multiblock_read_count", section, "db_file_multiblock_read_count", row[value_col])
    storage_and_security(c, table, section, value_col)


def parse_awr_html(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.AWR_HTML)
    report = HtmlReport(text)
    identity = _identity(c, report)
    window, minutes = read_window(c, report.table("snapshot information"))
    # before the Load Profile: DB CPU from the Time Model's exact seconds, the Load Profile's one decimal the fallback
    html_background(c, report.table("time model statistics"), minutes)
    _per_second(
        c,
        report.table("load profile"),
        LOAD,
        {
            "DB CPU(s)": ("db_cpu_per_s", 1.0),
            "Redo size (bytes)": ("redo_mib_s", 1 / MIB),
            "Read IO requests": ("read_iops_db", 1.0),
            "Write IO requests": ("write_iops_db", 1.0),
            "Read IO (MB)": ("read_mib_s_db", 1.0),
            "Write IO (MB)": ("write_mib_s_db", 1.0),
        },
    )
    io_tables = [t for t in report.tables("IO profile") if t.summary.lower().endswith("io profile")]
    _io_profile(c, io_tables[0] if io_tables else None, IO)
    memory(c, report.table("memory statistics"), "Memory Statistics")
    os_stats(c, report.table("operating systems statistics. For each"), "Operating System Statistics")
    snap = report.table("snapshot information")
    end = snap.row("End Snap") if snap else None
    read_detail(
        c,
        html_rows(report.table("detailed operating systems statistics")),
        DETAIL,
        end_snap=end[2] if end and len(end) > 2 else None,
        cut="end of report" not in report.text_end.lower(),
    )
    activity(c, report.table("Instance activity statistics"), "Instance Activity Stats")
    init_params(c, report.table("name and value of init.ora parameters"), "init.ora Parameters")
    cache = report.table("cache sizes")
    if cache:
        row = cache.row("Buffer Cache")
        if row and len(row) > 1:
            value = c.number("Cache Sizes", "Buffer Cache", row[1].rstrip("M"))
            if value is not None:
                c.fact("buffer_cache_gib", round(value / 1024, 6), "Cache Sizes", "Buffer Cache", row[1])
        if row and len(row) > 4 and row[3].rstrip(":") == "Std Block Size":
            c.read_fact("db_block_size_kib", "Cache Sizes", "Std Block Size", row[4].rstrip("K"))
    rac_table = report.table("information about RAC instances")
    row = rac_table.row("Number of Instances") if rac_table else None
    if row and len(row) > 1:
        c.read_fact("instance_count", "RAC instances", "Number of Instances (Begin)", row[1])
    snapshot_instances(c, report.table("snapshot information"))
    iostat = report.table("IO Statistics for different functions")
    if iostat:
        row = iostat.row("Smart Scan")
        if row and len(row) > 3:
            value = c.number("IOStat by Function", "Smart Scan", row[3], scaled=True)
            if value:
                c.rate(
                    "smart_scan_read_mib_s",
                    round(value / MIB, 6),
                    "IOStat by Function",
                    "Smart Scan (Data per sec)",
                    row[3],
                )
    c.fact("awr_used", True, "Report title", "title", report.title)
    exadata_evidence(c, report)
    if "end of report" not in report.text_end.lower():
        c.truncated(report.text_end)
    instance = identity.instances[0] if identity.instances else None
    c.add_window_sample(window, minutes, instance)
    return c.result(identity)
