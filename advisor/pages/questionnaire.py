"""The questionnaire as the page shows it, derived from the workload model so the form can never
drift from the contract: every section, field, unit, help text, default and choice comes from it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, get_args, get_origin

from django.http import QueryDict

from advisor.engine.workload import (
    CHOICE_LABELS,
    SECTIONS,
    FieldError,
    Workload,
    accepted_values,
    regions,
)
from advisor.pages.questionnaire_host import LICENCES_PATH, licences_hint
from config.plain_errors import field_label

REGION_FIELDS = {"environment.region", "availability.dr_region"}
META_FIELDS = (
    ("name", "Assessment name", ""),
    ("customer", "Customer", "(optional)"),
    ("project", "Project", "(optional)"),
)
# The import page's two ways in, by their labels there, and the ids of their controls.
IMPORT_FILE = ("Workload JSON file", "f-file")
IMPORT_TEXT = ("Pasted JSON", "f-text")
FILE_META_KEYS = ("name", "customer", "project", "description")  # a workload file's own keys beside its workload
UNKNOWN_FIELD = "not a field of the workload; the workload schema lists every field."


def dom_id(path: str) -> str:
    """The id of a field's input: ``oracle.pdb_count`` -> ``f-oracle-pdb-count``."""
    return "f-" + path.replace(".", "-").replace("_", "-")


@dataclass(frozen=True)
class MetaField:
    name: str
    label: str
    hint: str
    value: str
    error: str


