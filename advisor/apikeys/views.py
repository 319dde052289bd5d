"""The signed-in user's API tokens: list, create (the key shown once) and revoke."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from advisor.apikeys import services
from advisor.apikeys.models import ApiKey


@login_required
@require_http_methods(["GET", "POST"])
def token_list(request: HttpRequest) -> HttpResponse:
    """GET: the user's tokens; POST ``name``: a new token, whose key this one answer shows."""
    context = {"new_key": "", "error": "", "name": ""}
    status = 200
    if request.method == "POST":
        context["name"] = request.POST.get("name", "")
        try:
            _, context["new_key"] = services.apikey_create(user=request.user, name=context["name"])
            context["name"] = ""
        except ValueError as bad:
            context["error"], status = str(bad), 422
    context["keys"] = ApiKey.objects.filter(user=request.user)
    response = render(request, "apikeys/token_list.html", context, status=status)
    response["Cache-Control"] = "no-store"  # the page may hold a key
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest, key_id: int) -> HttpResponse:
    key = services.apikey_revoke(user=request.user, key_id=key_id)
    if key is not None:
        messages.success(request, f"Revoked “{key.name}”: requests with its key now get 401.")
    return redirect("apikeys:token-list")
