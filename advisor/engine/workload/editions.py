"""Which features and versions each Oracle edition allows: ``data/edition_constraints.json`` and its loader.

Pure Python. Every rule carries its explanation, source URL and as-of date; the enterprise-only features must
name fields of the features section.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, model_validator

from advisor.engine.workload.database import FeaturesSection
from advisor.engine.workload.fields import OracleVersion

DATA_DIR = Path(__file__).resolve().parents[1] / "data"


class _Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    explanation: str
    source_url: str
    as_of: str


class _VersionRule(_Sourced):
    versions: list[OracleVersion]


class _CountRule(_Sourced):
    value: int


class _EnterpriseOnlyFeature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    feature: str
    product: str


class EditionConstraints(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    as_of: str
    source_title: str
    source_url: str
    enterprise_only_features: list[_EnterpriseOnlyFeature]
    rac_on_se2: _Sourced
    se2_max_pdbs: _CountRule
    cdb_only_versions: _VersionRule
    enterprise_only_versions: _VersionRule

    @model_validator(mode="after")
    def _features_exist(self) -> EditionConstraints:
        unknown = {f.feature for f in self.enterprise_only_features} - set(FeaturesSection.model_fields)
        if unknown:
            raise ValueError(f"enterprise_only_features names unknown features: {sorted(unknown)}")
        return self


@cache
def edition_constraints() -> EditionConstraints:
    return EditionConstraints.model_validate_json((DATA_DIR / "edition_constraints.json").read_text())
