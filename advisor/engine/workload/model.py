"""The workload model: its seven sections in one consistent, versioned document, and its JSON Schema.

Pure Python. Validating a ``Workload`` also checks the cross-field rules (``workload_conflicts``); a conflict is
raised as one pydantic error carrying every conflict, which ``errors`` turns back into field errors.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from advisor.engine.host_licences import with_suggested_licences
from advisor.engine.workload.capacity import IOSection, SizingSection
from advisor.engine.workload.conflicts import workload_conflicts
from advisor.engine.workload.database import FeaturesSection, OracleSection
from advisor.engine.workload.deployment import AvailabilitySection, EnvironmentSection
from advisor.engine.workload.fields import _Section
from advisor.engine.workload.host import SourceHostSection, host_conflicts

SCHEMA_VERSION: Literal[1] = 1


class Workload(BaseModel):
    """A complete, consistent Oracle workload. Inconsistent combinations are refused with the reason."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, title="Oracle workload", json_schema_extra={"$id": "/api/v1/schema/workload"}
    )

    schema_version: Literal[1] = SCHEMA_VERSION
    oracle: OracleSection = Field(default_factory=OracleSection, title="Oracle")
    features: FeaturesSection = Field(default_factory=FeaturesSection, title="Features needed")
    availability: AvailabilitySection = Field(default_factory=AvailabilitySection, title="Availability and DR")
    sizing: SizingSection = Field(default_factory=SizingSection, title="Sizing")
    io: IOSection = Field(default_factory=IOSection, title="IO profile")
    environment: EnvironmentSection = Field(default_factory=EnvironmentSection, title="Environment")
    source_host: SourceHostSection = Field(default_factory=SourceHostSection, title="Source host")

    @model_validator(mode="before")
    @classmethod
    def _host_licences(cls, data: Any) -> Any:
        return with_suggested_licences(data)

    @model_validator(mode="after")
    def _consistent(self) -> Workload:
        conflicts = workload_conflicts(self) + host_conflicts(self.source_host)
        if conflicts:
            raise PydanticCustomError(
                "workload_conflict",
                "{summary}",
                {
                    "summary": "; ".join(f"{c.path}: {c.message}" for c in conflicts),
                    "conflicts": [{"path": c.path, "message": c.message} for c in conflicts],
                },
            )
        return self


SECTIONS: tuple[tuple[str, type[_Section]], ...] = (
    ("oracle", OracleSection),
    ("features", FeaturesSection),
    ("availability", AvailabilitySection),
    ("sizing", SizingSection),
    ("io", IOSection),
    ("environment", EnvironmentSection),
    ("source_host", SourceHostSection),
)


def workload_json_schema() -> dict[str, Any]:
    return Workload.model_json_schema()
