import io
import shutil
import zipfile
from pathlib import Path

import pytest

from advisor.awr.engine.detect import ArchiveNotReport, Kind, NotAReport, detect
from advisor.awr.engine.importer import import_files
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


def zip_of(**members: bytes) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return packed.getvalue()


@pytest.mark.parametrize(
    "data",
    [
        zip_of(**{"DB1/awrrpt_1_2668_2669.txt": b"WORKLOAD REPOSITORY report for\n"}),
        zip_of(),  # an empty archive is its end record alone
        b"PK\x03\x04" + bytes(60),  # a local file header: the first bytes of any ZIP
    ],
    ids=["reports", "empty", "header only"],
)
def test_a_zip_is_refused_saying_what_is_accepted_and_where_a_zip_goes(data: bytes) -> None:
    with pytest.raises(ArchiveNotReport) as refused:
        detect(data)
    message = str(refused.value)
    assert message.startswith("a ZIP archive (an Excel workbook is one too), not a report")
    assert "AWR-Miner output" in message and "Statspack report" in message  # what is accepted
    assert "create an estate from it: the estate import reads a ZIP of reports" in message
    assert "binary file" not in message


def test_a_zip_names_itself_an_archive_in_the_import_and_other_refusals_do_not() -> None:
    result = import_files([("reports.zip", zip_of(**{"a.txt": b"x"})), ("b.bin", b"\x00\x01\x02" * 10)])
    archive = {e.file: e.archive for e in result.errors}
    assert archive == {"reports.zip": True, "b.bin": False}
