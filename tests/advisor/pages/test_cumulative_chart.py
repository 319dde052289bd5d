"""The 36-month chart draws cash as paid: licence purchases, upfront fees and a year of support step up at month 1.
Figures worked by hand from the small SE2 scenario's EC2 option (eu-west-1, 2023-02-23 offer files; m5.xlarge 3-year
Standard All Upfront at 0.080479/h effective, 2026-05-12), as in test_option_commitments."""

from datetime import date
from decimal import Decimal

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload.fields import LicenceModel
from advisor.pages.results import results_context
from tests.advisor.engine.recommendation.test_option_commitments import book


def _context():
    # BYOL: with License Included the rules block EC2 (no licence-included Oracle there) and keep it off the chart
    workload = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload
    workload = workload.model_copy(
        update={"oracle": workload.oracle.model_copy(update={"licence_model": LicenceModel.BYOL})}
    )
    return results_context(recommend(workload, book()), today=date(2026, 11, 27))


def test_the_chart_steps_at_month_one_by_the_upfront_fee_the_licence_purchase_and_a_year_of_support():
    context = _context()
    figure = context["cumulative_chart"]
    traces = {t["name"]: t for t in figure["data"]}
    ec2 = next(c for c in context["columns"] if c.option.option == "ec2")
    # SE2 builds no standby on EC2 where RDS builds its Multi-AZ one: EC2's total is partial, not compared, and its
    # lines say so
    assert ec2.chart_label == "Self-managed Oracle on EC2 (partial: not compared)"
    on_demand = traces[ec2.chart_label]
    committed = traces[f"{ec2.chart_label}, Reserved 3yr All Upfront"]
    assert on_demand["line"]["dash"] == "dot"

    # month 0: nothing paid yet
    assert on_demand["y"][0] == 0 and committed["y"][0] == 0
    # on-demand, month 1: the SE2 socket licence 17,500.00 + its first year of support (22% = 3,850.00) + a month of
    # AWS (176.37 of instance and volumes + 7.50 of EBS snapshots, 150 GiB x 0.05 = 183.87) = 21,533.87
    assert on_demand["y"][1] == 21533.87
    # the reservation, month 1: upfront 2,114.99 + 17,500.00 + 3,850.00 + the AWS lines it leaves on-demand
    # (183.87 - 156.22 = 27.65) = 23,492.64: the step beyond a month of AWS is 2,114.99 + 17,500.00 + 3,850.00
    assert committed["y"][1] == 23492.64
    assert Decimal("23492.64") - Decimal("27.65") == Decimal("2114.99") + Decimal("17500.00") + Decimal("3850.00")
    # month 13: a second year of support, nothing else but 12 months of AWS: 21,533.87 + 12 x 183.87 + 3,850.00
    assert on_demand["y"][13] == 27590.31
    assert "cash as paid" in figure["layout"]["title"]["text"]


def test_the_chart_table_and_the_totals_say_their_basis():
    context = _context()
    ec2 = next(c for c in context["columns"] if c.option.option == "ec2")

    # on-demand cash by the end of months 12, 24, 36: 183.87 x 12 (2,206.44) + 17,500.00 + 3,850.00 = 23,556.44;
    # + 2,206.44 + 3,850.00 = 29,612.88; + 6,056.44 = 35,669.32
    assert ec2.cash_running_totals == (Decimal("23556.44"), Decimal("29612.88"), Decimal("35669.32"))
    # the run-rate: 183.87 + 17,500 / 36 (486.11) + 3,850 / 12 (320.83) = 990.81, x 12 = 11,889.72
    assert ec2.cash.run_rate_monthly_usd == ec2.monthly_usd == Decimal("990.81")
    assert ec2.one_year_usd == Decimal("11889.72")
    assert context["run_rate_basis"] == "run-rate, licences spread over 3 years"
    best = context["best"]
    assert (
        f"(monthly run-rate, AWS on-demand and Oracle licences included; ${best.cash.cash_36_months_usd:,.0f} over "
        "three years, cash as paid)" in (context["reasons"][0])
    )
