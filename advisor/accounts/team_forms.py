"""The team pages' forms (Django forms, drawn by templates/_field.html); the rules live in ``teams``."""

from __future__ import annotations

from typing import Any

from django import forms

from advisor.accounts.models import Membership
from advisor.accounts.teams import teams_of


class TeamChoiceField(forms.ModelChoiceField):
    """One of the user's own teams, or none: what an estate or an AWR import is shared with. ``offer(user)`` before
    use (the forms do it in ``__init__``; the API cleans a posted id with it)."""

    def __init__(self, *, help_text: str, **kwargs: Any) -> None:
        super().__init__(queryset=None, required=False, label="Team", empty_label="no team (only you)",
                         help_text=help_text, **kwargs)  # fmt: skip
        self.error_messages["invalid_choice"] = "not one of your teams: give the id of a team you belong to, or none"

    def offer(self, user: Any) -> None:
        self.queryset = teams_of(user).order_by("name")


class TeamNameForm(forms.Form):
    name = forms.CharField(label="Team name", max_length=200, help_text="1 to 200 characters, unique")


class MemberAddForm(forms.Form):
    who = forms.CharField(label="Username or email", max_length=254, help_text="an existing account")
    role = forms.ChoiceField(label="Role", choices=Membership.Role.choices, initial=Membership.Role.EDITOR)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Membership.Role.choices)
