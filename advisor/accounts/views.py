"""Share links: the owner's panel (create, revoke) and the public read-only pages a link opens."""

from __future__ import annotations

from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from advisor import access, services
from advisor.accounts import sharing, teams
from advisor.engine.workload import WorkloadInvalid, parse_workload
from advisor.models import Assessment, ShareLink
from advisor.pages.results import results_context
from advisor.reports import pdf as report
from advisor.reports.views import pdf_download


def _editable(request: HttpRequest, public_id: UUID) -> Assessment:
    """The assessment when the user may change it; 404 otherwise, so nobody learns that it exists."""
    assessment = get_object_or_404(Assessment.objects.select_related("team"), public_id=public_id)
    if not access.can_edit(request.user, assessment):
        raise Http404("No such assessment")
    return assessment


@login_required
@require_http_methods(["GET", "POST"])
def share_panel(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """GET: the assessment's links; POST ``days`` (1, 7 or 30): a new one."""
    assessment = _editable(request, public_id)
    context = {"assessment": assessment, "expiry_days": sharing.EXPIRY_DAYS, "error": ""}
    status = 200
    if request.method == "POST":
        try:
            days = sharing.parse_expiry_days(request.POST.get("days", ""))
        except ValueError as bad:
            context["error"], status = str(bad), 422
        else:
            link = sharing.share_create(assessment=assessment, user=request.user, days=days)
            messages.success(request, f"Share link created; it works until {link.expires_at:%d %b %Y %H:%M} UTC.")
            return redirect("accounts:share-panel", public_id=assessment.public_id)
    context["links"], context["now"] = sharing.share_links_for(assessment), timezone.now()
    context["team_choices"] = teams.team_choices_for(assessment)
    context["may_choose_team"] = request.user.is_staff or assessment.owner_id == request.user.pk
    return render(request, "advisor/share_panel.html", context, status=status)


@login_required
@require_POST
def assessment_team(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """POST ``team`` (an id of one of the owner's teams, or empty for none): which team sees the assessment."""
    assessment = _editable(request, public_id)
    try:
        teams.assessment_set_team(actor=request.user, assessment=assessment, team_id=request.POST.get("team", ""))
    except teams.TeamRefused as refused:
        messages.error(request, refused.message)
    else:
        shared = f"shared with {assessment.team.name}" if assessment.team else "shared with no team"
        messages.success(request, f"“{assessment.name}” is now {shared}.")
    return redirect("accounts:share-panel", public_id=assessment.public_id)


@login_required
@require_POST
def share_revoke(request: HttpRequest, public_id: UUID, link_id: int) -> HttpResponse:
    assessment = _editable(request, public_id)
    link = get_object_or_404(ShareLink, pk=link_id, assessment=assessment)
    sharing.share_revoke(link=link)
    messages.success(request, "Share link revoked: it no longer opens anything.")
    return redirect("accounts:share-panel", public_id=assessment.public_id)


def _live_link(request: HttpRequest, token: str) -> ShareLink | HttpResponse:
    try:
        link = sharing.share_resolve(token)
    except sharing.ShareGone as gone:
        return render(request, "advisor/share_gone.html", {"reason": gone.reason, "link": gone.link}, status=410)
    if link is None:
        raise Http404("No such share link")
    return link


@require_GET
def shared_results(request: HttpRequest, token: str) -> HttpResponse:
    """The results page, read-only: no answers form, nothing to save, for the sizing policy saved with it."""
    link = _live_link(request, token)
    if isinstance(link, HttpResponse):
        return link
    context: dict[str, object] = {"assessment": link.assessment, "link": link, "errors": []}
    try:
        workload = parse_workload(link.assessment.workload)
    except WorkloadInvalid as invalid:
        context["errors"] = invalid.errors
    else:
        context.update(
            results_context(
                services.recommendation_for(workload, services.assessment_policy(link.assessment)),
                stale_after_days=settings.PRICE_STALE_AFTER_DAYS,
            )
        )
    return render(request, "advisor/share_results.html", context)


@require_GET
def shared_report(request: HttpRequest, token: str) -> HttpResponse:
    """The PDF comparison of the shared assessment, as saved, for the sizing policy saved with it."""
    link = _live_link(request, token)
    if isinstance(link, HttpResponse):
        return link
    try:
        document = report.report_document(
            assessment=link.assessment, policy=services.assessment_policy(link.assessment)
        )
    except report.ReportInvalid:
        return HttpResponse("This assessment has answers missing; its owner must fix them first.", status=422,
                            content_type="text/plain; charset=utf-8")  # fmt: skip
    return pdf_download(document)
