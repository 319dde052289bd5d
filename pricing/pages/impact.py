"""What the make-current confirmation and the affected-assessments panel show: which saved work a snapshot switch
reprices (``pricing.snapshots.impact``), with the row counts of the switch and what the page must post back to confirm it."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse

from pricing import services as price_services
from pricing.models import PriceSnapshot
from pricing.snapshots.impact import IMPACT_LIMIT, IMPACT_SECONDS, impact_of


def replacing_token(current: PriceSnapshot | None) -> str:
    """What the confirmation posts back: the snapshot it was reviewed against, so a switch made by someone else in
    the meantime is noticed instead of confirmed blindly."""
    return str(current.pk) if current is not None else "none"


def base_for(candidate: PriceSnapshot, against: str) -> PriceSnapshot | None:
    """``?against=<id>``: another snapshot of the same Region and service (404 if there is none), or None for the
    current one; anything but digits is refused in words."""
    if not against:
        return None
    if not against.isdigit():
        raise ValueError(
            f"against={against!r}: accepted: the id of another {candidate.service} {candidate.region} snapshot, or "
            "nothing to compare with the current one"
        )
    return get_object_or_404(PriceSnapshot, pk=int(against), region=candidate.region, service=candidate.service)


def impact_context(candidate: PriceSnapshot, base: PriceSnapshot | None, *, before_label: str = "") -> dict[str, Any]:
    """The affected-assessments panel: ``candidate`` in place of ``base`` (None: the current snapshot)."""
    report = impact_of(candidate.region, candidate.service, candidate, base=base)
    return {
        "report": report,
        "candidate": candidate,
        "base": base,
        "before_label": before_label or (f"with #{base.pk}" if base is not None else "now"),
        "after_label": f"with #{candidate.pk}",
        "seconds": int(IMPACT_SECONDS),
    }


def impact_url(candidate: PriceSnapshot, base: PriceSnapshot | None) -> str:
    url = reverse("pricing:snapshot-impact", args=[candidate.pk])
    return f"{url}?against={base.pk}" if base is not None else url


def confirm_context(snapshot: PriceSnapshot, *, stale: str = "") -> dict[str, Any]:
    """The confirmation page: the snapshot, the current one it would replace, the rows that change and the saved
    assessments repriced. ``stale``: the snapshot a confirmation was reviewed against, when that is no longer the
    current one."""
    current = price_services.snapshot_current(snapshot.region, snapshot.service)
    context: dict[str, Any] = {
        "snapshot": snapshot,
        "current": current,
        "replacing": replacing_token(current),
        "stale": stale,
        "limit": IMPACT_LIMIT,
        "back": f"{reverse('pricing:prices')}#prices-{snapshot.region}-{snapshot.service}",
    }
    if snapshot.is_current:
        return context
    context["diff"] = price_services.snapshot_diff(current, snapshot)
    before = f"now (#{current.pk})" if current is not None else "now (no snapshot)"
    context["impact"] = impact_context(snapshot, None, before_label=before)
    return context
