from collections.abc import Callable
from typing import Any

import pytest

from advisor.engine.scenarios import load_scenarios
from advisor.estates import services
from advisor.estates.engine.inventory import read_inventory
from advisor.estates.models import Estate

HEADER = "name,edition,licence_model,processor_licences_owned,region,peak_cpu,db_size_gib,multi_az,features"
ROWS = (
    "ERP,ee,byol,4,us-east-1,4,300,yes,partitioning",
    "Shop,se2,li,0,eu-west-1,2,150,yes,",
    "Broken,ee,byol,0,us-east-1,many,300,yes,",
    "Billing,ee,byol,0,us-east-1,8,500,no,",
)


def inventory_csv(rows: tuple[str, ...] = ROWS) -> bytes:
    return ("\n".join([HEADER, *rows]) + "\n").encode()


@pytest.fixture
def make_estate(user: Any, prices: None, django_capture_on_commit_callbacks: Any) -> Callable[..., Estate]:
    """An estate from ``inventory_csv()``, its tasks run as the transaction commits (the immediate backend)."""

    def make(data: bytes | None = None, **kwargs: Any) -> Estate:
        with django_capture_on_commit_callbacks(execute=True):
            return services.estate_from_inventory(inventory=read_inventory(data or inventory_csv(), "estate.csv"),
                                                  name="Test estate", owner=user, **kwargs)  # fmt: skip

    return make


@pytest.fixture(scope="session")
def scenario_workloads() -> list[Any]:
    return [s.workload for s in load_scenarios()]
