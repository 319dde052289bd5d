"""An uploaded inventory as rows of text cells: CSV (UTF-8, comma, semicolon or tab) or XLSX (its first sheet).

Pure Python. Every limit (``columns.MAX_*``) is checked while reading, so a hostile file costs at most the limit:
the byte size first, an XLSX's unpacked size before it is opened, the cell size and the row count as rows are read.
A file that cannot be read at all raises ``InventoryRefused`` with what is wrong and what is accepted.
"""

from __future__ import annotations

import csv
import functools
import io
import itertools
import re
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from advisor.estates.engine.columns import (
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_FILE_BYTES,
    MAX_ROWS,
    MAX_SHEET_ROWS,
    MAX_XLSX_UNCOMPRESSED_BYTES,
)

ACCEPTED_FILES = "a CSV file (UTF-8, comma-, semicolon- or tab-separated) or an Excel workbook (.xlsx)"


class InventoryRefused(Exception):
    """The file as a whole cannot be read: nothing is assessed. ``problems`` say why, in words."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Table:
    kind: str  # "csv" or "xlsx"
    header: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]  # (row number as the spreadsheet shows it, cells)
    # row number -> column index -> the formula of a cell whose workbook keeps no value for it (written by a program,
    # never opened in Excel): its cell reads blank, but it is not blank
    unsaved: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    decimal_comma: bool = False  # a semicolon-separated CSV: written where a comma is the decimal separator


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.1f} MiB"


def read_table(data: bytes, file_name: str = "") -> Table:
    """The header and the non-blank rows of ``data``; refused when empty, too big, unreadable or over MAX_ROWS."""
    if len(data) > MAX_FILE_BYTES:
        raise InventoryRefused([f"the file is {_megabytes(len(data))}; at most {_megabytes(MAX_FILE_BYTES)} is "
                                f"accepted (about {MAX_ROWS:,} databases): split the inventory"])  # fmt: skip
    if not data.strip():
        raise InventoryRefused([f"the file is empty: give {ACCEPTED_FILES} with a header row and one row per database"])
    lower = file_name.lower()
    if lower.endswith((".xls", ".ods", ".numbers")) or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise InventoryRefused([f"{file_name or 'the file'} is not read: save it as .xlsx or CSV ({ACCEPTED_FILES})"])
    if data[:4] != b"PK\x03\x04" and (markup := _markup(data)):
        kind = "an Excel workbook" if lower.endswith(".xlsx") else "a CSV file"
        raise InventoryRefused([f"the file is {markup}, not {kind} the app can read: give "
                                f"{ACCEPTED_FILES}, with a header row and one row per database (the template shows "
                                "the columns)"])  # fmt: skip
    if data[:4] == b"PK\x03\x04" or lower.endswith(".xlsx"):
        unsaved: dict[int, dict[int, str]] = {}
        return _table("xlsx", _xlsx_rows(data, unsaved), unsaved)
    text = _text(data)
    delimiter = _delimiter(text)
    table = _table("csv", _csv_rows(text, delimiter))
    return replace(table, decimal_comma=delimiter == ";")


# What a file of markup is, by the first of these it holds (an SVG may start with an XML declaration or a doctype).
MARKUP = (("<svg", "an SVG image"), ("<html", "a web page (HTML)"), ("<!doctype html", "a web page (HTML)"),
          ("<?xml", "an XML document"))  # fmt: skip


def _markup(data: bytes) -> str | None:
    """What a file of markup is ("a web page (HTML)", "an SVG image"), or None: an inventory's first line names
    columns, so a file whose text starts with a tag and holds closing tags is no CSV (read as one, its first line
    was taken for a header, and the file said to hold no database)."""
    head = data[:4096].decode("utf-8", "replace").lstrip("\ufeff \t\r\n").lower()
    if not re.match(r"<[a-z!?]", head):
        return None
    for tag, words in MARKUP:
        if tag in head:
            return words
    return "an HTML or XML file" if "</" in head or "/>" in head else None


def _table(kind: str, rows: Iterator[tuple[int, list[str]]],
           unsaved: Mapping[int, Mapping[int, str]] | None = None) -> Table:  # fmt: skip
    """``unsaved`` is filled as ``rows`` are read (an XLSX's formulas with no value kept)."""
    unsaved = {} if unsaved is None else unsaved
    header: tuple[str, ...] | None = None
    body: list[tuple[int, tuple[str, ...]]] = []
    for number, cells in rows:
        formulas = unsaved.get(number)
        if not formulas and not any(cell.strip() for cell in cells):
            continue
        if header is None and formulas:
            index = min(formulas)
            raise InventoryRefused([f"row {number}, column {_letter(index)}: the header is {UNSAVED_WORDS} "
                                    f"({formulas[index]}): open and save the workbook in Excel, or type the "
                                    "column's name"])  # fmt: skip
        if header is None:
            while cells and not cells[-1].strip():
                cells = cells[:-1]
            if len(cells) > MAX_COLUMNS:
                raise InventoryRefused([f"the header has {len(cells):,} columns; at most {MAX_COLUMNS} are read"])
            header = tuple(cells)
            continue
        if len(body) == MAX_ROWS:
            raise InventoryRefused([f"the file has more than {MAX_ROWS:,} databases (rows after the header); at most "
                                    f"{MAX_ROWS:,} are accepted per estate: split the inventory"])  # fmt: skip
        body.append((number, tuple(cells[: len(header)])))
    if header is None:
        raise InventoryRefused(
            [f"the file has no rows: give {ACCEPTED_FILES} with a header row and one row per database"]
        )
    if not body:
        raise InventoryRefused(["the file has a header but no databases: add one row per database under it"])
    width = len(header)
    kept = {n: {i: f for i, f in row.items() if i < width} for n, row in unsaved.items()}
    return Table(kind, header, tuple(body), {n: row for n, row in kept.items() if row})


UNSAVED_WORDS = "a formula with no saved value"  # what a cell is whose workbook keeps its formula and no value


def _letter(index: int) -> str:
    """The spreadsheet's name of the column at ``index`` (0: A, 26: AA), as openpyxl names it."""
    from openpyxl.utils import get_column_letter  # imported here: only an XLSX upload pays for openpyxl

    return get_column_letter(index + 1)


def _text(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise InventoryRefused(["the file starts as UTF-16 text but is not: save it as CSV UTF-8"]) from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise InventoryRefused([
                f"the file is not UTF-8 text: byte 0x{data[error.start]:02x} on line {line} is not valid UTF-8 "
                f"(was it saved as Windows-1252 or Latin-1?). Save it as 'CSV UTF-8', or upload the .xlsx"
            ]) from None  # fmt: skip
    if "\x00" in text:
        raise InventoryRefused([f"the file holds NUL characters: it is not a text CSV. Give {ACCEPTED_FILES}"])
    return text


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","


def _csv_rows(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    ended = 0  # the line the last row read ended on: the row that cannot be read starts on the next
    try:
        for number, row in enumerate(reader, start=1):
            ended = reader.line_num
            yield number, row
    except csv.Error as error:
        raise InventoryRefused([f"the CSV cannot be read at line {ended + 1}: {_csv_words(error)}"]) from None


def _csv_words(error: csv.Error) -> str:
    """What the csv module's error means, in words: its field limit (131,072 characters) is met by a cell far past
    the inventory's own, most often a quote opened and never closed, which runs on to the end of the file."""
    said = str(error)
    if "field larger than field limit" in said:
        return (f"a cell there holds more than {csv.field_size_limit():,} characters, and at most {MAX_CELL_CHARS:,} "
                "are read in a cell (a quote opened and not closed makes the rest of the file one cell)")  # fmt: skip
    if "new-line character seen in unquoted field" in said:
        return "a line break inside a cell that is not in quotes: save the file again as CSV UTF-8"
    return said


# Inside a number format, text in quotes and a character after a backslash are shown as they are: a % there is a sign,
# not a percent format (which shows the value kept times 100)
FORMAT_LITERALS = re.compile(r'"[^"]*"|\\.')


@functools.lru_cache(maxsize=256)  # a workbook has a few formats, used by thousands of cells
def _percent(number_format: str | None) -> bool:
    """Whether a cell's number format shows its value as a percentage: Excel keeps 10% as 0.1."""
    return bool(number_format) and "%" in FORMAT_LITERALS.sub("", str(number_format))


NUMBERS = (int, float, Decimal)


def _cell(value: object, number_format: str | None = None) -> str:
    """The cell as text; a number under a percent format as the percentage it shows ("10%" for 0.1, kept so)."""
    if value is None:
        return ""
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool) and _percent(number_format):
        shown = Decimal(str(value)) * 100  # through its text: 0.1 * 100 is 10.000000000000002 as a float
        return format(shown.normalize(), "f") + "%"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


# In a sheet's XML, a formula (``<f>2*8</f>``, ``<x:f t="shared" si="0"/>``) that no value follows: the cell ends
# (``</c>``) or its value is empty (``<v/>``, ``<v></v>``). Excel always saves a value after its formulas.
_P = rb"(?:[A-Za-z_][\w.-]*:)?"  # a namespace prefix, as some writers put on every element
UNSAVED_FORMULA = re.compile(rb"(?:</" + _P + rb"f>|<" + _P + rb"f\b[^>]*/>)\s*(?:</" + _P + rb"c>|<" + _P
                             + rb"v\s*/>|<" + _P + rb"v>\s*</" + _P + rb"v>)")  # fmt: skip


def _has_formulas(archive: zipfile.ZipFile) -> bool:
    """Whether a worksheet of the workbook holds a formula with no value saved, its XML read in pieces: only such a
    workbook (written by a program, never opened in Excel) is read a second time, for those formulas."""
    for info in archive.infolist():
        if not (info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml")):
            continue
        with archive.open(info) as part:
            tail = b""
            while chunk := part.read(1 << 20):
                if UNSAVED_FORMULA.search(tail + chunk):
                    return True
                tail = chunk[-256:]
    return False


def _formula(written: object) -> str | None:
    """The formula of a cell as a workbook read for its formulas gives it ("=2*8", an array formula), else None."""
    if isinstance(written, str) and written.startswith("="):
        return written
    text = getattr(written, "text", None)  # an array or data-table formula
    return text if isinstance(text, str) and text.startswith("=") else None


def _load(data: bytes, *, values: bool) -> object:
    from openpyxl import load_workbook  # imported here: only an XLSX upload pays for it

    try:
        return load_workbook(io.BytesIO(data), read_only=True, data_only=values)
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise InventoryRefused([f"the .xlsx workbook cannot be read ({type(error).__name__}): save it again from "
                                "Excel, or upload a CSV"]) from None  # fmt: skip


def _xlsx_rows(data: bytes, unsaved: dict[int, dict[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """The first sheet's rows as text, each cell's value as the workbook keeps it. A formula cell whose workbook
    keeps no value (a program wrote it; Excel works it out on opening) reads as nothing: those are put in
    ``unsaved`` with their formula, read from the sheet a second time, only when its workbook holds formulas."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InventoryRefused([f"the file is not a readable .xlsx workbook: give {ACCEPTED_FILES}"]) from None
    if unpacked > MAX_XLSX_UNCOMPRESSED_BYTES:
        raise InventoryRefused([f"the workbook unpacks to {_megabytes(unpacked)}; at most "
                                f"{_megabytes(MAX_XLSX_UNCOMPRESSED_BYTES)} is read: keep only the inventory sheet"])  # fmt: skip
    try:
        with_formulas = _has_formulas(archive)
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError):
        raise InventoryRefused([f"the file is not a readable .xlsx workbook: give {ACCEPTED_FILES}"]) from None
    books: list[Any] = []
    try:
        books.append(_load(data, values=True))
        if with_formulas:
            books.append(_load(data, values=False))
        # at most the columns and rows read (the sheet's declared size is not trusted): a row of a sheet declared
        # 16,384 columns wide would be that many cells, blank ones included; cells, for their number format
        bounds = {"max_col": MAX_COLUMNS + 1, "max_row": MAX_SHEET_ROWS + 1}
        rows = books[0].worksheets[0].iter_rows(**bounds)
        written = (
            books[1].worksheets[0].iter_rows(values_only=True, **bounds) if with_formulas else itertools.repeat(())
        )
        for number, (cells, kept) in enumerate(zip(rows, written, strict=False), start=1):  # repeat() is endless
            if number > MAX_SHEET_ROWS:
                raise InventoryRefused([f"the sheet goes on past row {MAX_SHEET_ROWS:,} (formatted empty rows count "
                                        f"too): at most {MAX_ROWS:,} databases are read, so delete the rows below "
                                        "the inventory"])  # fmt: skip
            for index, cell in enumerate(cells if kept else ()):
                if cell.value is None and index < len(kept) and (formula := _formula(kept[index])) is not None:
                    unsaved.setdefault(number, {})[index] = formula[:60] + ("…" if len(formula) > 60 else "")
            # the number format of numbers only: looking it up is most of what a cell costs
            yield number, [_cell(c.value, c.number_format if type(c.value) in NUMBERS else None) for c in cells]
    finally:
        for book in books:
            book.close()
