"""Reading an inventory: columns map to the workload's fields, every bad cell is reported with its row and column
while the other rows go on, and the limits refuse a file before any work."""

import io

import pytest
from openpyxl import Workbook

from advisor.estates.engine.columns import MAX_ROWS, assumed_words, template_rows
from advisor.estates.engine.inventory import InventoryRefused, read_inventory

HEADER = "name,edition,version,licence_model,processor_licences_owned,region,peak_cpu,sga_gib,pga_gib,db_size_gib,"\
         "peak_read_iops,peak_write_iops,peak_read_mib_s,multi_az,cross_region_dr,dr_region,features"  # fmt: skip


def csv_file(*rows: str, header: str = HEADER) -> bytes:
    return ("\n".join([header, *rows]) + "\n").encode()


def test_documented_columns_map_to_the_workload_fields() -> None:
    data = csv_file("ERP,Enterprise Edition,19,BYOL,8,eu-west-1,6,24,8,1200,8000,2000,250,yes,yes,eu-central-1,"
                    "\"partitioning; ADG | diagnostics_pack\"")  # fmt: skip
    inventory = read_inventory(data, "estate.csv")
    assert inventory.errors == ()
    (row,) = inventory.rows
    w = row.workload
    assert (row.row, row.name) == (2, "ERP")
    assert (w.oracle.edition.value, w.oracle.version.value, w.oracle.licence_model.value) == ("ee", "19c", "byol")
    assert w.oracle.processor_licences_owned == 8
    assert (w.sizing.peak_cpu, w.sizing.sga_gib, w.sizing.pga_gib, w.sizing.db_size_gib) == (6, 24, 8, 1200)
    assert (w.io.peak_read_iops, w.io.peak_write_iops, w.io.peak_read_mib_s) == (8000, 2000, 250)
    assert (w.availability.multi_az, w.availability.cross_region_dr, w.availability.dr_region) == (
        True,
        True,
        "eu-central-1",
    )
    assert (w.features.partitioning, w.features.active_data_guard, w.features.diagnostics_pack) == (True, True, True)
    assert w.features.rac is False
    # not in the file: the questionnaire's defaults (sizing.yearly_growth_pct 10, environment.hours_per_month 730)
    assert (w.sizing.yearly_growth_pct, w.environment.hours_per_month) == (10, 730)
    assert "hours_per_month" in inventory.defaulted_columns and "peak_cpu" not in inventory.defaulted_columns


def test_a_blank_average_or_sustained_figure_never_exceeds_its_peak() -> None:
    # defaults: average_cpu 2, sustained_read_iops 1500, sustained_write_iops 500 (advisor/engine/workload/capacity.py)
    inventory = read_inventory(csv_file("tiny,se2,19c,li,0,eu-west-1,1,4,1,50,900,300,10,no,no,,"), "x.csv")
    w = inventory.rows[0].workload
    assert w.sizing.average_cpu == 1  # min(2, peak 1)
    assert (w.io.sustained_read_iops, w.io.sustained_write_iops) == (900, 300)  # min(1500, 900), min(500, 300)


def test_every_bad_cell_is_reported_by_row_and_column_and_the_valid_rows_go_on() -> None:
    data = csv_file(
        "ok-1,ee,19c,byol,0,us-east-1,4,8,2,100,3000,1000,100,yes,no,,",
        "bad-number,ee,19c,byol,0,us-east-1,4,8,2,100,lots,1000,100,yes,no,,",
        "bad-words,ee,v19,byol,0,us-east-1,4,8,2,100,3000,1000,100,maybe,no,,flux",
        ",ee,19c,byol,0,us-east-1,4,8,2,100,3000,1000,100,yes,no,,",
        "OK-1,ee,19c,byol,0,us-east-1,4,8,2,100,3000,1000,100,yes,no,,",
        "se2-rac,se2,19c,li,0,us-east-1,2,8,2,100,3000,1000,100,yes,no,,rac",
        "ok-2,ee,19c,byol,0,us-east-1,4,8,2,100,3000,1000,100,yes,no,,",
    )
    inventory = read_inventory(data, "x.csv")
    assert [r.name for r in inventory.rows] == ["ok-1", "ok-2"]
    errors = [(e.row, e.column, e.message.split(";")[0]) for e in inventory.errors]
    assert errors == [
        (3, "peak_read_iops", "not a number ('lots')"),
        (4, "version", "'v19' is not accepted"),
        (4, "multi_az", "'maybe' is not yes or no"),
        (4, "features", "'flux' is not a feature"),
        (5, "name", "required: every database needs a name"),
        (6, "name", "'OK-1' is also row 2: names must be unique in an estate"),
        (
            7,
            "features",
            errors[-1][2],
        ),  # the workload's own conflict (SE2 has no RAC), on the column that asked for RAC
    ]
    assert "Standard Edition 2" in inventory.errors[-1].message
    assert str(inventory.errors[0]).startswith("row 3, peak_read_iops: not a number")


