"""AWS Regions (``fixtures/catalog/regions.json``, from botocore's endpoints data): codes, names and source."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

REGIONS_CATALOG = Path(__file__).resolve().parents[2] / "fixtures" / "catalog" / "regions.json"


@dataclass(frozen=True)
class Region:
    code: str
    name: str
    source: str
    as_of: str


@cache
def regions() -> dict[str, Region]:
    rows = json.loads(REGIONS_CATALOG.read_text())
    return {row["code"]: Region(row["code"], row["name"], row["source"], row["as_of"]) for row in rows}
