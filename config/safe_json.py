"""JSON parsing that no request body can turn into a 500 or unbounded work.

``loads`` refuses, with a ``JsonRefused`` that names the field, what ``json.loads`` would either crash on
(nesting past the recursion limit, integers past Python's 4,300-digit conversion limit) or hand on to code
that cannot store or compute with it: nesting deeper than ``MAX_DEPTH``, integers outside 64 bits, NaN,
Infinity and floats that overflow to infinity, and strings holding NUL or lone surrogates (PostgreSQL
refuses NUL; a lone surrogate cannot be encoded as UTF-8). The middleware in ``config.limits`` runs it on
every JSON body under ``/api/`` before any view, and the workload parser calls it too, so the old views and
the django-ninja ones are guarded alike.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
_MAX_INT_CHARS = 20  # "-9223372036854775808" is 20 characters; anything longer is past 64 bits
_SPECIAL = re.compile(r'[\[\]{}"\\]')
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonRefused(ValueError):
    """A body refused before any view sees it; ``path`` names the field (``body`` for the whole document);
    ``cause`` is the decoder's own error, when one refused the text (the API says ``message``, pages ``in_words``)."""

    def __init__(self, path: str, message: str, cause: Exception | None = None) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message
        self.cause = cause

    def in_words(self) -> str:
        """Why the text was refused, for someone who chose a file rather than wrote a parser: "not a UTF-8 text
        file of JSON", "not valid JSON (line 1, column 2: a property name must be in double quotes)"."""
        if isinstance(self.cause, UnicodeDecodeError):
            return "not a UTF-8 text file of JSON"
        if isinstance(self.cause, json.JSONDecodeError):
            return f"not valid JSON (line {self.cause.lineno}, column {self.cause.colno}: {_said(self.cause)})"
        return self.message

    def as_json(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [{"path": self.path, "message": self.message}]}


# What json's decoder says (its messages, without their position), in words; "Expecting value" at the very start (a
# file of another kind: a web page, a CSV) says what a JSON object starts with.
_DECODER_WORDS = (
    ("Expecting property name enclosed in double quotes", "a property name must be in double quotes"),
    ("Expecting value", "a value was expected"),
    ("Expecting ',' delimiter", "a comma was expected"),
    ("Expecting ':' delimiter", "a colon was expected after a property name"),
    ("Extra data", "more text follows the end of the JSON document"),
    ("Unterminated string", "a string is not closed with a double quote"),
    ("Invalid control character", "a string holds a control character such as a line break or a tab"),
    ("Invalid \\escape", "a backslash escape is not valid"),
    ("Invalid \\u", "a \\u escape is not valid"),
    ("Illegal trailing comma", "a comma is followed by no value"),
)


def _said(error: json.JSONDecodeError) -> str:
    if error.msg.startswith("Expecting value") and not error.doc[: error.pos].strip():
        return "the text does not start with { as a JSON object does"
    return next((words for start, words in _DECODER_WORDS if error.msg.startswith(start)), error.msg)


class _Unusable(str):
    """Stands in for a number the decoder must not convert; the walk reports it with its path."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted without parsing (brackets in strings do not count)."""
    depth = deepest = 0
    in_string, escaped_at = False, -1
    for match in _SPECIAL.finditer(text):  # one linear pass over the few characters that matter
        at, char = match.start(), match.group()
        if at == escaped_at:
            continue
        if in_string:
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _int(text: str) -> int | _Unusable:
    return _Unusable(text) if len(text) > _MAX_INT_CHARS else int(text)


def _float(text: str) -> float | _Unusable:
    value = float(text)
    return _Unusable(text) if value in (float("inf"), float("-inf")) else value


def text_problem(value: str) -> str | None:
    """Why a string cannot be kept (NUL or a lone surrogate), or None."""
    if "\x00" in value:
        return "must not contain the NUL character (\\u0000)"
    if _LONE_SURROGATE.search(value):
        return "must not contain a lone UTF-16 surrogate (\\ud800-\\udfff): send valid Unicode text"
    return None


def _check(value: Any, path: str) -> None:
    if isinstance(value, _Unusable):
        shown = f"{value[:24]}…" if len(value) > 24 else str(value)
        if value.lstrip("-").isdigit():
            raise JsonRefused(
                path,
                f"integer {shown} ({len(value.lstrip('-'))} digits) is out of range: integers must lie within "
                f"64 bits ({INT64_MIN} to {INT64_MAX})",
            )
        raise JsonRefused(path, f"{shown} is not a finite number: NaN, Infinity and overflowing numbers are refused")
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise JsonRefused(path, f"{value} is out of range: integers must lie within 64 bits")
    elif isinstance(value, str):
        problem = text_problem(value)
        if problem:
            raise JsonRefused(path, problem)
    elif isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key)
            if problem:
                raise JsonRefused(path, f"a key {problem}")
            _check(item, f"{path}.{key}" if path != "body" else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check(item, f"{path}[{index}]" if path != "body" else f"[{index}]")


def loads(data: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The parsed document, or ``JsonRefused`` naming the field that no engine or database could take."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise JsonRefused("body", f"not valid UTF-8: {error}", error) from None
    else:
        text = data
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JsonRefused("body", f"nested {depth} levels deep; at most {max_depth} levels are accepted")
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_Unusable)
    except (ValueError, RecursionError) as error:
        raise JsonRefused("body", f"not valid JSON: {error}", error) from None
    _check(value, "body")
    return value
