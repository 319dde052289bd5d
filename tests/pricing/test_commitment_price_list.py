"""Reserved and Savings Plans terms read from replayed AWS Price List answers (botocore Stubber, no network) and
priced: an EC2 and an RDS for Oracle reservation with AWS's own upfront and hourly fees, and an EC2 Instance Savings
Plan, each against figures worked out here; and what is refused, naming what is missing.
The answers are described in tests/pricing/commitment_data.py."""

from __future__ import annotations

import io
import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from botocore.stub import Stubber
from django.core.management import call_command

from pricing import services
from pricing.engine.commitments.comparison import NOT_PRICED, commitment_quotes
from pricing.engine.prices.book import PriceBook
from pricing.models import PriceRecord
from pricing.offers.files import PriceDataInvalid, api_queries, fetch_price_list, read_offer_file
from pricing.offers.reader import REQUIRED_TERMS
from pricing.offers.savings_plans import is_savings_plan_file, read_savings_plans, with_savings_plans
from tests.pricing.commitment_data import (
    M5_LARGE_SKU,
    RDS_SKU,
    add_reserved_term,
    m5_large_item,
    rds_oracle_item,
    savings_plan_offer,
    write_json,
)
from tests.pricing.offer_data import find_sku, item, offer, write

FETCHED = date(2026, 11, 25)
EC2_M5 = {
    "platform": "ec2",
    "region": "us-east-1",
    "instance_class": "m5.large",
    "edition": "ee",
    "licence_model": "byol",
    "licences": {"include": False},
}
RDS_M4 = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m4.xlarge",
    "edition": "se2",
    "licence_model": "li",
    "deployment": "multi-az",
    "storage": {"type": "gp2", "size_gib": 100},
    "licences": {"include": False},
}
RDS_GP2_MULTI_AZ = "N93TRW4APJRKSEER"  # TC eu-west-1, engine Any, EU-RDS:Multi-AZ-GP2-Storage, 0.253 per GB-month


def answer(stubber: Stubber, service: str, region: str, items: dict[str, list[dict[str, Any]]]) -> None:
    """One page per query of the refresh, in order; ``items`` by query label (the rest answer nothing)."""
    for query in api_queries(service):
        expected = {
            "ServiceCode": service,
            "Filters": query.api_filters(region),
            "FormatVersion": "aws_v1",
            "MaxResults": 100,
        }
        page = [json.dumps(i) for i in items.get(query.label, [])]
        stubber.add_response("get_products", {"FormatVersion": "aws_v1", "PriceList": page}, expected)


def ec2_rows(client: Any, stubber: Stubber) -> list[Any]:
    answer(stubber, "AmazonEC2", "us-east-1", {"Linux instances": [m5_large_item()]})
    rows, _ = fetch_price_list(client, service="AmazonEC2", region="us-east-1", fetched_on=FETCHED)
    stubber.assert_no_pending_responses()
    return rows


def test_the_price_list_refresh_keeps_every_reserved_term(stub: tuple[Any, Stubber]) -> None:
    rows = ec2_rows(*stub)

    reserved = [r for r in rows if r.term == "Reserved"]
    # the m5.large answer: 12 Reserved terms, each an Hrs fee; 8 of them (Partial and All Upfront) an upfront fee
    assert len([r for r in reserved if r.unit == "Hrs"]) == 12
    upfront = [r for r in reserved if r.unit == "Quantity"]
    assert len(upfront) == 8 and {r.description for r in upfront} == {"Upfront Fee"}
    assert {tuple(sorted(r.term_attributes)) for r in reserved} == {
        ("LeaseContractLength", "OfferingClass", "PurchaseOption")
    }
    one = {r.unit: r.price_usd for r in reserved if r.term_attributes == {
        "LeaseContractLength": "1yr", "OfferingClass": "standard", "PurchaseOption": "Partial Upfront"}}  # fmt: skip
    assert one == {"Quantity": Decimal("252"), "Hrs": Decimal("0.029")}


