"""Statspack report, text (spreport.sql).

Pure Python. The Load Profile has no IO-request rows: IOPS and MB/s come from Instance Activity Stats
('physical read total IO requests', 'physical read total bytes', ...). The header prints no edition and no CDB.
"""

from __future__ import annotations

import re

from advisor.awr.engine.collector import MIB, Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import FileExtraction, Identity
from advisor.awr.engine.sections.host_cpu import read_detail, text_rows
from advisor.awr.engine.sections.time_model import text_background
from advisor.awr.engine.text.awr import (
    activity,
    end_time,
    init_parameters,
    memory_and_cache,
    os_statistics,
    window,
    yes,
)
from advisor.awr.engine.text.common import find, fixed_width, labelled, positional, section

_DB_INST = re.compile(r"DB/Inst:\s*(?P<db>[^/\s]+)/(?P<inst>\S+)")

LOAD_ROWS = {"DB CPU(s)": ("db_cpu_per_s", 1.0), "Redo size": ("redo_mib_s", 1 / MIB)}


def parse_statspack(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.STATSPACK)
    lines = text.splitlines()
    head = "Report header"
    i = find(lines, "Database    DB Id")
    db: dict[str, str] = fixed_width(lines, i + 1, i + 2) if i >= 0 else {}
    if db.get("Release"):
        c.fact("version", db["Release"], head, "Release", db["Release"])
    if db.get("RAC"):
        c.fact("rac", yes(db["RAC"]), head, "RAC", db["RAC"])
    host_i = find(lines, "Host")
    host: list[str] = []
    if host_i >= 0:
        rule = next((j for j in range(host_i, min(host_i + 4, len(lines))) if lines[j].lstrip().startswith("~~~~")), -1)
        if rule > 0:
            host = positional(lines, rule, rule + 1)
    if len(host) >= 7:
        if host[2]:
            c.fact("platform", host[2], "Host", "Platform", host[2])
        for metric, idx, col in (("host_cpus", 3, "CPUs"), ("host_cores", 4, "Cores"), ("host_sockets", 5, "Sockets")):
            c.read_fact(metric, "Host", col, host[idx])
        c.read_fact("host_memory_gib", "Host", "Memory (G)", host[6])
    key, minutes = window(c, lines[:40])
    # before the Load Profile: DB CPU from the Time Model's exact seconds, the Load Profile's one decimal the fallback
    text_background(c, lines, "Time Model System Stats", minutes)
    part = section(lines, "Load Profile", 30)
    for label, (metric, factor) in LOAD_ROWS.items():
        values = labelled(part, label)
        if values:
            c.read_rate(metric, "Load Profile", label, values[0], factor)
    memory_and_cache(c, lines)
    os_statistics(c, lines, "OS Statistics")
    detail = "OS Statistics - detail"
    cut = not any("End of Report" in line for line in lines[-20:])
    read_detail(c, text_rows(lines, detail), detail, end_snap=end_time(lines), cut=cut)
    activity(c, lines, with_io=True)
    c.fact("statspack_used", True, "Report header", "first line", "STATSPACK report for")
    init_parameters(c, lines)
    if not any("End of Report" in line for line in lines[-20:]):
        c.truncated(text)
    named = _DB_INST.search(text)
    instance = db.get("Instance") or (named.group("inst") if named else "")
    c.add_window_sample(key, minutes, instance or None)
    identity = Identity(
        dbid=db.get("DB Id") or None,
        db_name=db.get("Database") or (named.group("db") if named else None),
        instances=(instance,) if instance else (),
        hosts=(host[1],) if len(host) > 1 and host[1] else (),
    )
    return c.result(identity)
