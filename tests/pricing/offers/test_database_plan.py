"""AWS's Database Savings Plans offer file (AWSDatabaseSavingsPlans) read on an upload, as the committed ap-south-2
fixture was: its RDS for Oracle rates become Savings Plans rows of the Region's RDS snapshot, everything else in the
file is left out, and what cannot be read is refused. The file below is in AWS's Savings Plans shape (products[],
terms.savingsPlan[] with rates keyed by discountedSku); its Oracle rates are the ap-south-2 offer file's of
2026-04-22 (plan DZCHH8H3SPVYZ2Z4), typed in."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from pricing import services
from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.prices.book import PriceBook
from pricing.models import PriceRecord
from pricing.offers.database_plan import is_database_plan_file, read_database_plans, with_database_plans
from pricing.offers.report import PriceDataInvalid
from tests.pricing.commitment_data import M5_LARGE_SKU, savings_plan_offer, write_json
from tests.pricing.offer_data import offer, write

PLAN_SKU = "DZCHH8H3SPVYZ2Z4"
# (discountedSku, usage type, operation, rate, class): two Oracle EE BYOL rates, one MySQL, one DMS (left out)
RATES = [
    ("FU6RRB5XAVA8RJU8", "APS5-InstanceUsage:db.r7i.4xl", "CreateDBInstance:0005", "1.824", "db.r7i.4xlarge"),
    ("VTEB9H3NJS9HFQ8H", "APS5-Multi-AZUsage:db.r7i.4xl", "CreateDBInstance:0005", "3.648", "db.r7i.4xlarge"),
    ("2D295RGWS6EH7YGE", "APS5-Multi-AZUsage:db.m7g.4xl", "CreateDBInstance:0002", "3.0668800000", "M7G"),
]


def database_plan_offer(region: str = "ap-south-2", rates: list[tuple[str, ...]] = RATES) -> dict[str, Any]:
    def rate(sku: str, usage: str, operation: str, price: str, instance: str) -> dict[str, Any]:
        return {"discountedSku": sku, "discountedUsageType": usage, "discountedOperation": operation,
                "discountedServiceCode": "AmazonRDS", "rateCode": f"{PLAN_SKU}.{sku}", "unit": "Hrs",
                "discountedRate": {"price": price, "currency": "USD"}, "discountedRegionCode": region,
                "discountedInstanceType": instance}  # fmt: skip

    dms = {"discountedSku": "245EPUU8S7HP5WUD", "discountedUsageType": "APS5-Multi-AZUsg:dms.r7i.12xlarge",
           "discountedOperation": "CreateDMSInstance", "discountedServiceCode": "AWSDatabaseMigrationSvc",
           "rateCode": f"{PLAN_SKU}.245EPUU8S7HP5WUD", "unit": "Hrs",
           "discountedRate": {"price": "10.9760000000", "currency": "USD"}}  # fmt: skip
    return {
        "disclaimer": "test file in the shape of AWS's Savings Plans price list",
        "formatVersion": "v1.0",
        "publicationDate": "2026-04-22T19:42:03Z",
        "version": "20260422194203",
        "offerCode": "AWSDatabaseSavingsPlans",
        "products": [
            {
                "sku": PLAN_SKU,
                "productFamily": "DatabaseSavingsPlans",
                "serviceCode": "DatabaseSavingsPlans",
                "usageType": "DatabaseSP:1yrNoUpfront",
                "operation": "",
                "attributes": {
                    "purchaseOption": "No Upfront",
                    "purchaseTerm": "1yr",
                    "granularity": "hourly",
                    "locationType": "AWS Region",
                    "location": "Any",
                },
            }
        ],  # fmt: skip
        "terms": {
            "savingsPlan": [
                {
                    "sku": PLAN_SKU,
                    "description": "1 year No Upfront Database Savings Plan",
                    "effectiveDate": "2026-04-20T21:53:43Z",
                    "leaseContractLength": {"duration": 1, "unit": "year"},
                    "rates": [*(rate(*r) for r in rates), dms],
                }
            ]
        },  # fmt: skip
    }


def test_only_the_oracle_rates_are_kept_with_the_class_edition_and_deployment_they_discount(tmp_path: Path) -> None:
    path = write_json(database_plan_offer(), tmp_path / "index.json")

    rows = read_database_plans(path, region="ap-south-2")

    assert [(r.sku, r.price_usd) for r in rows] == [("FU6RRB5XAVA8RJU8", Decimal("1.824")),
                                                    ("VTEB9H3NJS9HFQ8H", Decimal("3.648"))]  # fmt: skip
    single, multi = rows
    assert single.attributes["deploymentOption"] == "Single-AZ" and multi.attributes["deploymentOption"] == "Multi-AZ"
    assert {
        (r.attributes["instanceType"], r.attributes["databaseEdition"], r.attributes["licenseModel"]) for r in rows
    } == {("db.r7i.4xlarge", "Enterprise", "Bring your own license")}
    assert single.term == "SavingsPlan" and single.term_attributes == {
        "SavingsPlanType": "DatabaseSavingsPlans", "PurchaseOption": "No Upfront", "LeaseContractLength": "1yr"}  # fmt: skip
    assert single.as_of == date(2026, 4, 22)
    assert single.source == "AWS Price List, Database Savings Plans offer file ap-south-2, version 20260422194203"


def test_a_database_plan_file_is_told_from_a_compute_plan_file_and_an_offer_file(tmp_path: Path) -> None:
    assert is_database_plan_file(write_json(database_plan_offer(), tmp_path / "db.json"))
    compute = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    assert not is_database_plan_file(compute)
    assert not is_database_plan_file(write(offer("AmazonRDS"), tmp_path / "AmazonRDS.json"))


def test_a_file_with_no_oracle_rate_or_an_unnamed_class_is_refused(tmp_path: Path) -> None:
    mysql_only = write_json(database_plan_offer(rates=RATES[2:]), tmp_path / "mysql.json")
    with pytest.raises(PriceDataInvalid, match="no Database Savings Plans rate for RDS for Oracle instance hours"):
        read_database_plans(mysql_only, region="ap-south-2")
    unnamed = [("FU6RRB5XAVA8RJU8", "APS5-InstanceUsage:db.r7i.4xl", "CreateDBInstance:0005", "1.824", "")]
    with pytest.raises(PriceDataInvalid, match=f"{PLAN_SKU}: rate for FU6RRB5XAVA8RJU8 .* names no db.\\* class"):
        read_database_plans(write_json(database_plan_offer(rates=unnamed), tmp_path / "x.json"), region="ap-south-2")


def test_an_upload_replaces_the_region_s_database_plan_rows_and_prices_the_plan(prices: None, tmp_path: Path) -> None:
    before = services.snapshot_current("ap-south-2", "AmazonRDS")
    assert before is not None and before.row_count == 90  # the committed fixture: the offer file's 90 Oracle rates
    path = write_json(database_plan_offer(), tmp_path / "index.json")
    out = io.StringIO()

    # --force: the test file's 2 rates replace the committed 90, more than a refresh may remove before review
    call_command("refresh_prices", "--region", "ap-south-2", "--service", "AmazonRDS", "--offer-file", str(path),
                 "--force", stdout=out)  # fmt: skip

    current = services.snapshot_current("ap-south-2", "AmazonRDS")
    assert current is not None and current != before and current.origin == "offer-file"
    assert "2 Database Savings Plans rates for RDS for Oracle instance hours" in out.getvalue()
    assert PriceRecord.objects.filter(snapshot=current).count() == 2  # the upload's rates replaced the fixture's
    book = PriceBook(services.current_rows("ap-south-2", "AmazonRDS"))
    price = book.rds_instance(region="ap-south-2", instance_class="db.r7i.4xlarge", edition="ee",
                              licence_model="byol", deployment="multi-az",
                              commitment="savings-plan-database-1yr-no-upfront")  # fmt: skip
    assert price.hourly.price_usd == Decimal("3.648")


def test_a_database_plan_file_is_refused_for_ec2(prices: None, tmp_path: Path) -> None:
    before = services.snapshot_current("ap-south-2", "AmazonEC2")
    path = write_json(database_plan_offer(), tmp_path / "index.json")
    with pytest.raises(
        Exception, match="is a Database Savings Plans file: it prices RDS instance hours, not AmazonEC2"
    ):
        call_command("refresh_prices", "--region", "ap-south-2", "--service", "AmazonEC2", "--offer-file", str(path),
                     stdout=io.StringIO())  # fmt: skip
    assert services.snapshot_current("ap-south-2", "AmazonEC2") == before


def test_the_held_on_demand_row_lends_its_attributes_and_other_rows_are_kept(tmp_path: Path) -> None:
    # eu-west-1's committed RDS rows: a rate keyed by a held on-demand SKU takes that row's attributes
    from pricing.fixtures.files import PRICE_FIXTURE_DIR
    from pricing.offers.files import read_offer_file

    held = list(read_offer_file(PRICE_FIXTURE_DIR / "eu-west-1" / "AmazonRDS.json", region="eu-west-1"))
    row = next(r for r in held if r.product_family == "Database Instance" and r.attributes.get("databaseEngine") == "Oracle"
               and r.attributes.get("licenseModel") == "Bring your own license" and not r.rds_custom
               and r.attributes.get("databaseEdition") == "Enterprise")  # fmt: skip
    rates = [(row.sku, "EU-InstanceUsage:x", "CreateDBInstance:0005", "0.5", "")]
    path = write_json(database_plan_offer("eu-west-1", rates), tmp_path / "eu.json")
    (plan,) = read_database_plans(path, region="eu-west-1", rds_rows=held)
    assert plan.attributes == row.attributes and plan.price_usd == Decimal("0.5")
    merged = with_database_plans([*held, plan], [])
    assert merged == held  # an upload replaces only the Database Savings Plans rows


def ap_south_2_item(sku: str, deployment: str, usage: str, price: str) -> dict[str, Any]:
    """A get_products item in AWS's shape for the offer file's discounted SKU; the on-demand price is a figure for
    the arithmetic (no stored source prices ap-south-2 RDS on demand), not AWS's."""
    return {
        "product": {
            "productFamily": "Database Instance",
            "sku": sku,
            "attributes": {
                "databaseEdition": "Enterprise",
                "databaseEngine": "Oracle",
                "deploymentOption": deployment,
                "instanceType": "db.r7i.4xlarge",
                "licenseModel": "Bring your own license",
                "location": "Asia Pacific (Hyderabad)",
                "locationType": "AWS Region",
                "regionCode": "ap-south-2",
                "servicecode": "AmazonRDS",
                "usagetype": usage,
            },
        },  # fmt: skip
        "serviceCode": "AmazonRDS",
        "terms": {
            "OnDemand": {
                f"{sku}.JRTCKXETXF": {
                    "effectiveDate": "2026-11-01T00:00:00Z",
                    "offerTermCode": "JRTCKXETXF",
                    "sku": sku,
                    "termAttributes": {},
                    "priceDimensions": {
                        f"{sku}.JRTCKXETXF.6YS6EN2CT7": {
                            "appliesTo": [],
                            "beginRange": "0",
                            "endRange": "Inf",
                            "description": f"USD {price} per Hrs",
                            "pricePerUnit": {"USD": price},
                            "rateCode": f"{sku}.JRTCKXETXF.6YS6EN2CT7",
                            "unit": "Hrs",
                        }
                    },
                }
            }
        },  # fmt: skip
        "version": "20261101000000",
        "publicationDate": "2026-11-01T00:00:00Z",
    }