def test_an_ec2_reservation_with_aws_upfront_and_hourly_fees(stub: tuple[Any, Stubber]) -> None:
    book = PriceBook(ec2_rows(*stub))

    result = commitment_quotes(EC2_M5, book)

    # On-demand 0.096 x 730 = 70.08 a month; 12 months 840.96, 36 months 2,522.88.
    assert result.quote("on-demand").monthly_usd == Decimal("70.08")
    # 1 year standard Partial Upfront: upfront 252, hourly 0.029 x 730 = 21.17 a month;
    # a month with the upfront spread: 21.17 + 252 / 12 (21.00) = 42.17;
    # 12 months 252 + 12 x 21.17 = 506.04; 36 months (bought 3 times) 3 x 252 + 36 x 21.17 = 756 + 762.12 = 1,518.12;
    # break-even: 252 + 21.17 m <= 70.08 m from m = 252 / 48.91 = 5.15, so month 6.
    partial = result.quote("reserved-1yr-partial-upfront")
    assert (partial.upfront_usd, partial.compute_monthly_usd) == (Decimal("252"), Decimal("42.17"))
    assert (partial.total_12_months_usd, partial.total_36_months_usd) == (Decimal("506.04"), Decimal("1518.12"))
    assert partial.break_even_month == 6 and not partial.effective_rate
    assert "read from the price list" in partial.upfront_note
    # 3 years standard All Upfront: 949 upfront, 0.00 an hour: 949 / 36 = 26.36 a month; 949 over 12 or 36 months;
    # break-even 949 / 70.08 = 13.5, month 14.
    three = result.quote("reserved-3yr-all-upfront")
    assert (three.upfront_usd, three.compute_monthly_usd) == (Decimal("949"), Decimal("26.36"))
    assert three.total_36_months_usd == Decimal("949.00") and three.break_even_month == 14
    # convertible terms are priced too: 3 years All Upfront 1,161
    assert result.quote("reserved-convertible-3yr-all-upfront").total_36_months_usd == Decimal("1161.00")
    # Savings Plans come from their own offer file, not get_products
    assert result.quote("savings-plan-compute-1yr-no-upfront").reason == NOT_PRICED
    assert result.best_36_months == "reserved-3yr-all-upfront"


def test_an_rds_for_oracle_reservation_from_a_replayed_answer(stub: tuple[Any, Stubber]) -> None:
    client, stubber = stub
    storage = json.loads(item(offer("AmazonRDS"), RDS_GP2_MULTI_AZ))
    answer(stubber, "AmazonRDS", "eu-west-1", {"Oracle rows": [rds_oracle_item()], "rows for any engine": [storage]})
    rows, _ = fetch_price_list(client, service="AmazonRDS", region="eu-west-1", fetched_on=FETCHED)
    book = PriceBook(rows)

    result = commitment_quotes(RDS_M4, book)

    # On-demand (TC eu-west-1, SE2 LI Multi-AZ db.m4.xlarge): 1.978 x 730 = 1,443.94 a month; gp2 Multi-AZ storage
    # 100 x 0.253 = 25.30 a month, on-demand whatever is bought: 1,469.24 a month in all.
    assert result.quote("on-demand").monthly_usd == Decimal("1469.24")
    assert result.unchanged_aws_monthly_usd == Decimal("25.30")
    # Reserved 1 year Partial Upfront (the CLI example): 4,089 upfront, 0.594 x 730 = 433.62 a month;
    # a month with the upfront spread: 433.62 + 4,089 / 12 (340.75) = 774.37, plus storage 799.67;
    # 12 months 4,089 + 12 x (433.62 + 25.30) = 4,089 + 5,507.04 = 9,596.04;
    # break-even 4,089 + 458.92 m <= 1,469.24 m from m = 4,089 / 1,010.32 = 4.05, so month 5.
    quote = result.quote("reserved-1yr-partial-upfront")
    assert (quote.upfront_usd, quote.compute_monthly_usd) == (Decimal("4089"), Decimal("774.37"))
    assert quote.monthly_usd == Decimal("799.67")
    assert quote.total_12_months_usd == Decimal("9596.04") and quote.break_even_month == 5
    assert f"SKU {RDS_SKU}" in quote.price_source
    # RDS rows carry no OfferingClass: a standard reservation. What the answer lacks of what AWS sells for RDS is
    # said to be unpriced; 3 years No Upfront, which AWS does not sell for RDS, is said not offered.
    others = [q for q in result.quotes if q.kind == "reserved" and q.commitment != "reserved-1yr-partial-upfront"]
    unsold = result.quote("reserved-3yr-no-upfront")
    assert unsold.unpriced_because == "not offered" and unsold.reason.startswith("not offered for RDS")
    assert len(others) == 5 and all(q.reason == NOT_PRICED for q in others if q != unsold)


