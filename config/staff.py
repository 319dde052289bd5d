"""The staff-only pages' gate, in the site's own words: someone not signed in goes to the site's sign-in page and
comes back; a signed-in user who is not staff is told the page is for staff (403), not sent to the admin's sign-in
form to sign in again as somebody else."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

View = Callable[..., HttpResponse]


def staff_required(view: View) -> View:
    @wraps(view)
    def gated(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not (user.is_active and user.is_staff):
            raise PermissionDenied(
                "Price snapshots and refreshes are for the site's staff: ask an administrator if you need them. The "
                "prices they keep are the ones every page uses."
            )
        return view(request, *args, **kwargs)

    return gated
