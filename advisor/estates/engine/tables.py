"""An uploaded inventory as rows of text cells: CSV (UTF-8, comma, semicolon or tab) or XLSX (its first sheet).

Pure Python. Every limit (``columns.MAX_*``) is checked while reading, so a hostile file costs at most the limit:
the byte size first, an XLSX's unpacked size before it is opened, the cell size and the row count as rows are read.
A file that cannot be read at all raises ``InventoryRefused`` with what is wrong and what is accepted.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from advisor.estates.engine.columns import MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS, MAX_XLSX_UNCOMPRESSED_BYTES

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
        return _table("xlsx", _xlsx_rows(data))
    return _table("csv", _csv_rows(_text(data)))


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


def _table(kind: str, rows: Iterator[tuple[int, list[str]]]) -> Table:
    header: tuple[str, ...] | None = None
    body: list[tuple[int, tuple[str, ...]]] = []
    for number, cells in rows:
        if not any(cell.strip() for cell in cells):
            continue
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
    return Table(kind, header, tuple(body))


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


def _csv_rows(text: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        yield from enumerate(reader, start=1)
    except csv.Error as error:
        raise InventoryRefused([f"the CSV cannot be read at line {reader.line_num}: {error}"]) from None


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def _xlsx_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InventoryRefused([f"the file is not a readable .xlsx workbook: give {ACCEPTED_FILES}"]) from None
    if unpacked > MAX_XLSX_UNCOMPRESSED_BYTES:
        raise InventoryRefused([f"the workbook unpacks to {_megabytes(unpacked)}; at most "
                                f"{_megabytes(MAX_XLSX_UNCOMPRESSED_BYTES)} is read: keep only the inventory sheet"])  # fmt: skip
    from openpyxl import load_workbook  # imported here: only an XLSX upload pays for it

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds on a damaged workbook
        raise InventoryRefused([f"the .xlsx workbook cannot be read ({type(error).__name__}): save it again from "
                                "Excel, or upload a CSV"]) from None  # fmt: skip
    try:
        sheet = book.worksheets[0]
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            yield number, [_cell(v) for v in values[: MAX_COLUMNS + 1]]
    finally:
        book.close()
