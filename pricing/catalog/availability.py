"""Where a catalog class can be ordered (``fixtures/catalog/availability.json``): EC2 types per Region, RDS for
Oracle classes per Region, engine (edition) and licence model, from the AWS Price List as cfn-lint 1.58.0 holds it.

Pure Python. A class the file does not list is *unknown* (the source covers the Oracle-relevant families only), not
"offered nowhere": ``offered`` answers None then, and callers say so instead of rejecting it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

AVAILABILITY_CATALOG = Path(__file__).resolve().parents[2] / "fixtures" / "catalog" / "availability.json"
RDS_ENGINES = {"ee": "oracle-ee", "se2": "oracle-se2"}
RDS_LICENCE_MODELS = {"byol": "bring-your-own-license", "li": "license-included"}
EDITION_WORDS = {"ee": "Enterprise Edition", "se2": "Standard Edition 2"}
LICENCE_WORDS = {"byol": "BYOL", "li": "License Included"}


@cache
def _rows() -> dict[tuple[str, str], dict[str, Any]]:
    return {(row["platform"], row["name"]): row for row in json.loads(AVAILABILITY_CATALOG.read_text())}


@cache
def _covered_families(platform: str) -> frozenset[str]:
    return frozenset(name.removeprefix("db.").split(".")[0] for p, name in _rows() if p == platform)


@dataclass(frozen=True)
class Offered:
    offered: bool
    words: str  # why, in words, with the source
    source: str
    as_of: str


def offered(name: str, *, platform: str, region: str, edition: str = "", licence_model: str = "") -> Offered | None:
    """Whether ``name`` can be ordered in ``region`` (RDS: for this edition and licence model). None when the
    source does not cover the class's family, so nothing can be said."""
    kind = "rds" if platform == "rds" else "ec2"
    row = _rows().get((kind, name))
    if row is None:
        if name.removeprefix("db.").split(".")[0] not in _covered_families(kind):
            return None
        source = next(r for (p, _), r in _rows().items() if p == kind)
        return Offered(False, f"{name} has no price in any Region in the AWS Price List of {source['as_of']}",
                       source["source"], source["as_of"])  # fmt: skip
    if kind == "ec2":
        regions = row["offers"]["ec2"]
        what = f"EC2 {name}"
    else:
        key = f"{RDS_ENGINES.get(edition, edition)}/{RDS_LICENCE_MODELS.get(licence_model, licence_model)}"
        regions = row["offers"].get(key, [])
        what = f"{name} for Oracle {EDITION_WORDS.get(edition, edition)} {LICENCE_WORDS.get(licence_model, '')}"
    if region in regions:
        return Offered(True, f"{what.strip()} is priced in {region}", row["source"], row["as_of"])
    where = f"{len(regions)} other Regions" if regions else "no Region"
    words = f"{what.strip()} is not offered in {region} (priced in {where}; AWS Price List of {row['as_of']})"
    return Offered(False, words, row["source"], row["as_of"])
