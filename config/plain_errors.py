"""Validation errors in plain words: "Peak read IOPS must be 0 or more", never pydantic's "Input should be ...".

Pure Python (pydantic only, no Django), shared by the engines, the forms and the JSON API: one place turns a pydantic
error into a sentence that starts with the field's label (its ``title``) and says the bound or what is accepted.
Machines keep the field path beside the message; the message itself is for people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, get_args

from pydantic import BaseModel
from pydantic_core.core_schema import ErrorType

_PYDANTIC_TYPES = frozenset(get_args(ErrorType))


def number(value: Any) -> str:
    """A bound as people write it: 10,000,000 and 99.9999, not 10000000 or 1e7."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,f}".rstrip("0").rstrip(".") if isinstance(value, Decimal) else f"{value:,}"


def humanised(name: str) -> str:
    """``peak_read_iops`` -> ``Peak read iops``: the label of a field that has no title."""
    words = name.replace("_", " ").replace(".", " ").strip()
    return words[:1].upper() + words[1:] if words else "This value"


def _model_in(annotation: Any) -> type[BaseModel] | None:
    candidates = (annotation, *get_args(annotation))
    return next((c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)), None)


def _field_at(model: type[BaseModel] | None, loc: Sequence[Any]) -> Any:
    """The pydantic field at ``loc`` inside ``model`` (nested models followed); None when there is none."""
    current, field = model, None
    for part in (str(part) for part in loc if isinstance(part, str)):
        fields = getattr(current, "model_fields", None) or {}
        if part not in fields:
            return None
        field = fields[part]
        current = _model_in(field.annotation)
    return field


def field_label(model: type[BaseModel] | None, loc: Sequence[Any]) -> str:
    """The title of the field at ``loc`` inside ``model`` (nested models followed), without "(optional)"; the
    field's name in words when it has no title."""
    names = [str(part) for part in loc if isinstance(part, str)]
    title = getattr(_field_at(model, loc), "title", None)
    if title:
        return title.removesuffix(" (optional)").strip()
    return humanised(names[-1]) if names else "This value"


def field_unit(model: type[BaseModel] | None, loc: Sequence[Any]) -> str | None:
    """The unit the field at ``loc`` declares (``json_schema_extra={"unit": ...}``), e.g. "MiB/s"; None if none."""
    extra = getattr(_field_at(model, loc), "json_schema_extra", None)
    unit = extra.get("unit") if isinstance(extra, dict) else None
    return str(unit) if unit else None


def _bound(value: Any, unit: str | None, label: str) -> str:
    """A bound with the field's unit: "100,000 MiB/s", "1 year"; the bare number when the label already ends with
    the unit ("Peak read IOPS must be 0 or more", not "0 IOPS or more")."""
    shown = number(value)
    if not unit or f" {label.lower()}".endswith(f" {unit.lower()}"):
        return shown
    first, _, rest = unit.partition(" ")
    if shown in ("1", "-1") and first.isalpha() and first.endswith("s") and len(first) > 1:
        unit = f"{first[:-1]} {rest}".rstrip()  # "1 year", "1 minute", "1 PDB"; not "1 MiB/" nor "1 IOP"
    return f"{shown} {unit}"


def _characters(count: Any) -> str:
    return "1 character" if count == 1 else f"{number(count)} characters"


def _items(count: Any) -> str:
    return "1 item" if count == 1 else f"{number(count)} items"


def plain_message(error: Mapping[str, Any], *, label: str, accepted: str | None = None, unit: str | None = None) -> str:
    """One pydantic error (``type``, ``ctx``, ``msg``) as a sentence about ``label``; ``accepted`` (what the field
    takes, in words, e.g. "a whole number from 1 to 744 hours") completes messages that cannot say the bound;
    ``unit`` (the field's, see ``field_unit``) follows the bound: "must be 100,000 MiB/s or less"."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    then = f" Accepted: {accepted}." if accepted else ""
    if kind == "missing" or (kind == "string_too_short" and ctx.get("min_length") == 1):
        return f"{label} is required.{then}"
    if kind == "string_too_short":
        return f"{label} must be at least {_characters(ctx.get('min_length'))} long."
    if kind == "string_too_long":
        return f"{label} must be at most {_characters(ctx.get('max_length'))} long."
    if kind == "too_short":
        return f"{label} must have at least {_items(ctx.get('min_length'))}."
    if kind == "too_long":
        return f"{label} can have at most {_items(ctx.get('max_length'))}."
    if kind == "greater_than_equal":
        return f"{label} must be {_bound(ctx.get('ge'), unit, label)} or more."
    if kind == "greater_than":
        return f"{label} must be more than {_bound(ctx.get('gt'), unit, label)}."
    if kind == "less_than_equal":
        return f"{label} must be {_bound(ctx.get('le'), unit, label)} or less."
    if kind == "less_than":
        return f"{label} must be less than {_bound(ctx.get('lt'), unit, label)}."
    if kind in ("literal_error", "enum"):
        return f"{label}: choose {accepted or 'one of ' + str(ctx.get('expected', ''))}."
    if kind in ("int_parsing", "int_type", "int_from_float", "int_parsing_size"):
        whole = accepted if accepted and accepted.startswith("a whole number") else "a whole number"
        return f"{label} must be {whole}."
    if kind in ("float_parsing", "float_type", "decimal_parsing", "decimal_type", "finite_number"):
        some = accepted if accepted and accepted.startswith("a ") else "a number"
        return f"{label} must be {some}."
    if kind in ("bool_parsing", "bool_type"):
        return f"{label} must be true or false."
    if kind in ("string_type", "string_unicode"):
        return f"{label} must be text.{then}"
    if kind == "string_pattern_mismatch":
        return f"{label} has characters that are not accepted.{then}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"{label} must be a JSON object of its fields."
    if kind in ("list_type", "tuple_type"):
        return f"{label} must be a list."
    if kind == "extra_forbidden":
        return f"{label} is not a field accepted here."
    if kind == "value_error":  # our own validators' words, joined to the label when they do not start a sentence
        text = str(error.get("msg", "")).removeprefix("Value error, ")
        stop = "" if text.endswith(".") else "."
        if text.startswith("must "):
            return f"{label} {text}{stop}"
        # a sentence of its own starts with a capital; one starting with the value ("'partitioning=abc' is not a
        # count", "200000 licences: ...") or a lower-case word names no field: the label says which
        return text if text[:1].isupper() else f"{label}: {text}{stop}"
    text = str(error.get("msg", "is not accepted")).rstrip(".")
    if kind not in _PYDANTIC_TYPES:  # our own error types (PydanticCustomError) are written as sentences
        return f"{text}.{then}"
    return f"{label}: {text[:1].lower()}{text[1:]}.{then}"
