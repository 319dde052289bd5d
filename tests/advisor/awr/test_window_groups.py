"""Reports of different RAC instances for one snapshot range are one window, summed, even when their printed
snapshot times differ by a few seconds (each instance records its own)."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation.window_groups import parse_time
from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import AZURE, JAS, needs_samples

DBS = AZURE / "AWR_DBS.html"
AWR = JAS / "awrrpt_1_2668_2669.txt"
DBS1_ROW = "<TD class=awrnc scope=row>dbs1</TD>\n<TD class=awrnc align=right>1</TD>"
DBS_BEGIN = "<TD class=awrnc align=center>23-Jan-22 10:00:39</TD>"
DBS_END = "<TD class=awrc align=center>26-Jan-22 10:00:35</TD>"


def dbs2(begin: str = "23-Jan-22 10:00:40", end: str = "26-Jan-22 10:00:36") -> bytes:
    """AWR_DBS.html as instance dbs2 (Inst Num 2), its snapshot times as given (one second later by default)."""
    text = DBS.read_text(encoding="utf-8", errors="replace")
    assert DBS1_ROW in text and DBS_BEGIN in text and DBS_END in text
    text = text.replace(DBS1_ROW, DBS1_ROW.replace("dbs1", "dbs2").replace(">1<", ">2<"))
    text = text.replace(DBS_BEGIN, DBS_BEGIN.replace("23-Jan-22 10:00:39", begin))
    return text.replace(DBS_END, DBS_END.replace("26-Jan-22 10:00:35", end)).encode()


def test_snapshot_times_read_as_awr_prints_them() -> None:
    assert parse_time("04-Feb-23 19:00:39") is not None
    assert parse_time("(mins)") is None


@needs_samples
def test_html_reports_of_two_instances_a_second_apart_are_one_window_summed() -> None:
    result = import_files([("dbs1.html", DBS.read_bytes()), ("dbs2.html", dbs2())])
    assert result.aggregation is not None
    rates = result.aggregation.rates
    # Time Model DB CPU 321,484.48 s / (4,319.92 min x 60 = 259,195.2 s) = 1.24032 per instance: 2 x 1.24032 =
    # 2.48064 over one 3-day window (the Load Profile's DB CPU(s) prints 1.2)
    assert (rates["db_cpu_per_s"].windows, rates["db_cpu_per_s"].average) == (1, pytest.approx(2.48064, abs=1e-5))
    # IO Profile Total Requests, Read per Second 638.9 per instance: 638.9 x 2 = 1,277.8
    assert rates["read_iops"].average == pytest.approx(1277.8)
    assert rates["read_iops"].per_instance == {"dbs1": 638.9, "dbs2": 638.9}
    # Redo size 1,399,224.8 bytes/s / 1,048,576 = 1.334405 MiB/s per instance; x 2 = 2.66881
    assert rates["redo_mib_s"].average == pytest.approx(2.66881, abs=1e-5)
    assert "their snapshot times differ by up to 1 s" in rates["read_iops"].note
    assert result.prefill is not None
    fields = {f.path: f.value for f in result.prefill.fields}
    assert fields["io.sustained_read_iops"] == 1278


@needs_samples
def test_text_reports_of_two_instances_a_few_seconds_apart_are_summed() -> None:
    text = AWR.read_text()
    other = text.replace("bpsc                1 04-Feb-23", "bpsc2               2 04-Feb-23")
    other = other.replace("2668 04-Feb-23 19:00:39", "2668 04-Feb-23 19:00:42")
    other = other.replace("2669 04-Feb-23 20:00:54", "2669 04-Feb-23 20:00:58")
    assert other.count("04-Feb-23 19:00:42") == 1
    result = import_files([("i1.txt", text.encode()), ("i2.txt", other.encode())])
    assert result.aggregation is not None
    read = result.aggregation.rates["read_iops"]
    assert read.windows == 1
    assert set(read.per_instance) == {"bpsc", "bpsc2"}
    # both print the same IO Profile: the sum is twice the one instance's figure
    assert read.average == pytest.approx(2 * read.per_instance["bpsc"])
    # begin 3 s apart, end 4 s apart: up to 4 s
    assert "differ by up to 4 s" in read.note


@needs_samples
def test_the_same_snap_ids_a_day_apart_are_not_one_window_and_are_said_to_be() -> None:
    result = import_files(
        [("dbs1.html", DBS.read_bytes()), ("dbs2.html", dbs2("24-Jan-22 10:00:39", "27-Jan-22 10:00:35"))]
    )
    assert result.aggregation is not None
    assert result.aggregation.rates["read_iops"].windows == 2
    assert any("more than 5 minutes apart" in w for w in result.aggregation.warnings)