def test_extra_columns_are_ignored_and_reported_and_workload_paths_are_read() -> None:
    data = csv_file("db1,4,8,owner@example.com", header="Name,Peak CPU (vCPUs),io.db_block_size_kib,Owner email")
    inventory = read_inventory(data, "x.csv")
    assert inventory.ignored_columns == ("Owner email",)
    assert inventory.rows[0].workload.sizing.peak_cpu == 4
    assert inventory.rows[0].workload.io.db_block_size_kib == 8


def test_an_xlsx_inventory_reads_like_the_csv() -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(HEADER.split(","))
    sheet.append(
        ["ERP", "ee", "19c", "byol", 8, "eu-west-1", 6.0, 24, 8, 1200, 8000, 2000, 250, "yes", False, None, None]
    )
    sheet.append(
        ["DW", "ee", "19c", "byol", 0, "eu-west-1", "six", 24, 8, 1200, 8000, 2000, 250, "no", None, None, None]
    )
    buffer = io.BytesIO()
    book.save(buffer)
    inventory = read_inventory(buffer.getvalue(), "estate.xlsx")
    assert inventory.kind == "xlsx"
    assert [r.name for r in inventory.rows] == ["ERP"]
    assert inventory.rows[0].workload.sizing.peak_cpu == 6
    assert inventory.rows[0].workload.availability.cross_region_dr is False
    assert [(e.row, e.column) for e in inventory.errors] == [(3, "peak_cpu")]


def test_the_template_reads_as_one_valid_database() -> None:
    text = "\n".join(",".join(row) for row in template_rows()) + "\n"
    inventory = read_inventory(text.encode(), "template.csv")
    assert inventory.errors == () and len(inventory.rows) == 1 and inventory.defaulted_columns == ()


def test_the_template_asks_for_the_figures_a_standbys_and_the_backups_costs_wait_for() -> None:
    # without the redo rate EC2's Data Guard traffic waits (its total is left out beside RDS's); without the data
    # changed a day the backups are a lower bound: the template offers both, and a row's figures reach the workload
    header = template_rows()[0]
    assert "redo_mib_s" in header and "backup_daily_change_gib" in header
    inventory = read_inventory(b"name,multi_az,peak_write_mib_s,redo,daily_change_gib\nERP,yes,60,4.5,12\n", "e.csv")
    (row,) = inventory.rows
    assert (row.workload.io.redo_mib_s, row.workload.sizing.backup_daily_change_gib) == (4.5, 12)


@pytest.mark.parametrize(
    ("data", "name", "says"),
    [
        (b"", "x.csv", "the file is empty"),
        (b"name,edition\n", "x.csv", "header but no databases"),
        (b"edition,peak_cpu\nee,4\n", "x.csv", "no name column"),
        (b"name,size,db_size_gib\na,1,2\n", "x.csv", "both give sizing.db_size_gib"),
        ("name,region\nZürich,eu-central-1\n".encode("cp1252"), "x.csv", "not UTF-8 text: byte 0xfc on line 2"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "old.xls", "save it as .xlsx or CSV"),
        (b"PK\x03\x04 not really a zip", "x.xlsx", "not a readable .xlsx"),
    ],
)
def test_an_unreadable_file_is_refused_with_what_is_accepted(data: bytes, name: str, says: str) -> None:
    with pytest.raises(InventoryRefused) as refused:
        read_inventory(data, name)
    assert says in refused.value.problems[0]


def test_more_rows_than_the_limit_are_refused_before_any_work() -> None:
    rows = "".join(f"db{i},4\n" for i in range(100_000))  # 100,000 databases, about 1 MiB
    with pytest.raises(InventoryRefused) as refused:
        read_inventory(("name,peak_cpu\n" + rows).encode(), "big.csv")
    assert refused.value.problems == [f"the file has more than {MAX_ROWS:,} databases (rows after the header); at "
                                      f"most {MAX_ROWS:,} are accepted per estate: split the inventory"]  # fmt: skip


