"""The /iolimits page: the form's query evaluated, or every problem on its field; the form is ``iolimits_forms``.

The engine is asked even when the form refused a value (that field left to the engine's default), so every problem
is said at once; nothing is computed from a query with a problem: no table, no chart, no share link.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.engine.ioquery import IoQueryInvalid, IoReport, parse_io_query, run_io_query
from advisor.pages.charts import iolimits_figure
from advisor.pages.iolimits_forms import IoLimitsForm
from pricing.forms_common import Issue


@dataclass(frozen=True)
class PageResult:
    report: IoReport | None
    chart: dict[str, Any] | None
    issues: tuple[Issue, ...]


def page_report(form: IoLimitsForm) -> PageResult:
    issues = form.own_issues()
    if "platform" in form.errors:
        return PageResult(None, None, tuple(issues))
    try:
        query = parse_io_query(form.query())
    except IoQueryInvalid as invalid:
        return PageResult(None, None, (*issues, *form.add_problems(invalid.problems)))
    if issues:
        return PageResult(None, None, tuple(issues))
    report = run_io_query(query)
    return PageResult(report, iolimits_figure(report), ())


def page_context(form: IoLimitsForm, page: PageResult) -> dict[str, Any]:
    return {"form": form, "problems": page.issues, "report": page.report, "chart": page.chart}
