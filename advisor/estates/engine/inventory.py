"""An inventory (one row per database) read into workloads, with every problem as (row, column, what is wrong).

Pure Python. A row with a problem is reported and left out; the other rows go on. Row numbers are the
spreadsheet's (the header is row 1 when it is the first line); columns are named as the file names them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from advisor.engine.workload import Workload, WorkloadInvalid, parse_workload
from advisor.engine.workload.fields import RELEASE, versions_from
from advisor.estates.engine.columns import (
    BY_HEADER,
    CAPPED_BY_PEAK,
    FEATURE_ALIASES,
    FEATURE_NAMES,
    MAX_CELL_CHARS,
    MAX_NAME_CHARS,
    Column,
    assumed_values,
    normalise_header,
    path_column,
)
from advisor.estates.engine.tables import UNSAVED_WORDS, InventoryRefused, Table, read_table
from config import safe_json  # pure Python: the text checks every stored string passes
from config.counting import counted

__all__ = ["Inventory", "InventoryRefused", "InventoryRow", "RowError", "read_inventory", "inventory_from_table"]


@dataclass(frozen=True)
class RowError:
    row: int
    column: str
    message: str

    def __str__(self) -> str:
        return f"row {self.row}, {self.column}: {self.message}"


@dataclass(frozen=True)
class InventoryRow:
    row: int
    name: str
    workload: Workload
    # the figures its price rests on most that its cells do not give, each with the value assumed (``assumed_values``)
    assumed: tuple[tuple[str, str], ...] = ()


MAX_ROW_ERRORS = 5  # problems listed per row (a row of 200 bad cells would bury the others); the rest are counted


@dataclass(frozen=True)
class InvalidRow:
    row: int
    name: str  # as given ("" when the name itself is the problem)
    errors: tuple[RowError, ...]  # every problem of the row, in the file's column order, at most MAX_ROW_ERRORS
    more: int = 0  # problems of the row not listed

    @property
    def words(self) -> str:
        """The row's problems as one line: each listed, then how many more there are."""
        listed = "; ".join(str(e) for e in self.errors)
        return f"{listed}; and {counted(self.more, 'more problem')} in this row" if self.more else listed


@dataclass(frozen=True)
class Inventory:
    kind: str
    rows: tuple[InventoryRow, ...]
    invalid: tuple[InvalidRow, ...]
    ignored_columns: tuple[str, ...]  # headers the file has that map to no workload field
    defaulted_columns: tuple[str, ...]  # documented columns the file lacks: their defaults stand for every row

    @property
    def errors(self) -> tuple[RowError, ...]:
        return tuple(e for row in self.invalid for e in row.errors)


def read_inventory(data: bytes, file_name: str = "") -> Inventory:
    return inventory_from_table(read_table(data, file_name))


def _mapping(header: tuple[str, ...]) -> tuple[dict[int, Column], list[str]]:
    mapped: dict[int, Column] = {}
    seen: dict[str, str] = {}
    ignored: list[str] = []
    for index, text in enumerate(header):
        key = normalise_header(text)
        if not key:
            continue
        column = BY_HEADER.get(key) or path_column(key)
        if column is None:
            ignored.append(text.strip())
            continue
        target = column.path or "name"
        if target in seen:
            raise InventoryRefused([f"columns '{seen[target]}' and '{text.strip()}' both give {target}: keep one"])
        seen[target] = text.strip()
        mapped[index] = column
    if "name" not in seen:
        raise InventoryRefused(["no name column: the first row must name the columns, one of them 'name' (download "
                                "the template to see them all)"])  # fmt: skip
    return mapped, ignored


NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$")
# A comma in a number is read as a decimal comma where it cannot be a thousands separator ("0,125", "12,5"). Where it
# could be both ("1,200"), it is a thousands separator in a comma-separated file (as before; there it must be quoted),
# and refused in a semicolon-separated one: Excel writes those where the comma is the decimal sign (and the point
# may group thousands), so "1,200" and "1.200" could each be 1.2 or 1200, a guess a thousand times wrong.
DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")
EITHER = re.compile(r"^[+-]?[1-9]\d{0,2}[,.]\d{3}$")


