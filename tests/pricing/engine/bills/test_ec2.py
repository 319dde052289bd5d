"""The words an EC2 bill's io2 IOPS lines carry: the tiers they are priced by and where the tier bounds come from,
as a reader reads them (no price-list codes, no notes of ours)."""

from datetime import date
from decimal import Decimal

from pricing.engine.bills.ec2 import io2_tiers_note
from pricing.engine.prices.terms import IopsTier
from pricing.engine.rows import PriceRow


def _row(price: str) -> PriceRow:
    return PriceRow(
        service="AmazonEC2",
        region="us-east-1",
        sku="TIERED",
        product_family="System Operation",
        attributes={"usagetype": "EBS:VolumeP-IOPS.io2", "volumeApiName": "io2"},
        unit="IOPS-Mo",
        price_usd=Decimal(price),
        source="test",
        as_of=date(2026, 8, 1),
    )


def test_the_three_tiers_are_said_with_the_source_of_their_bounds():
    source = "Amazon EBS pricing, 2026-11-22"
    tiers = (
        IopsTier(Decimal(0), Decimal(32000), _row("0.065"), source),
        IopsTier(Decimal(32000), Decimal(64000), _row("0.0455"), source),
        IopsTier(Decimal(64000), None, _row("0.03185"), source),
    )
    assert io2_tiers_note(tiers) == (
        "io2 IOPS tiers: up to 32,000; 32,001-64,000; above 64,000 (Amazon EBS pricing, 2026-11-22)"
    )


def test_a_price_list_without_an_upper_tier_carries_the_last_tier_on():
    tiers = (
        IopsTier(Decimal(0), Decimal(32000), _row("0.065"), "as the price list gives them"),
        IopsTier(Decimal(32000), None, _row("0.0455"), "as the price list gives them"),
    )
    assert io2_tiers_note(tiers) == "io2 IOPS tiers: up to 32,000; above 32,000 (as the price list gives them)"
    assert io2_tiers_note(()) == ""
