"""Reading an XLSX inventory as the workbook means it: a formula whose workbook keeps no value is said to be one (not
read as a blank cell, then priced at the default), and a workbook saved by Excel is read once."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook

from advisor.estates.engine import tables
from advisor.estates.engine.columns import MAX_COLUMNS, MAX_SHEET_ROWS
from advisor.estates.engine.inventory import read_inventory

HEADER = ["name", "edition", "peak_cpu", "db_size_gib"]
SAVE_OR_ENTER = "open and save the workbook in Excel, or enter the value"


def workbook(*rows: list[Any], header: list[Any] = HEADER) -> bytes:
    """A workbook as a program writes it: openpyxl saves formulas with no value (only Excel works them out)."""
    book = Workbook()
    sheet = book.active
    for row in (header, *rows):
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def with_values_saved(data: bytes, value: str) -> bytes:
    """``data`` as Excel would save it after opening: every formula followed by its value."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename.startswith("xl/worksheets/"):
                body = re.sub(rb"</f><v\s*/>|</f><v></v>", f"</f><v>{value}</v>".encode(), body)
            target.writestr(info, body)
    return out.getvalue()


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each time the workbook is opened: True for its values, False for its formulas."""
    opened: list[bool] = []
    load = tables._load

    def counted(data: bytes, *, values: bool) -> object:
        opened.append(values)
        return load(data, values=values)

    monkeypatch.setattr(tables, "_load", counted)
    return opened


def test_a_formula_with_no_saved_value_is_refused_on_its_row_and_column_not_priced_as_blank(loads: list[bool]) -> None:
    data = workbook(["ERP", "ee", "=2*8", 300], ['=CONCAT("D","W")', "ee", 4, 300], ["Billing", "ee", 8, 500])
    inventory = read_inventory(data, "estate.xlsx")
    assert [r.name for r in inventory.rows] == ["Billing"]
    assert [str(e) for e in inventory.errors] == [
        f"row 2, peak_cpu: a formula with no saved value (=2*8): {SAVE_OR_ENTER}",
        f'row 3, name: a formula with no saved value (=CONCAT("D","W")): {SAVE_OR_ENTER}',  # not "needs a name"
    ]
    assert loads == [True, False]  # read for its values, then for the formulas it keeps no value of


def test_the_same_workbook_saved_by_excel_reads_each_formulas_value_and_is_opened_once(loads: list[bool]) -> None:
    data = with_values_saved(workbook(["ERP", "ee", "=2*8", 300]), "16")
    (row,) = read_inventory(data, "estate.xlsx").rows
    assert row.workload.sizing.peak_cpu == 16
    assert loads == [True]  # no formula lacks its value: the workbook is not read a second time


def test_a_header_cell_that_is_a_formula_with_no_saved_value_refuses_the_file() -> None:
    with pytest.raises(tables.InventoryRefused) as refused:
        read_inventory(workbook(["ERP", "ee", 4, 300], header=["name", "edition", '="peak"&"_cpu"', "db_size_gib"]))
    assert refused.value.problems == [
        'row 1, column C: the header is a formula with no saved value (="peak"&"_cpu"): open and save the '
        "workbook in Excel, or type the column's name"
    ]


def test_a_percentage_typed_in_excel_reads_as_the_percentage_it_shows_in_every_percent_column() -> None:
    # Excel keeps a cell showing 10% as 0.1 under a percent format: read as 10 %, not 0.1 %
    book = Workbook()
    sheet = book.active
    sheet.append(["name", "edition", "yearly_growth_pct", "oracle.licence_discount_pct", "oracle.support_uplift_pct"])
    sheet.append(["ERP", "ee", 0.1, 0.125, 0.03])  # shown as 10%, 12.5% and 3%
    sheet.append(["DW", "ee", 10, 15, 2])  # typed as plain numbers, the second shown with a literal "%" sign
    for cell, number_format in (("C2", "0%"), ("D2", "0.0%"), ("E2", "0.00%"), ("D3", '0" %"')):
        sheet[cell].number_format = number_format
    buffer = io.BytesIO()
    book.save(buffer)
    erp, dw = read_inventory(buffer.getvalue(), "estate.xlsx").rows
    assert (erp.workload.sizing.yearly_growth_pct, erp.workload.oracle.licence_discount_pct) == (10, 12.5)
    assert erp.workload.oracle.support_uplift_pct == 3
    # '0" %"' shows the number as kept with a sign after it (no percent format): 15 stays 15
    assert (dw.workload.sizing.yearly_growth_pct, dw.workload.oracle.licence_discount_pct) == (10, 15)


def test_a_percentage_reads_alike_from_a_csv_and_is_refused_where_the_column_is_no_percentage() -> None:
    inventory = read_inventory(b"name,edition,yearly_growth_pct,peak_cpu\nERP,ee,10%,4\nDW,ee,10,50%\n", "e.csv")
    assert [r.workload.sizing.yearly_growth_pct for r in inventory.rows] == [10]
    (error,) = inventory.errors
    assert str(error).startswith("row 3, peak_cpu: a percentage ('50%'), not a number; accepted: a number above 0")


# --- a sheet declared far bigger than what it holds -----------------------------------------------------------------


def declared(rows: int, *, styled_from: int | None = 3, databases: int = 1) -> bytes:
    """A workbook of ``databases`` rows under the header whose sheet declares the range A1:XFD<rows> (16,384 columns
    wide), with blank styled rows from ``styled_from`` to ``rows`` (None: the last row alone): what formatting a
    whole block of a sheet leaves behind. Small when packed: the audit's was 1.9 MB for 400,000 rows."""
    book = Workbook()
    sheet = book.active
    sheet.append(HEADER)
    for n in range(databases):
        sheet.append([f"DB{n}", "ee", 4, 300])
    sheet.cell(databases + 2, 1).number_format = "0.00"  # a style for the blank cells to carry
    buffer = io.BytesIO()
    book.save(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info).decode()
            if info.filename == "xl/worksheets/sheet1.xml":
                body = re.sub(r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:XFD{rows}"/>', body)
                style = re.search(r'<c r="A\d+" s="(\d+)"', body)
                first = rows if styled_from is None else styled_from + databases - 1
                blank = "".join(f'<row r="{r}"><c r="A{r}" s="{style.group(1) if style else 0}"/></row>'
                                for r in range(first, rows + 1))  # fmt: skip
                body = re.sub(r'<row r="\d+"><c r="A\d+" s="\d+"\s*/></row>', "", body)
                body = body.replace("</sheetData>", blank + "</sheetData>")
            target.writestr(info.filename, body)
    return out.getvalue()


@pytest.fixture
def cells_visited(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The cells the sheet hands the reader, row by row (each row as wide as asked, blank cells included); a read
    past twice the most the limits allow stops there."""
    most = 2 * (MAX_SHEET_ROWS + 1) * (MAX_COLUMNS + 1)
    sheet_class = type(load_workbook(io.BytesIO(workbook()), read_only=True).worksheets[0])
    iter_rows = sheet_class.iter_rows
    visited = [0]

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        for row in iter_rows(self, *args, **kwargs):
            visited[0] += len(row)
            assert visited[0] <= most, f"more than {most:,} cells visited"
            yield row

    monkeypatch.setattr(sheet_class, "iter_rows", counted)
    return visited


def test_a_sheet_declared_400000_rows_by_16384_columns_is_refused_after_the_rows_it_may_hold(
    cells_visited: list[int],
) -> None:
    data = declared(400_000)
    assert len(data) < 2 * 1024 * 1024  # within the upload's limit, as the audit's was
    with pytest.raises(tables.InventoryRefused) as refused:
        read_inventory(data, "estate.xlsx")
    assert refused.value.problems == [
        "the sheet goes on past row 10,000 (formatted empty rows count too): at most 2,000 databases are read, so "
        "delete the rows below the inventory"
    ]
    # rows 1 to 10,001, each 201 cells wide (the 200 columns read and one more, to say a header is too wide): the
    # 16,384 columns declared, and the 389,999 rows past them, are never visited
    assert cells_visited[0] == (MAX_SHEET_ROWS + 1) * (MAX_COLUMNS + 1)


def test_one_far_cell_alone_is_refused_without_visiting_the_rows_before_it(cells_visited: list[int]) -> None:
    with pytest.raises(tables.InventoryRefused):
        read_inventory(declared(1_048_576, styled_from=None), "estate.xlsx")  # Excel's last row, a few bytes
    assert cells_visited[0] == (MAX_SHEET_ROWS + 1) * (MAX_COLUMNS + 1)


def test_blank_styled_rows_within_the_limit_are_read_past_as_blank(cells_visited: list[int]) -> None:
    inventory = read_inventory(declared(MAX_SHEET_ROWS, databases=3), "estate.xlsx")
    assert [r.name for r in inventory.rows] == ["DB0", "DB1", "DB2"]
    assert cells_visited[0] == MAX_SHEET_ROWS * (MAX_COLUMNS + 1)
