"""The JSON API's one error shape, ``{"errors": [{"path", "message"}]}``, for every failure django-ninja can raise.

Ninja validates request bodies against the engines' own pydantic models (so the OpenAPI document describes them);
when a body fails, the route's *explainer* (registered by the app that owns the route) re-reads the raw body with
the engine's parser, so the API names fields and accepted values exactly as the forms and the CLI do. Routes without
one get ninja's errors flattened to dotted paths. Nothing here imports an app.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from config.plain_errors import humanised, plain_message

if TYPE_CHECKING:
    from ninja import NinjaAPI

logger = logging.getLogger("config.api")

Explainer = Callable[[bytes], list[dict[str, str]]]
_EXPLAINERS: dict[str, Explainer] = {}
DATABASE_RETRY_AFTER_SECONDS = 30  # a hint, not a promise: a restarted or failed-over database is usually back by then


def explains(url_name: str) -> Callable[[Explainer], Explainer]:
    """Register the function that turns a refused body of route ``url_name`` into the engine's field errors."""

    def register(explainer: Explainer) -> Explainer:
        _EXPLAINERS[url_name] = explainer
        return explainer

    return register


def json_object(body: bytes) -> tuple[dict[str, Any] | None, list[dict[str, str]]]:
    """A request body as a JSON object, or the errors that say why it is not one (for explainers)."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        return None, [{"path": "body", "message": f"not valid JSON: {error}"}]
    if not isinstance(data, dict):
        return None, [{"path": "body", "message": "expected a JSON object"}]
    return data, []


def error_response(errors: list[dict[str, str]], status: int) -> JsonResponse:
    return JsonResponse({"errors": errors}, status=status)


def _explained(request: HttpRequest) -> list[dict[str, str]] | None:
    match = getattr(request, "resolver_match", None)
    explainer = _EXPLAINERS.get(match.url_name if match else "")
    if explainer is None:
        return None
    return explainer(request.body) or None


def _flatten(errors: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Ninja's errors (``loc`` starts with where the value came from: body, query, path) as dotted paths."""
    flat = []
    for error in errors:
        loc = [str(part) for part in error.get("loc", ())]
        if loc and loc[0] in ("body", "query", "path", "header", "cookie", "form"):
            where, loc = loc[0], loc[1:]
            if where == "body" and loc[:1] == ["payload"]:
                loc = loc[1:]
        label = humanised(loc[-1]) if loc else "The request body"
        flat.append({"path": ".".join(loc) or "body", "message": plain_message(error, label=label)})
    return flat


def _validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    return error_response(_explained(request) or _flatten(exc.errors), 400)


def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if exc.status_code == 400:  # the body is not JSON: say why, as the engine's parser does
        explained = _explained(request)
        if explained:
            return error_response(explained, 400)
        return error_response([{"path": "body", "message": f"{exc.message}: expected a JSON object"}], 400)
    if isinstance(exc, Throttled):
        seconds = None if exc.wait is None else max(1, math.ceil(exc.wait))
        wait = "" if seconds is None else f" Retry in {seconds} s (the Retry-After header)."
        message = f"Too many requests from this client (token or address).{wait}"
        response = error_response([{"path": "request", "message": message}], 429)
        if seconds is not None:
            response["Retry-After"] = str(seconds)
        return response
    if isinstance(exc, AuthenticationError):
        message = (
            "Authentication required: send Authorization: Bearer <key> with an active API token "
            "(create one at /account/tokens/), or sign in. Revoked or unknown keys are refused."
        )
        response = error_response([{"path": "Authorization", "message": message}], 401)
        response["WWW-Authenticate"] = 'Bearer realm="api"'
        return response
    return error_response([{"path": "request", "message": str(exc.message)}], exc.status_code)


def _not_found(request: HttpRequest, exc: Exception) -> HttpResponse:
    return error_response([{"path": "url", "message": f"Not found: {exc}" if str(exc) else "Not found."}], 404)


def _database_unavailable(request: HttpRequest, exc: DatabaseError) -> HttpResponse:
    """The database did not answer: 503 with Retry-After, the caller may simply try again; the detail goes to the log."""
    logger.error("database unavailable on %s %s: %s", request.method, request.path, exc)
    message = f"The database is unavailable; try again in {DATABASE_RETRY_AFTER_SECONDS} s (the Retry-After header)."
    response = error_response([{"path": "server", "message": message}], 503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response


def _server_error(request: HttpRequest, exc: Exception) -> HttpResponse:
    """Unexpected errors answer JSON, never the HTML 500 page nor a traceback; the traceback goes to the log."""
    logger.exception("API error on %s %s", request.method, request.path, exc_info=exc)
    message = "Internal error: the server could not answer this request. It has been logged; try again later."
    return error_response([{"path": "server", "message": message}], 500)


def install_handlers(api: NinjaAPI) -> None:
    api.add_exception_handler(ValidationError, _validation_error)
    api.add_exception_handler(HttpError, http_error)
    api.add_exception_handler(Http404, _not_found)
    api.add_exception_handler(DatabaseError, _database_unavailable)
    api.add_exception_handler(Exception, _server_error)
