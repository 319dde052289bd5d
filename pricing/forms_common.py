"""The one form layer of the GET-bound pages (/estimate, /iolimits): Django forms whose query string is the whole
configuration, so a shared link reproduces the page.

The form turns text into typed values and refuses only what it alone can judge (text that is not a number, a
choice the page translates); everything else goes to the engine as given, and the engine's problems come back onto
their fields through each field's config ``paths``. A field absent from the query takes its ``initial`` value (a
shared link leaves the defaults out); a field present but blank stays blank. A select keeps a value missing from its
list, marked, so the page shows what was asked for with its error rather than quietly showing its first option.
``templates/_field.html`` renders every field (label, control, hint, error with ``aria-invalid``/``aria-describedby``).

Lives in pricing, the lower layer, so the advisor's pages build on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, NamedTuple, Protocol

from django import forms
from django.core.exceptions import ValidationError


class EngineProblem(Protocol):
    @property
    def field(self) -> str: ...
    @property
    def message(self) -> str: ...


class Issue(NamedTuple):
    """One line of a page's error summary: the config path, what is wrong, the field that shows it ("" = none) and
    that field's label, which the summary names it by (the path where no field shows it)."""

    path: str
    message: str
    field: str
    label: str = ""


def blank(value: Any) -> bool:
    return value is None or str(value).strip() == ""


def accepted_values(choices: Iterable[tuple[Any, Any]]) -> str:
    return ", ".join(str(value) or "blank (the default)" for value, _ in choices)


class PathMixin:
    """A field that knows the config paths it holds: the first is its own, the others are where an engine may report
    a problem of it (``volumes.iops`` for every identical volume, ``storage`` for the whole section)."""

    def set_paths(self, paths: str | Iterable[str], kind: str = "") -> None:
        self.paths = (paths,) if isinstance(paths, str) else tuple(paths)
        self.kind = kind


