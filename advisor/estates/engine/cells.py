"""Spreadsheet cells that stay text: an inventory name such as ``=HYPERLINK(...)`` must never come back as a formula.

OWASP's CSV injection advice: a cell starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return is read as a
formula by spreadsheet programs, so text starting so is written with a leading single quote in CSV, and as a string
cell (never a formula, shown with Excel's quote prefix) in XLSX. Numbers the code computed (Decimal, int, float)
stay numbers: a negative amount is a number, not a formula. Pure Python.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def starts_like_a_formula(value: object) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def csv_cell(value: Any) -> str:
    """One CSV field: empty for None, Decimals in full, text that could run as a formula behind a single quote."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, (bool, int, float)):
        return str(value)
    text = str(value)
    return "'" + text if starts_like_a_formula(text) else text


def append_as_text(sheet: Any, line: list[Any]) -> None:
    """``sheet.append(line)``, then every text cell that openpyxl took for a formula (or that Excel would, once
    edited) made a plain string cell with Excel's quote prefix; numbers are left as numbers."""
    sheet.append(line)
    for cell in sheet[sheet.max_row]:
        if isinstance(cell.value, str) and starts_like_a_formula(cell.value):
            cell.data_type = "s"
            cell.quotePrefix = True
