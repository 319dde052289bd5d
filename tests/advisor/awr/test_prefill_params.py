"""The init.ora parameters pre-fill ASM, TDE and Database In-Memory where the report shows them in use."""

from __future__ import annotations

from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, sample

pytestmark = needs_samples


def test_the_dbw_parameters_show_asm_and_encrypted_tablespaces_and_no_column_store() -> None:
    result = import_files([sample(AZURE / "AWR_DBW.html")])
    assert result.prefill is not None
    got = {f.path: f for f in result.prefill.fields}
    # init.ora Parameters: db_create_file_dest +DATAC1, encrypt_new_tablespaces ALWAYS, inmemory_size 0
    assert got["features.asm"].value is True and "+DATAC1" in got["features.asm"].source
    assert got["features.tde"].value is True and "encrypt_new_tablespaces ALWAYS" in got["features.tde"].source
    assert "features.in_memory" not in got
    assert result.prefill.not_prefilled["features.in_memory"] == "inmemory_size is 0: no In-Memory column store"


def test_a_column_store_is_ticked_with_its_size() -> None:
    text = sample(AZURE / "AWR_DBW.html")[1].decode("utf-8", "replace")
    # the same report with a 32 GiB column store: 34,359,738,368 bytes
    before, marker, after = text.partition(">inmemory_size<")
    assert marker, "the sample prints inmemory_size"
    after = after.replace(">0<", ">34359738368<", 1)
    result = import_files([("AWR_IM.html", (before + marker + after).encode())])
    assert result.prefill is not None
    got = {f.path: f for f in result.prefill.fields}
    assert got["features.in_memory"].value is True
    assert "inmemory_size 32 GiB" in got["features.in_memory"].source


def test_tablespace_encryption_cpu_in_the_time_model_ticks_tde() -> None:
    result = import_files([sample(AZURE / "AWR_DBS.html")])
    assert result.prefill is not None
    got = {f.path: f for f in result.prefill.fields}
    # AWR_DBS.html prints no encrypt_new_tablespaces, but its Time Model Statistics has
    # "Tablespace encryption cpu time 7,908.15": encrypted tablespaces were read and written over the window
    assert got["features.tde"].value is True
    assert "tablespace encryption CPU time 7,908.15 s" in got["features.tde"].source


def test_a_text_report_s_encryption_cpu_is_read_after_the_db_time_rows_and_background_cpu_still_is() -> None:
    text = sample(JAS / "awrrpt_1_2668_2669.txt")[1].decode("utf-8", "replace")
    row = "repeated bind elapsed time                                0.1      .0\n"
    assert row in text, "the sample prints this Time Model row"
    added = "tablespace encryption cpu time                           42.5     1.1        3.4\n"
    result = import_files([("awr_tde.txt", text.replace(row, row + added).encode())])
    assert result.prefill is not None
    got = {f.path: f for f in result.prefill.fields}
    assert got["features.tde"].value is True and "42.5 s" in got["features.tde"].source
    # Time Model DB CPU 1,234.8 s plus background cpu time 16.5 s over 60.25 min (3,615 s): 0.34614, rounded up to
    # 0.35 (as without the added row)
    assert got["sizing.peak_cpu"].value == 0.35


def test_no_encryption_cpu_leaves_tde_unticked() -> None:
    result = import_files([sample(JAS / "awrrpt_1_2668_2669.txt")])
    assert result.prefill is not None
    assert "features.tde" not in {f.path for f in result.prefill.fields}
