"""Thin views of the AWR import: upload, review, the pre-filled questionnaire, the kept files."""

from __future__ import annotations

import logging
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from advisor import views as advisor_views
from advisor.awr import access, jobs, services
from advisor.awr.engine import limits
from advisor.awr.forms import AwrUploadForm
from advisor.awr.models import ReportFile, ReportImport
from advisor.awr.pages.review import review_context
from config.file_names import attachment, export_filename
from pricing.jobs.models import Job
from pricing.jobs.services import job_get

logger = logging.getLogger(__name__)

LIMITS = (limits.MAX_FILES_BACKGROUND, limits.MAX_FILE_BYTES, limits.MAX_UPLOAD_TOTAL)


def _visible(request: HttpRequest, public_id: UUID) -> ReportImport:
    """The import when the user may see it; 404 otherwise (another's must not be seen to exist)."""
    report_import = get_object_or_404(
        ReportImport.objects.select_related("assessment", "assessment__team", "team"), public_id=public_id
    )
    if not access.can_view_import(request.user, report_import):
        raise Http404("No such import")
    return report_import


def _upload_page(
    request: HttpRequest, form: AwrUploadForm, status: int = 200, *, archive: bool = False
) -> HttpResponse:
    """The upload page; ``archive``: a ZIP was refused, so the page points to the estate import, which reads ZIPs."""
    context = {"form": form, "limits": LIMITS, "background": limits.READ_WHILE_YOU_WAIT, "archive_refused": archive}
    return render(request, "awr/upload.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _upload_page(request, AwrUploadForm(user=request.user))
    form = AwrUploadForm(request.POST, request.FILES, user=request.user)
    if not form.is_valid():
        return _upload_page(request, form, status=422)
    uploads, mask, team = (form.cleaned_data[k] for k in ("files", "mask", "team"))
    try:
        if jobs.in_background(uploads):
            job = jobs.background_start(uploads=uploads, mask=mask, owner=request.user, team=team)
            return redirect("awr:job", pk=job.pk)
        files = services.read_uploaded(uploads)
        report_import = services.import_reports(files=files, mask=mask, owner=request.user, team=team)
    except services.ImportFailed as failed:
        form.add_problems(failed.problems)
        return _upload_page(request, form, status=422, archive=any(p.archive for p in failed.problems))
    read = report_import.files.filter(error="").count()
    messages.success(
        request,
        f"Read {read} of {len(files)} file{'s' if len(files) != 1 else ''}"
        + (" (names masked)" if report_import.masked else "")
        + ". Check the figures below, then create an assessment from them.",
    )
    return redirect(report_import)


@login_required
@require_GET
def review(request: HttpRequest, public_id: UUID) -> HttpResponse:
    report_import = _visible(request, public_id)
    context = review_context(report_import)
    context["can_delete"] = access.can_delete_import(request.user, report_import)
    return render(request, "awr/review.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def assessment_from_import(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The questionnaire pre-filled from the figures, each pre-filled answer marked with its source; saving creates
    the assessment and keeps the reports with it (in one transaction)."""
    report_import = _visible(request, public_id)
    result = services.import_result(report_import)
    sources = services.prefill_sources(result)
    defaults = services.kept_defaults(result)
    cautions = services.prefill_caveats(result)
    if request.method == "GET":
        try:
            values = services.prefilled_workload(result)
        except services.ImportFailed as failed:
            messages.error(request, str(failed))
            return redirect(report_import)
        meta = {"name": services.suggested_name(report_import), "customer": "", "project": ""}
        return advisor_views._form_page(
            request,
            assessment=None,
            meta=meta,
            values=values,
            errors=[],
            sources=sources,
            defaults=defaults,
            cautions=cautions,
        )
    with transaction.atomic():
        return advisor_views._save(
            request,
            assessment=None,
            sources=sources,
            defaults=defaults,
            cautions=cautions,
            on_create=lambda assessment: services.attach(report_import=report_import, assessment=assessment),
        )


@login_required
@require_GET
def file_download(request: HttpRequest, public_id: UUID, position: int) -> HttpResponse:
    """A kept report as it was stored (masked when the import was), always as a download, never rendered."""
    report_import = _visible(request, public_id)
    kept = ReportFile.objects.filter(report_import=report_import, position=position).first()
    try:
        data = services.kept_bytes(kept) if kept is not None else b""
    except FileNotFoundError:  # gone from the uploads storage: said like a file never kept, and logged
        logger.error("AWR import %s: file %s is missing from the uploads storage", public_id, position)
        data = b""
    if kept is None or not data:
        raise Http404("No such file kept")
    response = HttpResponse(data, content_type="application/octet-stream")
    stem, _, extension = kept.name.rpartition(".") if "." in kept.name else (kept.name, "", "txt")
    customer = report_import.assessment.customer if report_import.assessment else ""
    response["Content-Disposition"] = attachment(
        export_filename(customer=customer, name=report_import.database or "awr", kind=stem, extension=extension)
    )
    return response


@login_required
@require_POST
def import_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    report_import = _visible(request, public_id)
    if not access.can_delete_import(request.user, report_import):
        raise Http404("No such import")
    services.import_delete(report_import=report_import)
    messages.success(request, "Deleted the imported reports and what was read from them.")
    return redirect("awr:upload")


def _job_or_404(request: HttpRequest, pk: int) -> Job:
    """The upload's job when the signed-in user started it (or is staff); 404 otherwise."""
    job = job_get(pk, kind=jobs.KIND)
    user = request.user
    if job is None or not (user.is_staff or (job.requested_by_id is not None and job.requested_by_id == user.pk)):
        raise Http404("No such upload")
    return job


@login_required
@require_GET
def job_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """A big upload being read: files done of all, the last progress lines; htmx polls it every second while it
    runs, and once the import is kept, the review page opens."""
    job = _job_or_404(request, pk)
    review_url = None
    if job.status == Job.Status.SUCCEEDED and job.result.get("import"):
        review_url = reverse("awr:review", kwargs={"public_id": job.result["import"]})
        if request.htmx:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = review_url
            return response
    context = {
        "job": job,
        "lines": job.log_lines[-12:],
        "percent": round(100 * job.done / job.total) if job.total else 0,
        "review_url": review_url,
    }
    return render(request, "awr/job.html" + ("#job-panel" if request.htmx else ""), context)
