"""Statspack reports of the instances of one RAC database over the same hour are one window, summed, although their
snapshot ids differ (each instance takes its own snapshots, numbered from one sequence); two reports of one instance
are never added together, and instances whose hours overlap but were snapped more than five minutes apart are kept
apart with a warning, their figures not taken for the database's demand.

The reports are the real 12.1 Statspack sample (instance clinprd1, snaps 70371-70372) changed by hand: RAC YES, the
instance, its number, its snapshot ids and times and, for the second instance, a few figures."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation import PartialRac
from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import needs_samples
from tests.advisor.awr.statspack_rac import clinprd1, clinprd2, report

pytestmark = needs_samples


@pytest.fixture(scope="module")
def both() -> ImportResult:
    # instance 1 took snaps 70371 and 70373, instance 2 snaps 70372 and 70374, three seconds after instance 1's
    return import_files([("clinprd1.txt", clinprd1()), ("clinprd2.txt", clinprd2())])


def test_two_instances_reports_of_one_hour_are_one_window_whatever_their_snap_ids(both: ImportResult) -> None:
    agg = both.aggregation
    assert agg is not None and both.errors == ()
    cpu = agg.rates["db_cpu_per_s"]
    # Time Model DB CPU 938.5 s and 1,800.6 s, each over 60.02 minutes (3,601.2 s): 0.260608 + 0.5 = 0.760608
    assert cpu.windows == 1
    assert cpu.average == pytest.approx(0.760608, abs=1e-6)
    assert cpu.per_instance == pytest.approx({"clinprd1": 0.260608, "clinprd2": 0.5}, abs=1e-6)
    # Instance Activity Stats, per second: reads 79.7 + 120.0 = 199.7; writes 5.9 + 12.3 = 18.2
    assert agg.rates["read_iops"].average == pytest.approx(199.7)
    assert agg.rates["write_iops"].average == pytest.approx(18.2)
    # physical read total bytes 49,451,793.3 per second each: 98,903,586.6 / 1,048,576 = 94.32181 MiB/s
    assert agg.rates["read_mib_s"].average == pytest.approx(94.32181, abs=1e-5)
    # Load Profile redo size 66,701.6 + 133,403.2 = 200,104.8 bytes/s / 1,048,576 = 0.190835 MiB/s
    assert agg.rates["redo_mib_s"].average == pytest.approx(0.190835, abs=1e-6)
    # begin 00:37:42 and 00:37:45, end 01:37:43 and 01:37:46: 3 s apart
    assert "sum over instances clinprd1, clinprd2 (their snapshot times differ by up to 3 s)" in cpu.note
    # the window names both instances' own snapshot ids
    assert cpu.peak_window == (
        "14-Jan-24 00:37:42 to 14-Jan-24 01:37:43 (clinprd1: snaps 70371-70373; clinprd2: snaps 70372-70374)"
    )
    assert not any("apart" in w for w in agg.warnings)


def test_the_hosts_and_memory_of_both_instances_are_added_and_the_database_is_covered(both: ImportResult) -> None:
    agg = both.aggregation
    assert agg is not None
    # Host "CPUs 22" and Memory Statistics "SGA use (MB): 71,680.0" (70 GiB) on each node
    assert agg.facts["host_cpus"].value == 44
    assert agg.facts["sga_gib"].value == 140.0
    assert agg.facts["instance_count"].value == 2
    # RAC YES, both instances' reports read: the figures are the database's, pre-filled as its demand
    assert agg.partial_rac is None
    assert not any(flag.startswith("RAC database") for flag in agg.flags)
    assert agg.identity.instances == ("clinprd1", "clinprd2")
    assert both.prefill is not None
    fields = {f.path: f.value for f in both.prefill.fields}
    assert fields["io.peak_read_iops"] == 200  # 199.7, rounded up


def test_one_instances_report_of_a_rac_database_is_said_to_be_that_instances_alone() -> None:
    result = import_files([("clinprd2.txt", clinprd2())])
    agg = result.aggregation
    assert agg is not None and agg.partial_rac is not None
    assert agg.partial_rac.reported == ("clinprd2",)
    assert agg.rates["read_iops"].average == pytest.approx(120.0)
    # Statspack has no RAC global report: the note asks for the other instances' reports only
    assert agg.partial_rac.words().endswith("upload every instance's reports")


def test_instances_snapped_ten_minutes_apart_are_not_added_nor_taken_for_the_databases_demand() -> None:
    late = clinprd2(times=("00:47:45", "01:47:46"))
    result = import_files([("clinprd1.txt", clinprd1()), ("clinprd2.txt", late)])
    agg = result.aggregation
    assert agg is not None
    cpu = agg.rates["db_cpu_per_s"]
    # two windows, one instance each: 0.260608 and 0.5, never 0.760608
    assert cpu.windows == 2
    assert cpu.peak == pytest.approx(0.5, abs=1e-6)
    assert cpu.per_instance == {}
    warning = next(w for w in agg.warnings if "overlap" in w)
    assert warning.startswith(
        "the Statspack reports of instance clinprd2 in clinprd2.txt (14-Jan-24 00:47:45 to 14-Jan-24 01:47:46) and "
        "of instance clinprd1 in clinprd1.txt (14-Jan-24 00:37:42 to 14-Jan-24 01:37:43) overlap, but their "
        "snapshots were taken more than 5 minutes apart"
    )
    assert "the two instances' figures are not added together" in warning
    # every instance's reports are read, but no window holds both: each window is one node's load, not the
    # database's, so its CPU, IO and redo are not pre-filled as the database's demand and the review page says why
    assert agg.flags[0].startswith(
        "RAC database read from instances clinprd1, clinprd2's reports, but the instances' reports cover different "
        "hours: no window holds every instance's figures"
    )
    assert agg.flags[0].endswith(
        "upload every instance's reports of the same hours, each instance's snapshots taken within 5 minutes of the "
        "others'"
    )
    assert result.prefill is not None
    fields = {f.path: f.value for f in result.prefill.fields}
    for path in ("sizing.peak_cpu", "sizing.average_cpu", "io.peak_read_iops", "io.sustained_read_iops",
                 "io.peak_write_iops", "io.peak_read_mib_s", "io.redo_mib_s"):  # fmt: skip
        assert path not in fields, path
    # the busier window is instance 2's alone: 120.0 reads per second
    assert result.prefill.not_prefilled["io.peak_read_iops"].startswith(
        "not pre-filled: 120 IOPS is a figure of windows that hold only some instances' figures, not the "
        "database's, as the instances' reports cover different hours: no window holds every instance's figures"
    )
    assert agg.partial_rac == PartialRac(reported=("clinprd1", "clinprd2"), statspack=True, reason="hours")
    # memory is each instance's largest, summed over both: "SGA use (MB): 71,680.0" (70 GiB) on each node
    assert fields["sizing.sga_gib"] == 140


def test_two_reports_of_the_same_instance_over_one_hour_are_never_added() -> None:
    # a snapshot taken by hand on instance 1 at 00:39:12 (id 70372), after the job's at 00:37:42 (id 70371): reports
    # 70371-70373 and 70372-70373 cover nearly the same hour, 1.5 minutes apart, of the same instance
    second = report("clinprd1", 1, (70372, 70373), ("00:39:12", "01:37:43"), elapsed="58.52")
    result = import_files([("job.txt", clinprd1()), ("manual.txt", second)])
    agg = result.aggregation
    assert agg is not None
    cpu = agg.rates["db_cpu_per_s"]
    # two windows of one instance: 938.5 s over 3,601.2 s = 0.260608 and over 58.52 min (3,511.2 s) = 0.2672875;
    # their time-weighted average is (938.5 + 938.5) s / (3,601.2 + 3,511.2) s = 0.263905, not a sum near 0.53
    assert cpu.windows == 2
    assert cpu.peak == pytest.approx(0.2672875, abs=1e-6)
    assert cpu.average == pytest.approx(0.263905, abs=1e-6)
    assert cpu.per_instance == {}
    assert agg.facts["sga_gib"].value == 70.0  # one node's, not two


def test_the_same_statspack_report_given_twice_is_read_once() -> None:
    result = import_files([("a.txt", clinprd1()), ("b.txt", clinprd1())])
    agg = result.aggregation
    assert agg is not None
    assert agg.rates["read_iops"].windows == 1
    assert agg.rates["read_iops"].average == pytest.approx(79.7)
    assert any("instance clinprd1 given twice; the first one is used" in w for w in agg.warnings)
