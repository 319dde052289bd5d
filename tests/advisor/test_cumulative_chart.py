"""The 36-month chart draws cash as paid: licence purchases, upfront fees and a year of support step up at month 1.
Figures worked by hand from the small SE2 scenario's EC2 option (eu-west-1, 2023-02-23 offer files; m5.xlarge 3-year
Standard All Upfront at 0.080479/h effective, 2026-05-12), as in test_option_commitments."""

from datetime import date
from decimal import Decimal

from advisor.engine.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.results_page import results_context
from tests.advisor.engine.test_option_commitments import book


def _context():
    workload = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload
    return results_context(recommend(workload, book()), today=date(2026, 11, 27))


def test_the_chart_steps_at_month_one_by_the_upfront_fee_the_licence_purchase_and_a_year_of_support():
    context = _context()
    figure = context["cumulative_chart"]
    traces = {t["name"]: t for t in figure["data"]}
    ec2 = next(c for c in context["columns"] if c.option.option == "ec2")
    on_demand = traces[ec2.option.label]
    committed = traces[f"{ec2.option.label}, Reserved 3yr All Upfront"]

    # month 0: nothing paid yet
    assert on_demand["y"][0] == 0 and committed["y"][0] == 0
    # on-demand, month 1: the SE2 socket licence 17,500.00 + its first year of support (22% = 3,850.00) + a month of
    # AWS (176.37) = 21,526.37
    assert on_demand["y"][1] == 21526.37
    # the reservation, month 1: upfront 2,114.99 + 17,500.00 + 3,850.00 + the AWS lines it leaves on-demand
    # (176.37 - 156.22 = 20.15) = 23,485.14: the step beyond a month of AWS is 2,114.99 + 17,500.00 + 3,850.00
    assert committed["y"][1] == 23485.14
    assert Decimal("23485.14") - Decimal("20.15") == Decimal("2114.99") + Decimal("17500.00") + Decimal("3850.00")
    # month 13: a second year of support, nothing else but 12 months of AWS: 21,526.37 + 12 x 176.37 + 3,850.00
    assert on_demand["y"][13] == 27492.81
    assert "cash as paid" in figure["layout"]["title"]["text"]


def test_the_chart_table_and_the_totals_say_their_basis():
    context = _context()
    ec2 = next(c for c in context["columns"] if c.option.option == "ec2")

    # on-demand cash by the end of months 12, 24, 36: 176.37 x 12 (2,116.44) + 17,500.00 + 3,850.00 = 23,466.44;
    # + 2,116.44 + 3,850.00 = 29,432.88; + 5,966.44 = 35,399.32
    assert ec2.cash_running_totals == (Decimal("23466.44"), Decimal("29432.88"), Decimal("35399.32"))
    # the run-rate: 176.37 + 17,500 / 36 (486.11) + 3,850 / 12 (320.83) = 983.31, x 12 = 11,799.72
    assert ec2.cash.run_rate_monthly_usd == ec2.monthly_usd == Decimal("983.31")
    assert ec2.one_year_usd == Decimal("11799.72")
    assert context["run_rate_basis"] == "run-rate, licences spread over 3 years"
    best = context["best"]
    assert (
        f"({best.cash.run_rate_basis}; ${best.cash.cash_36_months_usd:,.0f} over three years, cash as paid)"
        in (context["reasons"][0])
    )
