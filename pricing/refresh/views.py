"""Thin views of the price refresh (staff): start one, poll it, cancel it. The refresh runs as a background job
(``pricing.refresh_job``) on a task worker; its progress is read from the job's row, so any web process can answer
the page's poll (every second)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from config.staff import staff_required
from pricing import refresh_job
from pricing.catalog.regions import regions as region_catalog
from pricing.jobs.models import Job
from pricing.jobs.services import JobBusy, job_cancel, job_get, retrying
from pricing.models import PriceSnapshot
from pricing.pages import prices as prices_page


def _job_or_404(pk: int) -> Job:
    job = job_get(pk, kind=refresh_job.KIND)
    if job is None:
        raise Http404(f"no price refresh #{pk}")
    return job


def _job_url(job: Job) -> str:
    return f"{reverse('pricing:prices')}?job={job.pk}#refresh-job"


def _busy_message(region: str, holder: Job | None) -> str:
    if holder is None:
        return f"a refresh of {region} is already queued or running; wait for it to end"
    return (
        f"a refresh of {region} is already {holder.status} (refresh #{refresh_job.refresh_number(holder)}); this one "
        "was not started: wait for it "
        "to end, or cancel it"
    )


@staff_required
@require_POST
def refresh_start(request: HttpRequest) -> HttpResponse:
    values = {"region": request.POST.get("region", "").strip(), "service": request.POST.get("service", "all")}
    errors: dict[str, str] = {}
    if values["region"] not in region_catalog():
        errors["region"] = (
            f"{values['region'] or 'blank'}: accepted: an AWS Region code the advisor's catalog lists, such as "
            "eu-west-1"
        )
    choices = dict(prices_page.refresh_form()["services"])
    if values["service"] not in choices:
        errors["service"] = f"{values['service']!r}: accepted: {', '.join(choices)}"
    if errors:
        if request.htmx:  # htmx swaps only 2xx answers: the form with its errors, in place of the form
            context = {"form": prices_page.refresh_form(values, errors)}
            return retarget(reswap(render(request, "pricing/prices.html#refresh-form", context), "outerHTML"),
                            "#refresh-form")  # fmt: skip
        return prices_page.prices_page(request, data=values, errors=errors)
    services = PriceSnapshot.Service.values if values["service"] == "all" else [values["service"]]
    try:
        job = refresh_job.refresh_start(
            region=values["region"],
            services=services,
            upload=request.FILES.get("offer_file"),
            requested_by=request.user,
        )
    except JobBusy as busy:
        message = _busy_message(values["region"], busy.holder)
        if request.htmx:  # htmx swaps only 2xx answers: show the job that holds the region, with the refusal
            context = {"job": prices_page.job_context(busy.holder), "refused": message} if busy.holder else {}
            return render(request, "pricing/prices.html#refresh-job", context | {"oob": False})
        return prices_page.prices_page(request, job=busy.holder, status=409, data=values, errors={"region": message})
    # a backend that runs tasks at once (the tests' immediate one) has already run it; the read is retried while a
    # refused request's insert still holds the table (SQLite)
    retrying(job.refresh_from_db)
    return _job_panel(request, job) if request.htmx else redirect(_job_url(job))


def _job_panel(request: HttpRequest, job: Job) -> HttpResponse:
    """The job's panel; once it has ended, the snapshot list too (out of band), since a refresh may have changed it."""
    done = not job.active
    context = {
        "job": prices_page.job_context(job),
        "oob": done,
        "groups": prices_page.snapshot_groups() if done else [],
    }
    return render(request, "pricing/prices.html#refresh-job", context)


@staff_required
@require_GET
def refresh_poll(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's progress; htmx polls it every second until the job ends, then swaps the snapshot list too."""
    job = _job_or_404(pk)
    return _job_panel(request, job) if request.htmx else redirect(_job_url(job))


@staff_required
@require_POST
def refresh_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel a queued or running refresh: a queued one never runs; a running one stops at its next step, so one
    cancelled before its write step writes nothing."""
    job = _job_or_404(pk)
    job_cancel(job, by=request.user.get_username())
    job.refresh_from_db()
    return _job_panel(request, job) if request.htmx else redirect(_job_url(job))
