"""How much backup storage a retention period keeps, and how much of it is billed: EBS snapshots on EC2, automated
backups on RDS for Oracle and RDS Custom (snapshots too, with a free allowance equal to the allocated storage).

Pure Python. The rules are data with their sources (``data/backup_storage.json``); the price is the caller's price
row. The first snapshot is a full copy of the data; each later one stores only the blocks changed since the one
before, so a retention of N daily backups keeps the full copy and N - 1 days of changes. Without a daily change
figure only the full copy is counted, and the result says it is a lower bound: no change rate is ever guessed. RDS
keeps automated backups 35 days at most: the days of a longer retention beyond them are said, not counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "backup_storage.json"


class BackupFact(NotedRow):
    key: str = Field(min_length=3)
    text: str = Field(min_length=20)
    days: int | None = Field(default=None, gt=0)  # a fact that is a number of days (RDS's longest retention)


class BackupRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str = Field(min_length=20)
    facts: tuple[BackupFact, ...] = Field(min_length=1)

    def fact(self, key: str) -> BackupFact:
        return next(f for f in self.facts if f.key == key)


@cache
def backup_rules() -> BackupRules:
    """The validated contents of ``data/backup_storage.json`` (read once)."""
    return BackupRules.model_validate_json(DATA_FILE.read_text())


def rds_retention_max_days() -> int:
    """The longest backup retention period RDS (and RDS Custom) keeps automated backups for: 35 days."""
    days = backup_rules().fact("rds_automated_backup_retention_max").days
    assert days is not None  # the data file's schema test holds it
    return days


@dataclass(frozen=True)
class BackupStorage:
    """GB-months of backup storage kept, what of it is billed, and how it was counted (in words a user reads)."""

    kept_gib: Decimal
    billed_gib: Decimal
    lower_bound: bool  # True when the changes between backups are unknown and only the full copy is counted
    words: str
    days: int = 0  # the days of backups counted: the retention asked, or on RDS at most the days RDS keeps
    days_beyond: int = 0  # the days of the retention asked that RDS's automated backups cannot keep (not counted)


def _gib(value: Decimal) -> str:
    return f"{value:,.0f}" if value == value.to_integral_value() else f"{value:,}"


def _check(used_gib: Decimal, retention_days: int, daily_change_gib: Decimal | None) -> None:
    if used_gib < 0 or retention_days < 0 or (daily_change_gib is not None and daily_change_gib < 0):
        raise ValueError("backup sizes and retention must be 0 or more")


def _kept(used_gib: Decimal, retention_days: int, daily_change_gib: Decimal | None) -> tuple[Decimal, bool, str]:
    full = f"a first full copy of {_gib(used_gib)} GiB"
    if daily_change_gib is None:
        return used_gib, True, (f"{full}; the blocks changed between the {retention_days} daily backups are not "
                                "known (no daily change given), so this is a lower bound")  # fmt: skip
    later = retention_days - 1
    kept = used_gib + later * daily_change_gib
    return kept, False, f"{full} + {later} daily backups × {_gib(daily_change_gib)} GiB changed = {_gib(kept)} GiB"


def ebs_snapshot_storage(*, used_gib: Decimal, retention_days: int,
                         daily_change_gib: Decimal | None = None) -> BackupStorage:  # fmt: skip
    """EBS snapshots kept for ``retention_days`` daily snapshots of ``used_gib`` of data: every GB-month is billed."""
    _check(used_gib, retention_days, daily_change_gib)
    if retention_days == 0:
        return BackupStorage(Decimal(0), Decimal(0), False, "no backups are kept (retention 0 days)")
    kept, lower, words = _kept(used_gib, retention_days, daily_change_gib)
    return BackupStorage(kept, kept, lower, words, retention_days)


def rds_backup_storage(*, used_gib: Decimal, allocated_gib: Decimal, retention_days: int,
                       daily_change_gib: Decimal | None = None, instances: int = 1) -> BackupStorage:  # fmt: skip
    """RDS automated backups kept for ``retention_days``: billed only beyond the free allowance, the Region's
    database storage: the ``allocated_gib`` of each of the ``instances`` DB instances the database runs there (its
    primary and its read replicas in the same Region). RDS keeps automated backups 35 days at most: a longer
    retention is counted for those 35 days, and the days beyond are said (``days_beyond``), never counted here."""
    _check(used_gib, retention_days, daily_change_gib)
    if instances < 1:
        raise ValueError("a database runs on at least one DB instance")
    if retention_days == 0:
        return BackupStorage(Decimal(0), Decimal(0), False, "no automated backups are kept (retention 0 days)")
    days = min(retention_days, rds_retention_max_days())
    kept, lower, words = _kept(used_gib, days, daily_change_gib)
    allowance = allocated_gib * instances
    billed = max(Decimal(0), kept - allowance)
    free = (f"free up to the allocated {_gib(allocated_gib)} GiB" if instances == 1 else
            f"free up to the Region's database storage, {instances} DB instances × {_gib(allocated_gib)} GiB = "
            f"{_gib(allowance)} GiB")  # fmt: skip
    return BackupStorage(kept, billed, lower, f"{words}; {free}, {_gib(billed)} GiB beyond it", days,
                         retention_days - days)  # fmt: skip
