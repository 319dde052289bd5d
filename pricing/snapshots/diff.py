"""What changed between two price snapshots (or sets of rows): rows added, removed and repriced, keyed by SKU,
term and rate dimension, and the plain-text summary a refresh prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.snapshots.store import plain_decimal, row_key, snapshot_rows


@dataclass(frozen=True)
class Repriced:
    old: PriceRow
    new: PriceRow


@dataclass(frozen=True)
class SnapshotDiff:
    """What changed between two sets of rows, keyed by SKU, term and rate dimension."""

    added: list[PriceRow]
    removed: list[PriceRow]
    repriced: list[Repriced]
    unchanged: int

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.repriced)

    def text(self, *, limit: int = 50) -> str:
        lines = [
            f"Compared with the current snapshot: {len(self.added)} added, {len(self.removed)} removed, "
            f"{len(self.repriced)} repriced, {self.unchanged} unchanged"
        ]
        for title, items in (
            ("Added", [f"{_label(r)}: {_money(r)}" for r in self.added]),
            ("Removed", [f"{_label(r)}: was {_money(r)}" for r in self.removed]),
            ("Repriced", [f"{_label(c.new)}: {_money(c.old)} -> {_money(c.new)}" for c in self.repriced]),
        ):
            if items:
                lines.append(f"{title} ({len(items)}):")
                lines += [f"  {item}" for item in items[:limit]]
                if len(items) > limit:
                    lines.append(f"  ... and {len(items) - limit} more")
        return "\n".join(lines)


def _label(row: PriceRow) -> str:
    a = row.attributes
    what = a.get("instanceType") or a.get("usagetype") or a.get("volumeApiName") or row.product_family
    extra = [a[k] for k in ("databaseEdition", "licenseModel", "deploymentOption") if k in a]
    term = row.term if not row.term_attributes else f"{row.term} {'/'.join(sorted(row.term_attributes.values()))}"
    return f"{row.sku} {row.product_family} {what}{' ' if extra else ''}{', '.join(extra)} ({term})"


def _money(row: PriceRow) -> str:
    return f"{plain_decimal(row.price_usd)} USD/{row.unit}"


def _rows_of(side: PriceSnapshot | Iterable[PriceRow] | None) -> list[PriceRow]:
    if side is None:
        return []
    if isinstance(side, PriceSnapshot):
        return snapshot_rows(side)
    return list(side)


def snapshot_diff(
    old: PriceSnapshot | Iterable[PriceRow] | None, new: PriceSnapshot | Iterable[PriceRow]
) -> SnapshotDiff:
    """Rows added, removed and repriced (old -> new price) from ``old`` to ``new`` (snapshots or rows)."""
    before = {row_key(row): row for row in _rows_of(old)}
    after = {row_key(row): row for row in _rows_of(new)}
    repriced = [
        Repriced(before[key], row)
        for key, row in after.items()
        if key in before and before[key].price_usd != row.price_usd
    ]
    return SnapshotDiff(
        added=[row for key, row in after.items() if key not in before],
        removed=[row for key, row in before.items() if key not in after],
        repriced=repriced,
        unchanged=sum(1 for key in after if key in before) - len(repriced),
    )
