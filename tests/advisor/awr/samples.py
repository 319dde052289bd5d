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
