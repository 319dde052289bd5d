"""Thin views: the cost estimate (page and API) and the staff-only price snapshots page with its background refresh.

A refresh started from the page runs ``prices_refresh`` in a thread of the worker that took the request; its progress
is written to a ``RefreshJob`` row, so the page's poll (every second) can be answered by any worker.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.db import OperationalError, connections, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pricing import estimate_page, impact_page
from pricing import services as price_services
from pricing.catalog.regions import regions as region_catalog
from pricing.engine.rows import PriceRow
from pricing.forms import EstimateForm
from pricing.impact import IMPACT_LIMIT
from pricing.models import PriceSnapshot, RefreshJob

logger = logging.getLogger(__name__)
DIFF_ROWS_SHOWN = 500  # per kind (added, removed, repriced) on the diff page
JOB_DIFF_ROWS_SHOWN = 20  # per kind on the refresh panel
STALLED_AFTER = timedelta(minutes=15)

# --- the estimate ---------------------------------------------------------------------------------------------


@require_GET
def estimate(request: HttpRequest) -> HttpResponse:
    """The cost estimate; the query string is the whole configuration, so the URL can be shared."""
    form = EstimateForm.from_query(request.GET)
    page = estimate_page.page_estimate(form)
    context = estimate_page.page_context(form, page)
    context["share_url"] = request.build_absolute_uri(f"{request.path}?{urlencode(form.share_params(), doseq=True)}")
    if request.htmx:
        return render(request, "pricing/estimate.html#estimate-body", context)
    return render(request, "pricing/estimate.html", context, status=422 if page.issues else 200)


# --- price snapshots (staff) ----------------------------------------------------------------------------------


def _snapshot_groups() -> list[dict[str, Any]]:
    """Per region and service: the current snapshot first, then the earlier ones, newest first."""
    groups: dict[tuple[str, str], list[PriceSnapshot]] = {}
    for snapshot in PriceSnapshot.objects.order_by("region", "service", "-is_current", "-created_at", "-pk"):
        groups.setdefault((snapshot.region, snapshot.service), []).append(snapshot)
    return [
        {"region": region, "service": service, "snapshots": snapshots, "anchor": f"prices-{region}-{service}"}
        for (region, service), snapshots in groups.items()
    ]


def _refresh_form(data: dict[str, str] | None = None, errors: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "values": data or {"region": "", "service": "all"},
        "errors": errors or {},
        "regions": sorted(region_catalog()),
        "services": [("all", "RDS and EC2"), *PriceSnapshot.Service.choices],
    }


def _prices_page(request: HttpRequest, *, job: RefreshJob | None = None, **form: Any) -> HttpResponse:
    context = {
        "groups": _snapshot_groups(),
        "form": _refresh_form(**form),
        "job": _job_context(job) if job else None,
        "oob": False,
    }
    return render(request, "pricing/prices.html", context, status=422 if form.get("errors") else 200)


@staff_member_required
@require_GET
def prices(request: HttpRequest) -> HttpResponse:
    job_id = request.GET.get("job", "")
    job = RefreshJob.objects.filter(pk=int(job_id)).first() if job_id.isdigit() else None
    return _prices_page(request, job=job)


@staff_member_required
@require_http_methods(["GET", "POST"])
def snapshot_make_current(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what making the snapshot current would change (rows, and the saved assessments it reprices). POST from
    that page (``confirm``, and the current snapshot it was reviewed against): the switch. Anything else switches
    nothing."""
    snapshot = get_object_or_404(PriceSnapshot, pk=pk)
    back = f"{reverse('pricing:prices')}#prices-{snapshot.region}-{snapshot.service}"
    if request.method == "GET":
        return render(request, "pricing/make_current_confirm.html", impact_page.confirm_context(snapshot))
    label = f"{snapshot.service} {snapshot.region}: snapshot #{snapshot.pk}"
    if snapshot.is_current:
        messages.info(request, f"{label} is already current; nothing changed.")
        return redirect(back)
    if request.POST.get("confirm") != "yes":
        messages.info(request, f"Nothing changed yet: review what making {label} current changes, then confirm.")
        return redirect("pricing:snapshot-make-current", pk=snapshot.pk)
    previous = price_services.snapshot_current(snapshot.region, snapshot.service)
    reviewed = request.POST.get("replacing", "")
    if reviewed != impact_page.replacing_token(previous):
        context = impact_page.confirm_context(snapshot, stale=reviewed or "nothing")
        return render(request, "pricing/make_current_confirm.html", context, status=409)
    price_services.snapshot_activate(snapshot)
    was = f" (was #{previous.pk})" if previous else ""
    messages.success(request, f"{label} as of {snapshot.as_of} is current{was}.")
    return redirect(back)


