"""The advisor's JSON API (django-ninja): workload schema and validation, IO limits, verdicts, recommendations,
and the caller's saved assessments. Request bodies are the engines' own pydantic models, so the OpenAPI document
describes exactly what is validated; refused bodies are explained by the engines' parsers (``config.api_errors``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import Router, Schema
from ninja.utils import check_csrf
from pydantic import ValidationError

from advisor import access, services
from advisor.apikeys.auth import CREDENTIALS_REQUIRED, api_key, session_user
from advisor.apikeys.models import ApiKey
from advisor.engine.ioquery import IoQuery, IoQueryInvalid, parse_io_query, report_json, run_io_query
from advisor.engine.rules.loader import verdicts_json
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import Workload, WorkloadInvalid, parse_workload_json, workload_json_schema
from advisor.models import Assessment
from config.api_errors import error_response, explains, json_object
from config.plain_errors import field_label, field_unit, plain_message
from pricing.engine.cash_flow import CASH_FLOW_JSON_SCHEMA

router = Router(tags=["advisor"])
SAVED_DATA_AUTH = [api_key, session_user]  # reading saved assessments needs a token or a session
SAVED_DATA_DOC = {CREDENTIALS_REQUIRED: True}


def csrf_refused(request: HttpRequest) -> HttpResponse | None:
    """A browser session changes saved data only with the form's CSRF token; a token (``Authorization: Bearer``)
    is not a cookie a page could send for another site, so it needs none. The 403 to answer, or None."""
    if isinstance(request.auth, ApiKey) or check_csrf(request) is None:  # type: ignore[attr-defined]
        return None
    return error_response([{"path": "X-CSRFToken", "message": "CSRF check failed: send the CSRF token"}], 403)


def _workload_errors(body: bytes) -> list[dict[str, str]]:
    try:
        parse_workload_json(body)
    except WorkloadInvalid as invalid:
        return [{"path": e.path, "message": e.message} for e in invalid.errors]
    return []


for _name in ("api-workload-validate", "api-verdicts", "api-recommendations"):
    explains(_name)(_workload_errors)


@explains("api-iolimits")
def _io_query_errors(body: bytes) -> list[dict[str, str]]:
    data, errors = json_object(body)
    if data is None:
        return errors
    try:
        parse_io_query(data)
    except IoQueryInvalid as invalid:
        return [{"path": p.field, "message": p.message} for p in invalid.problems]
    return []


@router.get("/schema/workload", url_name="api-workload-schema", summary="The workload's JSON Schema")
def workload_schema(request: HttpRequest) -> JsonResponse:
    return JsonResponse(workload_json_schema(), json_dumps_params={"indent": 2})


@router.post("/workloads/validate", url_name="api-workload-validate", summary="Validate a workload")
def workload_validate(request: HttpRequest, payload: Workload) -> dict[str, Any]:
    """200 with the normalised workload, or 400 with every field path and what it accepts."""
    return {"workload": payload.model_dump(mode="json")}


@router.post("/iolimits", url_name="api-iolimits", summary="IO limits of an instance and storage layout")
def iolimits(request: HttpRequest, payload: IoQuery) -> JsonResponse:
    """Sustained and burst IOPS and MiB/s per IO size, with the binding limit in words and its sources."""
    try:  # the platform rules and AWS/OCI bounds, beyond the shape ninja has checked
        query = parse_io_query(payload.model_dump(exclude_unset=True))
    except IoQueryInvalid as invalid:
        return error_response([{"path": p.field, "message": p.message} for p in invalid.problems], 400)
    return JsonResponse(report_json(run_io_query(query)))


@router.post("/verdicts", url_name="api-verdicts", summary="Verdict per deployment option")
def verdicts(request: HttpRequest, payload: Workload) -> JsonResponse:
    """Blocked, viable with caveats or viable per option, with the findings that decide it."""
    return JsonResponse(verdicts_json(services.verdicts_for(payload)))


def _policy(params: Any) -> tuple[SizingPolicy, list[dict[str, str]]]:
    given = {name: params[f"policy.{name}"] for name in SizingPolicy.model_fields if params.get(f"policy.{name}")}
    try:
        return SizingPolicy.model_validate(given), []
    except ValidationError as invalid:
        return SizingPolicy(), [
            {
                "path": f"policy.{e['loc'][0]}",
                "message": plain_message(
                    e, label=field_label(SizingPolicy, e["loc"]), unit=field_unit(SizingPolicy, e["loc"])
                ),
            }
            for e in invalid.errors()
        ]


_POLICY_PARAMETERS = [
    {
        "name": f"policy.{name}",
        "in": "query",
        "required": False,
        "description": field.description or field.title or name,
        "schema": {"type": "boolean" if field.annotation is bool else "number"},
    }
    for name, field in SizingPolicy.model_fields.items()
]


_BASIS = {"type": "string"}
RECOMMENDATIONS_RESPONSE = {
    "description": "Per option: verdict, findings, configuration, capacity, cost, commitments and alternatives. "
    "Every total names its basis: cost.total_monthly_usd is the run-rate a month (cost.totals_basis), one_year_usd "
    "and three_year_usd the run-rate over 12 and 36 months (cost.years_basis: rising support counted as paid in "
    "those years); cost.run_rate and cost.cash_as_paid give both bases; commitments' monthly_usd is the run-rate, "
    "their total_12_months_usd, total_36_months_usd and cash_year_usd are cash as paid (null, with "
    "timing_not_known saying why, where only an effective rate is held and the upfront fee is not known).",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "options": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "cost": {
                                    "type": ["object", "null"],
                                    "properties": {
                                        "totals_basis": _BASIS | {"description": "the basis of total_monthly_usd"},
                                        "years_basis": _BASIS | {"description": "the basis of one_year_usd and "
                                                                 "three_year_usd (the run-rate over 12 and 36 "
                                                                 "months)"},
                                        **CASH_FLOW_JSON_SCHEMA,
                                    },
                                },
                                "commitments": {
                                    "type": ["object", "null"],
                                    "properties": {
                                        "run_rate_basis": _BASIS | {"description": "the basis of each monthly_usd"},
                                        "cash_basis": _BASIS | {"description": "the basis of cash_year_usd and the "
                                                                "12- and 36-month totals"},
                                    },
                                },
                            },
                        },
                    }
                },
            }
        }
    },
}  # fmt: skip


@router.post(
    "/recommendations",
    url_name="api-recommendations",
    summary="Recommendation per deployment option",
    openapi_extra={"parameters": _POLICY_PARAMETERS, "responses": {200: RECOMMENDATIONS_RESPONSE}},
)
def recommendations(request: HttpRequest, payload: Workload) -> HttpResponse:
    """Per option: verdict, findings, configuration, capacity, cost and alternatives, and ``ranking``: the option
    recommended on one basis (on-demand, Oracle licences included), the runner-up and margin, and the options left out
    with why; ``policy.*`` adjusts sizing. Totals name their basis: the monthly run-rate (licences spread over their
    amortisation term) or cash as paid by year (licence purchases, upfront fees and support when paid)."""
    policy, errors = _policy(request.GET)
    if errors:
        return error_response(errors, 400)
    return HttpResponse(services.recommendation_json_text(payload, policy), content_type="application/json")


class AssessmentSummary(Schema):
    public_id: UUID
    name: str
    customer: str
    project: str
    url: str
    updated: datetime


class AssessmentDetail(AssessmentSummary):
    workload: dict[str, Any]


def _summary(request: HttpRequest, assessment: Assessment) -> dict[str, Any]:
    return {
        "public_id": assessment.public_id,
        "name": assessment.name,
        "customer": assessment.customer,
        "project": assessment.project,
        "url": request.build_absolute_uri(assessment.get_absolute_url()),
        "updated": assessment.updated_at,
    }


@router.get(
    "/assessments",
    auth=SAVED_DATA_AUTH,
    openapi_extra=SAVED_DATA_DOC,
    response=list[AssessmentSummary],
    summary="The caller's assessments",
)
def assessment_list(request: HttpRequest) -> list[dict[str, Any]]:
    """Every assessment the caller may see (their own and their teams'; staff: all), newest first."""
    return [_summary(request, a) for a in access.visible_assessments(request.user).order_by("-updated_at")]


@router.get(
    "/assessments/{public_id}",
    auth=SAVED_DATA_AUTH,
    openapi_extra=SAVED_DATA_DOC,
    response=AssessmentDetail,
    summary="One assessment",
)
def assessment_detail(request: HttpRequest, public_id: UUID) -> dict[str, Any]:
    """One assessment with its workload; 404 when it does not exist or the caller may not see it."""
    assessment = Assessment.objects.filter(public_id=public_id).first()
    if assessment is None or not access.can_view(request.user, assessment):
        raise Http404("no assessment with this id that you may see")
    return {**_summary(request, assessment), "workload": assessment.workload}
