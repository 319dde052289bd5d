"""Masking: no host, instance or database name survives anywhere in the output (file names included)."""

from __future__ import annotations

import json
import re

import pytest

from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import ALL_SAMPLES, AZURE, JAS, needs_samples, sample

pytestmark = needs_samples

# the names printed in the samples (README: the Azure ones are already anonymised, the others are as published)
NAMES = {
    AZURE / "AWR_DBS.html": ["DBS", "dbs_tk08", "dbs1", "tk08db.dummyhost.com"],
    AZURE / "AWR_DBW.html": ["DBW", "APPDBW", "DBW1", "DBW2", "exa3-c1-node1", "exa3-c1-node2"],
    JAS / "awrrpt_1_2668_2669.txt": ["BPSC", "bpsc", "oracle1"],
    JAS / "sp_70371_70372.txt": ["CLINPRD", "clinprd1", "cgm-szara.root.d"],
}


@pytest.mark.parametrize("path", list(NAMES), ids=lambda p: p.name)
def test_masked_json_holds_none_of_the_names(path: object) -> None:
    extra = [sample(AZURE / "dbspace_DBS.lst")] if path == AZURE / "AWR_DBS.html" else []
    result = import_files([sample(path), *extra], mask=True)  # type: ignore[arg-type]
    document = json.dumps(result.model_dump(mode="json")).lower()
    for name in NAMES[path]:  # type: ignore[index]
        # as a word: "dbs" inside "dbspace" or "pdb_count" is not the database's name
        assert not re.search(rf"(?<![a-z0-9]){re.escape(name.lower())}(?![a-z0-9])", document), name
    assert "database-1" in document


def test_unmasked_json_does_show_the_names() -> None:
    """The check above can fail: without masking the same names are there."""
    document = json.dumps(import_files([sample(AZURE / "AWR_DBW.html")]).model_dump(mode="json"))
    assert "exa3-c1-node1" in document and "APPDBW" in document


def test_masking_keeps_the_figures() -> None:
    plain = import_files([sample(JAS / "awrrpt_1_2668_2669.txt")])
    masked = import_files([sample(JAS / "awrrpt_1_2668_2669.txt")], mask=True)
    assert masked.masked and not plain.masked
    assert masked.prefill is not None and plain.prefill is not None
    assert masked.prefill.workload == plain.prefill.workload


def test_every_sample_masks_its_own_identity() -> None:
    for path in ALL_SAMPLES:
        result = import_files([sample(path)], mask=True)
        if result.aggregation and result.aggregation.identity.db_name:
            assert result.aggregation.identity.db_name.startswith("database-"), path.name
