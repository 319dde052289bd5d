"""What the results page and the PDF say about answers still as the AWR import pre-filled them.

A pre-filled CPU figure from one long report window is an average, not a peak; the questionnaire and the review page
say so beside the field, and here the results page and the PDF say it beside what the options are sized for. Only
answers the user left as pre-filled are described: a changed answer is the user's own.
"""

from __future__ import annotations

from advisor.awr import services
from advisor.engine.workload import Workload
from advisor.models import Assessment

DESCRIBED = {"sizing.peak_cpu": "Peak CPU used", "sizing.average_cpu": "Average CPU used"}


def imported_notes(assessment: Assessment | None, workload: Workload | None) -> list[str]:
    """One sentence per described answer that still holds the value pre-filled from the assessment's reports."""
    if assessment is None or workload is None or assessment.pk is None:
        return []
    notes: list[str] = []
    for report_import in assessment.awr_imports.all():
        try:
            result = services.import_result(report_import)
        except ValueError:  # a stored extraction of an older shape: nothing to say rather than a 500
            continue
        if result.prefill is None:
            continue
        for field in result.prefill.fields:
            title = DESCRIBED.get(field.path)
            section, name = field.path.split(".")
            if title is None or getattr(getattr(workload, section), name) != field.value:
                continue
            notes.append(f"{title}, {field.value:g} vCPUs, is as pre-filled from the imported reports: {field.source}.")
    return notes