def test_an_ec2_savings_plan_from_the_savings_plans_offer_file(stub: tuple[Any, Stubber], tmp_path: Path) -> None:
    rows = ec2_rows(*stub)
    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")

    plans = read_savings_plans(path, region="us-east-1", ec2_rows=rows)
    result = commitment_quotes(EC2_M5, PriceBook([*rows, *plans]))

    # Two plans discount the m5.large SKU; the Windows rate (a SKU the snapshot does not hold) is skipped.
    assert len(plans) == 2 and {p.term for p in plans} == {"SavingsPlan"}
    assert {p.attributes["instanceType"] for p in plans} == {"m5.large"}
    # EC2 Instance Savings Plan, 1 year No Upfront at 0.065: 0.065 x 730 = 47.45 a month, 12 months 569.40,
    # 36 months 1,708.20; no upfront fee.
    no_upfront = result.quote("savings-plan-ec2-instance-1yr-no-upfront")
    assert (no_upfront.upfront_usd, no_upfront.compute_monthly_usd) == (Decimal(0), Decimal("47.45"))
    assert (no_upfront.total_12_months_usd, no_upfront.total_36_months_usd) == (Decimal("569.40"), Decimal("1708.20"))
    assert no_upfront.break_even_month == 1
    # 1 year All Upfront at 0.056: the whole commitment prepaid, 0.056 x 8,760 = 490.56; 490.56 / 12 = 40.88 a month.
    all_upfront = result.quote("savings-plan-ec2-instance-1yr-all-upfront")
    assert (all_upfront.upfront_usd, all_upfront.compute_monthly_usd) == (Decimal("490.56"), Decimal("40.88"))
    assert all_upfront.as_of == "2026-11-01"  # the Savings Plans file's publicationDate
    # over 12 months it beats the 1-year reservations (490.56 < 494 All Upfront < 506.04 Partial)
    assert result.best_12_months == "savings-plan-ec2-instance-1yr-all-upfront"
    assert result.quote("savings-plan-compute-1yr-no-upfront").reason == NOT_PRICED


# --- refused, naming what is missing ---------------------------------------------------------------------


def test_a_file_without_savings_plans_terms_is_refused(tmp_path: Path, stub: tuple[Any, Stubber]) -> None:
    rows = ec2_rows(*stub)
    data = savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large")
    del data["terms"]

    with pytest.raises(PriceDataInvalid, match=r"no terms\.savingsPlan: not a Savings Plans offer file"):
        read_savings_plans(write_json(data, tmp_path / "sp.json"), region="us-east-1", ec2_rows=rows)
    with pytest.raises(PriceDataInvalid, match="regionCode is us-east-1, not eu-west-1"):
        read_savings_plans(
            write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "x"), tmp_path / "sp2.json"),
            region="eu-west-1",
            ec2_rows=rows,
        )


def test_savings_plans_without_the_ec2_rows_they_discount_are_refused(tmp_path: Path) -> None:
    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")

    with pytest.raises(PriceDataInvalid, match="refresh the Region's EC2 prices from the Price List first"):
        read_savings_plans(path, region="us-east-1", ec2_rows=[])


def test_an_offer_file_without_reserved_terms_is_refused_when_they_are_required(tmp_path: Path) -> None:
    path = write(offer("AmazonEC2"), tmp_path / "AmazonEC2.json")  # the 2023 TC file: its Reserved terms were dropped

    with pytest.raises(PriceDataInvalid) as raised:
        list(read_offer_file(path, region="eu-west-1", require_terms=REQUIRED_TERMS))

    message = str(raised.value)
    assert "no Reserved terms" in message and "LeaseContractLength, OfferingClass, PurchaseOption" in message
    assert "'Upfront Fee'" in message
    assert len(list(read_offer_file(path, region="eu-west-1"))) > 0  # the committed fixtures read it as before


def test_a_reserved_term_without_its_attributes_is_an_invalid_item(tmp_path: Path) -> None:
    data = offer("AmazonEC2")
    sku = find_sku(data, "Compute Instance", instanceType="m5.xlarge")
    add_reserved_term(data, sku)
    path = write(data, tmp_path / "with-reserved.json")
    # with a Reserved term the file is accepted even where Reserved terms are required
    assert any(r.term == "Reserved" for r in read_offer_file(path, region="eu-west-1", require_terms=REQUIRED_TERMS))
    del data["terms"]["Reserved"][sku][f"{sku}.HU7G6KETJZ"]["termAttributes"]["PurchaseOption"]

    with pytest.raises(PriceDataInvalid, match=f"{sku}: a Reserved term without termAttributes PurchaseOption"):
        list(read_offer_file(write(data, tmp_path / "AmazonEC2.json"), region="eu-west-1"))


