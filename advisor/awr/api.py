"""The AWR import over the JSON API: ``POST /api/v1/awr/imports`` (multipart: ``files``, repeated, and ``mask``)
reads and keeps the reports like the upload page and answers the extraction and the pre-fill with the import's id;
``GET /api/v1/awr/imports/{id}`` answers them again. Both need a token or a session (saved data)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import File, Form, Router
from ninja.files import UploadedFile

from advisor.accounts.team_forms import TeamChoiceField
from advisor.api import SAVED_DATA_AUTH, SAVED_DATA_DOC, csrf_refused
from advisor.awr import access, jobs, services
from advisor.awr.models import ReportImport
from config.api_errors import error_response
from pricing.jobs.models import Job
from pricing.jobs.services import job_get

router = Router(tags=["awr"])
FILES = File(None, description="the report files, repeated (the kind of each is read from its content)")
MASK = Form(False, description="replace host, instance and database names in everything kept")
TEAM = Form(None, description="the id of one of your teams, whose members then see the import")


def _document(request: HttpRequest, report_import: ReportImport) -> dict[str, Any]:
    extraction = dict(report_import.extraction)
    prefill = extraction.pop("prefill", None)
    return {
        "id": str(report_import.public_id),
        "url": request.build_absolute_uri(report_import.get_absolute_url()),
        "assessment": str(report_import.assessment.public_id) if report_import.assessment else None,
        "masked": report_import.masked,
        "created": report_import.created_at.isoformat(),
        "files": [
            {
                "name": f.name,
                "kind": f.kind,
                "size": f.size,
                "sha256": f.sha256,
                "error": f.error,
                "warnings": f.warnings,
                "kept": not f.error,
            }
            for f in report_import.files.defer("content")
        ],  # fmt: skip
        "extraction": extraction,
        "prefill": prefill,
    }


@router.post(
    "/awr/imports",
    auth=SAVED_DATA_AUTH,
    openapi_extra=SAVED_DATA_DOC,
    url_name="api-awr-imports",
    summary="Import AWR / Statspack / AWR-Miner reports of one database",
)
def awr_import(
    request: HttpRequest, files: list[UploadedFile] | None = FILES, mask: bool = MASK, team: int | None = TEAM
) -> HttpResponse:
    """Reads every file (kind detected from the content), keeps the import and the files, and answers 201 with the
    figures per metric and their provenance, what was not found, per-file errors and the pre-filled workload.
    More than 16 files, or more than 32 MiB in all, are read by a background job, as on the upload page: 202 with the job's ``url`` to poll
    (``GET /api/v1/awr/jobs/{id}``), which names the import once it is kept.
    400 when no file could be read or the upload is over a limit (nothing is saved then)."""
    refused = csrf_refused(request)
    if refused is not None:
        return refused
    choice = TeamChoiceField(help_text="")
    choice.offer(request.user)
    try:
        chosen = choice.clean(team)
    except ValidationError as invalid:
        return error_response([{"path": "team", "message": m} for m in invalid.messages], 400)
    try:
        if jobs.in_background(files or []):  # like the upload page: a big upload is read by a background job
            job = jobs.background_start(uploads=files or [], mask=mask, owner=request.user, team=chosen)
            return JsonResponse(_job_document(request, job), status=202)
        report_import = services.import_reports(
            files=services.read_uploaded(files or []), mask=mask, owner=request.user, team=chosen
        )
    except services.ImportFailed as failed:
        errors = [
            {"path": "files", "message": (p.message if p.file == "files" else f"{p.file}: {p.message}") + _estate(p)}
            for p in failed.problems
        ]
        return error_response(errors, 400)
    return JsonResponse(_document(request, report_import), status=201)


def _estate(problem: services.Problem) -> str:
    """Where a refused ZIP goes over the API: the estate import."""
    return " (over the API: POST /api/v1/estates, the ZIP as its multipart 'file')" if problem.archive else ""


@router.get(
    "/awr/imports/{public_id}",
    auth=SAVED_DATA_AUTH,
    openapi_extra=SAVED_DATA_DOC,
    url_name="api-awr-import",
    summary="One AWR import: its figures and pre-fill",
)
def awr_import_detail(request: HttpRequest, public_id: UUID) -> JsonResponse:
    """404 when it does not exist or the caller may not see it."""
    report_import = ReportImport.objects.filter(public_id=public_id).select_related("assessment").first()
    if report_import is None or not access.can_view_import(request.user, report_import):
        raise Http404("no AWR import with this id that you may see")
    return JsonResponse(_document(request, report_import))


def _job_document(request: HttpRequest, job: Job) -> dict[str, Any]:
    """A background upload: its status and progress, and the import (id and API URL) once it is kept."""
    made = job.result.get("import") if job.status == Job.Status.SUCCEEDED else None
    return {
        "job": job.pk,
        "url": request.build_absolute_uri(f"/api/v1/awr/jobs/{job.pk}"),
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "error": job.error,
        "import": made,
        "import_url": request.build_absolute_uri(f"/api/v1/awr/imports/{made}") if made else None,
    }


@router.get(
    "/awr/jobs/{job_id}",
    auth=SAVED_DATA_AUTH,
    openapi_extra=SAVED_DATA_DOC,
    url_name="api-awr-job",
    summary="A big AWR upload being read in the background",
)
def awr_job(request: HttpRequest, job_id: int) -> JsonResponse:
    """Poll until ``status`` is ``succeeded`` (then ``import_url`` answers the import) or ``failed`` (``error`` says
    why; nothing was saved). 404 when there is no such upload of the caller's."""
    job = job_get(job_id, kind=jobs.KIND)
    user = request.user
    if job is None or not (user.is_staff or (job.requested_by_id is not None and job.requested_by_id == user.pk)):
        raise Http404("no AWR upload with this id that you started")
    return JsonResponse(_job_document(request, job))
