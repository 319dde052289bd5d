"""The estate pages' forms (Django forms, drawn by templates/_field.html); the reading rules live in the engine."""

from __future__ import annotations

from django import forms

from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS


class InventoryForm(forms.Form):
    name = forms.CharField(label="Estate name", max_length=200, required=False,
                           help_text="defaults to the file's name")  # fmt: skip
    customer = forms.CharField(label="Customer", max_length=200, required=False, help_text="optional")
    file = forms.FileField(
        label="Inventory",
        help_text=f"CSV (UTF-8) or .xlsx, one row per database, at most {MAX_ROWS:,} rows and "
        f"{MAX_FILE_BYTES // (1024 * 1024)} MiB",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,text/csv"}),
    )


class FromAssessmentsForm(forms.Form):
    name = forms.CharField(label="Estate name", max_length=200, required=False)
    assessments = forms.MultipleChoiceField(label="Saved assessments", choices=(), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: object, choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["assessments"].choices = choices
