"""Commitments priced from the committed shared rows (offline): EC2 Reserved Instances at the effective rates of
shared/data/aws-commitments (2026-05) beside the on-demand rates of 2026-07-20 (Karpenter's Price List extract), and
what no snapshot prices said to be unpriced. Every expected figure is worked out here from the source rows."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

import pytest

from pricing.engine.commitments.comparison import NOT_PRICED, commitment_quotes
from pricing.engine.commitments.terms import SPECS, commitments_for
from pricing.engine.commitments.totals import combine_quotes
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.rows import PriceRow
from pricing.fixtures.files import PRICE_FIXTURE_DIR, read_rows

EC2 = {
    "platform": "ec2",
    "region": "us-east-1",
    "instance_class": "r6i.xlarge",
    "edition": "ee",
    "licence_model": "byol",
    "volumes": [{"type": "gp3", "size_gib": 500}],
    "licences": {"include": False},
}


@cache
def us_east_1_rows() -> tuple[PriceRow, ...]:
    files = ("ec2-linux-oz.jsonl", "ec2-linux-karpenter-2026-07-20.jsonl", "ec2-reserved-instances.jsonl")
    files += ("reference-us-east-1.jsonl",)
    return tuple(r for name in files for r in read_rows(PRICE_FIXTURE_DIR / name) if r.region == "us-east-1")


@pytest.fixture(scope="module")
def book() -> PriceBook:
    return PriceBook(us_east_1_rows())


def test_one_and_three_year_all_upfront_ec2_reservations_from_the_shared_rows(book: PriceBook) -> None:
    # Shared rows (aws-commitments/ec2_reserved_instances.csv, us-east-1 r6i.xlarge, Standard All Upfront, 2026-05-12):
    # effective hourly 1 year 0.155594, 3 years 0.099505; on-demand (Karpenter 2026-07-20) 0.252; gp3 (pricing-notes
    # §4c us-east-1) 0.08 per GB-month.
    # All Upfront has no hourly fee, so upfront = effective x hours in the term (8,760 a year):
    #   1 year: 0.155594 x 8,760 = 1,363.00344 -> 1,363.00; 3 years: 0.099505 x 26,280 = 2,614.9914 -> 2,614.99.
    # Storage stays on-demand: 500 x 0.08 = 40.00 a month. On-demand compute: 0.252 x 730 = 183.96 a month.
    result = commitment_quotes(EC2, book)

    assert result.unchanged_aws_monthly_usd == Decimal("40.00")
    od = result.quote("on-demand")
    assert (od.compute_monthly_usd, od.monthly_usd) == (Decimal("183.96"), Decimal("223.96"))
    assert od.total_12_months_usd == Decimal("2687.52")  # 223.96 x 12
    assert od.total_36_months_usd == Decimal("8062.56")  # 223.96 x 36
    assert od.as_of == "2026-07-20"  # Karpenter's row, newer than OZ's 2024-04-04 one

    one = result.quote("reserved-1yr-all-upfront")
    assert one.priced and one.effective_rate and one.hourly_usd == Decimal("0.155594")
    assert one.upfront_usd == Decimal("1363.00")
    assert one.compute_monthly_usd == Decimal("113.58")  # 1,363.00 / 12 = 113.583...
    assert one.monthly_usd == Decimal("153.58")  # + 40.00 storage
    assert one.total_12_months_usd == Decimal("1843.00")  # 1,363.00 + 12 x 40.00
    assert one.total_36_months_usd == Decimal("5529.00")  # bought 3 times: 3 x 1,363.00 + 36 x 40.00
    assert one.saving_36_months_usd == Decimal("2533.56")  # 8,062.56 - 5,529.00
    # 1,363.00 + 40 m <= 223.96 m from m = 1,363.00 / 183.96 = 7.41, so month 8
    assert one.break_even_month == 8
    assert one.cumulative_usd[7] == Decimal("1643.00") and one.cumulative_usd[8] == Decimal("1683.00")
    assert one.cumulative_usd[13] == Decimal("3246.00")  # the renewal: 2 x 1,363.00 + 13 x 40.00
    assert one.as_of == "2026-05-12" and "8,760 hours" in one.upfront_note and "no recurring fee" in one.upfront_note

    three = result.quote("reserved-3yr-all-upfront")
    assert three.upfront_usd == Decimal("2614.99")
    assert three.compute_monthly_usd == Decimal("72.64")  # 2,614.99 / 36 = 72.638...
    assert three.total_12_months_usd == Decimal("3094.99")  # 2,614.99 + 12 x 40.00
    assert three.total_36_months_usd == Decimal("4054.99")  # 2,614.99 + 36 x 40.00
    assert three.break_even_month == 15  # 2,614.99 / 183.96 = 14.2
    # cash as paid by the end of month m: nothing at month 0, the upfront fee with month 1's storage: 2,614.99 + 40.00
    assert len(three.cumulative_usd) == 37 and three.cumulative_usd[0] == Decimal("0.00")
    assert three.cumulative_usd[1] == Decimal("2654.99")
    # year 1 = 2,614.99 + 12 x 40.00 = 3,094.99; years 2 and 3 = 12 x 40.00 = 480.00 (no upfront fee again)
    assert three.cash_year_usd == (Decimal("3094.99"), Decimal("480.00"), Decimal("480.00"))

    assert result.best_12_months == "reserved-1yr-all-upfront"  # 1,843.00 < 2,687.52 and < 3,094.99
    assert result.best_36_months == "reserved-3yr-all-upfront"  # 4,054.99 < 5,529.00


def test_what_the_snapshot_does_not_price_says_so(book: PriceBook) -> None:
    result = commitment_quotes(EC2, book)

    unpriced = [q for q in result.quotes if not q.priced]
    # EC2 offers 24 commitments beside on-demand; the shared rows price the two Standard All Upfront ones.
    assert len(commitments_for("ec2")) == 25 and len(unpriced) == 22
    assert all(q.reason == NOT_PRICED and q.monthly_usd is None for q in unpriced)
    assert {q.kind for q in unpriced} == {"reserved", "savings-plan"}
    assert NOT_PRICED == "no price held"


def test_no_upfront_rows_held_as_an_effective_rate_are_their_hourly_fee_with_no_upfront(book: PriceBook) -> None:
    # Shared rows, us-east-1 x2iedn.32xlarge (vantage-sh/ec2instances.info, 2025-06-11): Standard 1 year No Upfront
    # effective 16.41374; on-demand (Karpenter 2026-07-20) 26.676. No Upfront has no upfront fee (AWS's offering
    # types), so the effective rate (hourly fee + 0 / hours) is the hourly fee and the cash by month is known.
    cfg = {**EC2, "instance_class": "x2iedn.32xlarge", "volumes": []}

    result = commitment_quotes(cfg, book)

    quote = result.quote("reserved-1yr-no-upfront")
    assert quote.upfront_usd == 0 and "No Upfront has none" in quote.upfront_note and not quote.timing_not_known
    assert quote.break_even_month == 1  # 11,982.03 a month against on-demand's 19,473.48 from the first month
    assert quote.compute_monthly_usd == Decimal("11982.03")  # 16.41374 x 730 = 11,982.0302
    assert quote.total_12_months_usd == Decimal("143784.36")  # 16.41374 x 730 x 12 = 143,784.3624
    assert result.quote("on-demand").compute_monthly_usd == Decimal("19473.48")  # 26.676 x 730
    # the 12 options of this type are all priced here (standard and convertible)
    assert sum(q.priced for q in result.quotes if q.kind == "reserved") == 12


def test_oracle_licences_are_not_discounted_by_a_commitment(book: PriceBook) -> None:
    cfg = {**EC2, "licences": {"include": True}}

    result = commitment_quotes(cfg, book)

    assert result.licence_monthly_usd > 0
    licences = result.on_demand.licence_monthly_usd
    three = result.quote("reserved-3yr-all-upfront")
    # the whole month = the compute line under the commitment + storage + licences, unchanged
    assert three.monthly_usd == three.compute_monthly_usd + Decimal("40.00") + licences
    assert "Oracle licences are not discounted" in result.notes[0]


def test_an_r8i_class_is_priced_in_us_east_1_at_its_2026_price(book: PriceBook) -> None:
    # Karpenter 2026-07-20, us-east-1: r8i.xlarge 0.27784 per hour; 0.27784 x 730 = 202.8232 -> 202.82.
    price = book.ec2_instance(region="us-east-1", instance_type="r8i.xlarge")

    assert price.hourly.price_usd == Decimal("0.27784") and price.hourly.as_of.isoformat() == "2026-07-20"
    assert price.hourly.source.startswith("AWS Price List via Karpenter, us-east-1, 2026-07-20")
    result = commitment_quotes({**EC2, "instance_class": "r8i.xlarge", "volumes": []}, book)
    assert result.quote("on-demand").compute_monthly_usd == Decimal("202.82")
    # the shared source has no reservation for the 8th generation
    assert book.instance_commitments(region="us-east-1", platform="ec2", instance_class="r8i.xlarge") == ("on-demand",)


def test_asking_for_an_unpriced_commitment_names_the_field_and_what_is_priced(book: PriceBook) -> None:
    with pytest.raises(PriceNotFound) as raised:
        book.ec2_instance(region="us-east-1", instance_type="r6i.xlarge", commitment="reserved-1yr-no-upfront")

    assert raised.value.field == "commitment"
    assert "no reserved-1yr-no-upfront price held for EC2 Linux r6i.xlarge" in raised.value.message
    assert "snapshot" not in raised.value.message and "refresh" not in raised.value.message  # a customer's words
    assert raised.value.message.endswith(
        "commitments priced: on-demand, reserved-1yr-all-upfront, reserved-3yr-all-upfront"
    )


def test_every_commitment_key_names_aws_terms() -> None:
    spec = SPECS["reserved-convertible-3yr-partial-upfront"]
    assert (spec.lease, spec.offering_class, spec.purchase_option, spec.months) == (
        "3yr",
        "convertible",
        "Partial Upfront",
        36,
    )
    plan = SPECS["savings-plan-compute-1yr-no-upfront"]
    assert (plan.kind, plan.plan_type, plan.months) == ("savings-plan", "ComputeSavingsPlans", 12)
    # RDS for Oracle: standard reservations (6) and the Database Savings Plan, 1 year No Upfront (the only term in
    # AWS's offer file); EC2 Instance and Compute plans never cover RDS, and the database plan never covers EC2
    rds_plans = [k for k in commitments_for("rds") if SPECS[k].kind == "savings-plan"]
    assert rds_plans == ["savings-plan-database-1yr-no-upfront"] and len(commitments_for("rds")) == 1 + 6 + 1
    database = SPECS["savings-plan-database-1yr-no-upfront"]
    assert (database.plan_type, database.purchase_option, database.months) == ("DatabaseSavingsPlans", "No Upfront", 12)
    assert not any(SPECS[k].plan_type == "DatabaseSavingsPlans" for k in commitments_for("ec2"))
    assert not any(SPECS[k].kind == "savings-plan" for k in commitments_for("rds-custom"))


def test_commitments_summed_over_a_primary_and_a_dr_copy() -> None:
    # A primary in us-east-1 and a DR copy in us-east-2, both r6i.xlarge with no volumes, and 100.00 a month the
    # deployment pays whatever is bought (licences counted once, redo shipping ...). Shared rows: on-demand 0.252 in
    # both Regions (Karpenter 2026-07-20; OZ 2024-04-04 in us-east-2); Standard All Upfront effective 0.155594 (1 year)
    # and 0.099505 (3 years) in both (aws-commitments 2026-05-12).
    us_east_2 = [r for name in ("ec2-linux-oz.jsonl", "ec2-reserved-instances.jsonl")
                 for r in read_rows(PRICE_FIXTURE_DIR / name) if r.region == "us-east-2"]  # fmt: skip
    book = PriceBook([*us_east_1_rows(), *us_east_2])
    bare = {**EC2, "volumes": []}
    members = [commitment_quotes(bare, book), commitment_quotes({**bare, "region": "us-east-2"}, book)]

    summary = combine_quotes(members, extra_monthly_usd=Decimal("100.00"))

    od = summary.total("on-demand")
    assert od.monthly_usd == Decimal("467.92")  # 2 x 183.96 + 100.00
    assert od.total_36_months_usd == Decimal("16845.12")  # 467.92 x 36
    one = summary.total("reserved-1yr-all-upfront")
    assert one.upfront_usd == Decimal("2726.00")  # 2 x 1,363.00
    assert one.total_12_months_usd == Decimal("3926.00")  # 2,726.00 + 12 x 100.00
    assert one.total_36_months_usd == Decimal("11778.00")  # 3 x 2,726.00 + 36 x 100.00
    assert one.break_even_month == 8  # 2,726 + 100 m <= 467.92 m from m = 7.41
    three = summary.total("reserved-3yr-all-upfront")
    assert three.total_36_months_usd == Decimal("8829.98")  # 2 x 2,614.99 + 36 x 100.00
    assert summary.best_36_months == "reserved-3yr-all-upfront" and summary.best_12_months == "reserved-1yr-all-upfront"

    # a member whose class has no reservation leaves the commitment unpriced for the whole deployment
    mixed = combine_quotes([members[0], commitment_quotes({**bare, "instance_class": "r8i.xlarge"}, book)])
    assert not mixed.total("reserved-1yr-all-upfront").priced
    assert mixed.total("reserved-1yr-all-upfront").reason == f"{NOT_PRICED} for r8i.xlarge in us-east-1"
    assert mixed.best_36_months == "on-demand"
