"""A redo rate printed as 0 in every window of a database that changes blocks is not known, not 0: left blank for
the user (so the redo shipped to a standby or another Region is not priced at nothing), listed as not found with
the reason. A 0 beside windows above 0, or in a database that changes nothing, is kept."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import MINER, needs_samples, sample
from tests.advisor.awr.test_bad_figures import miner_with

pytestmark = needs_samples


@pytest.fixture(scope="module")
def miner() -> ImportResult:
    return import_files([sample(MINER / "dbcsi_awr_sample01.out")])


def test_a_redo_of_0_while_blocks_change_is_not_known(miner: ImportResult) -> None:
    agg = miner.aggregation
    assert agg is not None
    # MAIN-METRICS snaps 17, 18, 19 (dur_m 50, 61, 10): redo_mb_s 0, 0, 0 while db_block_changes_s 4.6, 89.2, 33.8
    assert "redo_mib_s" not in agg.rates
    assert "redo_mib_s" in agg.not_found
    # block changes time-weighted: (4.6 x 50 + 89.2 x 61 + 33.8 x 10) / 121 = 6,009.2 / 121 = 49.66 per second
    assert agg.rates["block_changes_per_s"].average == pytest.approx(6009.2 / 121, abs=1e-4)
    why = agg.unknown["redo_mib_s"]
    assert why.startswith("printed as 0 in all 3 windows while the database changes 49.66 blocks per second")
    assert "not a measured rate; the redo rate is not known" in why


def test_the_unknown_redo_is_left_blank_for_the_user_saying_why(miner: ImportResult) -> None:
    assert miner.prefill is not None
    assert "io.redo_mib_s" not in {f.path for f in miner.prefill.fields}
    assert Workload.model_validate(miner.prefill.workload).io.redo_mib_s is None  # blank: the redo is not priced
    reason = miner.prefill.not_prefilled["io.redo_mib_s"]
    assert (
        reason.startswith("left blank: the redo rate printed as 0 in all 3 windows") and "enter it if known" in reason
    )


def test_a_0_beside_windows_above_0_is_a_low_rate_and_kept() -> None:
    result = import_files([("redo.out", miner_with("redo_mb_s", ".3", snap="18"))])
    assert result.aggregation is not None and result.aggregation.unknown == {}
    # (0 x 50 + 0.3 x 61 + 0 x 10) / 121 = 0.15124 MiB/s, pre-filled to 3 decimals
    assert result.aggregation.rates["redo_mib_s"].average == pytest.approx(18.3 / 121, abs=1e-6)
    assert result.prefill is not None and result.prefill.workload["io"]["redo_mib_s"] == 0.151


def test_a_0_in_a_database_that_changes_and_writes_nothing_is_kept() -> None:
    text: str | None = None
    for snap in ("17", "18", "19"):
        for column in ("db_block_changes_s", "write_mb_s", "write_mb_s_max", "write_iops", "write_iops_max"):
            text = miner_with(column, "0", snap=snap, text=text).decode("utf-8")
    assert text is not None
    result = import_files([("idle.out", text.encode("utf-8"))])
    assert result.aggregation is not None and result.aggregation.unknown == {}
    assert result.aggregation.rates["redo_mib_s"].peak == 0
    assert result.prefill is not None and result.prefill.workload["io"]["redo_mib_s"] == 0


def test_files_without_a_redo_figure_say_so() -> None:
    # the Statspack variant's MAIN-METRICS has no redo column
    result = import_files([sample(MINER / "dbcsi_statspack_sample01.out")])
    assert result.prefill is not None and result.aggregation is not None
    assert result.aggregation.unknown == {}
    assert result.prefill.not_prefilled["io.redo_mib_s"].startswith("no redo rate in these files")
