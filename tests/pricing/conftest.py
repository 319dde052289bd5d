"""Price snapshots for the database tests: the committed fixtures are loaded once per session, before the
per-test transactions, so every test starts from them and rolls its own changes back."""

import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command

from pricing.models import PriceSnapshot


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    with django_db_blocker.unblock():
        call_command("load_prices", stdout=io.StringIO())
    yield


@pytest.fixture
def prices(db: None) -> None:
    """The fixture snapshots are there (reloaded, inside this test's transaction, if a flush removed them)."""
    if not PriceSnapshot.objects.filter(origin=PriceSnapshot.Origin.FIXTURE).exists():
        call_command("load_prices", stdout=io.StringIO())
