"""A RAC database read from some of its instances' reports: the review page says so, and the CPU, IO, redo, memory
and host figures (that instance's alone) are not pre-filled as the database's demand; each says the figure read and
why. Reports covering every instance (each instance's report, a RAC global report) are pre-filled as before."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation import PartialRac
from advisor.awr.engine.importer import ImportResult, import_files
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, sample, single_instance_dbs
from tests.advisor.awr.test_aggregate import hour

pytestmark = needs_samples

# The demand answers: each instance adds its own to the database's
DEMAND = (
    "sizing.peak_cpu",
    "sizing.average_cpu",
    "sizing.sga_gib",
    "sizing.pga_gib",
    "sizing.buffer_cache_gib",
    "io.peak_read_iops",
    "io.sustained_read_iops",
    "io.peak_read_mib_s",
    "io.peak_write_iops",
    "io.sustained_write_iops",
    "io.peak_write_mib_s",
    "io.redo_mib_s",
    "source_host.cores",
    "source_host.sockets",
)
DBS1 = "<TD class=awrnc scope=row>dbs1</TD>\n<TD class=awrnc align=right>1</TD>"  # Instance / Inst Num


def prefilled(result: ImportResult) -> dict[str, object]:
    assert result.prefill is not None
    return {f.path: f.value for f in result.prefill.fields}


@pytest.fixture(scope="module")
def dbs() -> ImportResult:
    return import_files([sample(AZURE / "AWR_DBS.html")])


def test_one_instance_of_two_is_said_on_the_review_page_and_no_demand_is_prefilled(dbs: ImportResult) -> None:
    agg = dbs.aggregation
    assert agg is not None
    # Database instance information "RAC YES"; RAC Statistics "Number of Instances: 2 2"; the report is dbs1's
    assert agg.partial_rac == PartialRac(reported=("dbs1",), instances=2)
    flag = agg.flags[0]
    assert flag.startswith("RAC database of 2 instances but reports from 1 (dbs1)")
    assert "not pre-filled as its demand" in flag and "upload every instance's reports or a RAC global report" in flag
    got = prefilled(dbs)
    for path in DEMAND:
        assert path not in got, path
    # the questionnaire keeps its defaults there, never the one instance's figure
    workload = Workload.model_validate(dbs.prefill.workload)  # type: ignore[union-attr]
    assert workload.sizing.peak_cpu == Workload().sizing.peak_cpu
    assert workload.io.redo_mib_s is None and workload.source_host.cores is None
    # what describes the database as a whole stays pre-filled
    assert (got["features.rac"], got["io.db_block_size_kib"], got["source_host.threads_per_core"]) == (True, 16, 2)


def test_each_withheld_answer_names_the_instances_figure_and_why(dbs: ImportResult) -> None:
    skipped = dbs.prefill.not_prefilled  # type: ignore[union-attr]
    # Time Model (DB CPU 321,484.48 s + background cpu time 391,824.96 s) / (4,319.92 min x 60) = 713,309.44 s
    # (the printed total CPU time) / 259,195.2 s = 2.75202 -> 2.76
    cpu = skipped["sizing.peak_cpu"]
    assert cpu.startswith("not pre-filled: 2.76 CPU seconds per second is instance dbs1's own figure")
    assert "the database runs 2 instances and only instance dbs1's reports are among these files" in cpu
    assert "enter the database's figure (all its instances together)" in cpu
    # Load Profile "Redo size (bytes): 1,399,224.8" per second / 1,048,576 = 1.334 MiB/s
    assert skipped["io.redo_mib_s"].startswith("not pre-filled: 1.334 MiB/s is instance dbs1's own figure")
    # IO Profile "Total Requests" reads 638.9/s -> 639; Memory Statistics "SGA use (MB): 38,912.0" -> 38 GiB
    assert skipped["io.peak_read_iops"].startswith("not pre-filled: 639 IOPS is instance dbs1's")
    assert skipped["sizing.sga_gib"].startswith("not pre-filled: 38 GiB is instance dbs1's")
    # Host information "32 | 16 | 2": one node's 16 cores, while every node running the database is licensed
    assert skipped["source_host.cores"].startswith("not pre-filled: 16 cores is instance dbs1's own figure")
    assert "(every host it runs on)" in skipped["source_host.cores"]


def test_the_same_report_of_a_single_instance_database_prefills_its_demand() -> None:
    result = import_files([("AWR_DBS.html", single_instance_dbs().encode())])
    assert result.aggregation is not None and result.aggregation.partial_rac is None
    got = prefilled(result)
    # Time Model (321,484.48 s + 391,824.96 s) / 259,195.2 s = 2.75202 -> 2.76 (as above)
    assert (got["sizing.peak_cpu"], got["sizing.sga_gib"], got["sizing.pga_gib"]) == (2.76, 38.0, 2.83)
    # IO Profile totals 638.9 reads/s and 88.1 writes/s: peaks rounded up to 639 and 89
    assert (got["io.peak_read_iops"], got["io.peak_write_iops"], got["io.redo_mib_s"]) == (639, 89, 1.334)
    assert (got["source_host.cores"], got["source_host.sockets"]) == (16, 2)


def test_every_instances_report_gives_the_database_its_summed_demand() -> None:
    text = (AZURE / "AWR_DBS.html").read_text(encoding="utf-8")
    assert text.count(DBS1) == 1
    other = text.replace(DBS1, "<TD class=awrnc scope=row>dbs2</TD>\n<TD class=awrnc align=right>2</TD>")
    result = import_files([("dbs1.html", text.encode()), ("dbs2.html", other.encode())])
    assert result.aggregation is not None and result.aggregation.partial_rac is None
    assert not any(flag.startswith("RAC database") for flag in result.aggregation.flags)
    got = prefilled(result)
    # the same window from instances dbs1 and dbs2: 2 x 2.75202 = 5.50404 -> 5.51; 2 x 38 GiB of SGA
    assert (got["sizing.peak_cpu"], got["sizing.sga_gib"]) == (5.51, 76.0)
    assert got["io.peak_read_iops"] == 1278  # 2 x 638.9 = 1,277.8, rounded up


def test_a_rac_global_report_covers_every_instance() -> None:
    result = import_files([sample(AZURE / "AWR_DBW.html")])
    assert result.aggregation is not None and result.aggregation.partial_rac is None
    assert "sizing.peak_cpu" in prefilled(result) and "io.redo_mib_s" in prefilled(result)


def test_rac_without_an_instance_count_read_from_one_instance_is_not_taken_for_the_database() -> None:
    # the 12.2 text report's header "... EE 12.2.0.1.0 NO  NO" (RAC, CDB) made to say RAC YES; text reports print no
    # instance count, so one instance's report may be one of several
    text = (JAS / "awrrpt_1_2668_2669.txt").read_text()
    assert text.count("12.2.0.1.0 NO  NO") == 1
    rac = text.replace("12.2.0.1.0 NO  NO", "12.2.0.1.0 YES NO")
    one = import_files([("bpsc1.txt", hour(rac, begin=2668, instance="bpsc1"))])
    assert one.aggregation is not None
    assert one.aggregation.partial_rac == PartialRac(reported=("bpsc1",), instances=None)
    assert "(how many instances it runs is not printed)" in one.aggregation.flags[0]
    assert "sizing.peak_cpu" not in prefilled(one) and one.prefill is not None
    assert "the reports print RAC: YES but not how many instances" in one.prefill.not_prefilled["sizing.peak_cpu"]
    # both instances' reports of the same hour: the database's demand, summed
    both = import_files(
        [
            ("bpsc1.txt", hour(rac, begin=2668, instance="bpsc1", number=1)),
            ("bpsc2.txt", hour(rac, begin=2668, instance="bpsc2", number=2)),
        ]
    )
    assert both.aggregation is not None and both.aggregation.partial_rac is None
    # Time Model (DB CPU 1,234.8 s + background 16.5 s) / 3,615 s x 2 = 0.34614 x 2 = 0.69228 -> 0.70
    assert prefilled(both)["sizing.peak_cpu"] == 0.7


def test_masking_hides_the_instance_named_in_the_note_and_the_reasons() -> None:
    result = import_files([sample(AZURE / "AWR_DBS.html")], mask=True)
    assert result.aggregation is not None and result.aggregation.partial_rac is not None
    assert "dbs1" not in result.model_dump_json().lower()
    token = result.aggregation.partial_rac.reported[0]
    assert result.prefill is not None and f"{token}'s own figure" in result.prefill.not_prefilled["sizing.peak_cpu"]
