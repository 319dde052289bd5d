"""Bad input: each bad file gets its own message, the other files are still read; limits are checked first."""

from __future__ import annotations

import pytest

from advisor.awr.engine import limits
from advisor.awr.engine.importer import UploadRejected, import_files
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, sample

pytestmark = needs_samples


def test_bad_files_get_a_message_each_and_the_good_one_is_read() -> None:
    html = (AZURE / "AWR_DBS.html").read_bytes()
    files = [
        ("notes.txt", b"Meeting notes\nnothing to see\n"),
        ("cut.html", html[:3000]),  # the title and styles only: cut before any table
        ("blob.bin", bytes(range(256)) * 64),
        sample(JAS / "awrrpt_1_2668_2669.txt"),
    ]
    result = import_files(files)
    messages = {e.file: e.message for e in result.errors}
    assert messages["notes.txt"].startswith("not an AWR or Statspack report: no 'WORKLOAD REPOSITORY' header")
    assert "truncated (no 'End of Report') and no figure could be read" in messages["cut.html"]
    assert messages["blob.bin"].startswith("binary file")
    assert [f.file for f in result.files] == ["awrrpt_1_2668_2669.txt"]
    assert result.aggregation is not None
    # Time Model DB CPU 1,234.8 s / (60.25 min x 60 = 3,615 s) = 0.341577
    assert result.aggregation.rates["db_cpu_per_s"].average == pytest.approx(0.341577, abs=1e-6)


def test_a_report_cut_in_the_middle_degrades_per_metric() -> None:
    html = (AZURE / "AWR_DBS.html").read_bytes()
    result = import_files([("half.html", html[: len(html) // 2])])
    assert result.errors == ()
    read = result.files[0]
    assert any(w.startswith("truncated") for w in read.warnings)
    assert result.aggregation is not None
    # the Time Model is in the first half: DB CPU 321,484.48 s / (4,319.92 min x 60 = 259,195.2 s) = 1.240318
    assert result.aggregation.rates["db_cpu_per_s"].average == pytest.approx(1.240318, abs=1e-6)


def test_contradicting_figures_are_left_out_with_the_reason() -> None:
    text = (JAS / "awrrpt_1_2668_2669.txt").read_text()
    # "Read IO requests: 101.5" but "Read IO (MB): 0.0": 101.5 requests move at least 101.5 x 2 KiB = 0.2 MiB/s
    broken = text.replace("           Read IO (MB):               0.8", "           Read IO (MB):               0.0")
    assert broken != text
    result = import_files([("broken.txt", broken.encode())])
    warnings = result.files[0].warnings
    assert any("read IO figures contradict each other: 101.5 requests/s but 0 MiB/s" in w for w in warnings)
    assert result.aggregation is not None
    assert "read_iops_db" not in result.aggregation.rates
    # the rest of the file is still read: Time Model DB CPU 1,234.8 s / 3,615 s = 0.341577
    assert result.aggregation.rates["db_cpu_per_s"].average == pytest.approx(0.341577, abs=1e-6)


def test_a_file_over_the_size_limit_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", limits.Limit(100_000, "100 KB per file", "test"))
    result = import_files([sample(AZURE / "AWR_DBS.html"), sample(AZURE / "dbspace_DBS.lst")])
    assert [e.file for e in result.errors] == ["AWR_DBS.html"]
    assert "over the limit of 100 KB per file" in result.errors[0].message
    assert [f.file for f in result.files] == ["dbspace_DBS.lst"]


def test_too_many_files_are_refused_before_parsing() -> None:
    files = [(f"f{i}.txt", b"x") for i in range(limits.MAX_FILES.value + 1)]
    with pytest.raises(UploadRejected, match=f"65 files: the limit is {limits.MAX_FILES.words}"):
        import_files(files)


def test_hostile_long_lines_cost_linear_work() -> None:
    """A 4 MiB line of blanks and a flood of unclosed AWR-Miner sections: read quickly, nothing found, no crash."""
    blanks = b"WORKLOAD REPOSITORY report for\n" + b" " * (4 * 1024 * 1024) + b"x\n"
    sections = b"~~BEGIN-OS-INFORMATION~~\n" + b"~~BEGIN-X~~\n" * 200_000
    result = import_files([("blanks.txt", blanks), ("miner.out", sections)])
    assert {e.file for e in result.errors} == {"blanks.txt", "miner.out"}
    assert all("no figure could be read" in e.message for e in result.errors)


def test_one_upload_total_is_enforced_on_every_path_and_stated_by_the_form(monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.awr.engine.importer import check_limits
    from advisor.awr.forms import AwrUploadForm

    # 9 files of 15 MiB (135 MiB) read while you wait: under the 512 MiB the page states, so not refused
    fifteen = bytes(15 * 1024 * 1024)
    assert check_limits([(f"f{i}.html", fifteen) for i in range(9)]) == []
    assert limits.MAX_UPLOAD_TOTAL.words == "512 MiB per upload"
    assert "512 MiB per upload" in str(AwrUploadForm(user=None).fields["files"].help_text)
    monkeypatch.setattr(limits, "MAX_UPLOAD_TOTAL", limits.Limit(1000, "1000 bytes per upload", "test"))
    for background in (False, True):
        with pytest.raises(UploadRejected, match="the limit is 1000 bytes per upload"):
            check_limits([("a.html", b"x" * 1001)], background=background)


def test_a_file_cut_at_the_limit_is_said_to_be_over_it_not_a_wrong_size() -> None:
    from advisor.awr.engine.importer import oversize

    most = limits.MAX_FILE_BYTES.value
    assert oversize(most + 1) == "over 16 MiB: the limit is 16 MiB per file"  # cut one byte past: size unknown
    assert oversize(most + 1, size=17 * 1024 * 1024) == "17.0 MiB: over the limit of 16 MiB per file"
