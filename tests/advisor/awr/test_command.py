"""``manage.py import_awr``: figures with provenance, errors per file, JSON; non-zero only when nothing was read."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.advisor.awr.samples import AZURE, JAS, needs_samples

pytestmark = needs_samples


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("import_awr", *args, stdout=out)
    return out.getvalue()


def test_text_output_shows_figures_sources_errors_and_prefill(tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("not a report\n")
    text = run(str(JAS / "awrrpt_1_2668_2669.txt"), str(junk))
    assert "read awrrpt_1_2668_2669.txt: AWR instance report (text)" in text
    assert "NOT READ junk.txt: not an AWR or Statspack report" in text
    # DB CPU from the Time Model's exact seconds, not the Load Profile's one-decimal "DB CPU(s): 0.3"
    assert "from awrrpt_1_2668_2669.txt / Time Model Statistics / DB CPU (s) over the elapsed time: '1,234.8 s" in text
    assert "not found: " in text and "Host sockets" in text
    # (DB CPU 1,234.8 s + background cpu time 16.5 s) / (60.25 min x 60) = 1,251.3 / 3,615 = 0.34614, rounded up
    assert "sizing.peak_cpu = 0.35" in text


def test_json_is_one_stable_document() -> None:
    first = run(str(AZURE / "AWR_DBS.html"), "--json")
    second = run(str(AZURE / "AWR_DBS.html"), "--json")
    assert first == second
    document = json.loads(first)
    # Time Model DB CPU 321,484.48 s / (4,319.92 min x 60 = 259,195.2 s) = 1.240318
    assert document["aggregation"]["rates"]["db_cpu_per_s"]["average"] == pytest.approx(1.240318, abs=1e-6)
    assert document["prefill"]["workload"]["oracle"]["edition"] == "ee"


def test_mask_option() -> None:
    document = run(str(AZURE / "AWR_DBW.html"), "--json", "--mask")
    assert "exa3-c1-node1" not in document and "APPDBW" not in document


def test_exit_is_non_zero_only_when_no_file_could_be_read(tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("not a report\n")
    with pytest.raises(CommandError, match="no file could be read: junk.txt: not an AWR or Statspack report"):
        run(str(junk))
    with pytest.raises(CommandError, match="no such file"):
        run(str(tmp_path / "missing.html"))


def test_files_of_the_same_name_in_different_folders_are_told_apart(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "awr.html").write_bytes((AZURE / "AWR_DBS.html").read_bytes())
    (tmp_path / "b" / "awr.html").write_bytes((AZURE / "AWR_DBW.html").read_bytes())
    text = run(str(tmp_path / "a" / "awr.html"), str(tmp_path / "b" / "awr.html"))
    assert "read awr.html: AWR instance report (HTML)" in text
    # DBS and DBW are one file each: the first database is kept, the second file is left out under its own name
    assert "NOT READ awr.html (2): from database DBW" in text
