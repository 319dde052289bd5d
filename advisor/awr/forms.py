"""The upload form: many report files of one database and the masking checkbox; problems land on the files field."""

from __future__ import annotations

from typing import Any

from django import forms

from advisor.accounts.team_forms import TeamChoiceField
from advisor.awr.engine import limits


class MultipleFileInput(forms.FileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A plain ``<input type=file multiple>``; cleans to the list of uploaded files."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"multiple": True}))
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        single = super().clean
        if isinstance(data, list | tuple):
            if not data and self.required:
                raise forms.ValidationError(self.error_messages["required"], code="required")
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class AwrUploadForm(forms.Form):
    files = MultipleFileField(
        label="Report files",
        help_text=f"AWR (HTML or text, instance or RAC global), Statspack, AWR-Miner output or dbspace listings of one "
        f"database; {limits.MAX_FILES_BACKGROUND.value} files per upload, {limits.MAX_FILE_BYTES.words}, "
        f"{limits.MAX_UPLOAD_TOTAL.words}.",
        error_messages={"required": "Choose at least one report file (or drop files on the box)."},
    )
    mask = forms.BooleanField(
        required=False,
        label="Mask host, instance and database names",
        help_text="Replaced by database-1, instance-1, host-1… in everything kept (figures, file names and the "
        "copies of the reports); the mapping back to the real names is never stored.",
    )

    team = TeamChoiceField(
        help_text="one of your teams: its members see the import until an assessment is made from it, which it then "
        "follows"
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["files"].kind = "file"  # type: ignore[attr-defined]
        self.fields["mask"].kind = "checkbox"  # type: ignore[attr-defined]
        self.fields["team"].offer(user)  # type: ignore[attr-defined]

    def add_problems(self, problems: Any) -> None:
        for problem in problems:
            where = "" if problem.file == "files" else f"{problem.file}: "
            self.add_error("files", f"{where}{problem.message}")
