"""A rule's condition and texts in plain words, with the questionnaire's labels, for the rules page.

Pure Python.
"""

from __future__ import annotations

from typing import Any

from advisor.engine.facts import fact_registry
from advisor.engine.rules.shape import AllOf, AnyOf, NotOf, _placeholders

_OP_WORDS = {"eq": "is", "ne": "is not", "gt": ">", "gte": "≥", "lt": "<", "lte": "≤"}


def describe_condition(condition: Any) -> str:
    """A condition in plain words with the questionnaire's labels, for the rules page."""
    if condition is None:
        return "always (applies to every workload)"
    if isinstance(condition, AllOf):
        return " and ".join(_grouped(child) for child in condition.all)
    if isinstance(condition, AnyOf):
        return " or ".join(_grouped(child) for child in condition.any)
    if isinstance(condition, NotOf):
        return f"not ({describe_condition(condition.not_)})"
    fact = fact_registry()[condition.fact]
    if condition.op == "is_true":
        return f"{fact.label}: yes"
    if condition.op == "is_false":
        return f"{fact.label}: no"
    if condition.op in ("in", "not_in"):
        values = ", ".join(fact.value_words(v) for v in condition.value)  # type: ignore[union-attr]
        return f"{fact.label} {'is' if condition.op == 'in' else 'is not'} one of {values}"
    return f"{fact.label} {_OP_WORDS[condition.op]} {fact.value_words(condition.value)}"


def describe_text(text: str) -> str:
    """A rule's text with its placeholders named for a reader: {derived.peak_vcpus} -> ‹Peak vCPUs busy›."""
    for name in _placeholders(text):
        text = text.replace("{" + name + "}", f"‹{fact_registry()[name].label}›")
    return text


def _grouped(condition: Any) -> str:
    text = describe_condition(condition)
    return f"({text})" if isinstance(condition, AllOf | AnyOf) else text