@staff_member_required
@require_GET
def snapshot_impact(request: HttpRequest, pk: int) -> HttpResponse:
    """The saved assessments repriced when the snapshot replaces ``?against=<id>`` (default: the current one); the
    diff page loads it with htmx, and it is a page of its own without JavaScript."""
    snapshot = get_object_or_404(PriceSnapshot, pk=pk)
    try:
        base = impact_page.base_for(snapshot, request.GET.get("against", ""))
    except ValueError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain")
    template = "pricing/snapshot_impact.html" + ("#affected-assessments" if request.htmx else "")
    return render(request, template, impact_page.impact_context(snapshot, base))


def _replaced(snapshot: PriceSnapshot) -> PriceSnapshot | None:
    """The snapshot written before this one for the same region and service: the one it replaced."""
    return (
        PriceSnapshot.objects.filter(region=snapshot.region, service=snapshot.service, pk__lt=snapshot.pk)
        .order_by("-pk")
        .first()
    )


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


def _diff_context(new: PriceSnapshot, old: PriceSnapshot | None, *, limit: int) -> dict[str, Any]:
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


@staff_member_required
@require_GET
def snapshot_diff(request: HttpRequest, pk: int) -> HttpResponse:
    """A snapshot against the one it replaced (when it is current) or against the current one (when it is not);
    ``?against=<id>`` picks another of the same region and service."""
    snapshot = get_object_or_404(PriceSnapshot, pk=pk)
    against = request.GET.get("against", "")
    if against.isdigit():
        old = get_object_or_404(PriceSnapshot, pk=int(against), region=snapshot.region, service=snapshot.service)
        basis = "the snapshot you chose"
    elif snapshot.is_current:
        old = _replaced(snapshot)
        basis = "the snapshot it replaced"
    else:
        old = price_services.snapshot_current(snapshot.region, snapshot.service)
        basis = "the current snapshot (what making this one current would change)"
    diff = _diff_context(snapshot, old, limit=DIFF_ROWS_SHOWN)
    impact = {"impact_url": impact_page.impact_url(snapshot, old) if old else "", "impact_limit": IMPACT_LIMIT}
    return render(request, "pricing/snapshot_diff.html", diff | impact | {"basis": basis, "d": diff})


# --- the background refresh -----------------------------------------------------------------------------------


def _in_background(target: Callable[..., None], **kwargs: Any) -> None:
    """Run ``target`` in a daemon thread that closes its own database connections when done."""

    def run() -> None:
        try:
            target(**kwargs)
        finally:
            connections.close_all()

    threading.Thread(target=run, name="price-refresh", daemon=True).start()


def run_refresh_job(*, job_id: int, offer_file: Path | None, remove_file: bool) -> None:
    """``prices_refresh`` for a job, writing its progress to the job row at most twice a second and once at the end.
    With ``remove_file`` the offer file's directory (made for the upload) is removed when the job ends."""
    job = RefreshJob.objects.get(pk=job_id)
    lines = job.progress_lines
    last_write = 0.0

    def save(*, final: bool = False, **fields: Any) -> None:
        # A busy database (SQLite under a concurrent reader) may refuse a write for a moment: progress can wait for
        # the next line, the final status is retried.
        for attempt in range(10 if final else 1):
            try:
                RefreshJob.objects.filter(pk=job_id).update(
                    progress="\n".join(lines), updated_at=timezone.now(), **fields
                )
                return
            except OperationalError:
                if not final:
                    return
                time.sleep(0.2 * (attempt + 1))
        logger.error("price refresh job %s: could not record its end (%s)", job_id, fields.get("status"))

    def say(message: str) -> None:
        nonlocal last_write
        lines.append(message)
        if time.monotonic() - last_write >= 0.5:
            save()
            last_write = time.monotonic()

    try:
        result = price_services.prices_refresh(
            region=job.region, services=job.service_list, offer_file=offer_file, progress=say
        )
    except price_services.RefreshFailed as error:
        lines.append("Stopped: nothing was written.")
        message = f"{error}\nNothing was written; the current price snapshots are unchanged."
        if "--offer-file" in str(error):
            message += (
                "\nOn this page: choose the bulk offer file in the form above instead (--offer-file is the CLI's)."
            )
        save(final=True, status=RefreshJob.Status.FAILED, error=message, finished_at=timezone.now())
        return
    except Exception as error:  # a background thread has nobody else to tell
        logger.exception("price refresh job %s failed", job_id)
        lines.append("Stopped on an unexpected error.")
        message = (
            f"the refresh stopped on an unexpected error ({type(error).__name__}: {error}); a snapshot is written in "
            "one transaction, so the current price snapshots are unchanged. The server log has the details."
        )
        save(final=True, status=RefreshJob.Status.FAILED, error=message, finished_at=timezone.now())
        return
    finally:
        if remove_file and offer_file is not None:
            shutil.rmtree(offer_file.parent, ignore_errors=True)
    summary = []
    for item in result.services:
        assert item.snapshot is not None and item.diff is not None
        kept = f"; the previous one (#{item.previous.pk}) is kept" if item.previous else ""
        lines.append(
            f"{item.service} {job.region}: snapshot #{item.snapshot.pk} ({item.snapshot.row_count:,} rows, as of "
            f"{item.snapshot.as_of}) is now current{kept}"
        )
        summary.append(
            {
                "service": item.service,
                "snapshot": item.snapshot.pk,
                "previous": item.previous.pk if item.previous else None,
                "rows": item.snapshot.row_count,
                "added": len(item.diff.added),
                "removed": len(item.diff.removed),
                "repriced": len(item.diff.repriced),
                "unchanged": item.diff.unchanged,
            }
        )
    save(final=True, status=RefreshJob.Status.SUCCEEDED, result=summary, finished_at=timezone.now())


