"""Printed numbers as reports show them: thousands separators, both decimal conventions, K/M/G/T suffixes.

Pure Python. ``parse_number`` returns None when a printed value cannot be read without guessing (overflow
``####``, an ambiguous separator, text, or digits too many for a real figure: 400 digits overflow to infinity,
which no JSON column stores): the metric is then reported as not found, never guessed. ``unreadable`` says why.
"""

from __future__ import annotations

import math
import re

_PLAIN = re.compile(r"^[+-]?(\d+|\d*\.\d+)$")
_GROUPED_COMMA = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")  # 1,399,224.8
_GROUPED_DOT = re.compile(r"^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$")  # 1.399.224,8
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")  # 0,3 (not three digits after the comma: see below)
_GROUPED_SPACE = re.compile(r"^[+-]?\d{1,3}( \d{3})+([.,]\d+)?$")  # 1 399 224,8

# IOStat "Data" columns are in multiples of 1024, the other columns in multiples of 1000 (the report's own legend).
BINARY_SUFFIX = {"K": 1024.0, "M": 1024.0**2, "G": 1024.0**3, "T": 1024.0**4, "P": 1024.0**5}
DECIMAL_SUFFIX = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def parse_number(printed: str) -> float | None:
    """The value of a printed number, or None when it is not a number or is ambiguous.

    "1,399,224.8" and "1.399.224,8" are both 1399224.8; "0,3" is 0.3; "38,912" is 38912 (a comma followed by
    exactly three digits is a thousands separator in every report seen; a decimal comma never prints three
    decimals in AWR's one- and two-decimal columns). A number too large to hold (infinity) is None too."""
    value = _read(printed)
    return None if value is None else _finite(value)


def unreadable(printed: str) -> str:
    """Why ``parse_number`` gave None for ``printed``, in words (for the per-metric warning)."""
    if _read(printed) is not None:
        return "is too large to be a real figure (it overflows a floating-point number)"
    return "is not a number that can be read"


def _read(printed: str) -> float | None:
    text = printed.strip().replace("\u00a0", " ")
    if not text or "#" in text:
        return None
    if _PLAIN.match(text):
        return float(text)
    if _GROUPED_COMMA.match(text):
        return float(text.replace(",", ""))
    if _GROUPED_DOT.match(text):
        return float(text.replace(".", "").replace(",", "."))
    if _GROUPED_SPACE.match(text):
        return float(text.replace(" ", "").replace(",", "."))
    if _DECIMAL_COMMA.match(text) and len(text.split(",")[1]) != 3:
        return float(text.replace(",", "."))
    return None


def parse_scaled(printed: str, *, binary: bool) -> float | None:
    """A number with an optional K/M/G/T/P suffix ("29.1T", "117.637M", "0M")."""
    text = printed.strip()
    if text and text[-1].upper() in BINARY_SUFFIX:
        base = parse_number(text[:-1])
        table = BINARY_SUFFIX if binary else DECIMAL_SUFFIX
        return None if base is None else _finite(base * table[text[-1].upper()])
    return parse_number(text)
