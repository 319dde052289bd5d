"""DB CPU and background CPU from "Time Model Statistics": the CPU the instance's sessions and background processes use.

Pure Python. DB CPU counts foreground sessions only; "background cpu time" (seconds over the window) is the rest of
what the instance uses ("total CPU time" is their sum). Divided by the window's seconds each is a rate per second.
DB CPU is read here before the Load Profile's "DB CPU(s)", which prints one decimal (0.3 for 0.346 s/s): both CPU
figures then come from the same exact seconds; the Load Profile's stays the fallback. With no window length (Elapsed
missing or 0.00) the seconds cannot be a rate: background CPU is left out, saying so, and DB CPU is the Load
Profile's. "tablespace encryption cpu time" above zero shows encrypted tablespaces (TDE) in use over the window.
"""

from __future__ import annotations

import re

from advisor.awr.engine.collector import Collector

BACKGROUND = "background cpu time"
DB_CPU = "DB CPU"
TDE = "tablespace encryption cpu time"
_NUMBER = re.compile(r"[-+]?[\d.,]*\d")  # "1,234.8", "1.234,8", ".0": parse_number reads or refuses it


def background_rate(c: Collector, section: str, printed: str | None, minutes: float) -> None:
    """``bg_cpu_per_s`` from the printed seconds of 'background cpu time' over a window of ``minutes``."""
    if printed is None or not printed.strip():
        return
    if not minutes:
        c.warnings.append(
            f"{section} / {BACKGROUND}: the window's length is unknown (Elapsed missing or 0.00), so background CPU "
            "per second is not worked out"
        )
        return
    _per_second(c, "bg_cpu_per_s", BACKGROUND, section, printed, minutes, places=4)


def db_cpu_rate(c: Collector, section: str, printed: str | None, minutes: float) -> None:
    """``db_cpu_per_s`` from the printed seconds of 'DB CPU' over a window of ``minutes`` (none when unknown: the
    Load Profile's per-second figure is read instead)."""
    if printed is None or not printed.strip() or not minutes:
        return
    _per_second(c, "db_cpu_per_s", DB_CPU, section, printed, minutes, places=6)


def _per_second(
    c: Collector, metric: str, row: str, section: str, printed: str, minutes: float, *, places: int
) -> None:
    """``metric`` as the printed seconds of ``row`` over the window's ``minutes``, with how it was worked out."""
    seconds = c.number(section, row, printed)
    if seconds is None:
        return
    c.rate(metric, round(seconds / (minutes * 60), places), section, f"{row} (s) over the elapsed time",
           f"{printed.strip()} s / ({minutes:,.2f} min x 60)")  # fmt: skip


def encryption_cpu(c: Collector, section: str, printed: str | None) -> None:
    """``tde_cpu_s``: the seconds of 'tablespace encryption cpu time' the window printed, when above zero."""
    if not printed or not printed.strip():
        return
    seconds = c.number(section, TDE, printed)
    if seconds:
        c.fact("tde_cpu_s", seconds, section, f"{TDE} (s)", printed.strip())


def html_background(c: Collector, table: object, minutes: float) -> None:
    """The instance report's Time Model table (``html.tables.Table``): rows 'DB CPU', 'background cpu time' and
    'tablespace encryption cpu time', column Time (s)."""
    row = table.row(DB_CPU) if table is not None else None  # type: ignore[attr-defined]
    if row and len(row) > 1:
        db_cpu_rate(c, "Time Model Statistics", row[1], minutes)
    row = table.row(BACKGROUND) if table is not None else None  # type: ignore[attr-defined]
    if row and len(row) > 1:
        background_rate(c, "Time Model Statistics", row[1], minutes)
    encryption = table.row(TDE) if table is not None else None  # type: ignore[attr-defined]
    if encryption and len(encryption) > 1:
        encryption_cpu(c, "Time Model Statistics", encryption[1])


def text_background(c: Collector, lines: list[str], title: str, minutes: float) -> None:
    """A text report's Time Model section ("Time Model Statistics", Statspack's "Time Model System Stats")."""
    start = next((i for i, line in enumerate(lines) if line.startswith(title)), -1)
    if start < 0:
        return
    wanted = {TDE, BACKGROUND, DB_CPU.lower()}
    for line in lines[start : start + 60]:
        label = next((w for w in wanted if line.lower().startswith(w)), None)
        if label is None or (label == DB_CPU.lower() and line[len(label) : len(label) + 1] not in (" ", "")):
            continue
        found = _NUMBER.search(line[len(label) :])
        printed = found.group(0) if found else None
        if label == TDE:
            encryption_cpu(c, title, printed)
        elif label == BACKGROUND:
            background_rate(c, title, printed, minutes)
        else:
            db_cpu_rate(c, title, printed, minutes)
        wanted.discard(label)
        if not wanted:
            return


def known_window(c: Collector, minutes: float, section: str, printed: str) -> bool:
    """False (with a warning) for an Elapsed of 0: a report over no time is a window of unknown length, not 0."""
    if minutes > 0:
        return True
    c.warnings.append(
        f"{section} / Elapsed: printed '{printed.strip()}': the window's length is unknown, so no per-second figure "
        "is worked out from totals over it"
    )
    return False
