"""How far apart the sizes of one family score in the CoreMark measurements: the noise a faster core must beat.

Pure Python. Vantage ran CoreMark once on each EC2 size (ec2instances.info's runs, 2025-12 to 2026-07, the
catalog's ``coremark``). Sizes of one family share the processor, so their per-thread scores would agree if the
measurement had no noise; how far they disagree is the measurement's own uncertainty. A candidate is credited with a
faster core only when its per-thread score beats the source host's by more than that.

The spread of a family is computed here, when the catalog is loaded, from the catalog's rows (nothing is typed in):

    spread = (highest per-thread score - lowest) / lowest, over every measured size of the family

an RDS class counting once, as the EC2 size it runs on (db.r6i.large is r6i.large's measurement). In the 2026
catalog, for example: r6i 9.6 % (r6i.xlarge 16,531.7 against r6i.large 18,126.9), r5 7.4 %, r7i 19.3 % (r7i.24xlarge
20,284.7 against r7i.large 24,192.6), r4 34.4 %. A family with a single measured size has no spread (how noisy its
figure is cannot be told), and its faster core is not credited. Kept as the ratio highest / lowest, so a score
exactly at the edge of the spread compares equal, not one rounding error above it.

A family never measured may carry its twin's figures (``advisor/catalog/processors.py``: AWS names the same processor
model for both, e.g. r6id's are r6i's). A borrowed figure is not a new measurement: it counts in no family's spread,
and the borrowing family's noise is its twin's spread (r6id is held to r6i's 9.6 %), the words naming the twin. How a
figure is said, measured or borrowed, is here too (``figure_words``, ``borrowed_words``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from pricing.catalog.instances import catalog_rows


def pct_words(pct: float) -> str:
    """'4', '9.6', '19.3': a percentage to one decimal, without a trailing '.0'."""
    return f"{pct:.1f}".removesuffix(".0")


@dataclass(frozen=True)
class FamilySpread:
    """The measured per-thread CoreMark of one family's sizes: how far apart they are."""

    family: str
    sizes: int  # measured sizes
    lowest: str  # the size that scored lowest per thread
    highest: str
    ratio: float | None  # highest / lowest; None with one measured size
    borrowed_by: str | None = None  # the family whose figures are this family's measurements (its twin's spread)

    @property
    def pct(self) -> float | None:
        return None if self.ratio is None else (self.ratio - 1) * 100

    @property
    def words(self) -> str:
        family = f"{self.family} (whose measurements {self.borrowed_by} borrows)" if self.borrowed_by else self.family
        if self.pct is None:
            return (f"only one size of {family} was measured, so how far its sizes differ is not known and a faster "
                    "core is not credited")  # fmt: skip
        sizes = f"sizes of {family}" if self.borrowed_by else "sizes of this family"
        return (f"{sizes} differ by up to {pct_words(self.pct)} % in the measurements; smaller differences are not "
                "credited")  # fmt: skip

    def named(self, *, source: bool = False) -> str:
        """'r6i', 'r6i (the source's family)'; for a twin's spread 'r6i (whose measurements r6id borrows)' or 'r6i
        (whose measurements the source's family, r6id, borrows)'."""
        if self.borrowed_by is None:
            return f"{self.family} (the source's family)" if source else self.family
        borrower = f"the source's family, {self.borrowed_by}," if source else self.borrowed_by
        return f"{self.family} (whose measurements {borrower} borrows)"


def family_spreads(rows: Iterable[Mapping[str, Any]]) -> dict[str, FamilySpread]:
    """The spread of every family with a measured size, from catalog rows (``name``, ``family``, ``coremark``); a
    family whose figures are borrowed has its twin's (``borrowed_by`` naming it), and adds to no spread."""
    scores: dict[str, dict[str, float]] = {}
    twins: dict[str, str] = {}
    for row in rows:
        mark = row.get("coremark")
        if mark and mark.get("borrowed"):
            twins[str(row["family"])] = str(mark["borrowed"]["family"])
        elif mark:
            scores.setdefault(str(row["family"]), {})[str(row["name"]).removeprefix("db.")] = float(mark["per_thread"])
    out = {}
    for family, sizes in scores.items():
        lowest, highest = min(sizes, key=sizes.__getitem__), max(sizes, key=sizes.__getitem__)
        ratio = sizes[highest] / sizes[lowest] if len(sizes) > 1 else None
        out[family] = FamilySpread(family, len(sizes), lowest, highest, ratio)
    for family, twin in twins.items():
        if family not in out and twin in out:
            out[family] = replace(out[twin], borrowed_by=family)
    return out


@cache
def catalog_spreads() -> dict[str, FamilySpread]:
    return family_spreads(catalog_rows().values())


def spread_of(row: Mapping[str, Any], spreads: Mapping[str, FamilySpread] | None = None) -> FamilySpread | None:
    """The spread of ``row``'s family (the catalog's unless ``spreads`` is given); None if it was never measured."""
    if not row.get("coremark"):
        return None
    return (catalog_spreads() if spreads is None else spreads).get(str(row["family"]))


def figure_words(mark: Mapping[str, Any]) -> str:
    """'CoreMark 24,193 per thread (measured 2025-12-10)', or for a borrowed figure 'CoreMark 13,977 per thread
    (borrowed from r5n.4xlarge, measured 2025-12-11)'."""
    return f"CoreMark {float(mark['per_thread']):,.0f} per thread ({when_words(mark)})"


def when_words(mark: Mapping[str, Any]) -> str:
    """'measured 2025-12-10', or 'borrowed from r5n.4xlarge, measured 2025-12-11'."""
    borrowed = mark.get("borrowed")
    return f"borrowed from {borrowed['from']}, measured {mark['as_of']}" if borrowed else f"measured {mark['as_of']}"


def borrowed_words(mark: Mapping[str, Any] | None) -> str:
    """Why a figure is another family's: 'r5b has no CoreMark measurement; r5n runs on the same processor (Cascade
    Lake 8259CL, AWS EC2 User Guide 'Memory optimized instances', 2023-06), so r5n.4xlarge's measured figure is
    used'; "" for a measured figure or none."""
    borrowed = (mark or {}).get("borrowed")
    if not borrowed:
        return ""
    if borrowed["same_size"]:
        return f"{borrowed['why']}, so {borrowed['from']}'s measured figure is used"
    return (f"{borrowed['why']}; no {borrowed['family']} size of the same vCPUs was measured, so the lowest of its "
            f"measured figures ({borrowed['from']}'s) is used")  # fmt: skip