def test_a_file_over_the_size_limit_is_refused_unread() -> None:
    with pytest.raises(InventoryRefused) as refused:
        read_inventory(b"name\n" + b"x" * (2 * 1024 * 1024), "huge.csv")
    assert "at most 2.0 MiB" in refused.value.problems[0]


def test_semicolon_separated_utf8_with_bom_is_read() -> None:
    data = "\ufeffname;peak_cpu;db_size_gib\nZürich-DB;2;50\n".encode()
    inventory = read_inventory(data, "excel.csv")
    assert [(r.name, r.workload.sizing.peak_cpu) for r in inventory.rows] == [("Zürich-DB", 2)]


def test_a_bad_peak_is_reported_on_its_own_column_not_on_the_average_the_file_lacks() -> None:
    # peak_cpu -3 (CPU must be positive) and no average_cpu column: the blank average copies the bad peak, so only
    # peak_cpu is the row's error; peak_read_iops -5 likewise says nothing of sustained_read_iops (not in HEADER).
    inventory = read_inventory(csv_file("BAD,ee,19,byol,0,us-east-1,-3,8,2,100,-5,10,5,no,no,,"), "estate.csv")
    (bad,) = inventory.invalid
    assert sorted(e.column for e in bad.errors) == ["peak_cpu", "peak_read_iops"]


def test_non_cdb_rows_of_a_file_without_a_pdb_column_are_read_as_having_no_pdbs() -> None:
    inventory = read_inventory(csv_file("LEGACY,non-cdb", "SALES,noncdb", header="name,architecture"), "estate.csv")
    assert inventory.errors == ()
    assert [row.workload.oracle.pdb_count for row in inventory.rows] == [0, 0]


def test_a_conflict_on_a_feature_is_reported_under_the_files_features_column() -> None:
    inventory = read_inventory(csv_file("OLD,se2,rac", header="name,edition,Key Features"), "estate.csv")
    (invalid,) = inventory.invalid
    assert [e.column for e in invalid.errors] == ["Key Features"]
    assert "Standard Edition 2" in invalid.errors[0].message


def test_the_features_column_names_yes_or_no_features_only_not_the_figures_beside_them() -> None:
    inventory = read_inventory(csv_file("HCCDB,hybrid_columnar_compression; hcc_compressed_gib",
                                        header="name,features"), "estate.csv")  # fmt: skip
    (invalid,) = inventory.invalid
    assert invalid.errors[0].message.startswith("'hcc_compressed_gib' is not a feature; accepted:")
    assert "hcc_uncompressed_gib" not in invalid.errors[0].message


def test_every_problem_of_a_row_is_reported_in_the_files_column_order_not_only_the_first() -> None:
    # peak_cpu -4 reads as a number, which the workload then refuses; multi_az 'maybe' is refused as it is read
    inventory = read_inventory(csv_file("BAD-ROW,ee,19c,byol,0,eu-west-1,-4,8,2,100,3000,1000,100,maybe,no,,"), "x.csv")
    (bad,) = inventory.invalid
    assert [(e.column, e.message.split(";")[0]) for e in bad.errors] == [
        ("peak_cpu", "Peak CPU used must be more than 0 vCPUs."),
        ("multi_az", "'maybe' is not yes or no"),
    ]
    assert bad.more == 0 and bad.words.startswith("row 2, peak_cpu: Peak CPU used must be more than 0 vCPUs.; row 2, "
                                                  "multi_az: 'maybe' is not yes or no")  # fmt: skip


def test_a_field_compared_with_a_refused_cell_is_not_reported_against_the_default_in_its_place() -> None:
    # the peak 'many' is refused: the average 8 is not then said to exceed the questionnaire's default peak (4)
    inventory = read_inventory(b"name,peak_cpu,average_cpu,multi_az\nX,many,8,maybe\n", "x.csv")
    assert [e.column for e in inventory.errors] == ["peak_cpu", "multi_az"]


def test_a_row_with_many_problems_lists_five_and_counts_the_rest() -> None:
    # eight problems: edition, version, licence model, licences owned -1, peak -4, SGA 'x', multi_az, cross_region_dr
    inventory = read_inventory(csv_file("MANY,xx,v18,own,-1,us-east-1,-4,x,8,100,3000,1000,100,maybe,perhaps,,"),
                               "x.csv")  # fmt: skip
    (bad,) = inventory.invalid
    assert [e.column for e in bad.errors] == ["edition", "version", "licence_model", "processor_licences_owned",
                                              "peak_cpu"]  # fmt: skip
    assert bad.more == 3 and bad.words.endswith("; and 3 more problems in this row")


