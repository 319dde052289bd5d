"""The PDF's words for a customer: the same findings, prices and sources, without the project's internal references.

Rules, price rows and licence data cite their sources with the research reference's tags ("[RR]", "[SEED-000]"),
section numbers of its files ("oracle-on-aws-features.md section 4"), rule ids and the fixture files prices were
loaded from. On the results page those lead an engineer to the evidence; a customer knows the sources by their
titles and URLs, which the texts also carry. ``customer_text`` removes the former and keeps the latter, and
``customer_copy`` applies it to every string of a result (frozen dataclasses and pydantic models are copied,
never changed), so the document says the same things in words its reader can follow. Nothing is added but the
names the tags stand for where a sentence needs one (the 2017 talk the rules call "the seed").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from enum import Enum
from typing import Any

from pydantic import BaseModel

SEED_TALK = "Maris Elsins' 2017 talk"  # the rules' "[SEED-000]": its sources name the talk in full

_TAG = r"\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]"  # [C], [RR], [SEED-000], [WN-20260123], [TGPL-Y]
# A file of the research reference, with what follows it to point inside it.
_MD = (
    r"(?:(?<![/\w.-])shared/reference/)?(?<![/\w.-])[\w-]+\.md\b"
    r"(?:,?\s+(?:section|§)\s*\d+[a-z]?(?:\s+\([^()]*\))?|\s+\d+[a-z]?\b|\s+'[^']*'"
    r"|\s+(?:table heading|knowledge card)|\s+and\s+matrix row\s+'[^']*'|\s+matrix row\s+'[^']*')*"
)

_STEPS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        # fixture files, local copies of public pages, and the dataset tags price rows were loaded under
        (r"\s*\([^()]*\bfixtures/[^()]*\)", ""),
        (r"[;,]?\s*\bfixtures/[\w./-]*", ""),
        (r"[;,]?\s*(?<![/\w])shared/[\w./-]*", ""),
        (r"(?:(?<=^)|(?<=\(\s)|(?<=^\s))\b[A-Z][A-Z0-9]{1,5}: (?=[a-z0-9-]+/)", ""),  # "OZ: vantage-sh/…"
        # the reference's files and rows: a parenthesis that only points into one goes, else just the pointer
        (rf"\bsection \d+[a-z]? of (?={_MD})", ""),
        (rf"\s*\(\s*(?:via\s+|reference\s+|source:\s+)?{_MD}\s*\)", ""),
        (r"\s*\(reference[,;][^()]*\)", ""),
        (rf"\bin {_MD}", "in our research"),
        (rf"(?:;\s*|,\s*)?(?:via\s+|reference\s+)?{_MD}:?", ""),
        (r"\s*\(\s*reference section \d+\s*\)", ""),
        (r"\s*\(the reference's " + _TAG + r" source\)", ""),
        (r"\breference gap:\s*", "unconfirmed: "),
        (r"\bin the reference\b", "in our sources"),
        (r"\breference:\s*", ""),
        (r"\bthe reference's\b", "our research's"),
        (r"\bThe reference\b", "Our research"),
        (r"\bthe reference\b", "our research"),
        # the seed talk, named as its sources name it
        (r"\(seed talk\)", f"({SEED_TALK})"),
        (r"\b(?:the )?2017 seed talk\b", SEED_TALK),
        (r"\bthe seed talk\b", SEED_TALK),
        (r"\(seed: ", "(2017 talk: "),
        (r"\bthe seed recalls\b", "the 2017 talk recalls"),
        (r"\b([Tt])he seed's\b", r"\1he 2017 talk's"),
        (r"\b([Tt])he seed\b", r"\1he 2017 talk's case"),
        # rule ids and rule files
        (r"\bhas its own rule: [a-z0-9-]+", "has a finding of its own"),
        (r"\s*\(?(?:advisor/rules/)?\b(?:rds|rds_custom|ec2|odb)\.json\)?", ""),
        # the tags themselves, and the words that only introduced one
        (r"\bcross-checked (?:with )?" + _TAG, "cross-checked"),
        (r"(?:\s*" + _TAG + r")+", ""),
        (r"\bcross-checked \(([^()]*)\)", r"cross-checked with \1"),
        (r": transcription\b", ", as transcribed"),
        (r"\bTGPL\b", "price list"),
    )
)
_TIDY: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"\(\s*[;,:]?\s*\)", ""),  # emptied parentheses
        (r"\(\s*[;,]\s*", "("),
        (r"\s*[;,]\s*\)", ")"),
        (r"\(\s+", "("),
        (r"\s+([,;:)])", r"\1"),
        (r"\s+\.(?=\s|$)", "."),
        (r"([;,])\s*(?=[;,])", ""),
        (r":\s*(?=[;,])", ""),
        (r"^\s*[;,:]\s*", ""),
        (r"\s*[;,:]\s*$", ""),
        (r"[ \t]{2,}", " "),
    )
)

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
    """``text`` without internal references; unchanged when it has none."""
    if not text or not any(
        mark in text for mark in ("[", ".md", ".json", "fixtures/", "shared/", "eference", "seed", "rule:", ": ")
    ):
        return text
    out = text
    for pattern, replacement in _STEPS:
        out = pattern.sub(replacement, out)
    if out == text:
        return text
    for pattern, replacement in _TIDY:  # only where something was taken out
        out = pattern.sub(replacement, out)
    return out.strip()


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
