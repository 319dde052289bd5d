import shutil
from pathlib import Path

import pytest

from advisor.awr.engine.detect import Kind, NotAReport, detect
from tests.advisor.awr.samples import ALL_SAMPLES, needs_samples

EXPECTED = {
    "AWR_DBS.html": Kind.AWR_HTML,
    "AWR_DBW.html": Kind.AWR_RAC_HTML,
    "dbspace_DBS.lst": Kind.DBSPACE,
    "dbspace_DBW.lst": Kind.DBSPACE,
    "awrrpt_1_2668_2669.txt": Kind.AWR_TEXT,
    "sp_70371_70372.txt": Kind.STATSPACK,
    "dbcsi_awr_sample01.out": Kind.AWR_MINER,
    "dbcsi_statspack_sample01.out": Kind.AWR_MINER,
}


@needs_samples
@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.name)
def test_each_sample_is_detected_by_content_under_a_wrong_name(path: Path, tmp_path: Path) -> None:
    renamed = tmp_path / "report.pdf"  # a misleading extension: detection must not look at the name
    shutil.copy(path, renamed)
    assert detect(renamed.read_bytes()).kind is EXPECTED[path.name]


def test_a_non_report_says_what_was_looked_for() -> None:
    with pytest.raises(NotAReport, match="not an AWR or Statspack report: no 'WORKLOAD REPOSITORY' header"):
        detect(b"Hello, this is a shopping list.\nmilk\n")


def test_a_binary_file_is_refused() -> None:
    with pytest.raises(NotAReport, match="binary file"):
        detect(bytes(range(256)) * 40)


def test_an_html_page_that_is_no_awr_report_is_refused() -> None:
    with pytest.raises(NotAReport, match="HTML file but not an AWR report"):
        detect(b"<html><head><title>Quarterly results</title></head><body></body></html>")


def test_empty_file() -> None:
    with pytest.raises(NotAReport, match="empty file"):
        detect(b"  \n")
