"""A commitment whose upfront fee is not published apart from its hourly fee (only an effective rate is held) says
its cash by month, its break-even month and a year's cash inside a 3-year term are not known, keeping the term's
whole cost; and a term AWS splits whose upfront-fee row is missing is refused, never priced as no upfront. Figures
are worked from the committed shared rows (us-east-1 x2iedn.32xlarge, vantage-sh/ec2instances.info 2025-06-11;
on-demand 26.676 an hour, Karpenter 2026-07-20) and the committed eu-west-1 RDS rows (2023-02-23)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.prices.book import PriceBook
from pricing.engine.rows import PriceRow
from pricing.pages.estimate import unpriced_summary
from tests.pricing.engine.commitments.test_commitments import EC2, us_east_1_rows
from tests.pricing.engine.eu_west_1_rows import ALL, RDS_M5_XL_SE2_BYOL_SAZ

X2 = {**EC2, "instance_class": "x2iedn.32xlarge", "volumes": []}  # no storage: the instance hours alone


@pytest.fixture(scope="module")
def book() -> PriceBook:
    return PriceBook(us_east_1_rows())


def test_a_3_year_partial_upfront_term_held_as_an_effective_rate_knows_its_36_months_only(book: PriceBook) -> None:
    # Standard 3 years Partial Upfront: effective 7.922767 an hour; 7.922767 x 730 = 5,783.61991 a month on average.
    quote = commitment_quotes(X2, book).quote("reserved-3yr-partial-upfront")

    assert quote.priced and quote.upfront_usd is None
    assert quote.compute_monthly_usd == quote.monthly_usd == Decimal("5783.62")  # the run-rate stands
    # the whole term, however split: 5,783.61991 x 36 = 208,210.31676 -> 208,210.32
    assert quote.total_36_months_usd == Decimal("208210.32")
    # on-demand 26.676 x 730 = 19,473.48 a month, x 36 = 701,045.28; saving 701,045.28 - 208,210.32 = 492,834.96
    assert quote.saving_36_months_usd == Decimal("492834.96")
    # not invented: the upfront part is paid in month 1, so neither "cheaper from month 1" nor equal years
    assert quote.break_even_month is None and quote.cumulative_usd == ()
    assert quote.cash_year_usd == (None, None, None) and quote.total_12_months_usd is None
    assert "not published apart from the hourly fee" in quote.timing_not_known
    assert "not known" in quote.upfront_note


def test_a_1_year_partial_upfront_term_knows_each_year_but_not_its_months(book: PriceBook) -> None:
    # Standard 1 year Partial Upfront: effective 15.632166; 15.632166 x 730 = 11,411.48118 a month on average. Each
    # year is one whole term bought again, so its cash is known: by month 12, 136,937.77416 -> 136,937.77; by month
    # 24, 273,875.54832 -> 273,875.55 (year 2: 136,937.78); by month 36, 410,813.32248 -> 410,813.32 (year 3:
    # 136,937.77).
    result = commitment_quotes(X2, book)
    quote = result.quote("reserved-1yr-partial-upfront")

    assert quote.cash_year_usd == (Decimal("136937.77"), Decimal("136937.78"), Decimal("136937.77"))
    assert quote.total_12_months_usd == Decimal("136937.77") and quote.total_36_months_usd == Decimal("410813.32")
    assert quote.break_even_month is None and quote.cumulative_usd == ()
    assert quote.timing_not_known and "year by year" not in quote.timing_not_known
    # the best over 12 months still compares the known 12-month totals: 1 year All Upfront, 15.319521 x 8,760 =
    # 134,199.00, is below this term's 136,937.77 and No Upfront's 16.41374 x 730 x 12 = 143,784.36
    assert result.best_12_months == "reserved-1yr-all-upfront"


def rds_reserved_row(option: str, unit: str, price: str, sku: str, lease: str = "3yr") -> PriceRow:
    """A reserved row of AWS's own split (no effective rate) for RDS for Oracle SE2 BYOL db.m5.xlarge Single-AZ in
    eu-west-1, with the attributes of the committed on-demand row it prices (SKU RZQTAEF3AZC855U9, 0.378 an hour)."""
    return PriceRow(
        service="AmazonRDS", region="eu-west-1", product_family="Database Instance",
        attributes=RDS_M5_XL_SE2_BYOL_SAZ.attributes, term="Reserved",
        term_attributes={"LeaseContractLength": lease, "PurchaseOption": option}, sku=sku, unit=unit,
        price_usd=Decimal(price), source="test row", as_of=date(2023, 2, 23),
    )  # fmt: skip


RDS = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
    "storage": {"type": "gp3", "size_gib": 200},
    "licences": {"include": False},
}


def test_an_all_upfront_term_with_an_hourly_row_but_no_upfront_row_is_refused_saying_which_row_is_missing() -> None:
    hourly_only = rds_reserved_row("All Upfront", "Hrs", "0", "X.AU.HRS")
    result = commitment_quotes(RDS, PriceBook([*ALL, hourly_only]))

    quote = result.quote("reserved-3yr-all-upfront")
    assert not quote.priced and quote.monthly_usd is None  # not priced as 0.00 a month with no upfront fee
    assert "the prices held give its hourly fee (SKU X.AU.HRS) but not that upfront fee" in quote.reason
    assert result.best_36_months == "on-demand"


def test_a_term_held_in_part_is_counted_among_those_without_a_price_held_not_among_those_not_offered() -> None:
    hourly_only = rds_reserved_row("All Upfront", "Hrs", "0", "X.AU.HRS")
    result = commitment_quotes(RDS, PriceBook([*ALL, hourly_only]))

    # db.m5.xlarge: no other reservation row is held (4 more of the 5 AWS sells for RDS without a price), 3 years No
    # Upfront is not sold for RDS and a Database Savings Plan does not cover db.m5 (the 2 not offered)
    assert result.quote("reserved-3yr-all-upfront").unpriced_because == "no price held"
    assert unpriced_summary(result.quotes) == (
        "5 commitments without a price held; 2 commitments not offered for this deployment"
    )


def test_a_partial_upfront_term_with_both_rows_is_priced_and_a_no_upfront_one_needs_no_upfront_row() -> None:
    # Partial Upfront, 3 years: upfront 1,000.00 (Quantity) and 0.10 an hour (Hrs): 0.10 x 730 = 73.00 + 1,000.00 /
    # 36 (27.777..) = 100.78 a month of instance hours. No Upfront, 1 year (the only term AWS sells it for RDS): 0.20
    # an hour, 146.00 a month.
    rows = [
        rds_reserved_row("Partial Upfront", "Hrs", "0.10", "X.PU.HRS"),
        rds_reserved_row("Partial Upfront", "Quantity", "1000", "X.PU.QTY"),
        rds_reserved_row("No Upfront", "Hrs", "0.20", "X.NU.HRS", lease="1yr"),
    ]
    result = commitment_quotes(RDS, PriceBook([*ALL, *rows]))

    partial = result.quote("reserved-3yr-partial-upfront")
    assert (partial.upfront_usd, partial.compute_monthly_usd) == (Decimal("1000"), Decimal("100.78"))
    assert not partial.timing_not_known and len(partial.cumulative_usd) == 37
    no_upfront = result.quote("reserved-1yr-no-upfront")
    assert (no_upfront.upfront_usd, no_upfront.compute_monthly_usd) == (Decimal(0), Decimal("146.00"))


def test_rds_3_year_no_upfront_is_said_not_offered_never_a_price_to_look_for(book: PriceBook) -> None:
    result = commitment_quotes(RDS, PriceBook(ALL))

    quote = result.quote("reserved-3yr-no-upfront")
    assert not quote.priced and quote.unpriced_because == "not offered"
    assert quote.reason == (
        "not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term only (source: AWS's Amazon RDS "
        "Reserved Instances page and Archera's RDS commitment brief, 2026-03)"
    )
    # the 1-year term AWS does sell is a price not held, which a refresh may bring
    assert result.quote("reserved-1yr-no-upfront").unpriced_because == "no price held"
    # EC2 sells it for 3 years too (x2iedn.32xlarge: all 12 reserved terms held)
    assert commitment_quotes(X2, book).quote("reserved-3yr-no-upfront").priced


def test_labels_sharing_a_reason_are_said_on_one_line_and_no_reason_is_no_line():
    from pricing.engine.commitments.comparison import by_reason

    said = by_reason([("Reserved 1yr", "no price held"), ("Savings Plan", ""), ("Reserved 3yr", "no price held"),
                      ("Convertible", "not offered here")])  # fmt: skip
    assert said == (("Reserved 1yr, Reserved 3yr", "no price held"), ("Convertible", "not offered here"))
