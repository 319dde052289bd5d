"""The AWR samples of ../shared/data/awr-samples (README there), parsed once per test module."""

from __future__ import annotations

from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "awr-samples"
AZURE = SAMPLES / "azure-oracle-workloads"
JAS = SAMPLES / "jas-min"
MINER = SAMPLES / "aws-awr-miner"

ALL_SAMPLES = (
    AZURE / "AWR_DBS.html",
    AZURE / "AWR_DBW.html",
    AZURE / "dbspace_DBS.lst",
    AZURE / "dbspace_DBW.lst",
    JAS / "awrrpt_1_2668_2669.txt",
    JAS / "sp_70371_70372.txt",
    MINER / "dbcsi_awr_sample01.out",
    MINER / "dbcsi_statspack_sample01.out",
)

needs_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared/ is not beside the checkout")


def sample(path: Path) -> tuple[str, bytes]:
    return path.name, path.read_bytes()


# AWR_DBS.html is instance 1 of a 2-instance RAC database; these cells say so (Database instance information "RAC",
# RAC Statistics "Number of Instances" begin and end, Snapshot information "Instances" at begin and end snap)
DBS_RAC_CELLS = (
    (
        "<TD class=awrnc>12.2.0.1.0</TD>\n<TD class=awrnc>YES</TD>",
        "<TD class=awrnc>12.2.0.1.0</TD>\n<TD class=awrnc>NO</TD>",
    ),
    (
        "Number of Instances:</TD>\n<TD class=awrnc align=right>2</TD>\n<TD class=awrnc align=right>2</TD>",
        "Number of Instances:</TD>\n<TD class=awrnc align=right>1</TD>\n<TD class=awrnc align=right>1</TD>",
    ),
    (
        "<TD class=awrnc align=right>1.7</TD>\n<TD class=awrnc align=right>2</TD>",
        "<TD class=awrnc align=right>1.7</TD>\n<TD class=awrnc align=right>1</TD>",
    ),
    (
        "<TD class=awrc align=right>1.4</TD>\n<TD class=awrc align=right>2</TD>",
        "<TD class=awrc align=right>1.4</TD>\n<TD class=awrc align=right>1</TD>",
    ),
)


def single_instance_dbs(text: str | None = None) -> str:
    """AWR_DBS.html (or ``text``, a changed copy of it) as the report of a database that runs one instance: RAC NO,
    one instance. The samples hold a long-window Exadata instance report only as one instance of a RAC database,
    whose demand figures are not pre-filled; tests of what such a report pre-fills use this copy."""
    text = (AZURE / "AWR_DBS.html").read_text(encoding="utf-8") if text is None else text
    for rac, single in DBS_RAC_CELLS:
        assert text.count(rac) == 1, rac
        text = text.replace(rac, single)
    return text
