"""A row priced at another Region's rows says so in a reader's words: what it prices ("RDS storage", "EBS io2
provisioned IOPS"), never the name of the price book's lookup ("rds storage", "ebs io2 iops tiers")."""

import inspect
from datetime import date
from decimal import Decimal

from pricing.engine.fallback import LOOKUP_WORDS, RegionFallbackBook, lookup_words
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.rows import PriceRow
from pricing.engine.storage_fallback import STORAGE_LOOKUPS, StorageFallbackBook


def test_every_lookup_of_the_price_book_has_its_words():
    lookups = {name for name, _ in inspect.getmembers(PriceBook, inspect.isfunction) if not name.startswith("_")}
    lookups -= {"regions", "snapshot", "sources"}  # not prices: what a book holds
    assert {"rds_storage", "ebs_io2_iops_tiers", "ec2_instance"} <= lookups
    assert sorted(lookups - LOOKUP_WORDS.keys()) == []
    assert STORAGE_LOOKUPS <= LOOKUP_WORDS.keys()
    assert lookup_words("ebs_io2_iops_tiers") == "EBS io2 provisioned IOPS"
    assert lookup_words("something_new") == "something new"  # a lookup added later still reads as words


class _Book:
    """A book that prices EBS storage in eu-west-1 only."""

    def ebs_storage(self, *, region: str, volume_type: str) -> PriceRow:
        if region != "eu-west-1":
            raise PriceNotFound("volumes[0].type", f"no {volume_type} price in {region}")
        return PriceRow(
            service="AmazonEC2",
            region=region,
            sku="ABCDEFGHIJKLMNOP",
            product_family="Storage",
            attributes={"volumeApiName": volume_type},
            unit="GB-Mo",
            price_usd=Decimal("0.088"),
            source="test",
            as_of=date(2023, 2, 23),
        )


def test_storage_priced_in_another_region_says_what_and_where_in_words():
    book = StorageFallbackBook(_Book(), region="eu-west-2", fallback="eu-west-1")
    row = book.ebs_storage(region="eu-west-2", volume_type="gp3")
    assert row.estimated
    assert row.estimate_note == "no eu-west-2 price held for EBS volume storage: estimated at eu-west-1's price"
    assert book.used_fallback == {"EBS volume storage"}


def test_a_standby_region_priced_at_the_primarys_says_so_in_words():
    book = RegionFallbackBook(_Book(), region="eu-central-1", fallback="eu-west-1")  # type: ignore[arg-type]
    row = book.ebs_storage(region="eu-central-1", volume_type="gp3")
    assert row.estimate_note == "no eu-central-1 price held for EBS volume storage: priced at eu-west-1's price"