def _job_context(job: RefreshJob) -> dict[str, Any]:
    stalled = job.status == RefreshJob.Status.RUNNING and timezone.now() - job.updated_at > STALLED_AFTER
    diffs = []
    if job.status == RefreshJob.Status.SUCCEEDED:
        for item in job.result:
            new = PriceSnapshot.objects.filter(pk=item["snapshot"]).first()
            if new is None:
                continue
            old = PriceSnapshot.objects.filter(pk=item["previous"]).first() if item["previous"] else None
            diffs.append(_diff_context(new, old, limit=JOB_DIFF_ROWS_SHOWN) | {"summary": item})
    return {"job": job, "stalled": stalled, "diffs": diffs, "running": job.status == RefreshJob.Status.RUNNING}


@staff_member_required
@require_POST
def refresh_start(request: HttpRequest) -> HttpResponse:
    values = {"region": request.POST.get("region", "").strip(), "service": request.POST.get("service", "all")}
    upload = request.FILES.get("offer_file")
    errors: dict[str, str] = {}
    if values["region"] not in region_catalog():
        errors["region"] = (
            f"{values['region'] or 'blank'}: accepted: an AWS region code such as eu-west-1 "
            "(the regions of fixtures/catalog/regions.json)"
        )
    choices = dict(_refresh_form()["services"])
    if values["service"] not in choices:
        errors["service"] = f"{values['service']!r}: accepted: {', '.join(choices)}"
    busy = RefreshJob.objects.filter(
        region=values["region"], status=RefreshJob.Status.RUNNING, updated_at__gte=timezone.now() - STALLED_AFTER
    ).first()
    if busy is not None:
        errors["region"] = f"a refresh of {values['region']} is already running (job #{busy.pk}); wait for it to end"
    if errors:
        if request.htmx:
            context = {"form": _refresh_form(values, errors)}
            return render(request, "pricing/prices.html#refresh-form", context, status=422)
        return _prices_page(request, data=values, errors=errors)
    services = PriceSnapshot.Service.values if values["service"] == "all" else [values["service"]]
    offer_path = None
    if upload is not None:
        # kept under its own name (the snapshot's source names the file) in a directory the job removes
        safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in Path(upload.name).name)[-100:] or "offer.json"
        offer_path = Path(tempfile.mkdtemp(prefix="price-refresh-")) / safe
        with offer_path.open("wb") as handle:
            for chunk in upload.chunks():
                handle.write(chunk)
    job = RefreshJob.objects.create(
        region=values["region"],
        services=",".join(services),
        offer_file_name=upload.name[:255] if upload else "",
        requested_by=request.user if request.user.is_authenticated else None,
        progress="Started: "
        + (f"importing {upload.name}" if upload else "asking the AWS Price List Query API (boto3 credential chain)"),
    )
    # started once the job row is committed, so the thread (its own connection) can read it
    transaction.on_commit(
        partial(_in_background, run_refresh_job, job_id=job.pk, offer_file=offer_path, remove_file=True)
    )
    if request.htmx:
        return render(request, "pricing/prices.html#refresh-job", {"job": _job_context(job), "oob": False})
    return redirect(f"{reverse('pricing:prices')}?job={job.pk}#refresh-job")


@staff_member_required
@require_GET
def refresh_job(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's progress; htmx polls it every second until the job ends, then swaps the snapshot list too."""
    job = get_object_or_404(RefreshJob, pk=pk)
    if not request.htmx:
        return redirect(f"{reverse('pricing:prices')}?job={job.pk}#refresh-job")
    done = job.status != RefreshJob.Status.RUNNING
    context = {"job": _job_context(job), "oob": done, "groups": _snapshot_groups() if done else []}
    return render(request, "pricing/prices.html#refresh-job", context)
