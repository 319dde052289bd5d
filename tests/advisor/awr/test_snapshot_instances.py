"""A RAC instance report cut short after its Snapshot table still says how many instances run (the table's
'Instances' column), where before the count came only from the RAC table further down."""

from __future__ import annotations

from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import AZURE, needs_samples, sample

pytestmark = needs_samples


def cut_after_snapshot_table() -> bytes:
    text = sample(AZURE / "AWR_DBS.html")[1].decode("utf-8", "replace")
    start = text.index('summary="This table displays snapshot information"')
    end = text.lower().index("</table>", start) + len("</table>")
    return text[:end].encode()


def test_the_instance_count_is_kept_when_the_report_stops_after_the_snapshot_table() -> None:
    result = import_files([("AWR_DBS_cut.html", cut_after_snapshot_table())])
    assert result.aggregation is not None
    count = result.aggregation.facts["instance_count"]
    # Snapshot table, Begin Snap row: Sessions 159, Cursors/Session 1.7, Instances 2
    assert count.value == 2
    assert count.provenance[0].row == "Instances (Begin Snap)"
    assert any("truncated" in w for f in result.files for w in f.warnings)


def test_the_whole_report_keeps_the_rac_tables_count() -> None:
    result = import_files([sample(AZURE / "AWR_DBS.html")])
    assert result.aggregation is not None
    count = result.aggregation.facts["instance_count"]
    assert count.value == 2 and count.provenance[0].section == "RAC instances"
