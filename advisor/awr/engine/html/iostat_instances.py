"""A RAC global report's IO per instance: the "IOStat by File Type" rows of each instance's 'Total'.

Pure Python. The cluster's IO rates come from "IO Profile (Global)"; this table prints one 'Total' row per
instance (I# 1, 2, ...) beside the cluster's ('*'). Each instance's requests and MB per second are attached to the
cluster figure as its ``per_instance`` breakdown, with a second provenance entry naming the rows read. An instance
whose figure is unreadable is left out of that breakdown, with the reason; when the instances' figures do not add up
to the cluster's 'Total' row of the same table (beyond the rounding of the printed figures), no breakdown is given.
"""

from __future__ import annotations

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.figures import Provenance
from advisor.awr.engine.html.tables import Table

SECTION = "IOStat by File Type"
# cluster metric -> the column of IOStat by File Type that holds it per instance
COLUMNS = {
    "total_iops": "IOs/s",
    "read_iops": "Reads/s",
    "write_iops": "Writes/s",
    "total_mib_s": "IO MB/s",
    "read_mib_s": "Read MB/s",
    "write_mib_s": "Write MB/s",
}
# Each printed figure is rounded to 0.01: n instances' figures may differ from the printed cluster total by up to
# 0.005 x (n + 1); the allowance below is that rounding, nothing more.
ROUNDING = 0.005


def _total_rows(table: Table) -> dict[str, tuple[str, ...]]:
    """'Total' rows by instance ('*' is the cluster), first one of each."""
    rows: dict[str, tuple[str, ...]] = {}
    for row in table.rows:
        if len(row) > 1 and row[1] == "Total" and (row[0].isdigit() or row[0] == "*"):
            rows.setdefault(row[0], row)
    return rows


def iostat_per_instance(c: Collector, table: Table | None) -> None:
    """Attach each instance's IO rates to the cluster's rates already read (``read_iops``, ``read_mib_s``...)."""
    if table is None or len(table.rows) < 2:
        return
    head = table.rows[1]
    rows = _total_rows(table)
    instances = sorted((k for k in rows if k != "*"), key=int)
    if len(instances) < 2:
        return
    for metric, name in COLUMNS.items():
        cluster_fig = c.rates.get(metric)
        if cluster_fig is None or name not in head:
            continue
        col = head.index(name)
        values: dict[str, float] = {}
        left_out: list[str] = []
        for inst in instances:
            row = rows[inst]
            printed = row[col] if len(row) > col else ""
            value = c.number(SECTION, f"Total (I# {inst}) {name}", printed)
            if value is None or value < 0:
                why = "not printed" if not printed.strip() else "below zero" if value is not None else "unreadable"
                left_out.append(f"{inst} ({why})")
                if why != "unreadable":  # an unreadable one the collector has already named, with why
                    c.warnings.append(
                        f"{SECTION} / Total (I# {inst}) {name}: printed '{printed}' is {why}; instance {inst} is "
                        "left out of the per-instance figures"
                    )
                continue
            values[inst] = value
        if not values:
            continue
        if not left_out and not _adds_up(c, rows.get("*"), col, values, name):
            continue
        printed = "; ".join(f"I# {inst}: {rows[inst][col]}" for inst in values)
        note = cluster_fig.note
        if left_out:  # the provenance names the rows read; the note says only what is missing
            missing = f"per instance: instance {', '.join(left_out)} left out"
            note = f"{note}; {missing}" if note else missing
        c.rates[metric] = cluster_fig.model_copy(
            update={
                "per_instance": values,
                "provenance": cluster_fig.provenance
                + (Provenance(file=c.file, section=SECTION, row=f"Total, {name} per instance", printed=printed),),
                "note": note,
            }
        )


def _adds_up(c: Collector, star: tuple[str, ...] | None, col: int, values: dict[str, float], name: str) -> bool:
    """True when the instances' figures add up to the cluster's 'Total' row (or that row is not printed)."""
    if star is None or len(star) <= col:
        return True
    total = c.number(SECTION, f"Total (*) {name}", star[col])
    if total is None:
        return True
    added = sum(values.values())
    if abs(added - total) <= ROUNDING * (len(values) + 1) + 1e-9:
        return True
    c.warnings.append(
        f"{SECTION} / Total {name}: the instances' figures add up to {added:,.2f}, the cluster's row prints "
        f"'{star[col]}'; they contradict each other, so no per-instance {name} is given"
    )
    return False
