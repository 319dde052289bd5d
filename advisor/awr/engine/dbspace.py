"""A ``dbspace``-style size listing (SQL*Plus output without headings): size by file type, table compression.

Pure Python. The listing prints no units; its figures are read as MB (2^20 bytes), which is how they add up: the
online redo total (3,072.00 in dbspace_DBS.lst) equals the redo-log listing's 6 logs x 512.00 printed below it.
HCC rows (QUERY/ARCHIVE HIGH/LOW) carry the stored size and an uncompressed estimate: what the data grows to
off Exadata.
"""

from __future__ import annotations

import re

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.detect import Kind
from advisor.awr.engine.figures import FileExtraction, Identity
from advisor.awr.engine.text.common import MAX_LINE

_FILE_TYPE = re.compile(r"^(?P<kind>BCTfile|Ctlfile|Datafile|OnlineRedo|Tempfile)\s+(?P<mb>[\d,.]+)\s*$")
_SUM = re.compile(r"^sum\s+(?P<mb>[\d,.]+)\s*$")
_COMPRESSION = re.compile(
    r"^(?P<segment>TABLE(?: SUBPARTITION| PARTITION)?)?\s*(?:(?P<state>DISABLED|ENABLED)\s+)?"
    r"(?P<kind>QUERY HIGH|QUERY LOW|ARCHIVE HIGH|ARCHIVE LOW|BASIC|OLTP|ADVANCED)?\s*(?P<numbers>[\d,.\s]+)$"
)
HCC = ("QUERY HIGH", "QUERY LOW", "ARCHIVE HIGH", "ARCHIVE LOW")


def parse_dbspace(file: str, text: str) -> FileExtraction:
    c = Collector(file, Kind.DBSPACE)
    lines = text.splitlines()
    seen_types: list[str] = []
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            continue
        if _FILE_TYPE.match(line.strip()):
            seen_types.append(line.split()[0])
            continue
        total = _SUM.match(line.strip())
        if total and seen_types:
            value = c.number("Size by file type", "sum", total.group("mb"))
            if value is not None:
                c.fact(
                    "db_size_gib",
                    round(value / 1024, 6),
                    "Size by file type",
                    f"sum of {', '.join(seen_types)} (line {i + 1})",
                    total.group("mb"),
                    note="MB / 1024",
                )
            break
    stored = uncompressed = 0.0
    estimated = True
    segment = ""
    printed: list[str] = []
    partitions_mb = 0.0
    for line in lines:
        m = _COMPRESSION.match(line.strip()) if len(line) <= MAX_LINE else None
        if not m or not (m.group("state") or m.group("kind")):
            continue
        segment = m.group("segment") or segment
        numbers = [c.number("Table compression", line.strip(), n) for n in m.group("numbers").split()]
        if "PARTITION" in segment and numbers and numbers[0]:
            partitions_mb += numbers[0]
        if m.group("kind") in HCC and numbers and numbers[0] is not None:
            stored += numbers[0]
            if len(numbers) == 3 and numbers[1] is not None:
                uncompressed += numbers[1]
            else:
                estimated = False
            printed.append(f"{segment} {m.group('kind')} {' '.join(m.group('numbers').split()[:2])}")
    if stored:
        row = "HCC rows (QUERY/ARCHIVE HIGH/LOW) of TABLE, TABLE PARTITION, TABLE SUBPARTITION"
        c.fact(
            "hcc_stored_gib",
            round(stored / 1024, 6),
            "Table compression",
            row,
            "; ".join(printed),
            note="sum of the stored MB / 1024",
        )
        c.fact(
            "exadata",
            True,
            "Table compression",
            row,
            "; ".join(printed[:2]),
            note="Hybrid Columnar Compression is used: it needs Exadata (or Oracle storage)",
        )
        if estimated and uncompressed:
            c.fact(
                "hcc_uncompressed_gib",
                round(uncompressed / 1024, 6),
                "Table compression",
                row,
                "; ".join(printed),
                note="sum of the uncompressed-estimate MB / 1024",
            )
    if partitions_mb:
        c.warnings.append(
            f"partitioned segments hold {partitions_mb:,.2f} MB; the listing does not say whose (SYS owns partitioned "
            "AWR tables too), so Partitioning is not pre-filled from it"
        )
    return c.result(Identity())
