"""Golden scenarios: named, realistic workloads committed under ``fixtures/scenarios/``.

They seed a fresh install with examples and are the fixtures the engines are checked against.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.engine.workload import Workload, WorkloadInvalid, field_errors

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=200)
    customer: str = ""
    project: str = ""
    description: str
    workload: Workload


def load_scenario(path: Path) -> Scenario:
    try:
        return Scenario.model_validate_json(path.read_text())
    except ValidationError as error:
        raise WorkloadInvalid(field_errors(error)) from None


def load_scenarios(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    return [load_scenario(path) for path in sorted(directory.glob("*.json"))]
