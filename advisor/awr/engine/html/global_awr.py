"""AWR RAC global report, HTML (awrgrpt.sql): cluster-wide tables with per-instance rows.

Pure Python. Section names differ from the instance report ("IO Profile (Global)", "OS Statistics By Instance",
"Cache Sizes" per instance, "Time Model" per instance). Figures cover every instance; ``per_instance`` keeps each.
"""

from __future__ import annotations

from advisor.awr.engine import metrics
from advisor.awr.engine.collector import MIB, Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import FileExtraction, Identity
from advisor.awr.engine.html.awr import _io_profile, activity, exadata_evidence, init_params, yes
from advisor.awr.engine.html.iostat_instances import iostat_per_instance
from advisor.awr.engine.html.tables import HtmlReport, Table
from advisor.awr.engine.sections.time_model import known_window


def _grouped_begin_columns(table: Table) -> dict[str, int]:
    """Two-line headers (group names over Begin/End pairs): group name -> column of its Begin value."""
    if len(table.rows) < 2:
        return {}
    groups = [g for g in table.rows[0][1:] if g]
    return {name: 1 + 2 * i for i, name in enumerate(groups)}


def _instance_rows(table: Table) -> list[tuple[str, ...]]:
    return [row for row in table.rows if row and row[0].isdigit()]


def _sum_per_instance(
    c: Collector, table: Table | None, section: str, group: str, metric: str, factor: float, fact: bool
) -> None:
    if table is None or metric in c.facts:
        return
    col = _grouped_begin_columns(table).get(group)
    if col is None:
        return
    values: dict[str, float] = {}
    printed: list[str] = []
    for row in _instance_rows(table):
        candidates = [cell for cell in row[col : col + 2] if cell]
        numbers = [v for v in (c.number(section, f"{group} (I# {row[0]})", p) for p in candidates) if v is not None]
        if numbers:
            values[row[0]] = round(max(numbers) * factor, 6)
            printed.append(f"I# {row[0]}: " + " -> ".join(candidates))
    if values:
        total = round(sum(values.values()), 6)
        note = "sum over instances (larger of begin and end each)"
        if fact:
            c.fact(metric, total, section, group, "; ".join(printed), note=note)
            c.facts[metric] = c.facts[metric].model_copy(update={"per_instance": values})
        else:
            c.rate(metric, total, section, group, "; ".join(printed), note=note, per_instance=values)


def _all_instances(c: Collector, section: str, metric: str, values: dict[str, float | None]) -> bool:
    """A sum over instances needs every instance: with one unreadable it would understate, so it is left out."""
    missing = [inst for inst, v in values.items() if v is None]
    if missing:
        c.warnings.append(
            f"{section}: instance {', '.join(missing)} unreadable, and a sum over the other instances would "
            f"understate the cluster: {metrics.label(metric)} left out"
        )
    return not missing


def _os_by_instance(c: Collector, table: Table | None) -> None:
    if table is None or len(table.rows) < 2:
        return
    section = "OS Statistics By Instance"
    head = table.rows[1]
    col = {name: head.index(name) for name in ("#CPUs", "#Cores", "#Sckts", "% Busy", "MB") if name in head}
    rows = _instance_rows(table)
    for metric, name, factor in (
        ("host_cpus", "#CPUs", 1.0),
        ("host_cores", "#Cores", 1.0),
        ("host_sockets", "#Sckts", 1.0),
        ("host_memory_gib", "MB", 1 / 1024),
    ):
        if name not in col:
            continue
        values = {row[0]: c.number(section, f"{name} (I# {row[0]})", _cell(row, col[name])) for row in rows}
        got = {k: round(v * factor, 6) for k, v in values.items() if v is not None}
        if got and _all_instances(c, section, metric, values):
            printed = "; ".join(f"I# {row[0]}: {_cell(row, col[name])}" for row in rows)
            c.fact(metric, round(sum(got.values()), 6), section, name, printed, note="sum over instances")
            if metric in c.facts:
                c.facts[metric] = c.facts[metric].model_copy(update={"per_instance": got})
    if "% Busy" in col and "#CPUs" in col:
        busy: dict[str, float | None] = {}
        for row in rows:
            pct = c.number(section, f"% Busy (I# {row[0]})", _cell(row, col["% Busy"]))
            cpus = c.number(section, f"#CPUs (I# {row[0]})", _cell(row, col["#CPUs"]))
            busy[row[0]] = round(pct / 100 * cpus, 4) if pct is not None and cpus is not None else None
        got_busy = {k: v for k, v in busy.items() if v is not None}
        if got_busy and _all_instances(c, section, "host_busy_cpus", busy):
            printed = "; ".join(f"I# {r[0]}: {_cell(r, col['% Busy'])} % of {_cell(r, col['#CPUs'])}" for r in rows)
            c.rate(
                "host_busy_cpus",
                round(sum(got_busy.values()), 4),
                section,
                "% Busy x #CPUs",
                printed,
                note="sum over instances",
                per_instance=got_busy,
            )


def _cell(row: tuple[str, ...], col: int) -> str:
    return row[col] if len(row) > col else ""


