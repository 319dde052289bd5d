"""Every instance's reports of a RAC database are read, but not every window holds every instance: a window holding
one instance's figures alone is one node's load, never the database's demand. When some window holds every
instance the average, peak and P95 are read from those windows only, and the review page says how many were left
out and why; when none does, the figures are not pre-filled as the database's demand.

The reports are the real 12.1 Statspack sample and the real AWR_DBS.html changed by hand (instance, snapshot ids
and times, a few figures); Statspack instances snapped ten minutes apart are in test_window_groups_statspack.py."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from advisor.awr.engine.aggregation import PartialRac
from advisor.awr.engine.aggregation.instance_windows import choose_windows
from advisor.awr.engine.aggregation.window_groups import WindowGroup
from advisor.awr.engine.figures import Sample
from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import AZURE, needs_samples
from tests.advisor.awr.statspack_rac import clinprd1, clinprd2, report
from tests.advisor.awr.uploads import upload_files
from tests.customer_words import assert_customer_words, page

pytestmark = needs_samples

# A busy hour of instance 1: 900,300 read requests over 60.02 minutes (3,601.2 s) = 250.0 per second, where the
# sample prints 286,861 (79.7 per second)
BUSY_READS = (
    (
        "physical read total IO requests              286,861           79.7        181.8",
        "physical read total IO requests              900,300          250.0        570.6",
    ),
)
CPU_AND_IO = ("sizing.peak_cpu", "sizing.average_cpu", "io.peak_read_iops", "io.sustained_read_iops",
              "io.peak_write_iops", "io.sustained_write_iops", "io.peak_read_mib_s", "io.redo_mib_s")  # fmt: skip


def prefilled(result: ImportResult) -> dict[str, object]:
    assert result.prefill is not None
    return {f.path: f.value for f in result.prefill.fields}


@pytest.fixture(scope="module")
def one_shared_hour() -> ImportResult:
    # instance 1 reports three hours (snaps 70371-70373, 70373-70375, 70375-70377), the last a busy one; instance 2
    # reports the second hour only (its snaps 70374-70376, three seconds after instance 1's)
    return import_files([
        ("clinprd1_0037.txt", clinprd1((70371, 70373), ("00:37:42", "01:37:43"))),
        ("clinprd1_0137.txt", clinprd1((70373, 70375), ("01:37:43", "02:37:44"))),
        ("clinprd1_0237.txt", report("clinprd1", 1, (70375, 70377), ("02:37:44", "03:37:45"), changes=BUSY_READS)),
        ("clinprd2_0137.txt", clinprd2((70374, 70376), ("01:37:46", "02:37:47"))),
    ])  # fmt: skip


def test_windows_one_instance_holds_alone_are_left_out_of_average_peak_and_p95(one_shared_hour: ImportResult) -> None:
    agg = one_shared_hour.aggregation
    assert agg is not None and one_shared_hour.errors == ()
    cpu, reads = agg.rates["db_cpu_per_s"], agg.rates["read_iops"]
    # the one hour both instances cover: Time Model DB CPU 938.5 s + 1,800.6 s over 3,601.2 s = 0.260608 + 0.5
    assert (cpu.windows, cpu.p95) == (1, None)
    assert cpu.average == pytest.approx(0.760608, abs=1e-6)
    assert cpu.peak == pytest.approx(0.760608, abs=1e-6)
    assert cpu.per_instance == pytest.approx({"clinprd1": 0.260608, "clinprd2": 0.5}, abs=1e-6)
    # reads 79.7 + 120.0 = 199.7 per second, average and peak; instance 1's busy hour alone (250.0) is not the peak
    assert (reads.windows, reads.average, reads.peak) == (1, pytest.approx(199.7), pytest.approx(199.7))
    assert cpu.peak_window == (
        "14-Jan-24 01:37:43 to 14-Jan-24 02:37:44 (clinprd1: snaps 70373-70375; clinprd2: snaps 70374-70376)"
    )


def test_the_review_page_says_which_windows_were_left_out_and_why(one_shared_hour: ImportResult) -> None:
    agg = one_shared_hour.aggregation
    assert agg is not None
    assert (
        "2 of 3 windows hold only instance clinprd1's figures (no report of instance clinprd2 covers them): left out "
        "of the average, peak and P95, which are read from the 1 window every instance's reports cover"
    ) in agg.flags
    # every instance's reports are read and one window holds both: the figures are the database's
    assert agg.partial_rac is None


def test_the_database_demand_is_prefilled_from_the_window_every_instance_covers(one_shared_hour: ImportResult) -> None:
    fields = prefilled(one_shared_hour)
    # 199.7 reads per second: peak rounded up to 200, sustained rounded to 200 (never 250, instance 1's busy hour)
    assert (fields["io.peak_read_iops"], fields["io.sustained_read_iops"]) == (200, 200)
    # writes 5.9 + 12.3 = 18.2 per second, rounded up to 19
    assert fields["io.peak_write_iops"] == 19


def test_aligned_reports_of_every_hour_keep_every_window_and_say_nothing() -> None:
    result = import_files([
        ("clinprd1_0037.txt", clinprd1((70371, 70373), ("00:37:42", "01:37:43"))),
        ("clinprd1_0137.txt", clinprd1((70373, 70375), ("01:37:43", "02:37:44"))),
        ("clinprd2_0037.txt", clinprd2((70372, 70374), ("00:37:45", "01:37:46"))),
        ("clinprd2_0137.txt", clinprd2((70374, 70376), ("01:37:46", "02:37:47"))),
        ("clinprd2_0137_again.txt", clinprd2((70374, 70376), ("01:37:46", "02:37:47"))),  # given twice: read once
    ])  # fmt: skip
    agg = result.aggregation
    assert agg is not None
    reads = agg.rates["read_iops"]
    # two hours of 79.7 + 120.0 = 199.7 reads per second each
    assert (reads.windows, reads.average, reads.peak) == (2, pytest.approx(199.7), pytest.approx(199.7))
    assert agg.partial_rac is None
    assert not any("left out of the average" in flag for flag in agg.flags)
    assert prefilled(result)["io.peak_read_iops"] == 200


def test_one_instances_reports_alone_are_neither_summed_nor_left_out() -> None:
    # every report is instance clinprd1's, each of its own hour: no other instance to hold, nothing left out
    result = import_files([
        ("job.txt", clinprd1((70371, 70373), ("00:37:42", "01:37:43"))),
        ("busy.txt", report("clinprd1", 1, (70373, 70375), ("01:37:43", "02:37:44"), changes=BUSY_READS)),
    ])  # fmt: skip
    agg = result.aggregation
    assert agg is not None
    reads = agg.rates["read_iops"]
    # 79.7 and 250.0 reads per second over the same 60.02 minutes: average 164.85, peak 250.0
    assert (reads.windows, reads.average, reads.peak) == (2, pytest.approx(164.85), pytest.approx(250.0))
    assert not any("left out of the average" in flag for flag in agg.flags)


def test_windows_held_by_different_instances_of_three_are_each_said() -> None:
    def window(*instances: str) -> WindowGroup:
        samples = [Sample(window="10:00 to 11:00", minutes=60, instance=name) for name in instances]
        group = WindowGroup(samples[0], "a.txt", kind="awr-text")
        group.samples.extend(samples[1:])
        return group

    windows = [window("a", "b", "c"), window("a"), window("a", "b"), window("a")]
    choice = choose_windows(windows, [])
    assert choice.kept == (0,) and choice.apart is None
    assert choice.note == (
        "3 of 4 windows hold only some instances' figures (2 only instance a's, as no report of instances b, c "
        "covers them; 1 only instances a, b's, as no report of instance c covers it): left out of the average, "
        "peak and P95, which are read from the 1 window every instance's reports cover"
    )
    # a window read from AWR-Miner output, whose rows name their instance, is the database's as read
    whole = window("a")
    whole.kinds = {"awr-miner"}
    assert choose_windows([window("a", "b"), whole, window("b")], []).kept == (0, 1)


def test_awr_reports_of_two_instances_over_different_days_are_not_the_databases_demand() -> None:
    # AWR_DBS.html is instance dbs1's report of 23 to 26 January (snaps 132132-132420); instance dbs2's is made of
    # it for 26 to 29 January (snaps 132420-132708): every instance's report, but no day both cover
    text = (AZURE / "AWR_DBS.html").read_text(encoding="utf-8", errors="replace")
    dbs1_row = "<TD class=awrnc scope=row>dbs1</TD>\n<TD class=awrnc align=right>1</TD>"
    for old, new in (
        (dbs1_row, dbs1_row.replace("dbs1", "dbs2").replace(">1<", ">2<")),
        ("Inst: dbs1, Snaps: 132132-132420", "Inst: dbs2, Snaps: 132420-132708"),
        ("<TD class=awrnc align=right>132132</TD>", "<TD class=awrnc align=right>132420</TD>"),
        ("<TD class=awrc align=right>132420</TD>", "<TD class=awrc align=right>132708</TD>"),
        ("<TD class=awrc align=center>26-Jan-22 10:00:35</TD>", "<TD class=awrc align=center>29-Jan-22 10:00:31</TD>"),
        ("<TD class=awrnc align=center>23-Jan-22 10:00:39</TD>", "<TD class=awrnc align=center>26-Jan-22 10:00:36</TD>"),
    ):  # fmt: skip
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    result = import_files([("dbs1.html", (AZURE / "AWR_DBS.html").read_bytes()), ("dbs2.html", text.encode())])
    agg = result.aggregation
    assert agg is not None
    assert agg.flags[0] == (
        "RAC database read from instances dbs1, dbs2's reports, but the instances' reports cover different hours: "
        "no window holds every instance's figures; each window's CPU, IO and redo figures are some instances' alone, "
        "not the database's, so they are not pre-filled as its demand and the questionnaire's defaults stand until "
        "the database's figures are entered; upload every instance's reports of the same snapshots, or a RAC global "
        "report"
    )
    fields = prefilled(result)
    for path in CPU_AND_IO:
        assert path not in fields, path
    assert agg.partial_rac == PartialRac(reported=("dbs1", "dbs2"), reason="hours")


@pytest.mark.django_db
def test_the_review_page_shows_the_windows_left_out_and_the_hours_not_shared(client: Client) -> None:
    shared = upload_files(client, [
        SimpleUploadedFile("clinprd1_0037.txt", clinprd1((70371, 70373), ("00:37:42", "01:37:43"))),
        SimpleUploadedFile("clinprd1_0137.txt", clinprd1((70373, 70375), ("01:37:43", "02:37:44"))),
        SimpleUploadedFile("clinprd2_0137.txt", clinprd2((70374, 70376), ("01:37:46", "02:37:47"))),
    ])  # fmt: skip
    text = page(client, shared.get_absolute_url())
    assert (
        "1 of 2 windows holds only instance clinprd1's figures (no report of instance clinprd2 covers it): left out "
        "of the average, peak and P95, which are read from the 1 window every instance's reports cover"
    ) in text
    assert_customer_words(text, "the review of reports sharing one hour")
    apart = upload_files(client, [
        SimpleUploadedFile("clinprd1.txt", clinprd1()),
        SimpleUploadedFile("clinprd2.txt", clinprd2(times=("00:47:45", "01:47:46"))),
    ])  # fmt: skip
    text = page(client, apart.get_absolute_url())
    assert (
        "RAC database read from instances clinprd1, clinprd2's reports, but the instances' reports cover different "
        "hours: no window holds every instance's figures"
    ) in text
    # each answer left to the user says why, beside the questionnaire's field
    assert "is a figure of windows that hold only some instances' figures, not the database's" in text
    assert_customer_words(text, "the review of reports sharing no hour")
