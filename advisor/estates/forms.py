"""The estate pages' forms (Django forms, drawn by templates/_field.html); the reading rules live in the engine.

``EstateFieldsForm`` is the one rule for an estate's own fields (name, customer, team): the pages and the JSON API
both validate with it (Django's CharField refuses NUL characters, which PostgreSQL cannot store). ``team`` offers
the creator's own teams only (``advisor.accounts.team_forms.TeamChoiceField``), as an assessment's Share page does."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django import forms

from advisor.accounts.team_forms import TeamChoiceField
from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS
from advisor.estates.engine.report_zip import MAX_MEMBERS, MAX_UNPACKED_BYTES, MAX_ZIP_BYTES


class EstateFieldsForm(forms.Form):
    name = forms.CharField(label="Estate name", max_length=200, required=False,
                           help_text="defaults to the file's name")  # fmt: skip
    customer = forms.CharField(label="Customer", max_length=200, required=False, help_text="optional")
    team = TeamChoiceField(
        help_text="one of your teams: its members see the estate, its managers and editors change it"
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].offer(user)  # type: ignore[attr-defined]


class InventoryForm(EstateFieldsForm):
    file = forms.FileField(
        label="Inventory or ZIP of reports",
        help_text=f"CSV (UTF-8) or .xlsx, one row per database (at most {MAX_ROWS:,} rows, "
        f"{MAX_FILE_BYTES // (1024 * 1024)} MiB); or a .zip of reports ({MAX_ZIP_BYTES.words}, "
        f"{MAX_MEMBERS.words}, {MAX_UNPACKED_BYTES.words})",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.zip,text/csv,application/zip"}),
    )
    mask = forms.BooleanField(
        label="Mask names (ZIP of reports)", required=False,
        help_text="replace database, instance, host and domain names printed in the reports by tokens everywhere "
        "they would be kept (database names, file names, messages); the mapping is never stored",
    )  # fmt: skip


class FromAssessmentsForm(EstateFieldsForm):
    assessments = forms.MultipleChoiceField(label="Saved assessments", choices=(), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, user: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        self.fields["name"].help_text = ""
        self.fields["assessments"].choices = choices


def field_errors(form: forms.Form) -> list[dict[str, str]]:
    """A form's errors in the API's shape: one ``{"path", "message"}`` per message."""
    return [{"path": field, "message": str(message)} for field, messages in form.errors.items() for message in messages]


def assessment_ids(value: object) -> tuple[list[str], list[dict[str, str]]]:
    """Saved assessments' ids as the API and the command take them (a list of 1 to MAX_ROWS UUIDs, each once), or
    the errors that say what is accepted."""
    accepted = f"a list of 1 to {MAX_ROWS:,} saved assessments' ids (UUIDs, as the assessments API returns them)"
    if not isinstance(value, list) or not value or len(value) > MAX_ROWS:
        return [], [{"path": "assessments", "message": f"expected {accepted}"}]
    ids: list[str] = []
    errors = []
    for index, one in enumerate(value):
        try:
            if not isinstance(one, str):
                raise ValueError(one)
            ids.append(str(UUID(one)))
        except ValueError:
            errors.append({"path": f"assessments[{index}]", "message": f"not an assessment id: expected {accepted}"})
    return list(dict.fromkeys(ids)), errors[:50]
