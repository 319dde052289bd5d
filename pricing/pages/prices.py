"""What the staff /prices/ page shows: the snapshots by region and service, the refresh form, a snapshot diff in rows
(shared with the diff page), and a refresh job as its worker reports it (``pricing.jobs``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from config.limits import body_limit, in_words
from pricing import refresh_job
from pricing import services as price_services
from pricing.catalog.regions import regions as region_catalog
from pricing.engine.rows import PriceRow
from pricing.engine.sources.names import source_name
from pricing.jobs.models import Job
from pricing.jobs.services import HEARTBEAT_TIMEOUT
from pricing.models import PriceSnapshot
from pricing.pages import impact as impact_page
from pricing.refresh.guard import MAX_REMOVED_SHARE, percent

JOB_DIFF_ROWS_SHOWN = 20  # per kind on the refresh panel
NO_WORKER_HINT_AFTER = timedelta(seconds=30)  # a job still queued this long: say that a worker must be running


def snapshot_groups() -> list[dict[str, Any]]:
    """Per region and service: the current snapshot first, then the earlier ones, newest first."""
    groups: dict[tuple[str, str], list[PriceSnapshot]] = {}
    for snapshot in PriceSnapshot.objects.order_by("region", "service", "-is_current", "-created_at", "-pk"):
        groups.setdefault((snapshot.region, snapshot.service), []).append(snapshot)
    for snapshots in groups.values():
        _link_impacts(snapshots)
        for snapshot in snapshots:  # named as people know it; the files and commits it was read from on hover
            snapshot.source_words = source_name(snapshot.source, region=snapshot.region)
    return [
        {"region": region, "service": service, "snapshots": snapshots, "anchor": f"prices-{region}-{service}"}
        for (region, service), snapshots in groups.items()
    ]


def _link_impacts(snapshots: list[PriceSnapshot]) -> None:
    """Each snapshot's impact link: an earlier one against the current (what making it current would change); the
    current one against the snapshot it replaced (what it changed); none for a snapshot alone."""
    current = next((s for s in snapshots if s.is_current), None)
    for snapshot in snapshots:
        snapshot.impact_link = ""  # type: ignore[attr-defined]
        if snapshot is not current and current is not None:
            snapshot.impact_link = impact_page.impact_url(snapshot, None)  # type: ignore[attr-defined]
        elif snapshot is current:
            replaced = max((s for s in snapshots if s.pk < snapshot.pk), key=lambda s: s.pk, default=None)
            if replaced is not None:
                snapshot.impact_link = impact_page.impact_url(snapshot, replaced)  # type: ignore[attr-defined]


def refresh_form(data: dict[str, str] | None = None, errors: dict[str, str] | None = None) -> dict[str, Any]:
    upload_limit = body_limit(reverse("pricing:refresh-start"))  # what the server accepts, said before sending
    return {
        "values": data or {"region": "", "service": "all"},
        "errors": errors or {},
        "regions": sorted(region_catalog()),
        "services": [("all", "RDS and EC2"), *PriceSnapshot.Service.choices],
        "max_bytes": upload_limit,
        "max_words": in_words(upload_limit),
    }


def prices_page(
    request: HttpRequest, *, job: Job | None = None, status: int | None = None, **form: Any
) -> HttpResponse:
    context = {
        "groups": snapshot_groups(),
        "form": refresh_form(**form),
        "job": job_context(job) if job else None,
        "oob": False,
        "hold_share": percent(MAX_REMOVED_SHARE),
    }
    return render(request, "pricing/prices.html", context, status=status or (422 if form.get("errors") else 200))


def _what(row: PriceRow) -> str:
    """What a price row prices, in AWS's words: the instance type or usage type and the attributes that tell apart
    rows of the same type (edition, licence model, deployment, reserved term)."""
    a = row.attributes
    parts = [a.get("instanceType") or a.get("usagetype") or a.get("volumeApiName") or row.product_family]
    parts += [a[k] for k in ("databaseEdition", "licenseModel", "deploymentOption") if a.get(k)]
    if row.term_attributes:
        parts.append(
            " ".join(row.term_attributes.get(k, "") for k in ("LeaseContractLength", "PurchaseOption")).strip()
        )
    if row.begin_range or row.end_range is not None:
        parts.append(f"range {row.begin_range}-{'Inf' if row.end_range is None else row.end_range}")
    return " · ".join(p for p in parts if p)


def diff_context(new: PriceSnapshot, old: PriceSnapshot | None, *, limit: int) -> dict[str, Any]:
    diff = price_services.snapshot_diff(old, new)
    repriced = [
        {
            "row": change.new,
            "what": _what(change.new),
            "old": change.old.price_usd,
            "new": change.new.price_usd,
            "change_pct": (
                (change.new.price_usd - change.old.price_usd) / change.old.price_usd * 100
                if change.old.price_usd
                else None
            ),
        }
        for change in diff.repriced[:limit]
    ]
    return {
        "new": new,
        "old": old,
        "diff": diff,
        "added": [{"row": row, "what": _what(row)} for row in diff.added[:limit]],
        "removed": [{"row": row, "what": _what(row)} for row in diff.removed[:limit]],
        "repriced": repriced,
        "limit": limit,
    }


def _outcome(item: dict[str, Any]) -> dict[str, Any] | None:
    """One service of a finished refresh: what became of its snapshot (``current``, ``held`` for review or ``same``
    prices, nothing written; results recorded before holds existed were all made current) with its diff."""
    outcome = item.get("outcome", "current")
    new = PriceSnapshot.objects.filter(pk=item["snapshot"]).first()
    old = PriceSnapshot.objects.filter(pk=item["previous"]).first() if item["previous"] else None
    if new is None:
        return None
    if outcome == "same":
        return {"outcome": outcome, "new": new, "summary": item}
    context = diff_context(new, old, limit=JOB_DIFF_ROWS_SHOWN) | {"outcome": outcome, "summary": item}
    if outcome == "held":
        context["review_url"] = reverse("pricing:snapshot-make-current", args=[new.pk])
    return context


def job_context(job: Job) -> dict[str, Any]:
    """A refresh job as the page shows it: status, steps, progress lines, error, and on success what became of each
    service's new snapshot, with its diff."""
    diffs = []
    if job.status == Job.Status.SUCCEEDED:
        diffs = [shown for item in job.result or [] if (shown := _outcome(item)) is not None]
    waiting = job.status == Job.Status.QUEUED and timezone.now() - job.created_at > NO_WORKER_HINT_AFTER
    return {
        "job": job,
        "number": refresh_job.refresh_number(job),
        "region": job.params.get("region", ""),
        "services": job.params.get("services", []),
        "offer_file_name": job.params.get("offer_file_name", ""),
        "via": job.params.get("via", ""),  # a refresh run from the command line
        "diffs": diffs,
        "waiting_review": any(d["outcome"] == "held" and not d["new"].is_current for d in diffs),
        "running": job.active,
        "no_worker_yet": waiting,
        "heartbeat_minutes": int(HEARTBEAT_TIMEOUT.total_seconds() // 60),
    }
