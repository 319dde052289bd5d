"""Pricing's JSON API (django-ninja): ``POST /api/v1/estimate``, the bill of one config from the current snapshots.

The body is the engine's ``EstimateConfig``; a refused body is explained by the engine's own parser, so the API
names fields and accepted values as the /estimate page and ``manage.py estimate`` do. Imports nothing of advisor.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from ninja import Router

from config.api_errors import error_response, explains, json_object
from pricing.engine.calculator import EstimateInvalid
from pricing.engine.cash_flow import CASH_FLOW_JSON_SCHEMA
from pricing.engine.estimate_config import EstimateConfig
from pricing.pages import estimate as estimate_page

router = Router(tags=["pricing"])


@explains("api-estimate")
def _config_errors(body: bytes) -> list[dict[str, str]]:
    data, errors = json_object(body)
    if data is None:
        return errors
    try:
        estimate_page.estimate_run(data)
    except EstimateInvalid as invalid:
        return estimate_page.problems_json(invalid.problems)
    return []


ESTIMATE_RESPONSE = {
    "description": "The bill line by line and the snapshots it was priced from. total_monthly_usd is the monthly "
    "run-rate (licence purchases spread over licences.term_years, a reservation's upfront fee over its term; "
    "totals_basis says so); run_rate and cash_as_paid give the totals on each basis, labelled.",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "total_monthly_usd": {"type": "string", "description": "run-rate a month (see totals_basis)"},
                    "totals_basis": {"type": "string", "description": "e.g. 'run-rate, licences spread over 3 years'"},
                    **CASH_FLOW_JSON_SCHEMA,
                },
            }
        }
    },
}


@router.post(
    "/estimate",
    url_name="api-estimate",
    summary="Monthly cost of one deployment",
    openapi_extra={"responses": {200: ESTIMATE_RESPONSE}},
)
def estimate(request: HttpRequest, payload: EstimateConfig) -> JsonResponse:
    """The bill line by line (money as exact decimal strings) and the price snapshots it was priced from, with its
    totals on two bases never mixed: ``run_rate`` (a month, licence purchases spread over the amortisation term) and
    ``cash_as_paid`` (year 1, 2 and 3: the licence purchase and a reservation's upfront fee in month 1, Oracle support
    at the start of each year)."""
    try:
        answer = estimate_page.estimate_run(payload)
    except EstimateInvalid as invalid:
        return error_response(estimate_page.problems_json(invalid.problems), 400)
    return JsonResponse(estimate_page.estimate_json(answer))
