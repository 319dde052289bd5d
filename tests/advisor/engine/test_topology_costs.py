"""SE2's DR copy on RDS, automated backups replicated to another Region: kept as long as the source keeps them
(35 days at most), and the data that crosses to the DR Region priced as what it is.

Prices from the committed fixtures: they hold no us-west-2 RDS backup row, so us-east-1's 0.095 USD per GB-month
stands in, as the DR copy is priced."""

from __future__ import annotations

from decimal import Decimal

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.topology_costs import replicated_backups_line, transfer_costs
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


def options(workload: Workload):  # type: ignore[no-untyped-def]
    return {o.option: o for o in recommend(workload, price_book()).options}


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


def test_backups_replicated_to_the_dr_region_send_each_days_changes_and_the_transaction_logs():
    # RDS copies every snapshot and the transaction logs to the DR Region, at the snapshot copy charge (AWS RDS User
    # Guide, 'Replicating automated backups to another AWS Region'): 25 GiB a day x 730 / 24 days = 760.4167 GB, plus
    # 1 MiB/s of redo x 3,600 s x 730 h / 1,024 = 2,566.4063 GB; 3,326.8229 GB x 0.02 (us-east-1 to another
    # Region) = 66.54
    costs = transfer_costs(se2_with_dr(7, redo_mib_s=1), platform="rds", dr_region="us-west-2", local_standby=False,
                           dr_backups=True)  # fmt: skip
    (line,) = costs.lines
    assert line.quantity.quantize(Decimal("0.0001")) == Decimal("3326.8229") and line.monthly_usd == Decimal("66.54")
    assert line.name == (
        "Backups replicated us-east-1 → us-west-2 at the snapshot copy rate: each day's changed data, 25 GiB × 30.4 "
        "days = 760.4 GB plus the transaction logs, 1 MiB/s of redo = 2,566.4 GB"
    )
    assert line.estimated and line.note.startswith("priced at the Region pair's inter-Region rate")
    # the first full copy crosses once, when replication starts: priced once and said, not in the month's total
    assert costs.notes == ("Once, when replication starts, not in the monthly cost: the first full copy of the backups "
                           "to us-west-2, 500 GiB at $0.02 per GB = $10.00",)  # fmt: skip
    assert costs.unpriced == costs.needs_input == ()


def test_without_a_redo_rate_the_daily_changes_are_priced_and_the_transaction_logs_wait_for_it():
    costs = transfer_costs(se2_with_dr(7, redo_mib_s=None), platform="rds", dr_region="us-west-2",
                           local_standby=False, dr_backups=True)  # fmt: skip
    (line,) = costs.lines
    assert line.monthly_usd == Decimal("15.21")  # 760.4167 GB x 0.02
    assert "Redo shipped" not in line.name and "transaction logs" not in line.name
    assert costs.needs_input == ("Redo rate not given: the transaction logs copied to us-west-2 are not priced; "
                                 "enter the redo rate from AWR",)  # fmt: skip


def test_an_se2_dr_copy_on_rds_is_priced_as_replicated_backups_not_a_standbys_redo():
    rds = options(se2_with_dr(7, redo_mib_s=1))["rds"].chosen.topology
    assert [line.name.split(" at ")[0] for line in rds.transfer] == ["Backups replicated us-east-1 → us-west-2"]
