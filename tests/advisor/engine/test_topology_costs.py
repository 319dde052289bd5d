"""SE2's DR copy on RDS, automated backups replicated to another Region: kept as long as the source keeps them
(35 days at most), and the data that crosses to the DR Region priced as what it is.

Prices from the committed fixtures: they hold no us-west-2 RDS backup row, so us-east-1's 0.095 USD per GB-month
stands in, as the DR copy is priced."""

from __future__ import annotations

from decimal import Decimal

from advisor.engine.topology_costs import replicated_backups_line
from advisor.engine.workload import Workload, parse_workload
from pricing.engine.fallback import RegionFallbackBook
from pricing.engine.rows import PriceRow
from tests.advisor.engine.recommendation.comparison_set import price_book


def se2_with_dr(retention_days: int, *, redo_mib_s: float | None = 2) -> Workload:
    """SE2 in us-east-1, 500 GiB, 25 GiB changed a day, its automated backups replicated to us-west-2."""
    return parse_workload({
        "oracle": {"edition": "se2", "licence_model": "li"},
        "availability": {"multi_az": False, "cross_region_dr": True, "dr_region": "us-west-2"},
        "sizing": {"db_size_gib": 500, "backup_retention_days": retention_days, "backup_daily_change_gib": 25},
        "io": {"redo_mib_s": redo_mib_s},
        "environment": {"region": "us-east-1"},
    })  # fmt: skip


def dr_backup_row() -> PriceRow:
    return RegionFallbackBook(price_book(), region="us-west-2", fallback="us-east-1").rds_backup(region="us-west-2")


def test_replicated_backups_of_a_40_day_retention_are_kept_the_35_days_the_source_keeps():
    # the source keeps its automated backups 35 days at most, and the replicated ones keep the source's retention:
    # a first full copy of 500 GiB + 34 days of 25 GiB changes = 1,350 GiB x 0.095 = 128.25 (not 1,475 GiB, 140.13)
    row = dr_backup_row()
    assert row.price_usd == Decimal("0.095")
    line = replicated_backups_line(se2_with_dr(40), row, "us-west-2")
    assert (line.quantity, line.monthly_usd) == (Decimal(1350), Decimal("128.25"))
    assert line.name.startswith("Replicated backups in us-west-2 for the 35 days RDS keeps of the 40-day retention")


def test_replicated_backups_of_a_retention_within_35_days_are_kept_all_of_it():
    line = replicated_backups_line(se2_with_dr(35), dr_backup_row(), "us-west-2")
    assert line.quantity == Decimal(500 + 34 * 25)
    assert line.name.startswith("Replicated backups in us-west-2 for the 35-day retention, no free allowance there")
