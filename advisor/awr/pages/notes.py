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
from advisor.engine.workload import Workload
from advisor.models import Assessment
from config.plain_errors import field_label, field_unit

DESCRIBED = frozenset({"sizing.peak_cpu", "sizing.average_cpu"})  # said with how the import read them


@dataclass(frozen=True)
class ImportedNote:
    text: str
    average_for_peak: bool = False  # a peak answer sized from an average: shown as a warning

    def __str__(self) -> str:
        return self.text


def _shown(field: PrefilledField) -> tuple[str, str]:
    loc = tuple(field.path.split("."))
    unit = field_unit(Workload, loc)
    return field_label(Workload, loc), f"{field.value:g}{f' {unit}' if unit else ''}"


def _averages_note(average_of: str, fields: list[PrefilledField]) -> ImportedNote:
    """The peak answers still holding one window's average, said together."""
    listed = ", ".join(f"{title} ({shown})" for title, shown in map(_shown, fields))
    it, verb, averages, peaks = (
        ("it", "is", "that average", "peak") if len(fields) == 1 else ("them", "are", "those averages", "peaks")
    )
    return ImportedNote(
        f"Sized from an average, not a peak: {listed} {verb} as pre-filled from the imported reports, {average_of}; "
        f"the reports hold no peak for {it}, so the options above are sized for {averages}. Enter the {peaks} in the "
        f"questionnaire to size for {it}.",
        average_for_peak=True,
    )


def imported_notes(assessment: Assessment | None, workload: Workload | None) -> list[ImportedNote]:
    """The peak answers that still hold the average the assessment's reports gave for them, said first; then one note
    per described CPU answer that still holds the value pre-filled, with how it was read."""
    if assessment is None or workload is None or assessment.pk is None:
        return []
    averages: dict[str, list[PrefilledField]] = {}
    described: list[ImportedNote] = []
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
            if field.caveat is not None:
                averages.setdefault(field.caveat.average_of, []).append(field)
            if field.path in DESCRIBED:
                title, shown = _shown(field)
                described.append(
                    ImportedNote(f"{title}, {shown}, is as pre-filled from the imported reports: {field.source}.")
                )
    return [_averages_note(of, fields) for of, fields in averages.items()] + described
