"""Run-rate and cash as paid, never mixed: every expected figure is worked by hand here from the committed price rows
(EC2 reservations of 2026-05-12, Karpenter's on-demand rows of 2026-07-20, gp3 0.08 per GB-month in us-east-1) and
Oracle's list prices held (Enterprise Edition $47,500 a processor, support 22% a year of the net fee)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pricing.engine.cash_flow import (
    CASH_BASIS,
    LicenceCash,
    cash_flow,
    cash_flow_json,
    licence_cash,
    oracle_licences_basis,
)
from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.licences.cost import LicenceConfig, estimate_licences
from pricing.engine.prices.book import PriceBook
from tests.pricing.engine.commitments.test_commitments import EC2, us_east_1_rows

# r6i.xlarge, 4 vCPUs with hyper-threading: 2 vCPUs a processor licence, so 2 EE licences to buy on EC2 (BYOL).
WITH_LICENCES = {**EC2, "licences": {"include": True}}


@pytest.fixture(scope="module")
def book() -> PriceBook:
    return PriceBook(us_east_1_rows())


def test_year_one_cash_of_a_three_year_all_upfront_reservation_holds_its_upfront_and_the_licence_purchase(
    book: PriceBook,
) -> None:
    # The committed row RI-us-east-1-r6i.xlarge-3yr-standard-all-upfront (fixtures/prices/ec2-reserved-instances.jsonl,
    # 2026-05-12) publishes an effective rate of 0.099505 an hour; All Upfront has no hourly fee, so the upfront fee is
    # 0.099505 x 26,280 hours (3 x 8,760) = 2,614.9914 -> 2,614.99, and no hourly part is paid.
    # Storage stays on-demand: 500 GiB gp3 x 0.08 = 40.00 a month.
    # Oracle: 2 EE processor licences x 47,500 = 95,000.00 bought once; support 22% of 95,000 = 20,900.00 a year.
    result = commitment_quotes(WITH_LICENCES, book)
    three = result.quote("reserved-3yr-all-upfront")

    assert three.upfront_usd == Decimal("2614.99")
    # year 1: 2,614.99 + 12 x 40.00 (480.00) + 95,000.00 + 20,900.00 = 118,994.99
    # years 2 and 3: 12 x 40.00 + 20,900.00 = 21,380.00 (no upfront fee, no licence purchase)
    assert three.cash_year_usd == (Decimal("118994.99"), Decimal("21380.00"), Decimal("21380.00"))
    assert three.total_12_months_usd == Decimal("118994.99")
    assert three.total_36_months_usd == Decimal("161754.99")  # 118,994.99 + 2 x 21,380.00
    # run-rate a month: 40.00 + 2,614.99 / 36 (72.638..) -> 112.64 of AWS, + 95,000 / 36 (2,638.888..) -> 2,638.89
    # + 20,900 / 12 (1,741.666..) -> 1,741.67 = 4,493.20
    assert three.monthly_usd == Decimal("4493.20")
    assert result.run_rate_basis == "run-rate, licences spread over 3 years"
    assert result.cash_basis == CASH_BASIS == "cash as paid, year 1 / 2 / 3"

    on_demand = result.quote("on-demand")
    # on-demand: AWS 0.252 x 730 = 183.96 + 40.00 = 223.96 a month; year 1 = 223.96 x 12 (2,687.52) + 95,000.00
    # + 20,900.00 = 118,587.52; years 2 and 3 = 2,687.52 + 20,900.00 = 23,587.52
    assert on_demand.cash_year_usd == (Decimal("118587.52"), Decimal("23587.52"), Decimal("23587.52"))
    # the licences cost both alike, so the saving is AWS's alone: 3 x 2,687.52 - (2,614.99 + 36 x 40.00) = 4,007.57
    assert three.saving_36_months_usd == Decimal("4007.57")


def test_the_month_one_step_is_the_upfront_fee_the_licence_purchase_and_a_year_of_support(book: PriceBook) -> None:
    three = commitment_quotes(WITH_LICENCES, book).quote("reserved-3yr-all-upfront")

    # nothing is paid before month 1; by its end: 2,614.99 + 95,000.00 + 20,900.00 (paid at its start) + 40.00
    assert three.cumulative_usd[0] == Decimal("0.00")
    assert three.cumulative_usd[1] == Decimal("118554.99")
    # the step beyond a month of AWS: 118,554.99 - 40.00 = 118,514.99 = 2,614.99 + 95,000.00 + 20,900.00
    assert three.cumulative_usd[1] - three.cumulative_usd[0] - Decimal("40.00") == Decimal("118514.99")
    # month 13 steps again by the second year's support only: 118,554.99 + 12 x 40.00 + 20,900.00 = 139,934.99
    assert three.cumulative_usd[13] == Decimal("139934.99")


def test_a_one_year_term_is_paid_again_in_months_13_and_25() -> None:
    # 1,363.00 upfront (0.155594 x 8,760 = 1,363.00344) renewed each year; 40.00 a month of storage; no licences.
    flow = cash_flow(aws_monthly_usd=Decimal("40.00"), upfront_usd=Decimal("1363.00"), term_months=12)

    # each year: 1,363.00 + 12 x 40.00 = 1,843.00
    assert flow.cash_year_usd == (Decimal("1843.00"), Decimal("1843.00"), Decimal("1843.00"))
    assert flow.cumulative_usd[12] == Decimal("1843.00") and flow.cumulative_usd[13] == Decimal("3246.00")
    # run-rate: 40.00 + 1,363.00 / 12 (113.583..) = 153.58
    assert flow.run_rate_monthly_usd == Decimal("153.58")
    assert flow.run_rate_basis == "run-rate, no licence purchase to spread"
    assert "months 1, 13, 25" in flow.reasons[0]


def test_support_rises_by_the_uplift_each_year_and_the_purchase_is_spread_over_the_amortisation_term() -> None:
    # 2 EE processor licences on 4 vCPUs with hyper-threading, bought at list (95,000.00), support rising 10% a year,
    # amortised over 5 years.
    licence = estimate_licences(
        LicenceConfig(term_years=5, support_uplift_pct=Decimal(10)),
        edition="ee",
        platform="ec2",
        licence_model="byol",
        vcpus=4,
        hyperthreading=True,
    )
    cash = licence_cash(licence)
    assert cash is not None

    flow = cash_flow(aws_monthly_usd=Decimal("100.00"), licence=cash)

    # support 22% x 95,000 = 20,900.00 in year 1, 20,900 x 1.1 = 22,990.00 in year 2, x 1.21 = 25,289.00 in year 3
    # year 1: 12 x 100.00 + 95,000.00 + 20,900.00 = 117,100.00; year 2: 1,200.00 + 22,990.00; year 3: + 25,289.00
    assert flow.cash_year_usd == (Decimal("117100.00"), Decimal("24190.00"), Decimal("26489.00"))
    # run-rate: 95,000 / 60 = 1,583.333.. -> 1,583.33; support averaged over the 5 years,
    # 20,900 x (1 + 1.1 + 1.21 + 1.331 + 1.4641) / 5 = 20,900 x 1.22102 = 25,519.318 a year, / 12 = 2,126.609.. ->
    # 2,126.61; + 100.00 of AWS = 3,809.94
    assert flow.run_rate_monthly_usd == Decimal("3809.94")
    assert flow.run_rate_basis == "run-rate, licences spread over 5 years"
    assert flow.paid_at_start_usd == Decimal("115900.00")  # 95,000.00 + 20,900.00


def test_support_only_pays_no_purchase_and_an_unpublished_split_leaves_the_months_of_a_1_year_term_unknown() -> None:
    support_only = LicenceCash(
        purchase_usd=Decimal("0.00"),
        support_first_year_usd=Decimal("20900.00"),
        amortisation_years=3,
        run_rate_monthly_usd=Decimal("1741.67"),
    )

    flow = cash_flow(aws_monthly_usd=Decimal("0.00"), licence=support_only, upfront_usd=None, term_months=12)

    # each year is one whole 1-year term, so its cash is known: 20,900.00 of support and no AWS
    assert flow.cash_year_usd == (Decimal("20900.00"),) * 3
    assert not any("purchase" in r for r in flow.reasons)
    assert "not published apart from the hourly fee" in flow.reasons[0]
    # but not when inside each year the term's fee is paid: no running total, nothing said paid at the start
    assert flow.cumulative_usd == () and flow.paid_at_start_usd is None
    assert flow.timing_not_known == flow.reasons[0]


def test_an_unpublished_split_of_a_3_year_term_knows_the_36_months_but_no_year() -> None:
    # A Partial Upfront term held only as an effective rate, 7.922767 an hour (x2iedn.32xlarge, us-east-1): the term
    # costs 7.922767 x 730 = 5,783.61991 a month on average, 208,210.32 over 36 months (x 36 = 208,210.31676), however
    # its upfront part is split; 40.00 a month of storage beside it: 5,823.61991 x 36 = 209,650.31676 -> 209,650.32.
    flow = cash_flow(aws_monthly_usd=Decimal("5823.61991"), upfront_usd=None, term_months=36)

    assert flow.cash_36_months_usd == Decimal("209650.32")
    assert flow.run_rate_monthly_usd == Decimal("5823.62")
    # the upfront part is paid in month 1, so year 1 holds more than a third: how much is not published
    assert flow.cash_year_usd == (None, None, None)
    assert flow.cumulative_usd == () and flow.paid_at_start_usd is None
    assert "year by year" in flow.timing_not_known and "cheaper are not known" in flow.timing_not_known
    answer = cash_flow_json(flow)["cash_as_paid"]
    assert isinstance(answer, dict)
    assert (answer["year_1_usd"], answer["paid_at_start_usd"], answer["cumulative_usd"]) == (None, None, [])
    assert answer["three_year_usd"] == "209650.32" and answer["notes"] == [flow.timing_not_known]


def test_a_purchase_spread_over_one_year_is_counted_once_in_the_three_year_run_rate() -> None:
    # 2 EE processor licences bought at list (95,000.00), spread over 1 year: 95,000 / 12 = 7,916.67 a month; support
    # 22% = 20,900.00 a year, 1,741.67 a month; + 100.00 of AWS = 9,758.34 a month
    licence = estimate_licences(LicenceConfig(term_years=1), edition="ee", platform="ec2", licence_model="byol",
                                vcpus=4, hyperthreading=True)  # fmt: skip
    flow = cash_flow(aws_monthly_usd=Decimal("100.00"), licence=licence_cash(licence))
    assert flow.run_rate_monthly_usd == Decimal("9758.34")
    # a year: 12 x 9,758.34 = 117,100.08, the purchase counted once
    assert flow.run_rate_over(12) == Decimal("117100.08")
    # three years: 36 x 9,758.34 = 351,300.24, less the purchase counted twice more (2 x 95,000 / 12 x 12 =
    # 190,000.00, at the unrounded monthly share) = 161,300.24: the purchase once, support and AWS for 36 months
    assert flow.run_rate_over(36) == Decimal("161300.24")
    # spread over 3 years (the default), nothing is taken off: 36 months are exactly the spread
    three = cash_flow(aws_monthly_usd=Decimal("100.00"), licence=licence_cash(
        estimate_licences(LicenceConfig(), edition="ee", platform="ec2", licence_model="byol", vcpus=4,
                          hyperthreading=True)))  # fmt: skip
    assert three.run_rate_over(36) == three.run_rate_monthly_usd * 36


def ee_support(term_years: int, uplift: int, *, owned: int = 0) -> LicenceCash:
    """2 EE processor licences on 4 vCPUs with hyper-threading, at list: 95,000.00 to buy unless owned, support
    22% = 20,900.00 in year 1."""
    licence = estimate_licences(
        LicenceConfig(term_years=term_years, support_uplift_pct=Decimal(uplift), owned_processor_licences=owned),
        edition="ee", platform="ec2", licence_model="byol", vcpus=4, hyperthreading=True,
    )  # fmt: skip
    cash = licence_cash(licence)
    assert cash is not None
    return cash


def test_a_1_year_term_with_an_uplift_counts_years_2_and_3_support_in_the_3_year_run_rate() -> None:
    # The auditor's e6: r6i.xlarge on EC2 (0.252 x 730 = 183.96 + 500 GiB gp3 x 0.08 = 40.00 -> 223.96 a month of AWS),
    # 2 EE licences owned (nothing bought), support 20,900.00 in year 1 rising 8% a year, licences over 1 year.
    flow = cash_flow(aws_monthly_usd=Decimal("223.96"), licence=ee_support(1, 8, owned=2))

    # a month: the 1-year term's average support is year 1's, 20,900 / 12 = 1,741.666.. -> 1,741.67; + 223.96
    assert flow.run_rate_monthly_usd == Decimal("1965.63")
    # 3 years: AWS 223.96 x 36 = 8,062.56; support 20,900.00 + 22,572.00 (x 1.08) + 24,377.76 (x 1.1664) = 67,849.76;
    # = 75,912.32, the cash paid over those years (not 1,965.63 x 36 = 70,762.68, which drops the uplift)
    assert flow.run_rate_over(36) == Decimal("75912.32") == flow.cash_36_months_usd
    # 1 year: 223.96 x 12 = 2,687.52 + 20,900.00 = 23,587.52 (the monthly figure x 12 gives 23,587.56, its cents)
    assert flow.run_rate_over(12) == Decimal("23587.52")
    assert flow.run_rate_totals_basis == (
        "run-rate, licences spread over 1 year; Oracle support as paid in the years counted, rising 8% a year "
        "(a month: year 1's fee)"
    )
    assert flow.run_rate_basis == "run-rate, licences spread over 1 year"  # the monthly figure's own


def test_a_5_year_term_with_an_uplift_leaves_years_4_and_5_support_out_of_the_3_year_run_rate() -> None:
    # 2 EE licences bought at list (95,000.00), spread over 5 years; support 20,900.00 rising 10% a year; 100.00 AWS.
    flow = cash_flow(aws_monthly_usd=Decimal("100.00"), licence=ee_support(5, 10))

    # a month (as worked above): 100.00 + 1,583.33 + 2,126.61 = 3,809.94; x 36 = 137,157.84 would hold years 4 and 5's
    # higher support in the average. 3 years: AWS 3,600.00 + the purchase's 36 of its 60 months (95,000 x 36 / 60 =
    # 57,000.00) + support 20,900.00 + 22,990.00 + 25,289.00 (69,179.00) = 129,779.00
    assert flow.run_rate_over(36) == Decimal("129779.00")
    # 1 year: 1,200.00 + 95,000 x 12 / 60 (19,000.00) + 20,900.00 = 41,100.00
    assert flow.run_rate_over(12) == Decimal("41100.00")
    # over the whole 5-year term: 6,000.00 + 95,000.00 + support 20,900.00 + 22,990.00 + 25,289.00 + 27,817.90
    # (x 1.331) + 30,599.69 (x 1.4641 = 30,599.69) = 228,596.59, the monthly figure x 60 to within its cents
    # (3,809.94 x 60 = 228,596.40)
    assert flow.run_rate_over(60) == Decimal("228596.59")


def test_a_1_year_term_with_an_uplift_counts_the_purchase_once_and_every_year_of_support() -> None:
    # 2 EE licences bought (95,000.00) over 1 year, support 20,900.00 rising 8%; 100.00 of AWS a month.
    flow = cash_flow(aws_monthly_usd=Decimal("100.00"), licence=ee_support(1, 8))

    # 3,600.00 + 95,000.00 once + 67,849.76 of support (as above) = 166,449.76, the cash as paid over the 3 years
    assert flow.run_rate_over(36) == Decimal("166449.76") == flow.cash_36_months_usd
    assert "the 3-year total counts the purchase once" in flow.run_rate_totals_basis


def test_support_only_says_no_purchase_is_counted_instead_of_licences_spread_over_the_term() -> None:
    # Support only, as asked: 2 EE processor licences to buy (4 vCPUs with hyper-threading), neither bought nor
    # amortised; support on both: 2 x 47,500 x 22% = 20,900.00 a year / 12 = 1,741.67 a month.
    licence = estimate_licences(LicenceConfig(count_purchase=False), edition="ee", platform="ec2",
                                licence_model="byol", instance_class="r6i.xlarge", vcpus=4)  # fmt: skip
    flow = cash_flow(aws_monthly_usd=Decimal("40.00"), licence=licence_cash(licence))

    assert flow.licence_monthly_usd == Decimal("1741.67")
    assert flow.run_rate_basis == "run-rate, Oracle support only: the licences to buy are not counted, as asked"
    assert "spread" not in flow.run_rate_totals_basis
    assert flow.reasons[0] == "Oracle licence purchase not counted: support only, as asked"
    # the same licences bought: their purchase is spread over the term, as the basis says
    bought = cash_flow(aws_monthly_usd=Decimal("40.00"), licence=licence_cash(licence.model_copy(
        update={"count_purchase": True, "upfront_purchase_usd": Decimal("95000.00")})))  # fmt: skip
    assert bought.run_rate_basis == "run-rate, licences spread over 3 years"


def test_the_licences_a_basis_beside_aws_counts() -> None:
    assert oracle_licences_basis(count_purchase=True) == "Oracle licences included"
    assert oracle_licences_basis(count_purchase=False) == (
        "Oracle support only: the licences to buy are not counted, as asked"
    )
