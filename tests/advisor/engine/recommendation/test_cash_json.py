"""The recommendation JSON labels every total with its basis: run-rate a month, cash as paid by year. Worked by hand
from the small SE2 scenario's EC2 option (eu-west-1, 2023-02-23 offer files; m5.xlarge 3-year Standard All Upfront
0.080479/h effective, 2026-05-12), as in test_option_commitments."""

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from tests.advisor.engine.recommendation.test_option_commitments import book


def _ec2() -> dict:
    workload = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload
    data = recommendation_json(recommend(workload, book()))
    return next(o for o in data["options"] if o["option"] == "ec2")


def test_the_cost_carries_the_run_rate_and_the_cash_as_paid_each_named():
    cost = _ec2()["cost"]

    # kept for consumers: the run-rate, 990.81 a month (AWS 183.87, of which 7.50 are the EBS snapshots of the 150 GiB
    # database at 0.05, + 17,500 / 36 = 486.11 + 3,850 / 12 = 320.83)
    assert (cost["total_monthly_usd"], cost["three_year_usd"]) == ("990.81", "35669.16")  # 990.81 x 36
    assert cost["totals_basis"] == cost["run_rate"]["basis"] == "run-rate, licences spread over 3 years"
    assert cost["run_rate"]["monthly_usd"] == "990.81"
    cash = cost["cash_as_paid"]
    assert cash["basis"] == "cash as paid, year 1 / 2 / 3"
    # year 1: 183.87 x 12 (2,206.44) + the socket 17,500.00 + support 3,850.00 = 23,556.44; then 2,206.44 + 3,850.00
    assert (cash["year_1_usd"], cash["year_2_usd"], cash["year_3_usd"]) == ("23556.44", "6056.44", "6056.44")
    assert cash["three_year_usd"] == "35669.32"  # 23,556.44 + 2 x 6,056.44


def test_commitments_say_their_bases_and_give_cash_by_year():
    commitments = _ec2()["commitments"]

    assert commitments["run_rate_basis"] == "run-rate, licences spread over 3 years"
    assert commitments["cash_basis"] == "cash as paid, year 1 / 2 / 3"
    three = next(t for t in commitments["totals"] if t["commitment"] == "reserved-3yr-all-upfront")
    # 2,114.99 + 27.65 x 12 (331.80) + 17,500.00 + 3,850.00 = 23,796.79; then 331.80 + 3,850.00 = 4,181.80
    # (27.65 a month stays on-demand: 20.15 of volumes and 7.50 of EBS snapshots)
    assert three["cash_year_usd"] == ["23796.79", "4181.80", "4181.80"]
    assert three["monthly_usd"] == "893.34"


def test_with_support_rising_the_1_and_3_year_run_rate_count_support_as_paid_in_those_years():
    from decimal import Decimal

    from advisor.engine.workload import parse_workload

    # the 8 licences the database needs, owned (owning more would count their support too: still paid unless ended)
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol", "processor_licences_owned": 8,
                                          "support_uplift_pct": 10},
                               "sizing": {"peak_cpu": 4, "db_size_gib": 200}, "environment": {"region": "eu-west-1"}})  # fmt: skip
    rds = next(o for o in recommendation_json(recommend(workload, book()))["options"] if o["option"] == "rds")
    cost = rds["cost"]
    assert rds["topology"]["licences"]["processors_in_all"] == 8  # owned: support only, nothing bought
    # support on 8 EE licences: 8 x 47,500 x 22 % = 83,600 in year 1, 91,960 in year 2, 101,156 in year 3 (+10 % a
    # year) = 276,716 over 3 years; a month is its 3-year average, 276,716 / 36 = 7,686.56
    assert cost["licence_monthly_usd"] == "7686.56"
    aws = Decimal(cost["aws_monthly_usd"])
    # 1 year: AWS x 12 + year 1's support (not 12 months of the 3-year average, 92,238.67)
    assert Decimal(cost["one_year_usd"]) == aws * 12 + 83_600
    assert Decimal(cost["three_year_usd"]) == aws * 36 + 276_716
    assert "Oracle support as paid in the years counted, rising 10% a year" in cost["years_basis"]
