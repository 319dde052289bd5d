"""The team pages' forms (Django forms, drawn by templates/_field.html); the rules live in ``teams``."""

from __future__ import annotations

from django import forms

from advisor.accounts.models import Membership


class TeamNameForm(forms.Form):
    name = forms.CharField(label="Team name", max_length=200, help_text="1 to 200 characters, unique")


class MemberAddForm(forms.Form):
    who = forms.CharField(label="Username or email", max_length=254, help_text="an existing account")
    role = forms.ChoiceField(label="Role", choices=Membership.Role.choices, initial=Membership.Role.EDITOR)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Membership.Role.choices)
