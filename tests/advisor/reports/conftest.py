"""The assessment the PDF tests print: the small OLTP scenario saved, and a copy whose stored workload no longer
validates."""

from __future__ import annotations

import pytest

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.models import Assessment

SMALL = load_scenario(SCENARIO_DIR / "small-oltp-se2.json")


@pytest.fixture
def small(prices: None) -> Assessment:
    meta = services.AssessmentMeta(name=SMALL.name, customer=SMALL.customer, project=SMALL.project)
    return services.assessment_create(meta=meta, workload=SMALL.workload)


@pytest.fixture
def broken(small: Assessment) -> Assessment:
    """A row whose stored workload no longer validates (an older schema, a hand edit): no document from it."""
    workload = SMALL.workload.model_dump(mode="json")
    workload["sizing"]["peak_cpu"] = 0
    workload["sizing"]["db_size_gib"] = None
    Assessment.objects.filter(pk=small.pk).update(workload=workload)
    small.refresh_from_db()
    return small
