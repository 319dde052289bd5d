"""Signing in with a username or an e-mail, resetting a password by e-mail, and the lockout after failures."""

import io
from importlib import import_module
from typing import Any

import pytest
from django.apps import apps as live_apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.accounts.ownership import give_ownerless_to_first_superuser
from advisor.engine.workload import Workload
from advisor.models import Assessment

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


def test_sign_in_by_username_or_email(anon_client: Client, user: Any) -> None:
    assert anon_client.get(reverse("advisor:assessment-list"))["Location"].startswith(LOGIN)
    page = anon_client.get(LOGIN)
    assert page.status_code == 200 and "Username or e-mail" in page.content.decode()
    response = anon_client.post(LOGIN, {"login": "alice", "password": "alice-password-1"})
    assert response.status_code == 302
    assert anon_client.get(reverse("advisor:assessment-list")).status_code == 200
    other = Client()
    assert other.post(LOGIN, {"login": "alice@example.com", "password": "alice-password-1"}).status_code == 302
    assert "Sign out (alice)" in other.get(reverse("advisor:assessment-list")).content.decode()


def test_no_self_sign_up(anon_client: Client) -> None:
    anon_client.post("/accounts/signup/", {"username": "mallory", "email": "m@example.com",
                                           "password1": "Xy-long-pass-9", "password2": "Xy-long-pass-9"})  # fmt: skip
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_password_reset_by_email(anon_client: Client, user: Any) -> None:
    response = anon_client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "/accounts/password/reset/key/" in mail.outbox[0].body


def test_lockout_after_repeated_failures(anon_client: Client, user: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = anon_client.post(LOGIN, {"login": "alice", "password": "wrong"})
        assert response.status_code in (200, 429)
    locked = anon_client.post(LOGIN, {"login": "alice", "password": "alice-password-1"})
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert anon_client.get(reverse("advisor:assessment-list")).status_code == 302  # still not signed in


def test_data_migration_gives_ownerless_rows_to_the_first_superuser(user: Any) -> None:
    a = services.assessment_create(meta=services.AssessmentMeta(name="Old"), workload=Workload())
    Assessment.objects.filter(pk=a.pk).update(owner=None)
    users = get_user_model()
    assert give_ownerless_to_first_superuser(Assessment, users) == 0  # no superuser yet: left for staff
    first = users.objects.create_superuser("root", "root@example.com", "pw-root")
    users.objects.create_superuser("later", "later@example.com", "pw-later")
    migration = import_module("advisor.migrations.0004_give_ownerless_to_first_superuser")
    migration.give_to_first_superuser(live_apps, None)
    a.refresh_from_db()
    assert a.owner == first


def test_demo_user_and_scenarios() -> None:
    out = io.StringIO()
    call_command("create_demo_user", stdout=out)
    password = out.getvalue().strip().rsplit(" / ", 1)[1]
    assert get_user_model().objects.get(username="demo").check_password(password)
    call_command("create_demo_user", stdout=io.StringIO(), password="again-pw-1")
    assert get_user_model().objects.filter(username="demo").count() == 1
    assert get_user_model().objects.get(username="demo").check_password("again-pw-1")
    call_command("load_scenarios", stdout=io.StringIO())
    demo = get_user_model().objects.get(username="demo")
    assert Assessment.objects.exists() and not Assessment.objects.exclude(owner=demo).exists()
