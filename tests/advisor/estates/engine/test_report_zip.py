"""A ZIP of AWR reports read as an estate's databases: one per folder, or per DBID when flat, each through the AWR
import engine; the ZIP's limits checked on its directory before anything is unpacked; unsafe names never used.

Expected figures are read by hand from the sample reports (../shared/data/awr-samples, README "Reference values"),
as the AWR import's own tests read them (tests/advisor/awr/test_prefill.py)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from advisor.estates.engine.report_estate import read_report_zip
from advisor.estates.engine.report_zip import (
    MAX_MEMBERS,
    ZipRefused,
    looks_like_report_zip,
    plan_zip,
    require_a_report,
)
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, single_instance_dbs
from tests.advisor.awr.statspack_rac import clinprd1, clinprd2


def zipped(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def two_folders() -> bytes:
    return zipped({
        "estate/ERP/AWR_DBS.html": single_instance_dbs().encode(),  # the report as a single-instance database's
        "estate/ERP/dbspace_DBS.lst": (AZURE / "dbspace_DBS.lst").read_bytes(),
        "estate/CRM/awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes(),
    })  # fmt: skip


@needs_samples
def test_two_folders_are_two_databases_with_the_reports_figures() -> None:
    found = read_report_zip(two_folders())
    by_name = {d.name: d for d in found.databases}
    assert list(by_name) == ["ERP", "CRM"]  # the wrapping "estate/" folder is looked inside
    erp, crm = by_name["ERP"].workload, by_name["CRM"].workload
    assert erp is not None and crm is not None
    assert by_name["ERP"].files == ("ERP/AWR_DBS.html", "ERP/dbspace_DBS.lst")
    # AWR_DBS.html: Time Model DB CPU 321,484.48 s plus background cpu time 391,824.96 s over 4,319.92 min x 60 =
    # 259,195.2 s: 713,309.44 / 259,195.2 = 2.75202, rounded up to 2.76; SGA use 38,912 MB = 38 GiB; IO Profile total reads 638.9/s rounded up to 639
    assert (erp.sizing.peak_cpu, erp.sizing.sga_gib, erp.io.peak_read_iops) == (2.76, 38.0, 639)
    assert erp.oracle.edition.value == "ee"
    assert erp.sizing.db_size_gib == 485.99  # the size listing covers the database: 497,648.38 MB, rounded up
    # awrrpt_1_2668_2669.txt: Time Model DB CPU 1,234.8 s plus background cpu time 16.5 s over 60.25 min x 60 =
    # 3,615 s: 1,251.3 / 3,615 = 0.34614, rounded up to 0.35; SGA use 174,080.0 MB = 170 GiB; IO Profile "Total Requests" read
    # 109.4/s and write 42.8/s, rounded up to 110 and 43
    assert (crm.sizing.peak_cpu, crm.sizing.sga_gib) == (0.35, 170.0)
    assert (crm.io.peak_read_iops, crm.io.peak_write_iops) == (110, 43)
    assert not any(d.error for d in found.databases)


@needs_samples
def test_a_rac_database_read_from_one_instances_report_is_not_assessed_on_made_up_demand() -> None:
    # AWR_DBS.html is instance dbs1's report of a database of 2 instances ("Number of Instances: 2"): its DB CPU,
    # SGA and reads are that instance's alone; the questionnaire's defaults would price a demand nobody measured
    found = read_report_zip(zipped({"ERP/AWR_DBS.html": (AZURE / "AWR_DBS.html").read_bytes(),
                                    "CRM/awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes()}))  # fmt: skip
    erp, crm = found.databases
    assert erp.workload is None and crm.workload is not None  # the other database is still assessed
    assert erp.error.startswith("folder ERP: not assessed: the database runs 2 instances and only instance dbs1's "
                                "reports are among these files")  # fmt: skip
    assert erp.error.endswith("add every instance's reports or a RAC global report")


@needs_samples
def test_a_rac_database_whose_instances_reports_share_no_hour_is_not_assessed() -> None:
    # clinprd2's hour starts ten minutes after clinprd1's: every instance is reported, but no window holds both
    found = read_report_zip(zipped({"CLIN/clinprd1.txt": clinprd1(),
                                    "CLIN/clinprd2.txt": clinprd2(times=("00:47:45", "01:47:46"))}))  # fmt: skip
    (clin,) = found.databases
    assert clin.workload is None
    assert clin.error == (
        "folder CLIN: not assessed: the instances' reports cover different hours: no window holds every instance's "
        "figures, so the CPU, IO and redo read in each window are some instances' alone, not the database's demand; "
        "add every instance's reports of the same hours, each instance's snapshots taken within 5 minutes of the "
        "others'"
    )


@needs_samples
def test_a_rac_database_assessed_on_the_hour_every_instance_covers_says_which_hours_were_left_out() -> None:
    found = read_report_zip(zipped({
        "CLIN/clinprd1_0037.txt": clinprd1((70371, 70373), ("00:37:42", "01:37:43")),
        "CLIN/clinprd1_0137.txt": clinprd1((70373, 70375), ("01:37:43", "02:37:44")),
        "CLIN/clinprd2_0137.txt": clinprd2((70374, 70376), ("01:37:46", "02:37:47")),
    }))  # fmt: skip
    (clin,) = found.databases
    assert clin.workload is not None
    # the hour both cover: reads 79.7 + 120.0 = 199.7 per second, rounded up to 200
    assert clin.workload.io.peak_read_iops == 200
    assert (
        "folder CLIN: 1 of 2 windows holds only instance clinprd1's figures (no report of instance clinprd2 covers "
        "it): left out of the average, peak and P95, which are read from the 1 window every instance's reports cover"
    ) in clin.notes


@needs_samples
def test_a_flat_zip_is_grouped_by_the_dbid_each_report_prints() -> None:
    found = read_report_zip(zipped({
        "AWR_DBS.html": (AZURE / "AWR_DBS.html").read_bytes(),  # DBID 2494196594, DB Name DBS
        "awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes(),  # DBID 1135854311, BPSC
        "sp_70371_70372.txt": (JAS / "sp_70371_70372.txt").read_bytes(),  # DBID 2071347136, CLINPRD
        "dbspace_DBS.lst": (AZURE / "dbspace_DBS.lst").read_bytes(),  # a size listing: prints no database
    }))  # fmt: skip
    assert [(d.name, d.source) for d in found.databases] == [
        ("DBS", "DBID 2494196594"), ("BPSC", "DBID 1135854311"), ("CLINPRD", "DBID 2071347136")]  # fmt: skip
    statspack = found.databases[2].workload
    assert statspack is not None
    # sp_70371_70372.txt: Time Model DB CPU 938.5 s plus background cpu time 49.0 s over 60.02 min x 60 = 3,601.2 s:
    # 987.5 / 3,601.2 = 0.27421, rounded up to 0.28; SGA 71,680 MB = 70 GiB (README reference values)
    assert (statspack.sizing.peak_cpu, statspack.sizing.sga_gib) == (0.28, 70.0)
    assert any(n.startswith("dbspace_DBS.lst: prints no DBID or database name") for n in found.notes)


@needs_samples
def test_a_folder_with_nothing_readable_is_a_row_error_and_the_others_go_on() -> None:
    found = read_report_zip(zipped({
        "ERP/AWR_DBS.html": single_instance_dbs().encode(),
        "HR/readme.txt": b"exported on Monday",
    }))  # fmt: skip
    erp, hr = found.databases
    assert erp.workload is not None and hr.workload is None
    assert hr.error.startswith("folder HR: no file could be read: HR/readme.txt: not an AWR or Statspack report")


@needs_samples
def test_masking_names_the_databases_by_their_tokens() -> None:
    found = read_report_zip(zipped({"AWR_DBS.html": (AZURE / "AWR_DBS.html").read_bytes(),
                                    "awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes()}),
                            mask=True, file_name="DBS-and-BPSC.zip")  # fmt: skip
    assert [d.name for d in found.databases] == ["database-1", "database-3"]  # dbs_tk08 (unique name) is database-2
    assert found.file_name == "database-1-and-database-3.zip"
    text = repr(found)
    assert "BPSC" not in text and "tk08db" not in text and "dbs1" not in text


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    bomb = zipped({"DB1/awr.html": b"\0" * (20 * 1024 * 1024)})  # 20 MiB of zeros pack to about 20 KiB
    assert len(bomb) < 100 * 1024
    with pytest.raises(ZipRefused) as refused:
        read_report_zip(bomb)
    assert "unpack to more than 100 times their packed size ('DB1/awr.html')" in refused.value.problems[0]


def test_a_zip_of_too_many_files_is_refused_in_words() -> None:
    many = zipped({f"f{n}.txt": b"x" for n in range(MAX_MEMBERS.value + 1)}, zipfile.ZIP_STORED)
    with pytest.raises(ZipRefused) as refused:
        plan_zip(many)
    assert refused.value.problems[0].startswith("the ZIP holds 257 files: the limit is 256 files per ZIP")


def test_a_member_whose_header_lies_about_its_size_yields_no_more_than_it_declared() -> None:
    honest = zipped({"a.txt": b"A" * 4000})
    # rewrite both headers' uncompressed size (4000 = 0x0fa0) to 50: the stream still inflates to 4,000 bytes
    lying = honest.replace((4000).to_bytes(4, "little"), (50).to_bytes(4, "little"))
    plan = plan_zip(lying)
    from advisor.estates.engine.report_zip import member_bytes, open_zip

    assert plan.members[0].size == 50
    with pytest.raises(zipfile.BadZipFile):  # zipfile stops at the declared size, then the CRC does not match
        member_bytes(open_zip(lying), plan.members[0])
    found = read_report_zip(lying)  # the member is one file that could not be unpacked, not a failed estate
    assert found.notes == ("a.txt: could not be unpacked (Bad CRC-32 for file 'a.txt'); not read",)


@needs_samples
def test_path_traversal_and_absolute_names_are_left_out_and_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    found = read_report_zip(zipped({
        "../../evil/AWR_DBS.html": (AZURE / "AWR_DBS.html").read_bytes(),
        "/etc/cron.d/x": b"* * * * * root true",
        "C:\\Windows\\x.txt": b"x",
        "ERP/..\\..\\sneaky.txt": b"x",
        "ERP/awrrpt_1_2668_2669.txt": (JAS / "awrrpt_1_2668_2669.txt").read_bytes(),
    }))  # fmt: skip
    assert [d.name for d in found.databases] == ["ERP"] and found.databases[0].workload is not None
    unsafe = [n for n in found.notes if "unsafe name" in n]
    assert len(unsafe) == 4 and unsafe[0].startswith("../../evil/AWR_DBS.html: unsafe name")
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent.parent / "evil").exists()  # nothing written


def test_an_xlsx_is_an_inventory_not_a_zip_of_reports() -> None:
    workbook = zipped({"[Content_Types].xml": b"<x/>", "xl/workbook.xml": b"<x/>"})
    assert not looks_like_report_zip(workbook, "inventory.xlsx")
    assert not looks_like_report_zip(workbook, "inventory")
    assert looks_like_report_zip(zipped({"a/b.html": b"x"}), "reports")
    assert looks_like_report_zip(b"anything", "reports.zip")


@needs_samples
def test_an_unexpected_failure_in_one_databases_figures_is_that_rows_error_and_the_other_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from advisor.estates.engine import report_estate

    real = report_estate.prefill

    def prefill_failing_for_erp(aggregation: object) -> object:
        if any("ERP/" in f for f in aggregation.files):  # type: ignore[attr-defined]
            raise KeyError("dbtime")
        return real(aggregation)  # type: ignore[arg-type]

    monkeypatch.setattr(report_estate, "prefill", prefill_failing_for_erp)
    found = read_report_zip(two_folders())
    by_name = {d.name: d for d in found.databases}
    assert by_name["ERP"].workload is None
    assert by_name["ERP"].error == "folder ERP: its figures could not be read (KeyError: 'dbtime')"
    assert by_name["CRM"].workload is not None and by_name["CRM"].error == ""  # still read: 0.35 CPU as above
    assert by_name["CRM"].workload.sizing.peak_cpu == 0.35


@needs_samples
def test_an_unexpected_failure_reading_one_file_is_that_files_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.estates.engine import report_estate

    real = report_estate.read_file

    def read_failing_for_the_txt(path: str, data: bytes) -> object:
        if path.endswith(".txt"):
            raise ValueError("bad table")
        return real(path, data)

    monkeypatch.setattr(report_estate, "read_file", read_failing_for_the_txt)
    by_name = {d.name: d for d in read_report_zip(two_folders()).databases}
    assert by_name["CRM"].error == (
        "folder CRM: no file could be read: CRM/awrrpt_1_2668_2669.txt: could not be read (ValueError: bad table); "
        "not read"
    )
    assert by_name["ERP"].workload is not None


def test_a_zip_of_no_report_is_refused_naming_its_files_and_what_is_accepted() -> None:
    junk = zipped({"readme.txt": b"hello", "../evil.txt": b"x", "notes/todo.md": b"# to do"})
    with pytest.raises(ZipRefused) as refused:
        require_a_report(junk, plan_zip(junk))
    (said,) = refused.value.problems
    assert said.startswith("the ZIP holds no AWR, Statspack or AWR-Miner report (readme.txt: not an AWR or "
                           "Statspack report: no 'WORKLOAD REPOSITORY' header; notes/todo.md: not an AWR")  # fmt: skip
    assert "../evil.txt: unsafe name" in said and "so there is no database to assess" in said
    assert "Accepted: a .zip of reports" in said and "a CSV file or an Excel workbook (.xlsx)" in said


def test_a_zip_with_one_report_among_other_files_is_taken_and_many_non_reports_are_counted() -> None:
    report = b"WORKLOAD REPOSITORY report for\n\nDB Name         DB Id    Instance\n"  # an AWR text report's header
    mixed = zipped({"readme.txt": b"hello", "ERP/awrrpt_1_2.txt": report})
    require_a_report(mixed, plan_zip(mixed))  # no refusal: the report is there (whether it reads is the job's)
    many = zipped({f"note{n}.txt": b"hello" for n in range(5)})
    with pytest.raises(ZipRefused) as refused:
        require_a_report(many, plan_zip(many))
    assert (
        "note2.txt: not an AWR or Statspack report: no 'WORKLOAD REPOSITORY' header; and 2 more)"
        in (refused.value.problems[0])
    )
