"""Prices AWS states are the same as another product's: RDS io2 Block Express storage and IOPS "at the same price
as io1". Where a snapshot holds no row of its own for the product, the other product's row of the same Region and
deployment stands in, marked ``estimated`` with the reason; a row of its own always wins.

Pure Python (pydantic v2, no Django). The rule is data: ``data/price_equivalences.json``, each row with its source and
as-of date.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.rows import PriceRow
from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "price_equivalences.json"


class Equivalence(NotedRow):
    """``volume_type`` of ``service`` is priced as ``priced_as`` for the named lookups, for ``reason``."""

    service: Literal["AmazonRDS", "AmazonEC2"]
    lookups: tuple[str, ...] = Field(min_length=1)
    volume_type: str = Field(min_length=2)
    priced_as: str = Field(min_length=2)
    reason: str = Field(min_length=10, description="what users read beside the estimated line")


class Equivalences(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    note: str
    rows: tuple[Equivalence, ...]


@cache
def equivalences() -> Equivalences:
    return Equivalences.model_validate_json(DATA_FILE.read_text())


def equivalent(*, lookup: str, volume_type: str) -> Equivalence | None:
    """The rule that prices ``volume_type`` as another type in ``lookup``, if there is one."""
    return next((e for e in equivalences().rows if lookup in e.lookups and e.volume_type == volume_type), None)


def priced_as(row: PriceRow, rule: Equivalence) -> PriceRow:
    """``row`` (the other type's price) standing in for ``rule.volume_type``, marked estimated with the reason."""
    note = f"{rule.reason}: priced at the {rule.priced_as} price of {row.region}"
    joined = "; ".join(n for n in (note, row.estimate_note) if n)
    return row.model_copy(update={"estimated": True, "estimate_note": joined})