def test_a_refresh_writes_the_reserved_terms_into_the_snapshot(prices: None, stub: tuple[Any, Stubber]) -> None:
    _, stubber = stub
    answer(stubber, "AmazonEC2", "us-east-1", {"Linux instances": [m5_large_item()]})

    # --force: the one m5.large answered stands in for the committed us-east-1 rows, far more than a refresh may
    # remove before it waits for review
    call_command("refresh_prices", "--region", "us-east-1", "--service", "AmazonEC2", "--force", stdout=io.StringIO())

    current = services.snapshot_current("us-east-1", "AmazonEC2")
    assert current is not None and current.origin == "api"
    records = PriceRecord.objects.filter(snapshot=current, term="Reserved")
    assert records.count() == 20  # 12 hourly fees + 8 upfront fees
    fee = records.get(unit="Quantity", term_attributes__PurchaseOption="All Upfront",
                      term_attributes__LeaseContractLength="3yr", term_attributes__OfferingClass="standard")  # fmt: skip
    assert fee.price_usd == Decimal("949") and fee.description == "Upfront Fee"


def test_a_savings_plans_upload_is_told_from_an_offer_file_and_replaces_only_plans(
    stub: tuple[Any, Stubber], tmp_path: Path
) -> None:
    rows = ec2_rows(*stub)
    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    plans = read_savings_plans(path, region="us-east-1", ec2_rows=rows)

    assert is_savings_plan_file(path)
    assert not is_savings_plan_file(write(offer("AmazonEC2"), tmp_path / "AmazonEC2.json"))
    merged = with_savings_plans([*rows, *plans], plans[:1])  # a second upload with one plan replaces both
    assert len(merged) == len(rows) + 1 and [r for r in merged if r.term == "SavingsPlan"] == plans[:1]


def test_a_savings_plans_upload_after_a_price_list_refresh_prices_the_plan(
    prices: None, stub: tuple[Any, Stubber], tmp_path: Path
) -> None:
    """The offline snapshots hold no Savings Plans rate: after the Region's EC2 prices come from the Price List, an
    uploaded AWSComputeSavingsPlan file adds its rates to a new EC2 snapshot and the plan is priced."""
    _, stubber = stub
    answer(stubber, "AmazonEC2", "us-east-1", {"Linux instances": [m5_large_item()]})
    # --force: the one m5.large answered stands in for the committed us-east-1 rows, far more than a refresh may
    # remove before it waits for review
    call_command("refresh_prices", "--region", "us-east-1", "--service", "AmazonEC2", "--force", stdout=io.StringIO())
    api_snapshot = services.snapshot_current("us-east-1", "AmazonEC2")

    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    out = io.StringIO()
    call_command("refresh_prices", "--region", "us-east-1", "--service", "AmazonEC2", "--offer-file", str(path),
                 stdout=out)  # fmt: skip

    current = services.snapshot_current("us-east-1", "AmazonEC2")
    assert current is not None and current != api_snapshot and current.origin == "offer-file"
    assert "2 Savings Plans rates discount EC2 rows held" in out.getvalue()
    assert PriceRecord.objects.filter(snapshot=current, term="SavingsPlan").count() == 2
    assert PriceRecord.objects.filter(snapshot=current, term="Reserved").count() == 20  # kept from the refresh
    book = PriceBook(services.current_rows("us-east-1", "AmazonEC2"))
    # EC2 Instance Savings Plan, 1 year No Upfront at 0.065 an hour: 0.065 x 730 = 47.45 a month
    quote = commitment_quotes(EC2_M5, book).quote("savings-plan-ec2-instance-1yr-no-upfront")
    assert quote.priced and quote.compute_monthly_usd == Decimal("47.45")


def test_a_savings_plans_upload_without_the_ec2_rows_it_discounts_changes_nothing(prices: None, tmp_path: Path) -> None:
    # the committed us-east-1 EC2 rows carry no AWS product SKU, so no rate can be matched: refused, nothing written
    before = services.snapshot_current("us-east-1", "AmazonEC2")
    path = write_json(savings_plan_offer("us-east-1", M5_LARGE_SKU, "BoxUsage:m5.large"), tmp_path / "sp.json")
    with pytest.raises(Exception, match="refresh the Region's EC2 prices from the Price List first"):
        call_command("refresh_prices", "--region", "us-east-1", "--service", "AmazonEC2", "--offer-file", str(path),
                     stdout=io.StringIO())  # fmt: skip
    assert services.snapshot_current("us-east-1", "AmazonEC2") == before
