"""Thin views: the cost estimate and the staff-only price snapshots pages (list, diff, make current, impact). The
refresh of a region runs as a background job: its views are in ``pricing.refresh.views``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from config.staff import staff_required
from pricing import services as price_services
from pricing.engine.freshness import price_age
from pricing.forms import EstimateForm
from pricing.jobs.services import job_get
from pricing.models import PriceSnapshot
from pricing.pages import estimate as estimate_page
from pricing.pages import impact as impact_page
from pricing.pages import prices as prices_page
from pricing.refresh_job import KIND as REFRESH_KIND
from pricing.snapshots.impact import IMPACT_LIMIT

DIFF_ROWS_SHOWN = 500  # per kind (added, removed, repriced) on the diff page

# --- the estimate ---------------------------------------------------------------------------------------------


@require_GET
def estimate(request: HttpRequest) -> HttpResponse:
    """The cost estimate; the query string is the whole configuration, so the URL can be shared."""
    form = EstimateForm.from_query(request.GET)
    page = estimate_page.page_estimate(form)
    context = estimate_page.page_context(form, page)
    context["price_admin"] = request.user.is_staff  # the staff-only hint: which Price List to refresh
    context["share_url"] = request.build_absolute_uri(f"{request.path}?{urlencode(form.share_params(), doseq=True)}")
    if page.answer is not None:  # how old the rows this bill used are, loud past the site's limit
        result = page.answer.estimate
        context["price_age"] = price_age(result.prices_as_of, today=timezone.now().date(),
                                         threshold_days=settings.PRICE_STALE_AFTER_DAYS, regions=[result.region])  # fmt: skip
    if request.htmx:
        return render(request, "pricing/estimate.html#estimate-body", context)
    return render(request, "pricing/estimate.html", context, status=422 if page.issues else 200)


# --- price snapshots (staff) ----------------------------------------------------------------------------------


@staff_required
@require_GET
def prices(request: HttpRequest) -> HttpResponse:
    job_id = request.GET.get("job", "")
    job = job_get(int(job_id), kind=REFRESH_KIND) if job_id.isdigit() and len(job_id) < 19 else None
    return prices_page.prices_page(request, job=job)


@staff_required
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


@staff_required
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


@staff_required
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
    diff = prices_page.diff_context(snapshot, old, limit=DIFF_ROWS_SHOWN)
    impact = {"impact_url": impact_page.impact_url(snapshot, old) if old else "", "impact_limit": IMPACT_LIMIT}
    return render(request, "pricing/snapshot_diff.html", diff | impact | {"basis": basis, "d": diff})
