"""Security headers Django does not set itself: Permissions-Policy, and no caching of an owner's data."""

from collections.abc import Callable

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

# The pages use no camera, microphone, location, payment or sensors; deny them to this origin and to any frame.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


class PermissionsPolicyMiddleware:
    """Adds Permissions-Policy to every response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


SHARE_PREFIX = "/s/"  # read-only share links (advisor/accounts/urls.py): an owner's data, shown to anyone with the link


class PrivateResponsesMiddleware:
    """``Cache-Control: private, no-store`` on every response that may show an owner's data: anything answered to a
    signed-in user or an API token's owner, and every share-link page, so no shared cache (a proxy, a CDN) keeps a
    copy and the browser does not store one on disk. Directives a view set itself are kept (``patch_cache_control``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path.startswith(SHARE_PREFIX) or _signed_in(request):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)  # a token's owner on the API (advisor.apikeys.auth)
    try:
        return user is not None and user.is_authenticated
    except DatabaseError:  # the session could not be read (database down): it may be someone's, keep it private
        return True
