"""What a refresh of a Region's prices reads and decides, service by service (``ServiceRefresh``), and its whole
result; ``RefreshFailed`` when it stops before writing anything."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from pricing.engine.rows import PriceRow
from pricing.models import PriceSnapshot
from pricing.refresh.guard import Hold
from pricing.snapshots.diff import SnapshotDiff

Progress = Callable[[str], None]
Step = Callable[[int, int], None]


def _not_a_plan_rate(row: PriceRow) -> bool:
    """The current rows a service's own prices (the Price List API or its offer file) stand in for: all but the
    Savings Plans rates, which they never bring (they are kept, ``pricing.refresh.plans.carried_over``)."""
    return row.term != "SavingsPlan"


class RefreshFailed(RuntimeError):
    """The refresh stopped; nothing was written and the current snapshots are unchanged."""


@dataclass
class ServiceRefresh:
    service: str
    rows: list[PriceRow]
    source: str
    as_of: date
    origin: str
    notes: list[str] = field(default_factory=list)  # what the admin should know about the file read
    diff: SnapshotDiff | None = None
    snapshot: PriceSnapshot | None = None  # the snapshot written (None: nothing was, e.g. the same prices again)
    previous: PriceSnapshot | None = None  # the current snapshot it was compared with
    replaces: Callable[[PriceRow], bool] = _not_a_plan_rate  # the current rows the refresh's own rows stand in for
    hold: Hold = field(default_factory=Hold)  # why it is stored but not made current
    same: bool = False  # the same prices as the current snapshot: nothing is written, the current one stays


@dataclass
class RefreshResult:
    region: str
    services: list[ServiceRefresh] = field(default_factory=list)
    dry_run: bool = False
    force: bool = False  # held snapshots were made current anyway
