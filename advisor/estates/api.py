"""Estates in the JSON API (django-ninja, mounted by config/api.py): create one from an inventory file, poll its
progress, read its totals and databases, delete it (which cancels what is still to run). A token or a session."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import File, Form, Router, UploadedFile

from advisor.access import visible_assessments
from advisor.api import csrf_refused
from advisor.apikeys.auth import CREDENTIALS_REQUIRED, api_key, session_user
from advisor.estates import access, services
from advisor.estates.engine.as_json import database_json, progress_json, totals_json
from advisor.estates.forms import MAX_ROWS, EstateFieldsForm, assessment_ids, field_errors
from advisor.estates.models import Estate
from config.api_errors import error_response, json_object

router = Router(tags=["estates"])
AUTH = [api_key, session_user]
DOC = {CREDENTIALS_REQUIRED: True}
# The JSON body of an estate of saved assessments, beside the multipart upload in the document (the view reads it
# itself: validated by the same form as the page's, and ``assessment_ids``).
FROM_ASSESSMENTS = {
    "type": "object",
    "title": "EstateFromAssessments",
    "required": ["assessments"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "maxLength": 200, "description": "the estate's name"},
        "customer": {"type": "string", "maxLength": 200},
        "team": {"type": ["integer", "null"], "description": "the id of one of your teams"},
        "assessments": {"type": "array", "minItems": 1, "maxItems": MAX_ROWS, "uniqueItems": True,
                        "items": {"type": "string", "format": "uuid"},
                        "description": "saved assessments' ids that you may see"},
    },
}  # fmt: skip
CREATE_DOC = {**DOC, "requestBody": {"content": {"application/json": {"schema": FROM_ASSESSMENTS}}}}
UPLOAD = File(None, description="the inventory (CSV or XLSX) or a ZIP of reports")
TEAM = Form(None, description="the id of one of your teams, whose members then see the estate")


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
            "masked": estate.masked, "notes": estate.notes,
            "team": None if estate.team is None else {"id": estate.team.pk, "name": estate.team.name}}  # fmt: skip


def _fields(request: HttpRequest, data: dict[str, Any]) -> EstateFieldsForm:
    return EstateFieldsForm({k: data[k] for k in ("name", "customer", "team") if data.get(k) is not None},
                            user=request.user)  # fmt: skip


def _created(request: HttpRequest, estate: Estate, errors: Any = ()) -> JsonResponse:
    body = {**_head(request, estate), "progress": progress_json(services.estate_progress(estate)),
            "row_errors": [{"row": e.row, "column": e.column, "message": e.message} for e in errors]}  # fmt: skip
    return JsonResponse(body, status=202)


def _from_assessments(request: HttpRequest) -> HttpResponse:
    data, errors = json_object(request.body)
    if data is None:
        return error_response(errors, 400)
    unknown = sorted(set(data) - {"name", "customer", "team", "assessments"})
    if unknown:
        return error_response([{"path": k[:80], "message": "not a field: accepted name, customer, team, assessments"}
                               for k in unknown[:20]], 400)  # fmt: skip
    form = _fields(request, data)
    ids, id_errors = assessment_ids(data.get("assessments"))
    if not form.is_valid() or id_errors:
        return error_response(field_errors(form) + id_errors, 400)
    found = {str(a.public_id): a for a in visible_assessments(request.user).filter(public_id__in=ids)}
    missing = [{"path": f"assessments[{i}]", "message": f"no saved assessment {one} that you may see"}
               for i, one in enumerate(ids) if one not in found]  # fmt: skip
    if missing:
        return error_response(missing[:50], 404)
    estate = services.estate_from_assessments(assessments=[found[i] for i in ids], name=form.cleaned_data["name"],
                                              customer=form.cleaned_data["customer"], owner=request.user,
                                              team=form.cleaned_data["team"])  # fmt: skip
    return _created(request, estate)


@router.post("/estates", auth=AUTH, openapi_extra=CREATE_DOC,
             summary="Create an estate from an inventory (CSV or XLSX), a ZIP of AWR reports or saved assessments")  # fmt: skip
def estate_create(request: HttpRequest, file: UploadedFile | None = UPLOAD, name: str = Form(""),
                  customer: str = Form(""), mask: bool = Form(False), team: int | None = TEAM) -> Any:  # fmt: skip
    """202 with the estate and its progress: each valid row is assessed in the background (poll
    ``GET /estates/{id}``); refused rows are listed with their row and column; a file that cannot be read is 400.
    A ZIP of AWR / Statspack / AWR-Miner reports (one folder per database, or grouped by DBID) is read in the
    background first (``progress.reading``); its databases appear once read. ``mask`` masks the names they print.
    ``team``: the id of one of your teams, whose members then see the estate.

    Or, as ``application/json``, an estate of saved assessments: ``{"name": ..., "customer": ..., "team": ...,
    "assessments": [their ids]}`` (1 to 2,000 you may see; any other id is 404)."""
    refused = csrf_refused(request)
    if refused is not None:
        return refused
    if request.content_type == "application/json":
        return _from_assessments(request)
    form = _fields(request, {"name": name, "customer": customer, "team": team})
    if file is None:
        return error_response([{"path": "file", "message": "give an inventory (CSV or XLSX) or a ZIP of reports "
                                "as multipart form data, or saved assessments' ids as a JSON body"}], 400)  # fmt: skip
    if not form.is_valid():
        return error_response(field_errors(form), 400)
    try:
        estate, inventory = services.estate_from_upload(
            data=services.read_upload_bytes(file), file_name=file.name or "", name=form.cleaned_data["name"],
            customer=form.cleaned_data["customer"], mask=mask, owner=request.user, team=form.cleaned_data["team"],
        )  # fmt: skip
    except services.InventoryRefused as refused_file:
        return error_response([{"path": "file", "message": p} for p in refused_file.problems], 400)
    return _created(request, estate, inventory.errors if inventory is not None else ())


@router.get("/estates", auth=AUTH, openapi_extra=DOC, summary="The caller's estates")
def estate_list(request: HttpRequest) -> list[dict[str, Any]]:
    return [_head(request, e) for e in services.estate_search(user=request.user)]


@router.get("/estates/{public_id}", auth=AUTH, openapi_extra=DOC, summary="An estate's progress and totals")
def estate_detail(request: HttpRequest, public_id: UUID) -> dict[str, Any]:
    """Progress while it runs; once every database is finished, the totals per placement, licences and blockers,
    the licences owned (``owned``: processor licences, SE2 sockets, per edition; ``owned_by_metric``: per edition,
    then per metric, Named User Plus apart) and how many databases rest on figures their rows did not give
    (``databases_on_assumed_figures``, ``assumed_figures`` per figure)."""
    estate = _estate(request, public_id)
    progress = services.estate_progress(estate)
    body = {**_head(request, estate), "progress": progress_json(progress), "totals": None}
    if not progress.running:
        body["totals"] = totals_json(services.estate_totals_of(services.estate_rows(estate)))
    return body


@router.get("/estates/{public_id}/databases", auth=AUTH, openapi_extra=DOC, summary="An estate's databases")
def estate_databases(request: HttpRequest, public_id: UUID) -> list[dict[str, Any]]:
    """Per database: row, name, status, error, ``assumed`` (the figures its row did not give, each with the default
    assumed: ``[{"figure": "peak CPU", "value": "4 vCPUs"}]``), the recommended option and every option's verdict and
    cost."""
    estate = _estate(request, public_id)
    return [database_json(row, summary) for row, summary in services.estate_rows(estate)]


@router.delete("/estates/{public_id}", auth=AUTH, openapi_extra=DOC, summary="Delete an estate (cancels its run)")
def estate_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    refused = csrf_refused(request)
    if refused is not None:
        return refused
    estate = _estate(request, public_id, edit=True)
    services.estate_delete(estate=estate, by=request.user.get_username())
    return HttpResponse(status=204)