def test_a_price_list_refresh_keeps_the_plan_s_rates_and_the_plan_is_priced_against_on_demand(
    prices: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Query API serves no Savings Plans: a refresh of ap-south-2's RDS prices keeps the committed Database
    Savings Plans rates beside the on-demand rows it brings, so the plan is priced against them."""
    import boto3
    from botocore.stub import Stubber

    from pricing.snapshots.books import priced_book
    from tests.pricing.test_commitment_price_list import answer

    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}.items():
        monkeypatch.setenv(key, value)
    client = boto3.client("pricing", region_name="us-east-1")
    monkeypatch.setattr(services, "pricing_client", lambda endpoint="us-east-1": client)
    single = ap_south_2_item("FU6RRB5XAVA8RJU8", "Single-AZ", "APS5-InstanceUsage:db.r7i.4xl", "3.0000000000")
    out = io.StringIO()
    with Stubber(client) as stubber:
        answer(stubber, "AmazonRDS", "ap-south-2", {"Oracle rows": [single]})
        call_command("refresh_prices", "--region", "ap-south-2", "--service", "AmazonRDS", stdout=out)

    assert "90 Database Savings Plans rates already held kept, still as of 2026-04-22" in out.getvalue()
    config = {**{"platform": "rds", "region": "ap-south-2", "instance_class": "db.r7i.4xlarge", "edition": "ee",
                 "licence_model": "byol", "deployment": "single-az"},
              "storage": {"type": "gp3", "size_gib": 100}, "licences": {"include": False}}  # fmt: skip
    quotes = commitment_quotes(config, priced_book("ap-south-2"))
    # on demand 3.00 x 730 = 2,190.00; storage 100 GiB gp3 at us-east-1's 0.115 (no ap-south-2 storage row; marked
    # estimated) = 11.50: 2,201.50 a month. The plan: 1.824 x 730 = 1,331.52 + 11.50 = 1,343.02 a month,
    # 12 months 16,116.24; saving over 36 months 2,201.50 x 36 - 16,116.24 x 3 = 79,254.00 - 48,348.72 = 30,905.28
    assert quotes.quote("on-demand").monthly_usd == Decimal("2201.50")
    plan = quotes.quote("savings-plan-database-1yr-no-upfront")
    assert (plan.monthly_usd, plan.total_12_months_usd) == (Decimal("1343.02"), Decimal("16116.24"))
    assert plan.saving_36_months_usd == Decimal("30905.28")
    assert quotes.best_36_months == "savings-plan-database-1yr-no-upfront"