def _separators(compact: str, column: Column, decimal_comma: bool) -> str:
    """``compact`` with a decimal comma made a point; ValueError where the separator could mean either."""
    digits = compact.removesuffix("%")
    if decimal_comma and EITHER.match(digits):
        whole, fraction = digits.replace(",", "").replace(".", ""), Decimal(digits.replace(",", ".")).normalize()
        raise ValueError(f"'{compact}' could be {int(whole):,} or {fraction:f} (a thousands separator or "
                         f"a decimal sign): write {whole}, or the decimal with a point; accepted: {column.accepted}")  # fmt: skip
    if DECIMAL_COMMA.match(digits) and not (EITHER.match(digits) and "," in digits):
        return compact.replace(",", ".")  # "0,125": a decimal comma, the only thing it can be
    return compact


TRUE, FALSE = {"yes", "y", "true", "t", "1", "x"}, {"no", "n", "false", "f", "0"}


def _value(column: Column, text: str, decimal_comma: bool = False) -> Any:
    """The cell as the workload field's type; ValueError says what is wrong in words. ``decimal_comma``: the file is
    semicolon-separated, so a comma that could be a thousands separator or a decimal comma is refused."""
    if column.kind in ("int", "float"):
        compact = text.replace(" ", "").replace("_", "")
        compact = _separators(compact, column, decimal_comma)
        if column.percent and compact.endswith("%"):  # "10%" in a column of per cent: 10
            compact = compact[:-1]
        elif compact.endswith("%") and NUMBER.match(compact[:-1]):
            raise ValueError(f"a percentage ('{text}'), not a number; accepted: {column.accepted}")
        if not NUMBER.match(compact):
            raise ValueError(f"not a number ('{text}'); accepted: {column.accepted}")
        number = float(compact.replace(",", ""))
        if column.kind == "int":
            if not number.is_integer():
                raise ValueError(f"not a whole number ('{text}'); accepted: {column.accepted}")
            return int(number)
        return number
    if column.kind == "bool":
        word = text.strip().lower()
        if word in TRUE or word in FALSE:
            return word in TRUE
        raise ValueError(f"'{text}' is not yes or no; accepted: {column.accepted}")
    if column.kind == "choice":
        word = " ".join(text.strip().lower().replace("_", " ").split())
        for written, value in column.words:
            if word == written:
                return value
        raise ValueError(f"'{text}' is not accepted; accepted: {column.accepted}")
    if column.kind == "version":
        return _version(column, text)
    if column.kind == "features":
        found = {}
        for part in re.split(r"[;|,\n]", text):
            key = normalise_header(part)
            if not key:
                continue
            key = FEATURE_ALIASES.get(key, key)
            if key not in FEATURE_NAMES:
                raise ValueError(f"'{part.strip()}' is not a feature; accepted: {column.accepted}")
            found[key] = True
        return found
    return text.strip()


RELEASE_WORDS = re.compile(r"^(?:oracle\s*(?:database\s*)?)?(\d{1,2}(?:\.\d{1,3}){0,4})\s*([cgi]|ai)?$")


def _version(column: Column, text: str) -> dict[str, str]:
    """A version offered ("19c") as it is; a release ("12.2.0.1", "12c", "Oracle 11g") as the oldest version offered
    at or after it, with the release it runs kept beside it (an upgrade in the move where it is older)."""
    word = " ".join(text.strip().lower().replace("_", " ").split())
    for written, value in column.words:
        if word == written:
            return {"version": value}
    match = RELEASE_WORDS.match(word)
    release = match.group(1) if match else ""
    if release and RELEASE.match(release):
        offered = versions_from(release)
        if offered:
            return {"version": offered[0], "current_release": release}
        raise ValueError(f"'{text}' is later than every version offered; accepted: {column.accepted}")
    raise ValueError(f"'{text}' is not accepted; accepted: {column.accepted}")


def _row(
    cells: tuple[str, ...],
    mapped: dict[int, Column],
    number: int,
    unsaved: Mapping[int, str],
    decimal_comma: bool = False,
) -> tuple[str, dict[str, Any], list[RowError], set[str]]:
    """The row's name, the fields its cells give, the problems of its cells, and the fields of those cells.
    ``unsaved``: the row's formulas whose workbook keeps no value, by column index (they read blank but are not)."""
    name = ""
    data: dict[str, Any] = {}
    errors: list[RowError] = []
    bad: set[str] = set()
    for index, column in mapped.items():
        text = cells[index] if index < len(cells) else ""
        if index in unsaved:
            errors.append(RowError(number, column.header, f"{UNSAVED_WORDS} ({unsaved[index]}): open and save the "
                                                          "workbook in Excel, or enter the value"))  # fmt: skip
            bad.add(column.path)
            continue
        if not text.strip():
            continue
        if len(text) > MAX_CELL_CHARS:
            errors.append(RowError(number, column.header, f"{len(text):,} characters; at most {MAX_CELL_CHARS:,}"))
            bad.add(column.path)
            continue
        problem = safe_json.text_problem(text)
        if problem:
            errors.append(RowError(number, column.header, problem))
            bad.add(column.path)
            continue
        if column.kind == "name":
            name = text.strip()
            continue
        try:
            value = _value(column, text, decimal_comma)
        except ValueError as error:
            errors.append(RowError(number, column.header, str(error)))
            bad.add(column.path)
            continue
        section, _, field = column.path.partition(".")
        if column.kind in ("features", "version"):
            data.setdefault(section, {}).update(value)
        else:
            data.setdefault(section, {})[field] = value
    return name, data, errors, bad


