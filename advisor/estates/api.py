"""Estates in the JSON API (django-ninja, mounted by config/api.py): create one from an inventory file, poll its
progress, read its totals and databases, delete it (which cancels what is still to run). A token or a session."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import File, Form, Router, UploadedFile

from advisor.apikeys.auth import CREDENTIALS_REQUIRED, api_key, session_user
from advisor.estates import access, services
from advisor.estates.models import Estate
from advisor.estates.report import database_json, progress_json, totals_json
from config.api_errors import error_response

router = Router(tags=["estates"])
AUTH = [api_key, session_user]
DOC = {CREDENTIALS_REQUIRED: True}


def _estate(request: HttpRequest, public_id: UUID, *, edit: bool = False) -> Estate:
    estate = Estate.objects.filter(public_id=public_id).first()
    if estate is None or not access.can_view(request.user, estate):
        raise Http404("no estate with this id that you may see")
    if edit and not access.can_edit(request.user, estate):
        raise Http404("no estate with this id that you may change")
    return estate


def _head(request: HttpRequest, estate: Estate) -> dict[str, Any]:
    return {"id": str(estate.public_id), "name": estate.name, "customer": estate.customer, "source": estate.source,
            "file_name": estate.file_name, "url": request.build_absolute_uri(estate.get_absolute_url()),
            "ignored_columns": estate.ignored_columns, "defaulted_columns": estate.defaulted_columns,
            "masked": estate.masked, "notes": estate.notes}  # fmt: skip


@router.post("/estates", auth=AUTH, openapi_extra=DOC,
             summary="Create an estate from an inventory (CSV or XLSX) or a ZIP of AWR reports")  # fmt: skip
def estate_create(request: HttpRequest, file: File[UploadedFile], name: Form[str] = "",
                  customer: Form[str] = "", mask: Form[bool] = False) -> Any:  # fmt: skip
    """202 with the estate and its progress: each valid row is assessed in the background (poll
    ``GET /estates/{id}``); refused rows are listed with their row and column; a file that cannot be read is 400.
    A ZIP of AWR / Statspack / AWR-Miner reports (one folder per database, or grouped by DBID) is read in the
    background first (``progress.reading``); its databases appear once read. ``mask`` masks the names they print."""
    try:
        estate, inventory = services.estate_from_upload(
            data=services.read_upload_bytes(file), file_name=file.name or "", name=name, customer=customer,
            mask=mask, owner=request.user,
        )  # fmt: skip
    except services.InventoryRefused as refused:
        return error_response([{"path": "file", "message": p} for p in refused.problems], 400)
    errors = inventory.errors if inventory is not None else ()
    body = {**_head(request, estate), "progress": progress_json(services.estate_progress(estate)),
            "row_errors": [{"row": e.row, "column": e.column, "message": e.message} for e in errors]}  # fmt: skip
    return JsonResponse(body, status=202)


@router.get("/estates", auth=AUTH, openapi_extra=DOC, summary="The caller's estates")
def estate_list(request: HttpRequest) -> list[dict[str, Any]]:
    return [_head(request, e) for e in services.estate_search(user=request.user)]


@router.get("/estates/{public_id}", auth=AUTH, openapi_extra=DOC, summary="An estate's progress and totals")
def estate_detail(request: HttpRequest, public_id: UUID) -> dict[str, Any]:
    """Progress while it runs; once every database is finished, the totals per placement, licences and blockers."""
    estate = _estate(request, public_id)
    progress = services.estate_progress(estate)
    body = {**_head(request, estate), "progress": progress_json(progress), "totals": None}
    if not progress.running:
        body["totals"] = totals_json(services.estate_totals_of(services.estate_rows(estate)))
    return body


@router.get("/estates/{public_id}/databases", auth=AUTH, openapi_extra=DOC, summary="An estate's databases")
def estate_databases(request: HttpRequest, public_id: UUID) -> list[dict[str, Any]]:
    """Per database: row, name, status, error, the recommended option and every option's verdict and cost."""
    estate = _estate(request, public_id)
    return [database_json(row, summary) for row, summary in services.estate_rows(estate)]


@router.delete("/estates/{public_id}", auth=AUTH, openapi_extra=DOC, summary="Delete an estate (cancels its run)")
def estate_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    estate = _estate(request, public_id, edit=True)
    services.estate_delete(estate=estate, by=request.user.get_username())
    return HttpResponse(status=204)
