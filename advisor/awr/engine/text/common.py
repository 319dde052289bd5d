"""Helpers for text reports (AWR text, Statspack): fixed-width header tables, labelled lines, statistic rows.

Pure Python. SQL*Plus prints a line of dashes (or tildes) under each header: its runs give the columns, so a
missing or blank column is a missing metric, not a misread one.
"""

from __future__ import annotations

import re

_RUN = re.compile(r"[-~]+")
_NUMBER = r"[-+]?[\d.,]*\d[\d.,]*|#+"
_NUMERIC = re.compile(_NUMBER)
# Report lines are at most a few hundred characters; longer ones are not matched (no regex over a hostile line)
MAX_LINE = 500
_LABELLED = re.compile(r"^\s*(?P<label>[^:]+?):\s+(?P<values>.*)$")


def spans(rule: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _RUN.finditer(rule)]


def fixed_width(lines: list[str], rule_index: int, data_index: int, header_index: int | None = None) -> dict[str, str]:
    """Header name -> cell of the data line, cut at the columns of the dashes line."""
    rule = lines[rule_index]
    header = lines[rule_index - 1 if header_index is None else header_index]
    data = lines[data_index] if data_index < len(lines) else ""
    out: dict[str, str] = {}
    cuts = spans(rule)
    for i, (start, _end) in enumerate(cuts):
        stop = cuts[i + 1][0] if i + 1 < len(cuts) else max(len(data), len(header))
        name = header[start:stop].strip() or f"col{i}"
        out.setdefault(name, data[start:stop].strip())
    return out


def positional(lines: list[str], rule_index: int, data_index: int) -> list[str]:
    """The data line's cells at the dashes line's columns, in order (for headers printed over two lines)."""
    cuts = spans(lines[rule_index])
    data = lines[data_index] if data_index < len(lines) else ""
    cells = []
    for i, (start, _end) in enumerate(cuts):
        stop = cuts[i + 1][0] if i + 1 < len(cuts) else len(data)
        cells.append(data[start:stop].strip())
    return cells


def find(lines: list[str], starts: str, begin: int = 0) -> int:
    """Index of the first line from ``begin`` that starts (after blanks) with ``starts``; -1 when absent."""
    for i in range(begin, len(lines)):
        if lines[i].lstrip().startswith(starts):
            return i
    return -1


def section(lines: list[str], title: str, length: int = 60) -> list[str]:
    """The lines after a section title line (up to ``length`` of them); empty when the title is absent."""
    i = find(lines, title)
    return [] if i < 0 else lines[i : i + length]


def labelled(lines: list[str], label: str) -> list[str] | None:
    """The printed values after 'label:' on the first matching line (label compared without blanks)."""
    wanted = label.lower()
    for line in lines:
        m = _LABELLED.match(line) if len(line) <= MAX_LINE else None
        if m and m.group("label").strip().lower() == wanted:
            return m.group("values").split()
    return None


def stat_row(lines: list[str], name: str) -> tuple[str, str, str] | None:
    """(total, per second, printed name) of an Instance Activity statistic; names may be cut at the column.

    The line is "name  total  per-second  [per-transaction]": the two or three numbers are taken from the end."""
    prefix = name[:20]
    for line in lines:
        if not line.startswith(prefix):
            continue
        words = line.split()
        count = 0
        while count < min(3, len(words) - 1) and _NUMERIC.fullmatch(words[-1 - count]):
            count += 1
        if count < 2:
            continue
        numbers = words[len(words) - count :]
        printed = " ".join(words[: len(words) - count])
        if printed == name or (len(printed) >= 28 and name.startswith(printed)):
            return numbers[0], numbers[1], printed
    return None


def value_line(lines: list[str], name: str) -> str | None:
    """The first value after ``name`` on a 'NAME   value' line (OS statistics, init.ora parameters)."""
    for line in lines:
        words = line.split()
        if len(words) >= 2 and words[0] == name:
            return words[1]
    return None
