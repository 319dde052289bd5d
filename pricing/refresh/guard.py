"""Whether a refresh's new snapshot may become current at once, or is stored and held for an admin's review.

A refresh replaces the prices every estimate and saved assessment is read from. Two things make a new snapshot
suspect, and each holds it back (stored, not current; the admin can still make it current after seeing what it
changes):

- its prices are older than the current prices they would replace (a file published before them goes back in time:
  the rows it brings again are compared, not those it drops, which count as removed);
- it removes more than ``MAX_REMOVED_SHARE`` of the current snapshot's rows.

Why a tenth: a refresh of one Region's prices normally removes only the rows of products AWS withdrew since the last
one, few against the whole. A file of another shape (one holding only AWS's own rows where the current snapshot also
holds rows from other sources), a partial answer or the wrong file removes a large share, and every saved assessment
priced by the removed rows would change its answer without anyone deciding it. The audit that led here saw 669 of
1,258 rows removed (53 %) by such a file. The share is our choice, not an AWS figure: high enough that a routine
refresh goes live, low enough that a wrong file does not. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from pricing.engine.rows import PriceRow

MAX_REMOVED_SHARE = Decimal("0.10")


def percent(share: Decimal) -> str:
    """``Decimal("0.1")`` -> ``10 %``: shares as the refresh's messages state them."""
    return f"{(share * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)} %"


@dataclass(frozen=True)
class Hold:
    """Why a new snapshot is stored but not made current (no reasons: it may go live)."""

    reasons: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.reasons)

    def text(self) -> str:
        return "; and ".join(self.reasons)


def newest_replaced(current: Iterable[PriceRow], replaces: Callable[[PriceRow], bool]) -> date | None:
    """The newest date of the current rows a refresh brings anew (``replaces``: the rows of the kind it reads that it
    brings again, by SKU, term and dimension; those it drops count as removed), None when it brings none of them."""
    return max((row.as_of for row in current if replaces(row)), default=None)


def hold_of(*, as_of: date, replaced_as_of: date | None, removed: int, current_rows: int, current_label: str) -> Hold:
    """Why a new snapshot dated ``as_of`` that removes ``removed`` of the ``current_rows`` rows of the current
    snapshot (``current_label``, e.g. "#33") must wait for review, if it must. ``replaced_as_of``: the newest date of
    the current rows it stands in for (``newest_replaced``)."""
    reasons = []
    if replaced_as_of is not None and as_of < replaced_as_of:
        reasons.append(
            f"its prices are as of {as_of.isoformat()}, older than the prices of the current snapshot {current_label} "
            f"they would replace (as of {replaced_as_of.isoformat()})"
        )
    allowed = int(current_rows * MAX_REMOVED_SHARE)  # whole rows: more than a tenth of 608 is 61 or more
    if removed > allowed:
        reasons.append(
            f"it would remove {removed:,} of the {current_rows:,} rows of the current snapshot {current_label}, more "
            f"than the {allowed:,} ({percent(MAX_REMOVED_SHARE)}) a refresh may remove without review"
        )
    return Hold(tuple(reasons))
