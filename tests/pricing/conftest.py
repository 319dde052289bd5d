"""Price fixtures for these tests come from tests/conftest.py (``prices``), shared with the advisor's tests; ``stub``
is the AWS Price List API client the refreshes use, answered by botocore's Stubber (no network)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber

from pricing import services


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Stubber]]:
    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}.items():
        monkeypatch.setenv(key, value)
    client = boto3.client("pricing", region_name="us-east-1")
    monkeypatch.setattr(services, "pricing_client", lambda endpoint="us-east-1": client)
    with Stubber(client) as stubber:
        yield client, stubber


@pytest.fixture
def staff(client: Any, db: None) -> Any:
    """A client signed in as a staff user: the /prices/ pages are staff-only."""
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    return client
