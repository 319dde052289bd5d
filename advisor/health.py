"""Liveness and readiness: can this server reach its database, and has it the prices it quotes from?

During an outage only staff are told what failed (the driver's message names the database host and port); anyone
else reads "unavailable", and the log keeps the detail.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

from config.api_errors import DATABASE_RETRY_AFTER_SECONDS
from pricing.models import PriceSnapshot

logger = logging.getLogger(__name__)


def database_problem() -> str | None:
    """None when a trivial query answers; otherwise what went wrong, in one line (no credentials: the driver's
    message names the host and database at most)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        return f"unreachable: {first_line}"[:300]
    return None


def price_snapshots_missing() -> list[str]:
    """The services with no current price snapshot in any Region: without them no option can be priced."""
    present = set(PriceSnapshot.objects.filter(is_current=True).values_list("service", flat=True).distinct())
    return [
        f"no current {label} price snapshot (load one: manage.py load_prices or refresh_prices)"
        for service, label in PriceSnapshot.Service.choices
        if service not in present
    ]


def _staff(request: HttpRequest) -> bool:
    try:
        return bool(getattr(request.user, "is_staff", False))
    except DatabaseError:  # the session could not be read: treat the caller as anyone
        return False


def unavailable(request: HttpRequest, problem: str) -> JsonResponse:
    """The 503 of /healthz and /readyz: the detail for staff, "unavailable" for everyone else (and in the log)."""
    logger.error("health check: database %s", problem)
    response = JsonResponse(
        {"status": "unavailable", "database": problem if _staff(request) else "unavailable"}, status=503
    )
    response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response
