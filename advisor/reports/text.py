"""The PDF's words for a customer: the same findings, prices and sources, without the project's internal references.

The words themselves are ``pricing.engine.sources.customer_words`` (one function for every page, export, document and
command output); ``customer_copy`` applies it to every string of a result (frozen dataclasses and pydantic models
are copied, never changed), and ``internal_references`` is the document's own check.
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from typing import Any

from pydantic import BaseModel

from pricing.engine.sources.customer_words import CITATION_KEY, customer_words

_TAG = CITATION_KEY.pattern


# What must never reach a customer: the test of the document and this module's own check use the same list.
INTERNAL_REFERENCES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a reference tag", re.compile(_TAG)),
    ("a reference file", re.compile(r"(?<![/\w.-])[\w-]+\.md\b")),  # a public repository's path is a source
    ("a fixture path", re.compile(r"\bfixtures/|(?<![/\w])shared/(?:reference|data)/")),
    ("a rule file", re.compile(r"\b(?:rds|rds_custom|ec2|odb)\.json\b|advisor/rules")),
    ("a rule id", re.compile(r"\bown rule: [a-z0-9-]+")),
    ("the seed", re.compile(r"\bseed\b", re.I)),
    ("a reference row", re.compile(r"\b(?:matrix )?row \[|\breference section\b")),
)


def customer_text(text: str) -> str:
    """``text`` without internal references; unchanged when it has none (one function for every page: the
    engines' ``customer_words``)."""
    return customer_words(text)


def internal_references(text: str) -> list[str]:
    """What in ``text`` is an internal reference, as 'kind: the words' (empty when there is none)."""
    return [f"{kind}: {m.group(0)!r}" for kind, pattern in INTERNAL_REFERENCES for m in pattern.finditer(text)]


def customer_copy(value: Any, _memo: dict[int, Any] | None = None) -> Any:
    """A copy of ``value`` with ``customer_text`` applied to every string in it (URLs excepted).

    Dataclasses (frozen ones too) are copied with ``dataclasses.replace``, pydantic models with ``model_copy``,
    tuples, lists and dicts rebuilt; an object met twice is copied once, so what was the same object (the
    recommended column and its place among the columns) still is."""
    memo = {} if _memo is None else _memo
    key = id(value)
    if key in memo:
        return memo[key]
    if isinstance(value, Enum):
        return value
    if isinstance(value, str):
        out: Any = customer_text(value)
    elif isinstance(value, (int, float)) or value is None:
        return value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: customer_copy(getattr(value, f.name), memo)
            for f in dataclasses.fields(value)
            if f.init and not f.name.endswith("url")
        }
        changed = {name: new for name, new in changes.items() if new is not getattr(value, name)}
        out = dataclasses.replace(value, **changed) if changed else value
    elif isinstance(value, BaseModel):
        changes = {
            name: customer_copy(getattr(value, name), memo)
            for name in type(value).model_fields
            if not name.endswith("url")
        }
        changed = {name: new for name, new in changes.items() if new is not getattr(value, name)}
        out = value.model_copy(update=changed) if changed else value
    elif isinstance(value, (tuple, list)):
        copied = [customer_copy(item, memo) for item in value]
        unchanged = all(new is old for new, old in zip(copied, value, strict=True))
        out = value if unchanged else type(value)(copied) if type(value) in (tuple, list) else value
    elif isinstance(value, dict):
        entries = {k: customer_copy(v, memo) for k, v in value.items()}
        out = value if all(entries[k] is value[k] for k in value) else entries
    else:
        return value
    memo[key] = out
    return out