def _capped(data: dict[str, Any]) -> set[str]:
    """Blank average CPU or sustained IOPS: the questionnaire's default, or the row's peak when that is lower.
    Returns the paths filled in, whose errors are the peak's (already reported on the peak's own column)."""
    filled: set[str] = set()
    for dependent, peak in CAPPED_BY_PEAK:
        d_section, _, d_field = dependent.partition(".")
        p_section, _, p_field = peak.partition(".")
        given = data.get(p_section, {}).get(p_field)
        if d_field in data.get(d_section, {}) or given is None:
            continue
        default = getattr(getattr(Workload(), d_section), d_field)
        data.setdefault(d_section, {})[d_field] = min(default, given)
        filled.add(dependent)
    return filled


def _header_of(path: str, headers: dict[str, str]) -> str:
    """The column a field's problem is reported under: the file's own header for it (a feature's, the features
    column's), else the documented column's name as the template writes it; a field no column documents keeps its
    path, which is also the name of the column that would give it."""
    given = headers.get(path) or headers.get(path.partition(".")[0])
    return given or next((c.header for c in BY_HEADER.values() if c.path == path), path)


def inventory_from_table(table: Table) -> Inventory:
    mapped, ignored = _mapping(table.header)
    headers = {column.path: table.header[index].strip() for index, column in mapped.items()}
    given_paths = {c.path for c in mapped.values()}
    defaulted = tuple(c.header for c in BY_HEADER.values() if c.path and c.path not in given_paths)
    rows: list[InventoryRow] = []
    invalid: list[InvalidRow] = []
    names: dict[str, int] = {}
    order = {text: index for index, column in mapped.items() for text in (column.header, table.header[index].strip())}
    for number, cells in table.rows:
        name, data, errors, bad = _row(cells, mapped, number, table.unsaved.get(number, {}), table.decimal_comma)
        name_header = headers.get("", "name")
        if not name and "" not in bad:
            errors.insert(0, RowError(number, name_header, "required: every database needs a name"))
        elif len(name) > MAX_NAME_CHARS:
            errors.insert(0, RowError(number, name_header, f"{len(name)} characters; at most {MAX_NAME_CHARS}"))
        elif name and name.lower() in names:
            errors.insert(0, RowError(number, name_header, f"'{name}' is also row {names[name.lower()]}: names must "
                                                           "be unique in an estate"))  # fmt: skip
        elif name:
            names[name.lower()] = number
        workload = None
        given = {section: dict(fields) for section, fields in data.items() if isinstance(fields, dict)}
        filled = _capped(data)
        try:  # also when a cell was refused: the row's other problems are said with it, not one at a time
            workload = parse_workload(data)
        except WorkloadInvalid as problem:
            # not reported: a column the file lacks (only the peak it copied), a field whose cell was refused (said
            # already), nor a field compared with a refused one (its peak is then the default, not the file's)
            unsaid = filled | bad | {dependent for dependent, peak in CAPPED_BY_PEAK if peak in bad}
            errors += [RowError(number, _header_of(e.path, headers), e.message)
                       for e in problem.errors if e.path not in unsaid]  # fmt: skip
        if errors or workload is None:
            errors.sort(key=lambda e: -1 if e.column == name_header else order.get(e.column, len(order)))
            invalid.append(InvalidRow(number, name[:MAX_NAME_CHARS], tuple(errors[:MAX_ROW_ERRORS]),
                                      max(len(errors) - MAX_ROW_ERRORS, 0)))  # fmt: skip
        else:
            rows.append(InventoryRow(number, name, workload, assumed_values(workload, given)))
    return Inventory(table.kind, tuple(rows), tuple(invalid), tuple(ignored), tuple(dict.fromkeys(defaulted)))
