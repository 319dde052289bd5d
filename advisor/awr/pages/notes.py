"""What the results page and the PDF say about answers still as the AWR import pre-filled them.

A pre-filled peak (CPU, IOPS, throughput) that the reports could only give as an average (one window, or windows too
long to show a peak) is said first and plainly: the options are sized from an average. The questionnaire and the
review page mark such answers beside the field; here the results page and the PDF say it beside what the options are
sized for. The pre-filled CPU figures are described with the import's words either way. Only answers the user left
as pre-filled are described: a changed answer is the user's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.awr import services
from advisor.awr.engine.prefill.builder import PrefilledField
from advisor.engine.workload import SECTIONS, Workload
from advisor.models import Assessment

DESCRIBED = {"sizing.peak_cpu": "Peak CPU used", "sizing.average_cpu": "Average CPU used"}


@dataclass(frozen=True)
class ImportedNote:
    text: str
    average_for_peak: bool = False  # a peak answer sized from an average: shown as a warning

    def __str__(self) -> str:
        return self.text


def _title_and_unit(path: str) -> tuple[str, str]:
    section, _, name = path.partition(".")
    info = dict(SECTIONS)[section].model_fields[name]
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    return info.title or name, str(extra.get("unit", ""))


def _note(field: PrefilledField) -> ImportedNote | None:
    if field.caveat is None and field.path not in DESCRIBED:
        return None
    title, unit = _title_and_unit(field.path)
    shown = f"{field.value:g}{f' {unit}' if unit else ''}"
    if field.caveat is not None:
        return ImportedNote(
            f"Sized from an average, not a peak: {title}, {shown}, is as pre-filled from the imported reports, "
            f"{field.caveat.average_of}; the reports hold no peak for it, so the options above are sized for that "
            f"average. Enter the peak in the questionnaire to size for it. As read: {field.source}.",
            average_for_peak=True,
        )
    return ImportedNote(f"{title}, {shown}, is as pre-filled from the imported reports: {field.source}.")


def imported_notes(assessment: Assessment | None, workload: Workload | None) -> list[ImportedNote]:
    """One note per described answer that still holds the value pre-filled from the assessment's reports; peaks
    sized from an average first."""
    if assessment is None or workload is None or assessment.pk is None:
        return []
    notes: list[ImportedNote] = []
    for report_import in assessment.awr_imports.all():
        try:
            result = services.import_result(report_import)
        except ValueError:  # a stored extraction of an older shape: nothing to say rather than a 500
            continue
        if result.prefill is None:
            continue
        for field in result.prefill.fields:
            section, name = field.path.split(".")
            if getattr(getattr(workload, section), name, None) != field.value:
                continue
            note = _note(field)
            if note is not None:
                notes.append(note)
    return sorted(notes, key=lambda n: not n.average_for_peak)
