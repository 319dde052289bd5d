"""The estate pages' forms (Django forms, drawn by templates/_field.html); the reading rules live in the engine."""

from __future__ import annotations

from django import forms

from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS
from advisor.estates.engine.report_zip import MAX_MEMBERS, MAX_UNPACKED_BYTES, MAX_ZIP_BYTES


class InventoryForm(forms.Form):
    name = forms.CharField(label="Estate name", max_length=200, required=False,
                           help_text="defaults to the file's name")  # fmt: skip
    customer = forms.CharField(label="Customer", max_length=200, required=False, help_text="optional")
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


class FromAssessmentsForm(forms.Form):
    name = forms.CharField(label="Estate name", max_length=200, required=False)
    assessments = forms.MultipleChoiceField(label="Saved assessments", choices=(), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: object, choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["assessments"].choices = choices
