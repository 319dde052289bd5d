"""Limits every request meets before a view: body size per path, and JSON bodies no parser can choke on.

``RequestLimitsMiddleware`` answers 413, with the limit in words, when ``Content-Length`` is past the limit
for the path (checked before the body is read); 400 for a NUL character in the address or a query parameter
(PostgreSQL refuses NUL in any text it is asked to compare) and for a multipart body no parser can read; refuses
a JSON body under ``/api/`` that ``config.safe_json`` refuses (too deep, numbers out of range, NUL or lone
surrogates) with 400 and the one error shape; and turns an unexpected exception under ``/api/`` into a JSON 500
instead of the HTML error page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError

from config.safe_json import JsonRefused, loads
from config.upload_limits import MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES_BACKGROUND

logger = logging.getLogger(__name__)

KIB = 1024
MIB = 1024 * KIB

# (path prefix, bytes): the first prefix that matches wins; settings.REQUEST_BODY_LIMITS replaces the list.
DEFAULT_BODY_LIMITS: tuple[tuple[str, int], ...] = (
    ("/api/v1/estates", MAX_UPLOAD_BYTES.value),  # an inventory, or a ZIP of reports (estates/engine/report_zip.py)
    ("/estates/new/", MAX_UPLOAD_BYTES.value),  # the same from the estate page
    ("/api/v1/awr/imports", MAX_UPLOAD_BYTES_BACKGROUND.value),  # as the page: more than 16 files go to a job
    ("/api/", 256 * KIB),  # a workload, an IO query or an estimate config is a few KiB
    ("/assessments/import/", 2 * MIB),  # a workload file with its form
    ("/import/awr/", MAX_UPLOAD_BYTES_BACKGROUND.value),  # the AWR upload page: its largest (background) upload
    ("/prices/refresh", 512 * MIB),  # an AWS offer file for one Region and service
    ("/", 2 * MIB),
)


def body_limit(path: str) -> int:
    """The largest body accepted on ``path``, in bytes."""
    for prefix, limit in getattr(settings, "REQUEST_BODY_LIMITS", DEFAULT_BODY_LIMITS):
        if path.startswith(prefix):
            return int(limit)
    return 2 * MIB


def in_words(size: int) -> str:
    """``262144`` -> ``256 KiB``: sizes the way the 413 answer states them."""
    for unit, factor in (("GiB", 1024 * MIB), ("MiB", MIB), ("KiB", KIB)):
        if size >= factor:
            amount = size / factor
            return f"{amount:.0f} {unit}" if amount == int(amount) else f"{amount:.1f} {unit}"
    return f"{size} bytes"


def _error(request: HttpRequest, status: int, path: str, message: str) -> HttpResponse:
    if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
        return JsonResponse({"errors": [{"path": path, "message": message}]}, status=status)
    return HttpResponse(f"{path}: {message}\n", status=status, content_type="text/plain; charset=utf-8")


def _nul_in_address(request: HttpRequest) -> str | None:
    """Where a NUL sits in the address: ``url``, or the query parameter's name; None when there is none."""
    if "\x00" in request.path:
        return "url"
    for name, values in request.GET.lists():
        if "\x00" in name or any("\x00" in value for value in values):
            return name.replace("\x00", "%00") or "query"
    return None


class RequestLimitsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = self._refusal(request)
        return refusal if refusal is not None else self.get_response(request)

    def _refusal(self, request: HttpRequest) -> HttpResponse | None:
        limit = body_limit(request.path)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _error(request, 400, "Content-Length", "must be a whole number of bytes")
        if length > limit:
            return _error(
                request,
                413,
                "body",
                f"the request body is {in_words(length)}; at most {in_words(limit)} is accepted on {request.path}",
            )
        nul = _nul_in_address(request)
        if nul is not None:
            return _error(request, 400, nul, "contains a NUL character (%00), which nothing here accepts")
        if request.method in ("POST", "PUT", "PATCH") and request.content_type == "multipart/form-data":
            try:
                request.POST  # noqa: B018 -- parsed here so that a broken body is a 400, not a view's 500
            except MultiPartParserError as broken:
                where = "Content-Type" if "boundary" in str(broken) or "Content-Type" in str(broken) else "body"
                return _error(request, 400, where, f"not readable as multipart form data ({broken})")
        form = request.content_type in ("multipart/form-data", "application/x-www-form-urlencoded")
        if request.method in ("POST", "PUT", "PATCH") and request.path.startswith("/api/") and length and not form:
            try:
                loads(request.body)
            except JsonRefused as refused:
                return JsonResponse(refused.as_json(), status=400)
        return None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """Under ``/api/`` a client gets JSON even when the server fails; elsewhere Django's page stands."""
        if not request.path.startswith("/api/"):
            return None
        logger.exception("unexpected error on %s", request.path, exc_info=exception)
        return JsonResponse(
            {"errors": [{"path": "(server)", "message": "unexpected server error; it has been logged"}]}, status=500
        )
