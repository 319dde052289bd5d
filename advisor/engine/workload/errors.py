"""Errors users can read: pydantic's errors as (field path, message) pairs with what the field accepts.

Pure Python. ``parse_workload`` and ``parse_workload_json`` raise ``WorkloadInvalid`` with every error at once,
conflicts among the answers that are valid on their own included.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from advisor.engine.workload.fields import CHOICE_LABELS
from advisor.engine.workload.model import SECTIONS, Workload
from config import safe_json  # pure Python, shared with the API middleware
from config.plain_errors import field_label, field_unit, plain_message


@dataclass(frozen=True)
class FieldError:
    path: str
    message: str
    conflict: bool = False  # between answers (shown at once), not a value out of its own range


def field_errors(error: ValidationError, *, model: type[BaseModel] = Workload) -> list[FieldError]:
    """Flatten pydantic's errors to (dotted field path, plain message) pairs; labels come from ``model``."""
    found = _conflict_errors(error)
    for item in error.errors(include_url=False):
        if item["type"] != "workload_conflict":
            path = ".".join(str(part) for part in item["loc"])
            found.append(FieldError(path or "(workload)", _readable(item, path, model)))
    return found


def _conflict_errors(error: ValidationError) -> list[FieldError]:
    return [
        FieldError(c["path"], c["message"], conflict=True)
        for item in error.errors(include_url=False)
        if item["type"] == "workload_conflict"
        for c in (item.get("ctx") or {})["conflicts"]
    ]


def _readable(item: Any, path: str, model: type[BaseModel]) -> str:
    if item["type"] == "extra_forbidden" and model is Workload:
        return "Unknown field: the workload schema has no such key (see /api/v1/schema/workload)."
    accepted = accepted_values(path) if model is Workload else None
    loc = item["loc"]
    return plain_message(item, label=field_label(model, loc), accepted=accepted, unit=field_unit(model, loc))


def _field_info(path: str) -> Any:
    section_name, _, field_name = path.partition(".")
    section = dict(SECTIONS).get(section_name)
    if section is None or field_name not in section.model_fields:
        return None
    return section.model_fields[field_name]


def accepted_values(path: str) -> str | None:
    """What a field accepts, in words, from its type and constraints (the same text the form shows)."""
    info = _field_info(path)
    if info is None:
        return None
    annotation = info.annotation
    extra = info.json_schema_extra or {}
    if extra.get("accepted"):
        return str(extra["accepted"])
    unit = f" {extra['unit']}" if extra.get("unit") else ""
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        labels = CHOICE_LABELS.get(annotation, {})
        return "one of " + ", ".join(
            f"'{m.value}'" + (f" ({labels[m.value]})" if labels.get(m.value, m.value) != m.value else "")
            for m in annotation
        )  # the value the API takes, and the words the questionnaire shows for it
    if annotation is bool:
        return "true or false"
    if getattr(annotation, "__origin__", None) is Literal:
        return "one of " + ", ".join(str(a) for a in annotation.__args__) + unit
    bounds = {type(m).__name__: m for m in info.metadata}
    low = bounds.get("Ge") or bounds.get("Gt")
    high = bounds.get("Le") or bounds.get("Lt")
    if annotation in (int, float) and low is not None and high is not None:
        kind = "a whole number" if annotation is int else "a number"
        low_value = getattr(low, "ge", None) if "Ge" in bounds else getattr(low, "gt", None)
        high_value = getattr(high, "le", None)
        lower = f"from {low_value:,}" if "Ge" in bounds else f"above {low_value:,}"
        return f"{kind} {lower} to {high_value:,}{unit}"
    return None


class WorkloadInvalid(Exception):
    """A workload that failed validation, with every error it has."""

    def __init__(self, errors: list[FieldError]):
        self.errors = errors
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


def parse_workload(data: Any) -> Workload:
    """Validate a decoded JSON document (or form data already nested) into a Workload."""
    if not isinstance(data, dict):
        raise WorkloadInvalid([FieldError("(workload)", "Expected a JSON object with the workload's sections.")])
    try:
        return Workload.model_validate(data)
    except ValidationError as error:
        errors = field_errors(error)
    raise WorkloadInvalid(errors + _conflicts_among_valid_answers(data, errors))


def _conflicts_among_valid_answers(data: dict[str, Any], errors: list[FieldError]) -> list[FieldError]:
    """Conflicts between the answers that are valid on their own, so the user sees them too.

    The invalid answers are set aside (their defaults stand in) and the rest checked again; a
    conflict is reported only if it names a field that has no error of its own.
    """
    invalid = {e.path for e in errors}
    trimmed: dict[str, Any] = {}
    for key, value in data.items():
        if key in invalid or not isinstance(value, dict):
            continue
        trimmed[key] = {k: v for k, v in value.items() if f"{key}.{k}" not in invalid}
    try:
        Workload.model_validate(trimmed)
    except ValidationError as error:
        return [e for e in _conflict_errors(error) if e.path not in invalid]
    return []


def parse_workload_json(text: str | bytes) -> Workload:
    """Parsed with ``config.safe_json``: too deep, out-of-range numbers, NUL and lone surrogates name their field."""
    try:
        data = safe_json.loads(text)
    except safe_json.JsonRefused as refused:
        path = "(file)" if refused.path == "body" else refused.path
        raise WorkloadInvalid([FieldError(path, f"{refused.message[:1].upper()}{refused.message[1:]}.")]) from None
    return parse_workload(data)
