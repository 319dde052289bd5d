"""Reading an XLSX inventory as the workbook means it: a formula whose workbook keeps no value is said to be one (not
read as a blank cell, then priced at the default), and a workbook saved by Excel is read once."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import pytest
from openpyxl import Workbook

from advisor.estates.engine import tables
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