def _time_model(c: Collector, table: Table | None, minutes: float) -> None:
    if table is None or not minutes:
        return
    head = table.header()
    if "DB CPU (s)" not in head:
        return
    col = head.index("DB CPU (s)")
    seconds = minutes * 60
    per: dict[str, float] = {}
    for row in _instance_rows(table):
        value = c.number("Time Model", f"DB CPU (s) I# {row[0]}", row[col])
        if value is not None:
            per[row[0]] = round(value / seconds, 4)
    total_row = table.row("Sum")
    if total_row and "bg CPU (s)" in head and len(total_row) > head.index("bg CPU (s)"):
        printed = total_row[head.index("bg CPU (s)")]
        bg = c.number("Time Model", "Sum bg CPU (s)", printed)
        if bg is not None:
            c.rate(
                "bg_cpu_per_s",
                round(bg / seconds, 4),
                "Time Model",
                "Sum / bg CPU (s) over the elapsed time",
                f"{printed} s / ({minutes:,.2f} min x 60)",
            )
    if per and total_row:
        total = c.number("Time Model", "Sum DB CPU (s)", total_row[col])
        if total is not None:
            c.rate(
                "db_cpu_per_s",
                round(total / seconds, 4),
                "Time Model",
                "Sum / DB CPU (s) over the elapsed time",
                f"{total_row[col]} s / ({minutes:,.2f} min x 60)",
                per_instance=per,
            )


def parse_awr_rac_html(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.AWR_RAC_HTML)
    report = HtmlReport(text)
    summary = report.table("Database Summary")
    found: dict[str, str] = {}
    if summary and len(summary.rows) >= 3:
        found = dict(zip(summary.rows[1], summary.rows[2], strict=False))
        section = "Database Summary"
        for key, metric in (("Edition", "edition"),):
            if key in found:
                c.fact(metric, found[key], section, key, found[key])
        if "RAC" in found:
            c.fact("rac", yes(found["RAC"]), section, "RAC", found["RAC"])
        if "CDB" in found:
            c.fact("cdb", yes(found["CDB"]), section, "CDB", found["CDB"])
        if "Block Size" in found:
            c.read_fact("db_block_size_kib", section, "Block Size", found["Block Size"], 1 / 1024)
        if summary.rows[2]:
            c.read_fact("elapsed_minutes", section, "Elapsed time", summary.rows[2][-1])
            elapsed = c.facts.get("elapsed_minutes")
            if elapsed is not None and not known_window(c, float(elapsed.value), section, summary.rows[2][-1]):
                del c.facts["elapsed_minutes"]
    instances = report.table("Database Instances Included In Report")
    names: list[str] = []
    hosts: list[str] = []
    if instances:
        rows = instances.dicts()
        names = [r.get("Instance", "") for r in rows if r.get("Instance")]
        hosts = [r.get("Host", "") for r in rows if r.get("Host")]
        if rows:
            section = "Database Instances Included In Report"
            c.fact("instance_count", len(rows), section, "I#", ", ".join(r.get("I#", "") for r in rows))
            if rows[0].get("Release"):
                c.fact("version", rows[0]["Release"], section, "Release", rows[0]["Release"])
            if rows[0].get("Platform"):
                c.fact("platform", rows[0]["Platform"], section, "Platform", rows[0]["Platform"])
    pdbs = report.table("database counts")
    if pdbs and len(pdbs.rows) > 1 and len(pdbs.rows[1]) > 1:
        # not "pdb_count": the report does not say whether CDB$ROOT and PDB$SEED are among those counted
        c.read_fact("pdbs_counted", "Pluggable database counts", "End Snap", pdbs.rows[1][1])
    minutes = float(c.facts["elapsed_minutes"].value) if "elapsed_minutes" in c.facts else 0.0
    _time_model(c, next((t for t in report.tables("Time Model") if t.summary == "Time Model"), None), minutes)
    _io_profile(c, report.table("IO Profile (Global)"), "IO Profile (Global)")
    iostat_per_instance(c, report.table("IOStat by File Type"))
    _os_by_instance(c, report.table("OS Statistics By Instance"))
    cache = report.table("Cache Sizes")
    _sum_per_instance(c, cache, "Cache Sizes", "Sga Target", "sga_gib", 1 / 1024, fact=True)
    _sum_per_instance(c, cache, "Cache Sizes", "DB Cache", "buffer_cache_gib", 1 / 1024, fact=True)
    pga = report.table("PGA Aggregate Target Statistics")
    _sum_per_instance(c, pga, "PGA Aggregate Target Statistics", "PGA Mem Alloc", "pga_gib", 1 / 1024, fact=True)
    _sum_per_instance(c, cache, "Cache Sizes", "PGA Target", "pga_target_gib", 1 / 1024, fact=True)
    _sum_per_instance(c, cache, "Cache Sizes", "PGA Target", "pga_gib", 1 / 1024, fact=True)  # if no allocation
    stats = report.table("System Statistics (Global)")
    if stats:
        row = stats.row("redo size")
        if row and len(row) > 2:
            c.read_rate("redo_mib_s", "System Statistics (Global)", "redo size (per Second)", row[2], 1 / MIB)
    activity(c, stats, "System Statistics (Global)")
    init_params(c, report.table("values for init.ora parameters"), "init.ora Parameters", value_col=2)
    iostat = report.table("IOStat by Function")
    if iostat:
        for row in iostat.rows:
            if len(row) > 8 and row[0] == "*" and row[1] == "Smart Scan":
                c.read_rate("smart_scan_read_mib_s", "IOStat by Function", "* / Smart Scan (Read MB/s)", row[8])
    c.fact("awr_used", True, "Report title", "title", report.title)
    exadata_evidence(c, report)
    if "end of report" not in report.text_end.lower():
        c.truncated(report.text_end)
    window = f"snaps {found.get('Begin', '?')}-{found.get('End', '?')}"
    c.add_window_sample(window, minutes, None)
    identity = Identity(
        dbid=found.get("Id"),
        db_name=found.get("Name"),
        unique_name=found.get("Unique Name"),
        instances=tuple(names),
        hosts=tuple(hosts),
    )
    return c.result(identity)