class NumberField(PathMixin, forms.Field):
    """A number typed as text (``1,000`` is fine); blank is None unless required. ``accepted`` says what the field
    takes, in the words of every error on it."""

    widget = forms.TextInput(attrs={"inputmode": "decimal"})

    def __init__(
        self,
        *,
        path: str | Iterable[str],
        accepted: str,
        kind: type = int,
        required: bool = False,
        minimum: float | None = None,
        maximum: float | None = None,
        **kwargs: Any,
    ) -> None:
        self.accepted, self.number, self.minimum, self.maximum = accepted, kind, minimum, maximum
        super().__init__(required=required, **kwargs)
        self.set_paths(path)

    def to_python(self, value: Any) -> int | float | Decimal | None:
        text = "" if value is None else str(value).strip().replace(",", "")
        if not text:
            return None
        try:
            number = self.number(text)
            if not Decimal(number).is_finite():
                raise ValueError(text)
        except (ValueError, ArithmeticError, InvalidOperation):
            whole = self.number is int and re.fullmatch(r"[+-]?\d*\.\d+|[+-]?\d+e\d+", text.lower())
            what = "a whole number" if whole else "a number"
            raise ValidationError(f"{text!r} is not {what}; accepted: {self.accepted}", code="invalid") from None
        return number

    def validate(self, value: Any) -> None:
        if value is None:
            if self.required:
                raise ValidationError(f"blank; accepted: {self.accepted}", code="required")
        elif (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise ValidationError(f"{value}; accepted: {self.accepted}", code="range")


class ChoiceField(PathMixin, forms.ChoiceField):
    """A select. ``checked_by="engine"`` passes any value on to the engine, whose problem names the rule and its
    source; ``"form"`` refuses a value outside the choices, saying which are accepted."""

    def __init__(
        self, *, path: str | Iterable[str], choices: Iterable[Any] = (), checked_by: str = "engine", **kwargs: Any
    ) -> None:
        self.checked_by = checked_by
        super().__init__(choices=tuple(choices), required=False, **kwargs)
        self.set_paths(path)

    def valid_value(self, value: Any) -> bool:
        return self.checked_by == "engine" or super().valid_value(value)

    def validate(self, value: Any) -> None:
        if not self.valid_value(value):
            raise ValidationError(
                f"{value!r} is not accepted; accepted: {accepted_values(self.choices)}", code="choice"
            )


class ChecksField(PathMixin, forms.MultipleChoiceField):
    """A set of checkboxes; the values go to the engine as given (it says which it accepts)."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, *, path: str | Iterable[str], choices: Iterable[Any] = (), kind: str = "", **kwargs: Any):
        super().__init__(choices=tuple(choices), required=False, **kwargs)
        self.set_paths(path, kind)

    def valid_value(self, value: Any) -> bool:
        return True


class FlagField(PathMixin, forms.BooleanField):
    """One checkbox: ticked is true."""

    def __init__(self, *, path: str, **kwargs: Any) -> None:
        super().__init__(required=False, initial=False, **kwargs)
        self.set_paths(path)


class DayField(PathMixin, forms.DateField):
    """A date picked in the browser (``YYYY-MM-DD``); blank is None."""

    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

    def __init__(self, *, path: str, accepted: str, **kwargs: Any) -> None:
        self.accepted = accepted
        super().__init__(required=False, input_formats=["%Y-%m-%d"], **kwargs)
        self.set_paths(path)

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except ValidationError:
            raise ValidationError(f"{value!r} is not a date; accepted: {self.accepted}", code="invalid") from None


KINDS = {
    forms.Select: "select",
    forms.CheckboxSelectMultiple: "checks",
    forms.CheckboxInput: "checkbox",
    forms.DateInput: "date",
}


class QueryForm(forms.Form):
    """A form bound to a GET query. ``id_prefix`` names the controls (``est`` gives ``est-region`` and its error
    ``err-est-region``); ``unlisted_label`` labels a value missing from a select's list."""

    id_prefix: ClassVar[str] = "f"
    unlisted_label: ClassVar[str] = "{} · not in the list"
    use_required_attribute = False  # the page says what is wrong; the browser does not hold the request back

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data, auto_id=f"{self.id_prefix}-%s")
        self.unlisted: set[str] = set()

    @classmethod
    def query_values(cls, params: Mapping[str, Any], names: Iterable[str] = ()) -> dict[str, Any]:
        """The values of a query string: absent fields take their initial value; text is stripped."""
        data: dict[str, Any] = {}
        for name in [*cls.base_fields, *names]:
            initial = cls.base_fields[name].initial if name in cls.base_fields else None
            if isinstance(cls.base_fields.get(name), forms.MultipleChoiceField):
                given = params.getlist(name) if hasattr(params, "getlist") else params.get(name)
                given = [given] if isinstance(given, str) else list(given or [])
                data[name] = [str(v).strip() for v in given if str(v).strip()] if given else list(initial or [])
            elif (value := params.get(name)) is not None:
                data[name] = str(value).strip()
            elif initial not in (None, False):
                data[name] = str(initial)
        return data

    def finish_fields(self) -> None:
        """Call once the fields and their choices are final: wires the error ids, keeps unlisted values."""
        for name, field in self.fields.items():
            field.widget.attrs["aria-describedby"] = f"err-{self.auto_id % name}"
            field.kind = getattr(field, "kind", "") or KINDS.get(type(field.widget), "number")
            listed = {str(value) for value, _ in field.choices} if hasattr(field, "choices") else set()
            if isinstance(field, forms.MultipleChoiceField):
                extra = [v for v in self.raw_list(name) if v not in listed]
            elif isinstance(field, forms.ChoiceField):
                extra = [self.raw(name)] if self.raw(name) and self.raw(name) not in listed else []
            else:
                continue
            if extra:
                self.unlisted.add(name)
                field.widget.choices = [*((v, self.unlisted_label.format(v)) for v in extra), *field.choices]

    def raw(self, name: str) -> str:
        value = self.data.get(name)
        return "" if value is None else str(value).strip()

    def raw_list(self, name: str) -> list[str]:
        value = self.data.get(name) or []
        return [str(v) for v in ([value] if isinstance(value, str) else value) if str(v).strip()]

    def show_only(self, names: Iterable[str]) -> None:
        """The fields this configuration shows, in this order; the others are neither read nor rendered."""
        self.fields = {name: self.fields[name] for name in names if name in self.fields}  # type: ignore[assignment,has-type]

    def value(self, name: str) -> Any:
        """The field's typed value; its initial value when the form refused what was given (so the engine still
        checks every other field); None when the field is not shown."""
        if name not in self.fields:
            return None
        self.is_valid()
        if name in self.cleaned_data:
            return self.cleaned_data[name]
        field = self.fields[name]
        try:
            return None if blank(field.initial) else field.clean(field.initial)
        except ValidationError:
            return None

    def label_of(self, name: str) -> str:
        field = self.fields.get(name)
        return str(field.label) if field is not None and field.label else ""

    def path_of(self, name: str) -> str:
        return self.fields[name].paths[0] if name in self.fields else name

    def field_for(self, path: str) -> str:
        """The shown field holding a config path: the longest prefix any field claims, indices kept or dropped
        (``volumes[3].iops`` -> the field of ``volumes.iops``); "" when none does."""
        index = {p: name for name, field in reversed(self.fields.items()) for p in getattr(field, "paths", (name,))}
        parts = path.split(".")
        for n in range(len(parts), 0, -1):
            prefix = ".".join(parts[:n])
            for candidate in (prefix, re.sub(r"\[\d+\]", "", prefix)):
                if candidate in index:
                    return index[candidate]
        return ""

    def own_issues(self) -> list[Issue]:
        """What the form itself refused, each on its field."""
        return [Issue(self.path_of(name), str(m), name, self.label_of(name)) for name, msgs in self.errors.items()
                for m in msgs]  # fmt: skip

    def add_problems(self, problems: Iterable[EngineProblem]) -> list[Issue]:
        """An engine's problems onto their fields (or onto the form when no shown field holds one); a field the form
        already refused keeps its own error, since the engine was given its initial value instead."""
        refused = set(self.errors)
        issues = []
        for problem in problems:
            name = self.field_for(problem.field)
            if name in refused:
                continue
            said = problem.message
            accepted = getattr(self.fields[name], "accepted", "") if name else ""
            if said == "required" and accepted:  # what the field takes, as its own refusals say it
                said = f"required; accepted: {accepted}"
            message = said
            if name in self.unlisted and not isinstance(self.fields[name], forms.MultipleChoiceField):
                message = f"{message}. Pick one from the list."
            self.add_error(name or None, message)
            issues.append(Issue(problem.field, said, name, self.label_of(name)))
        return issues

    def share_params(self) -> dict[str, Any]:
        """The query string of a shareable link: the fields shown whose values differ from their initial ones."""
        out: dict[str, Any] = {}
        for name, field in sorted(self.fields.items()):
            if isinstance(field, forms.MultipleChoiceField):
                if set(self.raw_list(name)) != {str(v) for v in field.initial or []}:
                    out[name] = self.raw_list(name)
            elif isinstance(field, forms.BooleanField):
                if self.value(name):
                    out[name] = "true"
            elif self.raw(name) != ("" if field.initial is None else str(field.initial)):
                out[name] = self.raw(name)
        return out
