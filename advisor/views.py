"""Thin views: parse the request, call services, render. ``request.htmx`` decides what to render."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from advisor import access, health, services
from advisor.awr.pages.notes import imported_notes
from advisor.engine.rules.loader import SEVERITY_ORDER
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import (
    FieldError,
    Workload,
    WorkloadInvalid,
    parse_workload,
)
from advisor.models import Assessment
from advisor.pages import iolimits as iolimits_page
from advisor.pages.iolimits_forms import IoLimitsForm
from advisor.pages.questionnaire import META_FIELDS as META_FIELD_LABELS
from advisor.pages.questionnaire import (
    build_meta_fields,
    build_sections,
    import_errors,
    parse_form,
    shown_errors,
    touched_errors,
    values_from_workload,
)
from advisor.pages.results import results_context
from advisor.pages.sizing_policy import policy_from, policy_given
from config.file_names import attachment, export_filename

META_FIELDS = tuple(name for name, _, _ in META_FIELD_LABELS)
SEVERITIES = sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.__getitem__)


def _viewable(request: HttpRequest, public_id: UUID) -> Assessment:
    """The assessment when the signed-in user may see it; 404 otherwise (another's must not be seen to exist)."""
    assessment = get_object_or_404(Assessment.objects.select_related("team"), public_id=public_id)
    if not access.can_view(request.user, assessment):
        raise Http404("No such assessment")
    return assessment


def _editable(request: HttpRequest, public_id: UUID) -> Assessment:
    """The assessment when the user may change it: 404 when they may not see it, 403 when they may only see it."""
    assessment = _viewable(request, public_id)
    if not access.can_edit(request.user, assessment):
        raise PermissionDenied("Your team membership lets you see this assessment, not change it.")
    return assessment


def _posted_meta(request: HttpRequest) -> dict[str, str]:
    return {f: request.POST.get(f, "") for f in META_FIELDS}


def _validate_form(
    request: HttpRequest,
) -> tuple[services.AssessmentMeta | None, Workload | None, dict[str, Any], list[FieldError]]:
    """Validate the meta fields and the workload together so the user sees every error at once."""
    raw = parse_form(request.POST)
    errors: list[FieldError] = []
    meta = workload = None
    try:
        meta = services.assessment_meta_parse(_posted_meta(request))
    except WorkloadInvalid as invalid:
        errors.extend(invalid.errors)
    try:
        workload = parse_workload(raw)
    except WorkloadInvalid as invalid:
        errors.extend(invalid.errors)
    return meta, workload, raw, errors


def _form_page(
    request: HttpRequest,
    *,
    assessment: Assessment | None,
    meta: dict[str, str],
    values: dict[str, Any],
    errors: list[FieldError],
    status: int = 200,
    sources: dict[str, str] | None = None,
    defaults: dict[str, str] | None = None,
    cautions: dict[str, tuple[Any, str]] | None = None,
) -> HttpResponse:
    sections = build_sections(values, errors, sources, defaults=defaults, cautions=cautions)
    context = {
        "assessment": assessment,
        "may_share": assessment is not None and access.can_edit(request.user, assessment),  # Share needs editing
        "meta_fields": build_meta_fields(meta, errors),
        "sections": sections,
        "cautioned": [field for section in sections for field in section.fields if field.caution],
        "sources": sources,
        "errors": shown_errors(errors),
        **_verdict_context(values),
    }
    return render(request, "advisor/assessment_form.html", context, status=status)


def _verdict_context(values: dict[str, Any]) -> dict[str, Any]:
    """Verdicts for the answers when they form a valid workload; none at all otherwise (never partial)."""
    try:
        workload = parse_workload(values)
    except WorkloadInvalid:
        workload = None
    return _verdicts_of(workload)


def _verdicts_of(workload: Workload | None) -> dict[str, Any]:
    return {"verdicts": None if workload is None else services.verdicts_for(workload), "severities": SEVERITIES}


def _save(
    request: HttpRequest,
    *,
    assessment: Assessment | None,
    sources: dict[str, str] | None = None,
    on_create: Callable[[Assessment], object] | None = None,
    defaults: dict[str, str] | None = None,
    cautions: dict[str, tuple[Any, str]] | None = None,
) -> HttpResponse:
    """Save the posted questionnaire and show its results, or show it again with every error and save nothing.
    ``sources``, ``cautions`` and ``on_create`` serve a pre-filled questionnaire (advisor.awr): the lines under
    pre-filled fields, the peaks that are averages, and what to do with the new assessment (the caller wraps this in
    a transaction)."""
    meta, workload, raw, errors = _validate_form(request)
    if errors or meta is None or workload is None:
        meta_posted = _posted_meta(request)
        return _form_page(
            request,
            assessment=assessment,
            meta=meta_posted,
            values=raw,
            errors=errors,
            status=422,
            sources=sources,
            defaults=defaults,
            cautions=cautions,
        )
    if assessment is None:
        assessment = services.assessment_create(meta=meta, workload=workload, owner=request.user)
        if on_create is not None:
            on_create(assessment)
    else:
        policy = None
        if policy_given(request.POST):  # saved from the results page, with its policy
            policy, policy_errors = policy_from(request.POST)
            if policy_errors:  # nothing saved: the results page again, the policy's fields marked
                return _results_page(request, assessment, raw, partial=False)
        assessment = services.assessment_update(assessment=assessment, meta=meta, workload=workload, policy=policy)
    messages.success(request, f"Saved “{assessment.name}”. Here is where it can run and what it costs.")
    return redirect("advisor:assessment-results", public_id=assessment.public_id)


@login_required
@require_GET
def assessment_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    context = {"assessments": services.assessment_search(user=request.user, query=query), "query": query}
    template = "advisor/assessment_list.html"
    if request.htmx:
        template += "#assessment-rows"
    return render(request, template, context)


@login_required
@require_http_methods(["GET", "POST"])
def assessment_new(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        blank = {"name": "", "customer": "", "project": ""}
        return _form_page(request, assessment=None, meta=blank, values=values_from_workload(Workload()), errors=[])
    return _save(request, assessment=None)


@login_required
@require_http_methods(["GET", "POST"])
def assessment_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    assessment = _viewable(request, public_id) if request.method == "GET" else _editable(request, public_id)
    meta = {f: getattr(assessment, f) for f in META_FIELDS}
    if request.method == "GET":
        try:
            values = values_from_workload(services.assessment_workload(assessment))
            errors: list[FieldError] = []
        except WorkloadInvalid as invalid:
            values, errors = assessment.workload, invalid.errors
        return _form_page(request, assessment=assessment, meta=meta, values=values, errors=errors)
    return _save(request, assessment=assessment)


@login_required
@require_POST
def assessment_validate(request: HttpRequest) -> HttpResponse:
    """Inline validation while typing: marks the fields the user has touched, saves nothing."""
    _, workload, raw, errors = _validate_form(request)
    meta = _posted_meta(request)
    shown = touched_errors(errors, request.POST.get("_touched"))
    context = {
        "meta_fields": build_meta_fields(meta, shown),
        "sections": build_sections(raw, shown),
        "errors": shown_errors(shown),
        "pending": len(errors) - len(shown),
        **_verdicts_of(workload),
    }
    return render(request, "advisor/assessment_form.html#validation-result", context)


@login_required
@require_POST
def assessment_duplicate(request: HttpRequest, public_id: UUID) -> HttpResponse:
    assessment = _viewable(request, public_id)
    try:
        copy = services.assessment_duplicate(assessment=assessment, owner=request.user)
    except WorkloadInvalid as invalid:
        messages.error(request, f"Cannot duplicate: the saved workload is invalid ({invalid}). Fix and save it first.")
        return redirect(assessment)
    messages.success(request, f"Duplicated as “{copy.name}”.")
    return redirect(copy)


@login_required
@require_http_methods(["GET", "POST"])
def assessment_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    assessment = _editable(request, public_id)
    if request.method == "GET":
        return render(request, "advisor/assessment_delete.html", {"assessment": assessment})
    name = assessment.name
    services.assessment_delete(assessment=assessment)
    messages.success(request, f"Deleted “{name}”.")
    return redirect("advisor:assessment-list")


@login_required
@require_GET
def assessment_export(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The assessment as a workload file: its name, customer and project around the workload, as the golden
    scenarios are written, so it imports and runs through ``manage.py recommend`` as it is."""
    assessment = _viewable(request, public_id)
    response = JsonResponse(services.assessment_export(assessment=assessment), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = attachment(
        export_filename(customer=assessment.customer, name=assessment.name, kind="workload", extension="json")
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def assessment_import(request: HttpRequest) -> HttpResponse:
    """A workload file (uploaded or pasted), bare or with its name, customer and project; the form's answers to
    those win over the file's."""
    context: dict[str, Any] = {"meta": _posted_meta(request), "errors": []}
    if request.method == "GET":
        return render(request, "advisor/assessment_import.html", context)
    upload = request.FILES.get("file")
    text = upload.read() if upload else request.POST.get("text", "").encode()
    errors: list[FieldError] = []  # the file's (or the pasted text's)
    form_errors: list[FieldError] = []
    meta = document = None
    if not text.strip():
        errors.append(FieldError("file", "Choose a workload JSON file or paste its text."))
    else:
        try:
            document = services.workload_file_parse(text=text)
        except WorkloadInvalid as invalid:
            errors.extend(invalid.errors)
    context["meta"] = services.assessment_import_meta(
        posted=context["meta"], document=document, file_name=upload.name if upload else ""
    )
    try:
        meta = services.assessment_meta_parse(context["meta"])
    except WorkloadInvalid as invalid:
        form_errors = invalid.errors  # the form's fields first, as they are shown
    if errors or form_errors or meta is None or document is None:
        context["errors"] = import_errors(form_errors, errors, pasted=upload is None and bool(text.strip()))
        return render(request, "advisor/assessment_import.html", context, status=422)
    assessment = services.assessment_create(meta=meta, workload=document.workload, owner=request.user)
    messages.success(request, f"Imported “{assessment.name}”.")
    return redirect(assessment)


@require_GET
def iolimits(request: HttpRequest) -> HttpResponse:
    """The IO-limit explorer; the query string is the whole configuration, so the URL can be shared."""
    form = IoLimitsForm.from_query(request.GET)
    page = iolimits_page.page_report(form)
    context = iolimits_page.page_context(form, page)
    context["share_url"] = request.build_absolute_uri(f"{request.path}?{urlencode(form.share_params(), doseq=True)}")
    if request.htmx:
        return render(request, "advisor/iolimits.html#iolimits-body", context)
    return render(request, "advisor/iolimits.html", context, status=422 if page.issues else 200)


@require_GET
def rules_page(request: HttpRequest) -> HttpResponse:
    """Every rule the product applies, filterable by option, fact and severity; htmx refreshes the table."""
    filters = {name: request.GET.get(name, "").strip() for name in ("option", "fact", "severity", "q")}
    rows = services.rules_listing(
        option=filters["option"], fact=filters["fact"], severity=filters["severity"], query=filters["q"]
    )
    context = {
        "rows": rows,
        "filters": filters,
        "choices": services.rule_filter_choices(),
        "facts": services.fact_listing(),
    }
    template = "advisor/rules.html" + ("#rule-rows" if request.htmx else "")
    return render(request, template, context)


def policy_for(assessment: Assessment, params: Any) -> tuple[SizingPolicy, list[FieldError]]:
    """The sizing policy the request sets (``policy.*``), else the one saved with the assessment."""
    if policy_given(params):
        return policy_from(params)
    return services.assessment_policy(assessment), []


def _results_page(
    request: HttpRequest, assessment: Assessment, values: dict[str, Any], *, partial: bool
) -> HttpResponse:
    policy, policy_errors = policy_for(assessment, request.POST if request.method == "POST" else request.GET)
    errors: list[FieldError] = list(policy_errors)
    context: dict[str, Any] = {"assessment": assessment, "sections": None}
    try:
        workload = parse_workload(values)
    except WorkloadInvalid as invalid:
        errors.extend(invalid.errors)
        workload = None
    context["sections"] = build_sections(values, errors)
    context["errors"] = shown_errors(errors)
    context["policy"] = policy
    context["price_admin"] = request.user.is_staff  # what to refresh, said to staff on their own page only
    if workload is not None and not errors:
        context.update(
            results_context(
                services.recommendation_for(workload, policy), stale_after_days=settings.PRICE_STALE_AFTER_DAYS
            )
        )
        context["imported_notes"] = imported_notes(assessment, workload)
    template = "advisor/results.html" + ("#results-body" if partial else "")
    return render(request, template, context, status=200 if partial or not errors else 422)


@login_required
@require_GET
def assessment_results(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """One column per option: verdict, configuration, need versus capacity, cost, alternatives, charts."""
    assessment = _viewable(request, public_id)
    return _results_page(request, assessment, assessment.workload, partial=bool(request.htmx))


@login_required
@require_POST
def assessment_results_preview(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The results for answers changed on the results page, without saving them."""
    assessment = _viewable(request, public_id)
    return _results_page(request, assessment, parse_form(request.POST), partial=True)


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers (503 when the database does not answer), and the trivial endpoint the
    benchmark compares the API with."""
    problem = health.database_problem()
    if problem:
        return health.unavailable(request, problem)
    return JsonResponse({"status": "ok", "database": "ok"})


@require_GET
def readyz(request: HttpRequest) -> HttpResponse:
    """Readiness: the database answers and current price snapshots are loaded; 503 naming what is missing."""
    problem = health.database_problem()
    if problem:
        return health.unavailable(request, problem)
    missing = health.price_snapshots_missing()
    if missing:
        return JsonResponse({"status": "unavailable", "database": "ok", "missing": missing}, status=503)
    return JsonResponse({"status": "ok", "database": "ok", "missing": []})
