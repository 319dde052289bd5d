"""The PDF comparison and its HTML twin: parse the request, call ``advisor.reports.pdf``, answer."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from advisor.engine.workload import FieldError
from advisor.models import Assessment
from advisor.pages.questionnaire import dom_id, parse_form
from advisor.reports import pdf as report
from advisor.views import _viewable, policy_for
from config.file_names import attachment

logger = logging.getLogger(__name__)

# What a reader of the site is told when the PDF cannot be printed; what to install or what failed (a path on the
# server, the install command) is for the administrator, in the log.
PRINTER_MISSING = (
    "The PDF cannot be printed now: Chromium, the browser this site prints PDFs with, is not installed on the "
    "server. Please tell the site's administrator; the page you came from shows the same figures."
)
PRINTING_FAILED = (
    "The PDF could not be printed this time. Please try again; if it keeps failing, tell the site's administrator. "
    "The page you came from shows the same figures."
)


@dataclass(frozen=True)
class MissingField:
    path: str
    message: str
    href: str


def _missing_page(request: HttpRequest, assessment: Assessment, errors: list[FieldError]) -> HttpResponse:
    """What must be fixed before there can be a document, each linked to its question."""
    questionnaire = assessment.get_absolute_url()
    results = reverse("advisor:assessment-results", args=[assessment.public_id])
    shown = [
        MissingField(e.path, e.message, f"{results}#results-answers" if e.path.startswith("policy.")
                     else f"{questionnaire}#{dom_id(e.path)}")
        for e in errors
    ]  # fmt: skip
    return render(request, "advisor/report_missing.html", {"assessment": assessment, "errors": shown}, status=422)


@login_required
@require_http_methods(["GET", "POST"])
def assessment_report(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The comparison as a PDF (``format=html``: the same document as HTML).

    GET: the saved workload, for the sizing policy in the URL (``?paper=…&prepared_by=…&policy.*``), else the saved one.
    POST: what the results page shows: its answers form (answers and ``policy.*``, as the results page's preview
    reads them), posted by its "Download PDF" button, possibly changed there and not saved; nothing is saved."""
    assessment = _viewable(request, public_id)
    params = request.POST if request.method == "POST" else request.GET
    wanted = params.get("format") or request.GET.get("format") or "pdf"
    if wanted not in ("pdf", "html"):
        return HttpResponse(f"format {wanted!r}: use pdf or html", status=400, content_type="text/plain")
    try:
        paper = report.paper_from(params.get("paper"), None)
    except ValueError as bad:
        return HttpResponse(str(bad), status=400, content_type="text/plain")
    policy, policy_errors = policy_for(assessment, params)
    try:
        document = report.report_document(
            assessment=assessment, policy=policy, paper=paper,
            prepared_by=params.get("prepared_by", "")[:200], problems=policy_errors,
            answers=parse_form(request.POST) if request.method == "POST" else None,
        )  # fmt: skip
    except report.ReportInvalid as invalid:
        return _missing_page(request, assessment, invalid.errors)
    if wanted == "html":
        return HttpResponse(document.html)
    return pdf_download(document)


def pdf_download(document: Any, print_pdf: Callable[[Any], bytes] = report.report_pdf) -> HttpResponse:
    """``document`` printed by ``print_pdf`` and answered as a download: the one way every PDF leaves the site
    (assessment, share link, estate); 503 in the reader's words when Chromium is missing or fails, what to install
    or what failed logged for the administrator."""
    try:
        pdf = print_pdf(document)
    except (report.ChromiumMissing, report.ReportFailed) as failed:
        logger.error("PDF %s not printed: %s", document.filename, failed)
        told = PRINTER_MISSING if isinstance(failed, report.ChromiumMissing) else PRINTING_FAILED
        return HttpResponse(told, status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = attachment(document.filename)
    return response
