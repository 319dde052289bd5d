"""Export cells that stay text: OWASP's CSV injection advice, and numbers that stay numbers."""

import io
from decimal import Decimal

import pytest
from openpyxl import Workbook, load_workbook

from advisor.estates.engine.cells import append_as_text, csv_cell

FORMULA_LIKE = ['=HYPERLINK("http://evil.example","x")', "+1+2", "-2+3", "@SUM(A1:A9)", "\tcmd", "\rcmd"]


@pytest.mark.parametrize("text", FORMULA_LIKE)
def test_csv_text_that_could_run_as_a_formula_gets_a_leading_quote(text: str) -> None:
    assert csv_cell(text) == "'" + text


def test_csv_keeps_ordinary_text_and_numbers_as_they_are() -> None:
    assert csv_cell("ERP") == "ERP"
    assert csv_cell("a=b") == "a=b"  # only the first character matters
    assert csv_cell(None) == ""
    assert csv_cell(Decimal("-12.50")) == "-12.50"  # a number the code computed, not text from a user
    assert csv_cell(-3) == "-3"


def test_xlsx_text_is_never_a_formula_and_negative_numbers_stay_numbers() -> None:
    book = Workbook()
    sheet = book.active
    append_as_text(sheet, [*FORMULA_LIKE, Decimal("-12.50"), -3, "ERP"])
    buffer = io.BytesIO()
    book.save(buffer)
    cells = list(load_workbook(io.BytesIO(buffer.getvalue())).active[1])
    assert [c.value for c in cells[:6]] == FORMULA_LIKE
    assert [c.data_type for c in cells[:6]] == ["s"] * 6  # strings: '=...' would be 'f' otherwise
    assert all(c.quotePrefix for c in cells[:6])  # Excel keeps them text even when the cell is edited
    assert (cells[6].value, cells[6].data_type) == (-12.5, "n")
    assert (cells[7].value, cells[7].data_type) == (-3, "n")
    assert (cells[8].value, cells[8].data_type, cells[8].quotePrefix) == ("ERP", "s", False)
