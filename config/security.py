"""Security headers Django does not set itself."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

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
