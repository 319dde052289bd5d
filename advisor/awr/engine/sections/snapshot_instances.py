"""The instance count an AWR instance report's Snapshot table prints ('Instances' at Begin Snap): read when the
report's RAC table gave none, so a report cut short after the Snapshot table still says how many instances run.

Pure Python; called by the HTML instance-report reader.
"""

from __future__ import annotations

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.html.tables import Table

SECTION = "Snapshot information"


def snapshot_instances(c: Collector, snap: Table | None) -> None:
    if snap is None or "instance_count" in c.facts:
        return
    header, begin = snap.header(), snap.row("Begin Snap")
    if begin is None or "Instances" not in header:
        return
    column = header.index("Instances")
    if column < len(begin):
        c.read_fact("instance_count", SECTION, "Instances (Begin Snap)", begin[column])
