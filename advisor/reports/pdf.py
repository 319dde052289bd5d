"""The PDF comparison: the results page's context rendered through a print template, printed by Chromium.

The document is ``results_context`` (the same figures as ``/a/<uuid>/results/``) in a customer's words (no internal
references: ``advisor.reports.text``) plus what only a document needs (cover, licence assumptions, disclaimer, an
appendix with every cost line, the remaining findings and the sources: ``advisor.reports.sections``). Chromium
prints it so the plotly charts stay vector graphics (``advisor.reports.printer``).
"""

from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import Future
from datetime import date
from pathlib import Path
from typing import Any

from django import db
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from advisor import services
from advisor.awr.pages.notes import imported_notes
from advisor.engine.recommendation.recommender import Recommendation
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import FieldError, Workload, WorkloadInvalid, parse_workload
from advisor.models import Assessment, ReportSettings
from advisor.pages.results import results_context
from advisor.reports.printer import (  # noqa: F401 - the printing API, used as ``report.…``
    CHART_TIMEOUT_MS,
    CHROMIUM_ARGS,
    PAPERS,
    PRINTER,
    ChromiumMissing,
    ReportDocument,
    ReportFailed,
    chromium_installed,
    chromium_missing_message,
    chromium_path,
    rendered_document,
    report_pdf,
)
from advisor.reports.sections import appendix, licence_assumptions
from advisor.reports.text import customer_copy
from config.file_names import export_filename

PRODUCT_NAME = "Oracle on AWS Advisor"
SERVERS = ("gunicorn", "uvicorn", "daphne", "hypercorn")  # a process named so serves the app


