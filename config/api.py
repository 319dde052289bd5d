"""The one JSON API at ``/api/v1/`` (django-ninja), built from the routers that live in their apps.

Compute-only endpoints are open (a Bearer token is accepted, and a bad one refused) and every endpoint is
rate-limited per client (``settings.API_RATE_LIMIT``); endpoints over saved data declare their own auth. The OpenAPI
3.1 document is at ``/api/v1/openapi.json`` and the docs page (Swagger UI, served from ninja's own static files,
no CDN) at ``/api/v1/docs``. Every error answers ``{"errors": [{"path", "message"}]}`` (``config.api_errors``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.urls import URLPattern, URLResolver, path
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, Throttled

from advisor.api import router as advisor_router
from advisor.apikeys.auth import (
    CREDENTIALS_REQUIRED,
    ClientRateThrottle,
    anonymous_client,
    api_key,
    refusal_wait,
    session_user,
)
from advisor.awr.api import router as awr_router
from advisor.estates.api import router as estates_router
from config.api_errors import error_response, http_error, install_handlers
from pricing.api import router as pricing_router

PREFIX = "api/v1/"


def _json_not_allowed(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Ninja answers a wrong method with a plain-text 405; the API answers every error in its JSON shape."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if isinstance(response, HttpResponseNotAllowed):
            allowed = response["Allow"]
            message = f"Method {request.method} not allowed here; allowed: {allowed}."
            response = error_response([{"path": "method", "message": message}], 405)
            response["Allow"] = allowed
        return response

    return wrapper


class AdvisorApi(NinjaAPI):
    def _get_urls(self) -> list[URLResolver | URLPattern]:
        patterns = super()._get_urls()
        for pattern in patterns:
            if isinstance(pattern, URLPattern):
                pattern.callback = _json_not_allowed(pattern.callback)
        return patterns

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        """Compute-only routes accept a token but need none: their security lists ``{}`` (anonymous) too."""
        schema = super().get_openapi_schema(**kwargs)
        for operations in schema["paths"].values():
            for operation in operations.values():
                if "security" in operation and not operation.pop(CREDENTIALS_REQUIRED, False):
                    operation["security"] = [*operation["security"], {}]
        return schema


api = AdvisorApi(
    title="Oracle on AWS Advisor API",
    version="1",
    description="Workload validation, verdicts, recommendations, IO limits and cost estimates. "
    'Errors answer 4xx/5xx with {"errors": [{"path", "message"}]}.',
    urls_namespace="api",
    auth=[api_key, session_user, anonymous_client],
    throttle=[ClientRateThrottle()],
    # Deep links put a link inside each operation's button (a control inside a control, which screen readers and
    # axe refuse); templates/ninja/swagger.html adds the page's language and colours with enough contrast.
    docs=Swagger(settings={"deepLinking": False}),
)
install_handlers(api)


def _refused(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    """401, unless this address has been refused (or served) past the rate limit: then 429 with Retry-After."""
    wait = refusal_wait(request)
    return http_error(request, exc if wait is None else Throttled(wait=wait))


api.add_exception_handler(AuthenticationError, _refused)
api.add_router("", advisor_router)
api.add_router("", awr_router)
api.add_router("", pricing_router)
api.add_router("", estates_router)


def named_route(route: str, name: str) -> URLPattern:
    """The API's own view for ``route`` under an app's URL name, so ``{% url 'advisor:api-…' %}`` keeps working."""
    patterns, _, _ = api.urls
    for pattern in patterns:
        if str(pattern.pattern) == route:
            return path(PREFIX + route, pattern.callback, name=name)
    raise LookupError(f"the API has no route {route!r}")
