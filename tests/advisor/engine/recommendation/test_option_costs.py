"""The cost parts a search ranks classes by: an RDS Custom instance, which cannot be stopped, is ranked at the whole
month's hours whatever hours the workload runs, as its bill prices it."""

from __future__ import annotations

from decimal import Decimal

from advisor.engine.recommendation.option_costs import RankingCosts, plan_option
from advisor.engine.recommendation.recommender import recommend
from tests.advisor.engine.recommendation.comparison_set import price_book
from tests.advisor.engine.recommendation.test_dr_region_prices import ee_with_dr_to


def part_time(region: str = "eu-west-1", current: str = "rds-custom"):  # type: ignore[no-untyped-def]
    """The DR test's EE workload without DR, in ``region``, running 300 hours a month where it runs now."""
    workload = ee_with_dr_to("us-west-2")
    return workload.model_copy(update={
        "availability": workload.availability.model_copy(update={"cross_region_dr": False, "dr_region": None}),
        "environment": workload.environment.model_copy(update={"region": region, "hours_per_month": 300,
                                                               "current_platform": current}),
    })  # fmt: skip


def test_rds_custom_is_ranked_and_billed_for_the_whole_month_at_300_hours():
    workload, book = part_time(), price_book()
    custom = next(o for o in recommend(workload, book).options if o.option == "rds_custom").chosen
    line = next(line for line in custom.topology.primary.lines if line.component == "compute")
    assert line.quantity == 730 and line.monthly_usd == (730 * line.unit_price_usd).quantize(Decimal("0.01"))
    assert "cannot be stopped" in line.note and "StopDBInstance" in line.note
    costs = RankingCosts(workload, book, plan_option(workload, "rds-custom"), None)  # type: ignore[arg-type]
    assert costs.instance_hours(custom.instance_class) == 730 * line.unit_price_usd


def test_rds_for_oracle_is_ranked_and_billed_for_the_hours_it_runs():
    workload, book = part_time(), price_book()
    rds = next(o for o in recommend(workload, book).options if o.option == "rds").chosen
    line = next(line for line in rds.topology.primary.lines if line.component == "compute")
    assert line.quantity == 300
    costs = RankingCosts(workload, book, plan_option(workload, "rds"), None)  # type: ignore[arg-type]
    assert costs.instance_hours(rds.instance_class) == 300 * line.unit_price_usd


def test_rds_with_a_read_replica_is_ranked_and_billed_for_the_whole_month_at_300_hours():
    # Amazon RDS User Guide, Stopping an Amazon RDS DB instance temporarily: "You can't stop a DB instance that has a
    # Read Replica, or that is a Read Replica": the primary and its replica run, and are billed, all 730 hours
    workload, book = part_time(current="on-premises"), price_book()
    workload = workload.model_copy(update={"availability": workload.availability.model_copy(
        update={"read_replicas": 1})})  # fmt: skip
    rds = next(o for o in recommend(workload, book).options if o.option == "rds").chosen
    compute = [line for m in rds.topology.members for line in m.lines if line.component == "compute"]
    assert len(compute) == 2  # the primary's hours and the replica's
    for line in compute:
        assert line.quantity == 730 and line.monthly_usd == (730 * line.unit_price_usd).quantize(Decimal("0.01"))
        assert line.note.startswith("An RDS instance with read replicas, or one, cannot be stopped")
        assert "You can't stop a DB instance that has a Read Replica" in line.note
    costs = RankingCosts(workload, book, plan_option(workload, "rds"), None)  # type: ignore[arg-type]
    assert costs.instance_hours(rds.instance_class) == 730 * compute[0].unit_price_usd * 2