class ReportInvalid(Exception):
    """The assessment's workload (or the sizing policy asked for) cannot be recommended on: no document."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


def report_filename(assessment: Assessment, extension: str = "pdf") -> str:
    return export_filename(customer=assessment.customer, name=assessment.name, kind="comparison", extension=extension)


def paper_from(value: str | None, default: str | None) -> str | None:
    """``a4`` or ``letter`` (any case, "us-letter" too); ValueError naming what is accepted."""
    if not value:
        return default
    paper = value.strip().lower().removeprefix("us-").removeprefix("us ")
    if paper not in PAPERS:
        raise ValueError(f"paper {value!r}: use a4 or letter")
    return paper


def report_context(
    *,
    assessment: Assessment,
    workload: Workload,
    recommendation: Recommendation,
    paper: str,
    prepared_by: str,
    logo: str,
    on: date,
    unsaved: bool = False,
) -> dict[str, Any]:
    """The results page's context, made from the same recommendation in a customer's words, plus the document's
    own parts. The body shows what decides (blockers and warnings); the appendix the rest, from the same context."""
    shown = customer_copy(recommendation)  # the same figures; texts without the project's internal references
    page = results_context(shown, stale_after_days=settings.PRICE_STALE_AFTER_DAYS)
    return {
        **page,
        "assessment": assessment,
        "workload": workload,
        "policy": recommendation.policy,
        "product_name": PRODUCT_NAME,
        "prepared_by": prepared_by,
        "logo": logo,
        "generated_on": on,
        "paper": paper,
        "licence": licence_assumptions(workload, shown),
        "appendix": appendix(page["columns"]),
        "priced": any(c.monthly_usd is not None for c in page["columns"]),  # Oracle Database@AWS's total too
        "unsaved": unsaved,
        # the first reason is the recommendation with its price and configuration, which the summary states above
        "summary_reasons": page["reasons_below"],
        "imported_notes": imported_notes(assessment, workload),
    }


def report_document(
    *,
    assessment: Assessment,
    policy: SizingPolicy | None = None,
    paper: str | None = None,
    prepared_by: str | None = None,
    on: date | None = None,
    problems: list[FieldError] | None = None,
    answers: dict[str, Any] | None = None,
) -> ReportDocument:
    """The document as HTML (with its running header and footer), or ReportInvalid naming every field to fix:
    the workload's, then ``problems`` the caller found (an invalid sizing policy in the URL).

    ``answers`` are the results page's answers as its form posts them (``parse_form``'s shape), changed there and
    not saved: the document is made from them, validated as the page validates them, instead of the saved
    workload, and its cover says so when they differ from what is saved. Nothing is saved either way."""
    errors: list[FieldError] = []
    workload: Workload | None = None
    try:
        workload = parse_workload(answers) if answers is not None else services.assessment_workload(assessment)
    except WorkloadInvalid as invalid:
        errors.extend(invalid.errors)
    errors.extend(problems or [])
    if errors or workload is None:
        raise ReportInvalid(errors)
    unsaved = answers is not None and workload != _saved_workload(assessment)
    defaults = ReportSettings.load()
    chosen_paper = paper_from(paper, str(defaults.paper_size)) or "a4"
    recommendation = services.recommendation_for(workload, policy or SizingPolicy())
    context = report_context(
        assessment=assessment,
        workload=workload,
        recommendation=recommendation,
        paper=chosen_paper,
        prepared_by=(prepared_by or "").strip() or defaults.prepared_by,
        logo=defaults.logo,
        on=on or timezone.localdate(),
        unsaved=unsaved,
    )
    return rendered_document("advisor/report.html", context, paper=chosen_paper, filename=report_filename(assessment))


def _saved_workload(assessment: Assessment) -> Workload | None:
    """The saved workload, or None when it no longer validates (so any valid answers differ from it)."""
    try:
        return services.assessment_workload(assessment)
    except WorkloadInvalid:
        return None


# --- a server's warm browser --------------------------------------------------------------------------------


def warmup_document(paper: str = "a4") -> ReportDocument:
    """What a server prints once when it starts, so its first real download finds everything warm: the comparison
    of the default workload (recommender, price book and Django templates exercised, plotly figures built, the
    print template's page loaded with plotly.js parsed and every kind of chart drawn). When that cannot be made (no
    database yet), a small page with the same <head> and a chart of each kind still warms the browser."""
    try:
        sample = Assessment(name="Warm-up", workload=Workload().model_dump(mode="json"))
        return report_document(assessment=sample, paper=paper)
    except Exception:  # noqa: BLE001 - a warm-up never fails the server: the browser is warmed without it
        context = {"paper": paper, "product_name": PRODUCT_NAME}
        return ReportDocument(
            html=render_to_string("advisor/report.html#warmup", context),
            header_html="<span></span>",
            footer_html="<span></span>",
            paper=paper,
            filename="warmup.pdf",
        )


def warm_browser(executable: str | None = None) -> Future[bytes] | None:
    """Start the printing browser in the background with the warm-up document printed, and keep it: what a server
    does when it starts. The returned future is done when the browser is warm. None (and nothing started) when
    Chromium is not installed: the download then says what to install."""
    executable = executable or chromium_path()
    if not chromium_installed(executable):
        return None
    warmed: Future[bytes] = Future()

    def run() -> None:  # its own thread: the database and templates are not for the printer's (asyncio) thread
        try:
            document = warmup_document()
            warmed.set_result(PRINTER.warm(document, executable=executable, timeout_ms=CHART_TIMEOUT_MS).result())
        except BaseException as error:  # noqa: BLE001 - reported through the future; the server runs on
            warmed.set_exception(error)
        finally:
            db.connection.close()

    PRINTER.rewarm = lambda: warm_browser(executable)
    threading.Thread(target=run, name="report-warm-up", daemon=True).start()
    return warmed


def serving(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> bool:
    """Whether this process serves the app: ``runserver`` (its serving child, not the autoreloader watching it)
    or a WSGI/ASGI server. ``REPORT_WARM_BROWSER=1|0`` (env or setting) decides instead when set."""
    argv = sys.argv if argv is None else argv
    environ = dict(os.environ) if environ is None else environ
    forced = environ.get("REPORT_WARM_BROWSER", getattr(settings, "REPORT_WARM_BROWSER", None))
    if forced is not None and str(forced) != "":
        return str(forced).lower() in ("1", "true", "yes", "on")
    if argv[1:2] == ["runserver"]:
        return environ.get("RUN_MAIN") == "true" or "--noreload" in argv
    return bool(argv) and any(part in SERVERS for part in Path(argv[0]).parts[-2:])  # also ``python -m gunicorn``


def warm_browser_when_serving() -> None:
    """Called once the app is ready: warm the browser in a server, never in tests or other commands."""
    if serving():
        warm_browser()
