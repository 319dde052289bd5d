"""Oracle's Processor Core Factor Table, as data: the factor that turns a processor family's physical cores into
processor licences on premises (on AWS, Azure and Google Cloud the cloud policy counts vCPUs instead).

Pure Python (pydantic v2, no Django). Read from ``data/core_factors.json``; only families a source names are held,
so an unlisted processor has no factor here (the caller says so rather than guess one).
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pricing.engine.sourced import SourcedRow

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "core_factors.json"


class CoreFactor(SourcedRow):
    key: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    factor: Decimal = Field(gt=0, le=1)
    matches: tuple[str, ...] = ()  # lower-case words that name the family in a CPU model ("xeon")


class CoreFactorTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    title: str
    applies: str
    families: tuple[CoreFactor, ...]

    @model_validator(mode="after")
    def _unique(self) -> CoreFactorTable:
        keys = [f.key for f in self.families]
        if len(keys) != len(set(keys)):
            raise ValueError("core factor families need unique keys")
        return self

    def family(self, key: str) -> CoreFactor | None:
        return next((f for f in self.families if f.key == key), None)

    def family_of_model(self, cpu_model: str) -> CoreFactor | None:
        """The family a CPU model's name shows ('Intel Xeon Gold 6248' -> Intel Xeon); None when none matches."""
        text = " ".join(cpu_model.lower().split())
        return next((f for f in self.families if any(word in text for word in f.matches)), None)


@cache
def core_factor_table() -> CoreFactorTable:
    return CoreFactorTable.model_validate_json(DATA_FILE.read_text())
