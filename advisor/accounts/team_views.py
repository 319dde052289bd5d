"""Team pages: the teams you are in (create one), a team's members (managers add, change and remove them)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from advisor.accounts import teams
from advisor.accounts.models import Membership, Team
from advisor.accounts.team_forms import MemberAddForm, MemberRoleForm, TeamNameForm


def _refused(form: forms.Form, refused: teams.TeamRefused) -> None:
    form.add_error(refused.field if refused.field in form.fields else None, refused.message)


def _team_of_member(request: HttpRequest, team_id: int) -> Team:
    """The team when the user is in it (staff: any team); 404 otherwise, so nobody learns that it exists."""
    team = get_object_or_404(Team, pk=team_id)
    if not (request.user.is_staff or teams.membership_of(request.user, team)):
        raise Http404("No such team")
    return team


@login_required
@require_http_methods(["GET", "POST"])
def team_list(request: HttpRequest) -> HttpResponse:
    """GET: the teams you are in; POST ``name``: a new team, with you as its manager."""
    form, status = TeamNameForm(request.POST or None), 200
    if request.method == "POST":
        if form.is_valid():
            try:
                team = teams.team_create(user=request.user, name=form.cleaned_data["name"])
            except teams.TeamRefused as refused:
                _refused(form, refused)
            else:
                messages.success(request, f"Team “{team.name}” created; you are its manager.")
                return redirect("accounts:team-detail", team_id=team.pk)
        status = 422
    memberships = Membership.objects.filter(user=request.user).select_related("team").order_by("team__name")
    return render(request, "accounts/teams.html", {"form": form, "memberships": memberships}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def team_detail(request: HttpRequest, team_id: int) -> HttpResponse:
    """GET: the members; POST ``who``/``role`` (managers): add someone."""
    team = _team_of_member(request, team_id)
    manager = teams.is_manager(request.user, team)
    form, status = MemberAddForm(request.POST or None), 200
    if request.method == "POST":
        if form.is_valid():
            try:
                added = teams.member_add(actor=request.user, team=team, **form.cleaned_data)
            except teams.TeamRefused as refused:
                _refused(form, refused)
            else:
                messages.success(request, f"{added.user.get_username()} added to {team.name} as {added.role}.")
                return redirect("accounts:team-detail", team_id=team.pk)
        status = 422 if manager else 403
    context = {
        "team": team,
        "manager": manager,
        "form": form,
        "rename_form": TeamNameForm(initial={"name": team.name}),
        "memberships": team.memberships.select_related("user").order_by("user__username"),
        "roles": Membership.Role.choices,
        "shared": team.assessments.count(),
    }
    return render(request, "accounts/team_detail.html", context, status=status)


def _back(request: HttpRequest, team: Team, refused: teams.TeamRefused | None, done: str) -> HttpResponse:
    if refused is not None:
        messages.error(request, refused.message)
    else:
        messages.success(request, done)
    return redirect("accounts:team-detail", team_id=team.pk)


@login_required
@require_POST
def team_rename(request: HttpRequest, team_id: int) -> HttpResponse:
    team, refused = _team_of_member(request, team_id), None
    form = TeamNameForm(request.POST)
    try:
        if not form.is_valid():
            raise teams.TeamRefused("name", " ".join(form.errors.get("name", ["give the team a name"])))
        teams.team_rename(actor=request.user, team=team, name=form.cleaned_data["name"])
    except teams.TeamRefused as bad:
        refused = bad
    return _back(request, team, refused, f"Team renamed to “{team.name}”.")


@login_required
@require_POST
def member_role(request: HttpRequest, team_id: int, membership_id: int) -> HttpResponse:
    team, refused = _team_of_member(request, team_id), None
    membership = get_object_or_404(Membership, pk=membership_id, team=team)
    form = MemberRoleForm(request.POST)
    try:
        if not form.is_valid():
            raise teams.TeamRefused("role", f"choose one of {', '.join(Membership.Role.values)}")
        teams.member_set_role(actor=request.user, membership=membership, role=form.cleaned_data["role"])
    except teams.TeamRefused as bad:
        refused = bad
    return _back(request, team, refused, f"{membership.user.get_username()} is now {membership.role}.")


@login_required
@require_POST
def member_remove(request: HttpRequest, team_id: int, membership_id: int) -> HttpResponse:
    team = _team_of_member(request, team_id)
    membership = get_object_or_404(Membership, pk=membership_id, team=team)
    leaving = membership.user_id == request.user.pk
    try:
        teams.member_remove(actor=request.user, membership=membership)
    except teams.TeamRefused as refused:
        return _back(request, team, refused, "")
    if leaving:
        messages.success(request, f"You left {team.name}.")
        return redirect("accounts:team-list")
    return _back(request, team, None, f"{membership.user.get_username()} removed from {team.name}.")


@login_required
@require_POST
def team_delete(request: HttpRequest, team_id: int) -> HttpResponse:
    team = _team_of_member(request, team_id)
    name = team.name
    try:
        kept = teams.team_delete(actor=request.user, team=team)
    except teams.TeamRefused as refused:
        return _back(request, team, refused, "")
    messages.success(request, f"Team “{name}” deleted; its {kept} assessment(s) stay with their owners.")
    return redirect("accounts:team-list")
