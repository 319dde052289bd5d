"""Liveness and readiness: can this server reach its database, and has it the prices it quotes from?"""

from __future__ import annotations

from django.db import DatabaseError, connection

from pricing.models import PriceSnapshot


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
