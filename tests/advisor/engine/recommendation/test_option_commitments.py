"""Each option's chosen topology under AWS commitments, beside on-demand: hand-worked from the price rows."""

from decimal import Decimal
from functools import cache
from pathlib import Path

from advisor.engine.recommendation.option_commitments import best_commitment
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from pricing.engine.prices.book import PriceBook
from pricing.engine.rows import PriceRow
from pricing.offers.files import read_offer_file

FIXTURES = Path(__file__).resolve().parents[4] / "fixtures" / "prices"


@cache
def book() -> PriceBook:
    """eu-west-1's 2023-02-23 offer files plus the published EC2 reservations for eu-west-1 (2026-05-12)."""
    rows = [row for name in ("AmazonRDS.json", "AmazonEC2.json")
            for row in read_offer_file(FIXTURES / "eu-west-1" / name, region="eu-west-1")]  # fmt: skip
    with (FIXTURES / "ec2-reserved-instances.jsonl").open() as lines:
        rows += [PriceRow.model_validate_json(line) for line in lines if '"region":"eu-west-1"' in line]
    return PriceBook(rows)


def small_oltp():
    return {
        o.option: o for o in recommend(load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload, book()).options
    }


def test_the_ec2_option_shows_its_best_reservation_worked_from_the_published_rows():
    ec2 = small_oltp()["ec2"]
    assert ec2.chosen is not None and ec2.chosen.instance_class == "m5.xlarge"
    summary = ec2.commitments
    assert summary is not None
    on_demand = summary.total("on-demand")
    # the on-demand total is the topology's own bill, to the cent: 983.31 of instance and volumes plus the EBS
    # snapshots of the 150 GiB database (its first full copy, 150 x 0.05 = 7.50), which no commitment changes
    assert on_demand.monthly_usd == ec2.chosen.total_monthly_usd == Decimal("983.31") + Decimal("7.50")
    best = best_commitment(summary)
    assert best is not None and best.commitment == "reserved-3yr-all-upfront"
    # m5.xlarge eu-west-1, 3-year Standard All Upfront: effective 0.080479/h (source A, 2026-05-12); All Upfront has no
    # hourly fee, so upfront = 0.080479 × 26,280 h = 2,114.99; on-demand 0.214/h × 730 = 156.22 of compute a month
    assert best.upfront_usd is not None and best.upfront_usd.quantize(Decimal("0.01")) == Decimal("2114.99")
    # a month: 990.81 - 156.22 + 0.080479 × 730 (58.75) = 893.34
    assert best.monthly_usd is not None and best.monthly_usd.quantize(Decimal("0.01")) == Decimal("893.34")
    # 36 months, cash as paid: AWS 183.87 a month (176.37 of instance and volumes + 7.50 of snapshots), of which
    # 156.22 compute, so 27.65 a month stays on-demand; the SE2 socket licence bought once for 17,500.00 and its
    # support paid yearly, 22% of 17,500 = 3,850.00 a year: 2,114.99 + 27.65 × 36 (995.40) + 17,500.00 + 3 × 3,850.00
    # = 32,160.39; on-demand 183.87 × 36 (6,619.32) + 17,500.00 + 11,550.00 = 35,669.32
    assert best.total_36_months_usd is not None
    assert best.total_36_months_usd.quantize(Decimal("0.01")) == Decimal("32160.39")
    assert on_demand.total_36_months_usd == Decimal("35669.32")
    # by year: 2,114.99 + 27.65 × 12 (331.80) + 17,500.00 + 3,850.00 = 23,796.79, then 331.80 + 3,850.00 = 4,181.80
    assert best.cash_year_usd == (Decimal("23796.79"), Decimal("4181.80"), Decimal("4181.80"))
    assert summary.cash_basis == "cash as paid, year 1 / 2 / 3"
    assert summary.run_rate_basis == "run-rate, licences spread over 3 years"
    assert best.saving_36_months_usd.quantize(Decimal("0.01")) == Decimal("3508.93")
    # cheaper once 156.22 × m > 2,114.99: m > 13.5, so from month 14
    assert best.break_even_month == 14


