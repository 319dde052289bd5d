"""Database Savings Plans for RDS for Oracle, priced from the committed rows of AWS's ap-south-2 offer file
(AWSDatabaseSavingsPlans, 2026-04-22), and said to be unavailable where the offer does not cover a deployment.

No shared source prices RDS for Oracle on demand in ap-south-2, so the on-demand rows below are figures chosen for
the arithmetic (marked so in their source), not AWS prices; the plan's rates are the offer file's."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import cache

import pytest

from pricing.engine.calculator import EstimateInvalid, estimate
from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.commitments.terms import SPECS, commitments_for
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.rows import PriceRow
from pricing.fixtures.files import PRICE_FIXTURE_DIR, read_rows
from tests.pricing.engine import eu_west_1_rows as eu

PLAN = "savings-plan-database-1yr-no-upfront"
ONLY = "Database Savings Plans cover RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i only"
R7I = {
    "platform": "rds",
    "region": "ap-south-2",
    "instance_class": "db.r7i.4xlarge",
    "edition": "ee",
    "licence_model": "byol",
    "deployment": "single-az",
    "storage": {"type": "gp3", "size_gib": 100},
    "licences": {"include": False},
}


def on_demand(instance_class: str, deployment: str, price: str) -> PriceRow:
    """An on-demand row for the arithmetic only: no stored source prices ap-south-2 RDS on demand."""
    return PriceRow(service="AmazonRDS", region="ap-south-2", sku=f"TEST-{instance_class}-{deployment}",
                    product_family="Database Instance", unit="Hrs", price_usd=Decimal(price),
                    attributes={"databaseEngine": "Oracle", "databaseEdition": "Enterprise",
                                "licenseModel": "Bring your own license", "instanceType": instance_class,
                                "deploymentOption": deployment},
                    source="a figure for the arithmetic, not an AWS price", as_of=date(2026, 4, 22))  # fmt: skip


def gp3(deployment: str, price: str) -> PriceRow:
    """gp3 storage for the arithmetic only (no stored source prices ap-south-2 RDS storage)."""
    return PriceRow(service="AmazonRDS", region="ap-south-2", sku=f"TEST-gp3-{deployment}",
                    product_family="Database Storage", unit="GB-Mo", price_usd=Decimal(price),
                    attributes={"databaseEngine": "Oracle", "volumeType": "General Purpose-GP3",
                                "deploymentOption": deployment},
                    source="a figure for the arithmetic, not an AWS price", as_of=date(2026, 4, 22))  # fmt: skip


@cache
def plan_rows() -> tuple[PriceRow, ...]:
    return tuple(read_rows(PRICE_FIXTURE_DIR / "rds-database-savings-plans.jsonl"))


@pytest.fixture(scope="module")
def book() -> PriceBook:
    return PriceBook([*plan_rows(), on_demand("db.r7i.4xlarge", "Single-AZ", "3.00"),
                      on_demand("db.r7i.4xlarge", "Multi-AZ", "6.00"), on_demand("db.r6i.4xlarge", "Single-AZ", "2.50"),
                      gp3("Single-AZ", "0.10"), gp3("Multi-AZ", "0.20")])  # fmt: skip


def test_the_committed_rows_are_the_offer_file_s_oracle_byol_rates_for_three_families_only():
    rows = plan_rows()
    # the offer file's README: 90 RDS rows for Oracle, 66 EE BYOL (engine code 5) and 24 SE2 BYOL (code 19)
    assert len(rows) == 90
    assert sum(r.attributes["databaseEdition"] == "Enterprise" for r in rows) == 66
    assert {r.attributes["licenseModel"] for r in rows} == {"Bring your own license"}
    assert {".".join(r.attributes["instanceType"].split(".")[:2]) for r in rows} == {"db.r7i", "db.r8i", "db.m8i"}
    assert {tuple(sorted(r.term_attributes.items())) for r in rows} == {
        (("LeaseContractLength", "1yr"), ("PurchaseOption", "No Upfront"), ("SavingsPlanType", "DatabaseSavingsPlans"))
    }
    assert all(
        r.as_of == date(2026, 4, 22) and "Database Savings Plans offer file ap-south-2" in r.source for r in rows
    )


def test_a_database_savings_plan_for_db_r7i_4xlarge_ee_byol_in_ap_south_2(book):
    # the offer file's row: DZCHH8H3SPVYZ2Z4.FU6RRB5XAVA8RJU8, APS5-InstanceUsage:db.r7i.4xl, CreateDBInstance:0005,
    # 1.824 USD an hour, 1 year No Upfront
    quote = commitment_quotes(R7I, book).quote(PLAN)
    assert quote.priced and quote.hourly_usd == Decimal("1.824") and quote.upfront_usd == 0
    # No Upfront: 1.824 x 730 h = 1,331.52 a month of instance hours; with the 100 GiB of gp3 at the arithmetic's
    # 0.10 (10.00 a month, on demand whatever is bought): 1,341.52 a month, x 12 = 16,098.24
    assert quote.compute_monthly_usd == Decimal("1331.52")
    assert quote.total_12_months_usd == Decimal("16098.24")
    # against the arithmetic's on-demand 3.00 x 730 = 2,190.00 + 10.00 a month: 2,200.00 x 36 - 16,098.24 x 3
    # = 79,200.00 - 48,294.72 = 30,905.28
    assert quote.saving_36_months_usd == Decimal("30905.28")
    assert quote.price_source.endswith("SKU FU6RRB5XAVA8RJU8") and quote.as_of == "2026-04-22"


def test_multi_az_is_twice_single_az(book):
    # the Multi-AZ row: APS5-Multi-AZUsage:db.r7i.4xl at 3.648 = 2 x 1.824; 3.648 x 730 = 2,663.04 a month of
    # instance hours, twice Single-AZ's 1,331.52; with 100 GiB of Multi-AZ gp3 at 0.20 (20.00): 2,683.04 x 12 = 32,196.48
    quote = commitment_quotes({**R7I, "deployment": "multi-az"}, book).quote(PLAN)
    assert quote.hourly_usd == Decimal("3.648") == 2 * Decimal("1.824")
    assert quote.compute_monthly_usd == Decimal("2663.04") == 2 * Decimal("1331.52")
    assert quote.total_12_months_usd == Decimal("32196.48")


def test_an_older_class_is_told_which_classes_are_covered_and_what_the_move_would_change(book):
    # db.r6i is not covered. db.r7i.4xlarge is priced both ways in the book: 1.824 x 730 = 1,331.52 under the plan,
    # 3.00 x 730 = 2,190.00 on demand, against db.r6i.4xlarge's 2.50 x 730 = 1,825.00 on demand now; db.r8i and
    # db.m8i 4xlarge have plan rates but no on-demand row here, so nothing is said of them
    quote = commitment_quotes({**R7I, "instance_class": "db.r6i.4xlarge"}, book).quote(PLAN)
    assert not quote.priced
    assert quote.reason == (
        f"{ONLY}: db.r6i.4xlarge is not one of them; db.r7i.4xlarge would cost $1,331.52 a month in instance hours "
        "under the plan ($2,190.00 on demand), against $1,825.00 on demand for db.r6i.4xlarge now"
    )


def test_where_the_move_cannot_be_priced_the_covered_classes_are_named():
    cfg = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "ee",
           "licence_model": "byol", "deployment": "single-az", "storage": {"type": "gp3", "size_gib": 100},
           "licences": {"include": False}}  # fmt: skip
    quote = commitment_quotes(cfg, PriceBook(eu.ALL)).quote(PLAN)
    # the 2023 eu-west-1 rows price none of the covered families; the availability catalog (cfn-lint's Price List
    # extract, 2026-10-20) lists db.r7i.xlarge, db.r8i.xlarge and db.m8i.xlarge for Oracle EE BYOL in eu-west-1
    assert quote.reason == (
        f"{ONLY}: db.m5.xlarge is not one of them; of its size, db.r7i.xlarge, db.r8i.xlarge, db.m8i.xlarge can be "
        "ordered in the Region, but the price snapshots price neither the plan nor their on-demand hours there"
    )


def test_license_included_is_not_covered_whatever_the_class():
    cfg = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "se2",
           "licence_model": "li", "deployment": "multi-az", "storage": {"type": "gp3", "size_gib": 100},
           "licences": {"include": False}}  # fmt: skip
    quote = commitment_quotes(cfg, PriceBook(eu.ALL)).quote(PLAN)
    assert quote.reason == f"{ONLY}: License Included is not covered"


def test_ec2_instance_and_compute_savings_plans_never_apply_to_rds(book):
    rds_keys = commitments_for("rds")
    assert not [k for k in rds_keys if SPECS[k].plan_type in ("EC2InstanceSavingsPlans", "ComputeSavingsPlans")]
    assert {q.commitment for q in commitment_quotes(R7I, book).quotes} == set(rds_keys)
    # even a Compute Savings Plans row carrying an RDS product's attributes prices no RDS commitment: the offer
    # file's db.r7i.4xlarge EE BYOL Single-AZ rate relabelled as a Compute plan
    row = next(r for r in plan_rows() if r.sku == "FU6RRB5XAVA8RJU8")
    terms = {"SavingsPlanType": "ComputeSavingsPlans", "LeaseContractLength": "1yr", "PurchaseOption": "No Upfront"}
    compute = row.model_copy(update={"term_attributes": terms})
    mixed = PriceBook([compute, on_demand("db.r7i.4xlarge", "Single-AZ", "3.00"), gp3("Single-AZ", "0.10")])
    comparison = commitment_quotes(R7I, mixed)
    assert [q.commitment for q in comparison.quotes if q.priced] == ["on-demand"]


def test_a_commitment_not_sold_for_the_class_is_refused_on_commitment_with_what_is_accepted(book):
    with pytest.raises(EstimateInvalid) as refused:
        estimate({**R7I, "instance_class": "db.r6i.4xlarge", "commitment": PLAN}, book)
    assert {p.field: p.message for p in refused.value.problems} == {
        "commitment": f"{ONLY}: db.r6i.4xlarge is not one of them; accepted for RDS for Oracle db.r6i.4xlarge EE "
        "BYOL Single-AZ: on-demand"
    }
    with pytest.raises(PriceNotFound) as ec2:
        PriceBook(eu.ALL).ec2_instance(region="eu-west-1", instance_type="r6i.2xlarge", commitment=PLAN)
    assert ec2.value.field == "commitment" and "they do not cover self-managed EC2 or RDS Custom" in ec2.value.message
