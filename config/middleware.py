"""The app's own "not found" answers, in every mode: ``templates/404.html`` for pages, a JSON error for the API.

Django answers a mistyped address with its technical 404 page while DEBUG is on (what ``make run`` serves), and
with the HTML 404 page on API paths; this replaces both, after the view, so every 404 of the app reads the same."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

API_PREFIX = "/api/"


class NotFoundMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 404 or not response.get("Content-Type", "").startswith("text/html"):
            return response  # found, or a 404 a view wrote on purpose (the API's JSON ones)
        if request.path.startswith(API_PREFIX):
            # the error shape every JSON API of the app answers with (config/api.py, advisor/views.py)
            message = f"Not found: there is no API endpoint at {request.path}."
            return JsonResponse({"errors": [{"path": "url", "message": message}]}, status=404)
        if settings.DEBUG:  # without DEBUG, Django's handler404 has rendered 404.html already
            return render(request, "404.html", status=404)
        return response
