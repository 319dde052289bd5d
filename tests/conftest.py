import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command

from advisor import services
from advisor.engine.workload import Workload, parse_workload
from advisor.models import Assessment
from pricing.models import PriceSnapshot


def form_data(workload: Workload | None = None, *, name: str = "Order entry", **meta: str) -> dict[str, str]:
    """What the questionnaire posts: flat ``section.field`` names, ticked checkboxes only."""
    dumped = (workload or Workload()).model_dump(mode="json")
    data: dict[str, str] = {"name": name, "customer": meta.get("customer", ""), "project": meta.get("project", "")}
    for section, fields in dumped.items():
        if not isinstance(fields, dict):
            continue
        for field, value in fields.items():
            if value is True:
                data[f"{section}.{field}"] = "true"
            elif value is False:
                continue
            else:
                data[f"{section}.{field}"] = "" if value is None else str(value)
    return data


@pytest.fixture
def saved_assessment(db: None) -> Assessment:
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"}, "sizing": {"db_size_gib": 321}})
    return services.assessment_create(
        meta=services.AssessmentMeta(name="Billing", customer="ACME", project="Exit DC"), workload=workload
    )


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The committed price fixtures, loaded once per session before the per-test transactions roll back."""
    with django_db_blocker.unblock():
        call_command("load_prices", stdout=io.StringIO())
    yield


@pytest.fixture
def prices(db: None) -> None:
    """The fixture snapshots are there (reloaded, inside this test's transaction, if a flush removed them)."""
    if not PriceSnapshot.objects.filter(origin=PriceSnapshot.Origin.FIXTURE).exists():
        call_command("load_prices", stdout=io.StringIO())
