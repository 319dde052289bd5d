"""AWR instance report, text (awrrpt.sql): fixed section headers, fixed-width tables.

Pure Python. The 12c+ header has Unique Name / DB Role / Edition / CDB columns, 11g's does not; columns are read
from the dashes line under each header.
"""

from __future__ import annotations

from advisor.awr.engine.collector import MIB, Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import FileExtraction, Identity, Window
from advisor.awr.engine.sections.ash_activity import read_activity, text_slots
from advisor.awr.engine.sections.host_cpu import DETAIL, read_detail, text_rows
from advisor.awr.engine.sections.time_model import known_window, text_background
from advisor.awr.engine.text.common import find, fixed_width, labelled, section, stat_row, value_line

LOAD_ROWS = {
    "DB CPU(s)": ("db_cpu_per_s", 1.0),
    "Redo size (bytes)": ("redo_mib_s", 1 / MIB),
    "Redo size": ("redo_mib_s", 1 / MIB),
    "Read IO requests": ("read_iops_db", 1.0),
    "Write IO requests": ("write_iops_db", 1.0),
    "Read IO (MB)": ("read_mib_s_db", 1.0),
    "Write IO (MB)": ("write_mib_s_db", 1.0),
}


def header_table(lines: list[str], first_column: str) -> dict[str, str]:
    """The header table whose title line starts with ``first_column`` (DB Name, Instance, Host Name...)."""
    i = find(lines, first_column)
    if i < 0 or i + 2 >= len(lines):
        return {}
    return fixed_width(lines, i + 1, i + 2)


def window(c: Collector, lines: list[str]) -> tuple[Window, float]:
    """The window (begin-end snap ids, and the times as printed) and its minutes."""
    begin, end = labelled(lines, "Begin Snap"), labelled(lines, "End Snap")
    elapsed = labelled(lines, "Elapsed")
    minutes = 0.0
    if elapsed:
        value = c.number("Snapshot", "Elapsed", elapsed[0])
        if value is not None and not known_window(c, value, "Snapshot", " ".join(elapsed[:2])):
            value = None
        if value is not None:
            minutes = value
            c.fact("elapsed_minutes", value, "Snapshot", "Elapsed", " ".join(elapsed[:2]))
    if not (begin and end):
        return Window(), minutes
    snaps = f"{begin[0]}-{end[0]}"
    if len(begin) > 2 and len(end) > 2:
        first, last = f"{begin[1]} {begin[2]}", f"{end[1]} {end[2]}"
        return Window(label=f"snaps {snaps} ({first} to {last})", snaps=snaps, begin=first, end=last), minutes
    return Window(label=f"snaps {snaps}", snaps=snaps), minutes


def end_time(lines: list[str]) -> str | None:
    """The end snap's time as printed ('14-Jan-24 01:37:43'), for telling a Detail table cut short."""
    end = labelled(lines[:60], "End Snap")
    return f"{end[1]} {end[2]}" if end and len(end) > 2 else None


def load_profile(c: Collector, lines: list[str], title: str) -> None:
    part = section(lines, title, 40)
    for label, (metric, factor) in LOAD_ROWS.items():
        values = labelled(part, label)
        if values:
            c.read_rate(metric, title, label, values[0], factor)


def memory_and_cache(c: Collector, lines: list[str]) -> None:
    part = section(lines, "Memory Statistics", 12)
    for label, metric in (
        ("Host Mem (MB)", "host_memory_gib"),
        ("SGA use (MB)", "sga_gib"),
        ("PGA use (MB)", "pga_gib"),
    ):
        values = labelled(part, label)
        if not values:
            continue
        numbers = [v for v in (c.number("Memory Statistics", label, p) for p in values[:2]) if v is not None]
        if numbers:
            c.fact(
                metric,
                round(max(numbers) / 1024, 6),
                "Memory Statistics",
                label,
                " -> ".join(values[:2]),
                note="the larger of begin and end" if len(numbers) > 1 else "",
            )
    cache = section(lines, "Cache Sizes", 8)
    for line in cache:
        if line.strip().startswith("Buffer Cache:"):
            words = line.split()
            value = c.number("Cache Sizes", "Buffer Cache", words[2].rstrip("M"))
            if value is not None:
                c.fact("buffer_cache_gib", round(value / 1024, 6), "Cache Sizes", "Buffer Cache", words[2])
            if "Size:" in words:
                printed = words[words.index("Size:") + 1]
                value = c.number("Cache Sizes", "Std Block Size", printed.rstrip("K"))
                if value is not None:
                    c.fact("db_block_size_kib", value, "Cache Sizes", "Std Block Size", printed)


def os_statistics(c: Collector, lines: list[str], title: str) -> None:
    part = section(lines, title, 60)
    for name, metric in (
        ("NUM_CPUS", "host_cpus"),
        ("NUM_CPU_CORES", "host_cores"),
        ("NUM_CPU_SOCKETS", "host_sockets"),
    ):
        c.read_fact(metric, title, name, value_line(part, name))
    busy, idle, cpus = (value_line(part, n) for n in ("BUSY_TIME", "IDLE_TIME", "NUM_CPUS"))
    b, i, n = (c.number(title, "OS", p) for p in (busy, idle, cpus))
    if b is not None and i is not None and n and b + i > 0:
        c.rate(
            "host_busy_cpus",
            round(b / (b + i) * n, 4),
            title,
            "BUSY_TIME / (BUSY_TIME + IDLE_TIME) x NUM_CPUS",
            f"{busy} / ({busy} + {idle}) x {cpus}",
        )