@dataclass(frozen=True)
class ShownError:
    path: str
    message: str
    anchor: str


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class QuestionField:
    path: str
    title: str
    help: str
    unit: str | None
    widget: Literal["checkbox", "select", "number", "text"]
    value: Any
    choices: tuple[Choice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: str = "any"
    optional: bool = False
    accepted: str | None = None
    errors: tuple[str, ...] = ()
    source: str = ""  # where a pre-filled value came from (an AWR import), shown under the field
    suggestion: str = ""  # what the source host suggests for the field, with its basis
    kept_default: str = ""  # a pre-filled questionnaire's field the reports did not fill: its default, and why
    caution: str = ""  # a peak answer still holding the average the reports gave for it: why, and what to do

    @property
    def dom_id(self) -> str:
        return dom_id(self.path)

    @property
    def error_id(self) -> str:
        return "err-" + dom_id(self.path).removeprefix("f-")


@dataclass(frozen=True)
class QuestionSection:
    key: str
    title: str
    fields: tuple[QuestionField, ...]

    @property
    def error_count(self) -> int:
        return sum(1 for field in self.fields if field.errors)


def _bounds(info: Any) -> tuple[float | None, float | None]:
    low = high = None
    for item in info.metadata:
        low = getattr(item, "ge", getattr(item, "gt", low))
        high = getattr(item, "le", high)
    return low, high


def _choices(path: str, annotation: Any) -> tuple[Choice, ...]:
    if path in REGION_FIELDS:
        return tuple(Choice(code, f"{code} · {region.name}") for code, region in regions().items())
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        labels = CHOICE_LABELS.get(annotation, {})
        return tuple(Choice(m.value, labels.get(m.value, m.value)) for m in annotation)
    if get_origin(annotation) is Literal:
        return tuple(Choice(str(a), str(a)) for a in get_args(annotation))
    return ()


def _widget(annotation: Any, choices: tuple[Choice, ...]) -> str:
    if annotation is bool:
        return "checkbox"
    if choices:
        return "select"
    if annotation in (int, float):
        return "number"
    return "text"


def _plain(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 432, not 432.0, in the input box
    return value


def build_sections(
    values: dict[str, dict[str, Any]],
    errors: list[FieldError],
    sources: dict[str, str] | None = None,
    *,
    defaults: dict[str, str] | None = None,
    cautions: dict[str, tuple[Any, str]] | None = None,
) -> list[QuestionSection]:
    """Sections to render, with ``values`` (raw or validated), the errors for each field and, for pre-filled
    answers, where each came from (``sources``: path -> words) and why the others kept their default
    (``defaults``: path -> reason; marked only while the field still holds its default); ``cautions``: path ->
    (the pre-filled value, why it is an average standing in for a peak), marked while the field still holds it."""
    by_path: dict[str, list[str]] = {}
    for error in errors:
        by_path.setdefault(error.path, []).append(error.message)
    sections = []
    for key, model in SECTIONS:
        section_values = values.get(key, {})
        fields = []
        for name, info in model.model_fields.items():
            path = f"{key}.{name}"
            extra = info.json_schema_extra or {}
            annotation = info.annotation
            optional = False
            if get_origin(annotation) is not None and type(None) in get_args(annotation):
                optional = True
                annotation = next(a for a in get_args(annotation) if a is not type(None))
            low, high = _bounds(info)
            choices = _choices(path, annotation)
            fields.append(
                QuestionField(
                    path=path,
                    title=info.title or name,
                    help=str(extra.get("help", "")),
                    unit=extra.get("unit"),  # type: ignore[arg-type]
                    widget=_widget(annotation, choices),  # type: ignore[arg-type]
                    value=_plain(section_values.get(name, info.default)),
                    choices=choices,
                    minimum=low,
                    maximum=high,
                    step="1" if annotation is int else "any",
                    optional=optional,
                    accepted=accepted_values(path),
                    errors=tuple(by_path.get(path, ())),
                    source=(sources or {}).get(path, ""),
                    kept_default=_kept_default(
                        info, section_values.get(name, info.default), (defaults or {}).get(path)
                    ),
                    caution=_caution(section_values.get(name, info.default), (cautions or {}).get(path)),
                )
            )
        title = Workload.model_fields[key].title or key
        sections.append(QuestionSection(key=key, title=title, fields=tuple(_with_host_hint(fields, values))))
    return sections


def _caution(value: Any, caution: tuple[Any, str] | None) -> str:
    """Why the answer is an average and not a peak, while it still holds the pre-filled value; "" otherwise."""
    if caution is None or str(_plain(value)).strip() != str(_plain(caution[0])):
        return ""
    return caution[1]


def _kept_default(info: Any, value: Any, reason: str | None) -> str:
    """'Not in the report: default 100 GiB (why)' while the field still holds its default; "" otherwise."""
    if reason is None or str(_plain(value)) != str(_plain(info.default)) or isinstance(info.default, bool):
        return ""
    unit = (info.json_schema_extra or {}).get("unit")
    labels = CHOICE_LABELS.get(type(info.default), {})  # a choice's default as the questionnaire says it
    shown = (
        "none"
        if info.default is None
        else f"{_plain(info.default):,}"
        if isinstance(info.default, (int, float))
        else labels.get(_plain(info.default), _plain(info.default))
    )
    return f"Not in the report: default {shown}{f' {unit}' if unit and info.default is not None else ''} ({reason})."


def _with_host_hint(fields: list[QuestionField], values: dict[str, dict[str, Any]]) -> list[QuestionField]:
    """The licences field with the source host's suggestion under it (blank while it holds the default)."""
    if not any(f.path == LICENCES_PATH for f in fields):
        return fields
    hint = licences_hint(values)
    return [
        replace(f, value="" if hint.blank else f.value, suggestion=hint.words) if f.path == LICENCES_PATH else f
        for f in fields
    ]


def _ascii_int(raw: str) -> bool:
    """A short integer in ASCII digits ("²" and "٣" pass ``str.isdigit`` but ``int`` refuses or misreads them)."""
    digits = raw[1:] if raw.startswith("-") else raw
    return 0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()


def parse_form(data: QueryDict) -> dict[str, Any]:
    """Nest the flat ``section.field`` form names into the workload's JSON shape.

    Checkboxes send nothing when unticked, so every boolean is read as present-or-absent; an empty
    optional field becomes null; other values stay strings for pydantic to validate and explain.
    """
    nested: dict[str, Any] = {}
    for key, model in SECTIONS:
        section: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            path = f"{key}.{name}"
            annotation = info.annotation
            if annotation is bool:
                section[name] = path in data
                continue
            if path not in data:
                continue
            raw = data.get(path, "").strip()
            if raw == "" and type(None) in get_args(annotation):
                section[name] = None
            elif get_origin(annotation) is Literal and _ascii_int(raw):
                section[name] = int(raw)
            else:
                section[name] = raw
        nested[key] = section
    return nested


def build_meta_fields(meta: dict[str, str], errors: list[FieldError]) -> list[MetaField]:
    messages = {e.path: e.message for e in errors}
    return [
        MetaField(name, label, hint, meta.get(name, ""), messages.get(name, "")) for name, label, hint in META_FIELDS
    ]


def touched_errors(errors: list[FieldError], touched: str | None) -> list[FieldError]:
    """The errors to show while the user types: those of fields they have touched (``touched``: the names the
    page lists, ``*`` after a submit) and every conflict between answers. None (no list posted) shows them all."""
    if touched is None:
        return errors
    names = {name.strip() for name in touched.split(",")}
    if "*" in names:
        return errors
    return [e for e in errors if e.conflict or e.path in names]


def shown_errors(errors: list[FieldError]) -> list[ShownError]:
    return [ShownError(e.path, e.message, dom_id(e.path)) for e in errors]


@dataclass(frozen=True)
class LabelledError:
    """One line of the import page's summary: the field by its label (or the file, or the key the file holds that
    no field takes), and what is wrong; ``label`` is "" when the message starts with it, as a questionnaire field's
    does ("Peak CPU used must be more than 0 vCPUs.")."""

    label: str
    message: str
    anchor: str = ""  # the control on the page it is about, if any


def field_label_of(path: str) -> str | None:
    """A workload field's label, as the questionnaire and its error messages name it ("sizing.peak_cpu" -> "Peak
    CPU used"); None for a path that is no field."""
    section_name, _, name = path.partition(".")
    section = dict(SECTIONS).get(section_name)
    if section is None or name not in section.model_fields:
        return None
    return field_label(Workload, (section_name, name))


def import_errors(form: list[FieldError], file: list[FieldError], *, pasted: bool) -> list[LabelledError]:
    """The import page's problems, each named as the page and the questionnaire name it, never by its path in the
    file: the form's own fields, then the file (or the pasted text) and the fields the file holds."""
    source, anchor = IMPORT_TEXT if pasted else IMPORT_FILE
    metas = {name: label for name, label, _ in META_FIELDS}
    shown = [_labelled(metas.get(e.path, ""), e.message, dom_id(e.path) if e.path in metas else "") for e in form]
    for error in file:
        path = error.path.removeprefix("workload.")
        if error.path in ("(file)", "file", "text", "(workload)", "workload"):
            shown.append(_labelled(source, error.message, anchor, lower=True))
        elif (label := field_label_of(path)) is not None:
            shown.append(_labelled(label, error.message))
        elif error.path in FILE_META_KEYS:  # the file's own name, customer ...: its message names it
            shown.append(_labelled(f"The file's {error.path}", error.message))
        else:  # a key the file holds that no field takes, as it is written in the file
            *within, key = path.split(".")
            section = Workload.model_fields[within[0]].title if within and within[0] in dict(SECTIONS) else ""
            message = UNKNOWN_FIELD if error.message.startswith("Unknown field") else error.message
            where = f"“{key}” in the {section} section" if section else f"“{key}” in the file"
            shown.append(_labelled(where, message, lower=True))
    return shown


def _labelled(label: str, message: str, anchor: str = "", *, lower: bool = False) -> LabelledError:
    """``lower``: the message is ours and starts with a common word ("Not valid JSON"), said after the label as
    "not valid JSON"; a field's message may start with a name ("Oracle removed RAC ..."), kept as it is."""
    if label and message.startswith(label) and message[len(label) : len(label) + 1] in (" ", ":"):
        return LabelledError("", message, anchor)
    if lower and message[:1].isupper() and not message[:2].isupper():
        message = message[:1].lower() + message[1:]
    return LabelledError(label, message, anchor)


def values_from_workload(workload: Workload) -> dict[str, dict[str, Any]]:
    return workload.model_dump(mode="json")