def test_a_row_that_leaves_its_size_blank_says_which_figures_were_assumed() -> None:
    # "Short,ee": every other cell blank. Its workload still takes the questionnaire's documented defaults (peak CPU 4
    # vCPUs, 100 GiB, SGA 8 GiB, PGA 2 GiB, 3,000 / 1,000 peak IOPS, 100 MiB/s peak read, Multi-AZ yes), but the
    # row now says each of them; the file has no peak_write_mib_s column, so its default (30 MiB/s) is said too.
    inventory = read_inventory(csv_file("Short,ee", "Full,ee,19c,byol,0,us-east-1,6,24,8,1200,8000,2000,250,no,no,,"))
    short, full = inventory.rows
    assert (short.workload.sizing.peak_cpu, short.workload.sizing.db_size_gib) == (4, 100)
    assert short.assumed == (
        ("peak CPU", "4 vCPUs"), ("database size", "100 GiB"), ("SGA", "8 GiB"), ("PGA", "2 GiB"),
        ("peak read IOPS", "3,000"), ("peak write IOPS", "1,000"), ("peak read throughput", "100 MiB/s"),
        ("peak write throughput", "30 MiB/s"), ("Multi-AZ", "yes"),
    )  # fmt: skip
    assert full.assumed == (("peak write throughput", "30 MiB/s"),)  # every other one given on its row
    assert assumed_words(full.assumed) == "not given, so assumed: peak write throughput 30 MiB/s"


def test_a_decimal_comma_is_read_where_it_can_be_nothing_else_and_refused_where_it_could_be_either() -> None:
    # a semicolon-separated file, as Excel writes one where the comma is the decimal sign
    data = (
        "name;edition;peak_cpu;db_size_gib;yearly_growth_pct\nA;ee;0,125;12,5;7,5%\nB;ee;4;1,200;10\nC;ee;4;1.200;10\n"
    )
    inventory = read_inventory(data.encode(), "estate.csv")
    (a,) = inventory.rows
    assert (a.workload.sizing.peak_cpu, a.workload.sizing.db_size_gib, a.workload.sizing.yearly_growth_pct) == (
        0.125, 12.5, 7.5)  # fmt: skip
    said = "could be 1,200 or 1.2 (a thousands separator or a decimal sign): write 1200, or the decimal with a point"
    assert [str(e).split("; accepted")[0] for e in inventory.errors] == [
        f"row 3, db_size_gib: '1,200' {said}",
        f"row 4, db_size_gib: '1.200' {said}",
    ]
    # comma-separated: a quoted "1,200" groups thousands as before, and "0,125" is a decimal comma there too
    (b,) = read_inventory(b'name,edition,peak_cpu,db_size_gib\nB,ee,"0,125","1,200"\n', "estate.csv").rows
    assert (b.workload.sizing.peak_cpu, b.workload.sizing.db_size_gib) == (0.125, 1200)


def test_a_version_column_holding_releases_is_read_as_the_version_each_moves_to_and_the_release_it_runs() -> None:
    inventory = read_inventory(
        csv_file(
            "A,12.2.0.1",
            "B,11g",
            "C,Oracle 18c",
            "D,19.21.0.0",
            "E,21.3",
            "F,23.4",
            "G,19c",
            "H,26ai",
            header="name,version",
        ),  # fmt: skip
        "estate.csv",
    )
    assert inventory.errors == ()
    got = {row.name: (row.workload.oracle.version.value, row.workload.oracle.current_release) for row in inventory.rows}
    assert got == {
        "A": ("19c", "12.2.0.1"),  # 19c, the oldest version offered, is an upgrade from 12.2
        "B": ("19c", "11"),
        "C": ("19c", "18"),
        "D": ("19c", "19.21.0.0"),
        "E": ("21c", "21.3"),
        "F": ("26ai", "23.4"),  # 23ai's releases move to 26ai
        "G": ("19c", ""),
        "H": ("26ai", ""),
    }


def test_a_release_no_version_offered_reaches_is_refused_on_its_cell_with_what_is_accepted() -> None:
    inventory = read_inventory(csv_file("NEW,30.1", "ODD,twelve", header="name,version"), "estate.csv")
    (new, odd) = inventory.invalid
    assert new.errors[0].column == "version" and "'30.1' is later than every version offered" in new.errors[0].message
    assert "'twelve' is not accepted" in odd.errors[0].message
    assert "or the release it runs as Oracle prints it (11.2.0.4, 12c, 12.2.0.1, 18c, 19.21)" in odd.errors[0].message