def test_rds_has_no_reservation_in_this_snapshot_and_says_so_never_guessing():
    rds = small_oltp()["rds"]
    assert rds.commitments is not None and best_commitment(rds.commitments) is None
    unpriced = {t.commitment: t.reason for t in rds.commitments.totals if not t.priced}
    database = unpriced.pop("savings-plan-database-1yr-no-upfront")
    # AWS sells No Upfront RDS reservations for 1 year only: said once for every instance, never as a price to look for
    three_years = unpriced.pop("reserved-3yr-no-upfront")
    assert three_years.startswith("not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term only")
    assert "no price held" not in three_years and "db.m5.xlarge" not in three_years
    assert unpriced and all("no price held" in reason for reason in unpriced.values())
    # SE2 License Included on db.m5.xlarge: no Database Savings Plan is sold for it, and a refresh would not change that
    assert database.startswith("Database Savings Plans cover RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i only")
    assert "License Included is not covered" in database and "refresh" not in database


def test_an_unpriced_option_has_no_commitments():
    rds_custom = small_oltp()["rds_custom"]
    assert rds_custom.chosen is None and rds_custom.commitments is None


def test_the_search_prices_through_the_typed_path_and_it_agrees_with_the_public_one():
    """The search validates each config once (``config_for`` returns an ``EstimateConfig``; members are copies);
    the public path, a plain JSON config parsed by ``estimate``, gives the same bill to the cent."""
    from pricing.engine.calculator import estimate
    from pricing.engine.estimate_config import EstimateConfig

    ec2 = small_oltp()["ec2"]
    member = ec2.chosen.topology.members[0]
    assert isinstance(member.config, EstimateConfig)
    typed = estimate(member.config, book(), vcpus=ec2.chosen.vcpus)
    public = estimate(member.config.model_dump(mode="json"), book(), vcpus=ec2.chosen.vcpus)
    assert [(line.name, line.monthly_usd) for line in typed.lines] == [
        (line.name, line.monthly_usd) for line in public.lines
    ]
    assert typed.total_monthly_usd == member.estimate.total_monthly_usd


def test_the_latency_oltp_on_rds_is_told_once_why_no_database_savings_plan_covers_it():
    # RDS db.r5b.4xlarge EE BYOL (io2 priced at io1's rows): a Multi-AZ primary and a read replica in eu-west-1 (the
    # DR copy is left out here: this book holds eu-west-1 alone). db.r5b is not a covered family; the 2023 rows price
    # no covered class, so the covered classes of its size that can be ordered are named, once for both members
    workload = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json").workload
    workload = workload.model_copy(
        update={"availability": workload.availability.model_copy(update={"cross_region_dr": False, "dr_region": None})}
    )
    rds = {o.option: o for o in recommend(workload, book()).options}["rds"]
    assert rds.chosen.instance_class == "db.r5b.4xlarge"
    plan = rds.commitments.total("savings-plan-database-1yr-no-upfront")
    assert not plan.priced
    assert plan.reason == (
        "Database Savings Plans cover RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i only: db.r5b.4xlarge is not "
        "one of them; of its size, db.r7i.4xlarge, db.r8i.4xlarge, db.m8i.4xlarge can be ordered in the Region, but "
        "the price snapshots price neither the plan nor their on-demand hours there"
    )


def test_a_dr_standby_in_a_region_without_reservations_never_borrows_the_primarys_reserved_rate():
    # the book holds eu-west-1 only: the DR standby in eu-north-1 is priced on-demand at eu-west-1's row (marked
    # estimated), but a reservation is bought in its own Region or not at all, so none is priced for the topology
    scenario = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json")
    workload = scenario.workload.model_copy(update={"availability": scenario.workload.availability.model_copy(
        update={"cross_region_dr": True, "dr_region": "eu-north-1"})})  # fmt: skip
    ec2 = next(o for o in recommend(workload, book()).options if o.option == "ec2")
    assert ec2.chosen is not None and any(m.plan.region == "eu-north-1" for m in ec2.chosen.topology.members)
    summary = ec2.commitments
    assert summary is not None
    reserved = [t for t in summary.totals if t.commitment.startswith("reserved-")]
    assert reserved and not any(t.priced for t in reserved)
    assert all("eu-north-1" in t.reason for t in reserved)
    assert summary.best_36_months in (None, "on-demand")