def activity(c: Collector, lines: list[str], with_io: bool) -> None:
    """Instance Activity Stats: multiblock reads, Exadata cell statistics, and (Statspack) the IO totals."""
    start = find(lines, "Instance Activity Stats")
    part = lines[start : start + 1500] if start >= 0 else []
    title = "Instance Activity Stats"
    plan = [("physical read total multi block requests", "multiblock_read_iops", 1.0)]
    if with_io:
        plan += [
            ("physical read total IO requests", "read_iops", 1.0),
            ("physical write total IO requests", "write_iops", 1.0),
            ("physical read total bytes", "read_mib_s", 1 / MIB),
            ("physical write total bytes", "write_mib_s", 1 / MIB),
            ("redo size", "redo_mib_s", 1 / MIB),
        ]
    for name, metric, factor in plan:
        row = stat_row(part, name)
        if row:
            c.read_rate(metric, title, f"{row[2]} (per Second)", row[1], factor)
    for name in ("cell flash cache read hits", "cell physical IO bytes eligible for predicate offload"):
        row = stat_row(part, name)
        total = c.number(title, name, row[0]) if row else None
        if row and total:
            c.fact("exadata", True, title, row[2], row[0], note="non-zero Exadata cell statistic")


def init_parameters(c: Collector, lines: list[str]) -> None:
    start = find(lines, "init.ora Parameters")
    part = lines[start:] if start >= 0 else []
    c.read_fact(
        "db_block_size_kib", "init.ora Parameters", "db_block_size", value_line(part, "db_block_size"), 1 / 1024
    )
    c.read_fact(
        "multiblock_read_count",
        "init.ora Parameters",
        "db_file_multiblock_read_count",
        value_line(part, "db_file_multiblock_read_count"),
    )


def yes(printed: str | None) -> bool:
    return (printed or "").strip().upper() in {"YES", "Y", "TRUE"}


def parse_awr_text(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.AWR_TEXT)
    lines = text.splitlines()
    db = header_table(lines, "DB Name")
    section_name = "Report header"
    if db.get("Edition"):
        c.fact("edition", db["Edition"], section_name, "Edition", db["Edition"])
    if db.get("Release"):
        c.fact("version", db["Release"], section_name, "Release", db["Release"])
    if db.get("RAC"):
        c.fact("rac", yes(db["RAC"]), section_name, "RAC", db["RAC"])
    if db.get("CDB"):
        c.fact("cdb", yes(db["CDB"]), section_name, "CDB", db["CDB"])
    # 12c+ prints the instance in a table of its own; 11g's database header holds it
    at = next(
        (
            i
            for i, line in enumerate(lines[:40])
            if [w.lower() for w in line.split()[:3]] == ["instance", "inst", "num"]
        ),
        -1,
    )
    inst = fixed_width(lines, at + 1, at + 2) if at >= 0 else {}
    host = header_table(lines, "Host Name")
    if host.get("Platform"):
        c.fact("platform", host["Platform"], "Host", "Platform", host["Platform"])
    for metric, col in (("host_cpus", "CPUs"), ("host_cores", "Cores"), ("host_sockets", "Sockets")):
        c.read_fact(metric, "Host", col, host.get(col))
    memory_col = next((k for k in host if k.replace(" ", "").lower().startswith("memory(gb)")), None)
    if memory_col:
        c.read_fact("host_memory_gib", "Host", memory_col, host.get(memory_col))
    key, minutes = window(c, lines[:60])
    # before the Load Profile: DB CPU from the Time Model's exact seconds, the Load Profile's one decimal the fallback
    text_background(c, lines, "Time Model Statistics", minutes)
    load_profile(c, lines, "Load Profile")
    io = section(lines, "IO Profile", 16)
    plan: tuple[tuple[str, str | None, str | None, str], ...] = (
        ("Total Requests", "read_iops", "write_iops", "total_iops"),
        ("Total (MB)", "read_mib_s", "write_mib_s", "total_mib_s"),
        ("Optimized Requests", None, None, "optimized_iops"),
        ("Redo Requests", None, None, "redo_iops"),
    )
    for label, read, write, total in plan:
        values = labelled(io, label)
        if values and len(values) >= 3:
            columns: tuple[tuple[str | None, str, str], ...] = (
                (total, values[0], "Read+Write/Second"),
                (read, values[1], "Read/Second"),
                (write, values[2], "Write/Second"),
            )
            for target, printed, col in columns:
                if target:
                    c.read_rate(target, "IO Profile", f"{label} ({col})", printed)
    memory_and_cache(c, lines)
    os_statistics(c, lines, "Operating System Statistics")
    read_detail(
        c,
        text_rows(lines, DETAIL),
        DETAIL,
        end_snap=end_time(lines),
        cut=not any(line.startswith("End of Report") for line in lines[-20:]),
    )
    activity(c, lines, with_io=False)
    read_activity(c, text_slots(c, lines), cut=not any(line.startswith("End of Report") for line in lines[-20:]))
    c.fact("awr_used", True, "Report header", "first line", "WORKLOAD REPOSITORY report for")
    init_parameters(c, lines)
    if not any(line.startswith("End of Report") for line in lines[-20:]):
        c.truncated(text)
    instance = inst.get("Instance") or db.get("Instance")
    c.add_window_sample(key, minutes, instance or None)
    identity = Identity(
        dbid=db.get("DB Id") or None,
        db_name=db.get("DB Name") or None,
        unique_name=db.get("Unique Name") or None,
        instances=(instance,) if instance else (),
        hosts=(host["Host Name"],) if host.get("Host Name") else (),
    )
    return c.result(identity)
