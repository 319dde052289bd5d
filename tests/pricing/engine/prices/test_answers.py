"""A price book answers each lookup once: the same answer (or the same 'not found') every time it is asked, a
handed-out table the caller cannot spoil, and a bounded table of answers."""

from decimal import Decimal

import pytest

from pricing.engine.calculator import EstimateInvalid, estimate
from pricing.engine.fallback import RegionFallbackBook
from pricing.engine.prices import answers
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.storage_fallback import StorageFallbackBook

M5_XL = dict(region="eu-west-1", instance_class="db.m5.xlarge", edition="ee", licence_model="byol",
             deployment="single-az")  # fmt: skip


def test_a_lookup_asked_twice_gives_the_row_it_found_the_first_time(book):
    first = book.rds_instance(**M5_XL)
    assert book.rds_instance(**M5_XL) is first
    assert first.hourly.sku == "PCW2HZETS7KBUAWU"  # 0.378 an hour, eu-west-1 EE BYOL single-AZ


def test_a_price_not_found_is_raised_again_with_the_same_field_and_words(book):
    missing = {**M5_XL, "instance_class": "db.nothing.large"}
    with pytest.raises(PriceNotFound) as first:
        book.rds_instance(**missing)
    with pytest.raises(PriceNotFound) as again:
        book.rds_instance(**missing)
    assert first.value is not again.value  # a new exception: no traceback grows on a kept one
    assert (again.value.field, again.value.message) == (first.value.field, first.value.message)
    assert again.value.field == "instance_class" and "db.nothing.large has no RDS for Oracle" in again.value.message


def test_a_kept_table_of_hourly_prices_cannot_be_changed_by_a_caller(book):
    hourly = book.on_demand_hourly(region="eu-west-1", platform="rds", edition="ee", licence_model="byol")
    price = hourly["db.m5.xlarge"]
    hourly["db.m5.xlarge"] = Decimal("0")
    assert (
        book.on_demand_hourly(region="eu-west-1", platform="rds", edition="ee", licence_model="byol")["db.m5.xlarge"]
        == price
        == Decimal("0.378")
    )


def test_answers_of_different_questions_are_kept_apart(book):
    single = book.rds_instance(**M5_XL)
    multi = book.rds_instance(**{**M5_XL, "deployment": "multi-az"})
    assert (single.hourly.price_usd, multi.hourly.price_usd) == (Decimal("0.378"), Decimal("0.756"))


def test_the_table_starts_afresh_when_full(book):
    fresh = PriceBook(list(book._regions["eu-west-1"]))
    fresh.answers.limit = 2
    for deployment in ("single-az", "multi-az"):
        fresh.rds_instance(**{**M5_XL, "deployment": deployment})
    assert len(fresh.answers) == 2
    fresh.rds_instance(**{**M5_XL, "edition": "se2"})
    assert len(fresh.answers) == 1


def test_whole_bills_are_kept_apart_from_lookups_and_fewer_of_them(book):
    fresh = PriceBook(list(book._regions["eu-west-1"]))
    estimate(RDS_GP2, fresh)
    assert len(fresh.bills) == 1 and len(fresh.answers) >= 2  # the bill, and the rows it looked up
    assert fresh.bills.limit == answers.BILLS_KEPT < fresh.answers.limit == answers.ANSWERS_KEPT


# --- whole bills, and books that stand in another Region's rows ------------------------------------------------

RDS_GP2 = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "ee",
           "licence_model": "byol", "deployment": "single-az", "storage": {"type": "gp2", "size_gib": 100},
           "licences": {"include": False}}  # fmt: skip


def test_a_bill_priced_again_is_the_bill_the_book_kept(book):
    first = estimate(RDS_GP2, book)
    assert estimate(RDS_GP2, book) is first
    # 0.378 an hour x 730 = 275.94; gp2 100 GiB x 0.127 = 12.70 (eu-west-1 rows)
    assert [line.monthly_usd for line in first.lines] == [Decimal("275.94"), Decimal("12.70")]


def test_a_refused_bill_is_refused_again_with_the_same_problems(book):
    wrong = {**RDS_GP2, "instance_class": "db.nothing.large"}
    with pytest.raises(EstimateInvalid) as first:
        estimate(wrong, book)
    with pytest.raises(EstimateInvalid) as again:
        estimate(wrong, book)
    assert again.value is not first.value and again.value.problems == first.value.problems


def test_a_standing_in_book_records_again_what_it_priced_at_the_other_regions_rows(book):
    frankfurt = {**RDS_GP2, "region": "eu-central-1"}
    first_book = RegionFallbackBook(book, region="eu-central-1", fallback="eu-west-1")
    first = estimate(frankfurt, first_book)
    assert first_book.used_fallback == {"RDS instance hours", "RDS storage"}  # what each lookup prices, in words
    again_book = RegionFallbackBook(book, region="eu-central-1", fallback="eu-west-1")
    assert estimate(frankfurt, again_book) is first
    assert again_book.used_fallback == first_book.used_fallback
    assert all(line.estimated for line in first.lines)  # every row stood in, and says so


def test_the_same_bill_through_another_chain_of_stand_ins_is_priced_on_its_own(book):
    frankfurt = {**RDS_GP2, "region": "eu-central-1"}
    stand_in = estimate(frankfurt, RegionFallbackBook(book, region="eu-central-1", fallback="eu-west-1"))
    storage_only = StorageFallbackBook(book, region="eu-central-1", fallback="eu-west-1")
    assert stand_in.lines
    with pytest.raises(EstimateInvalid) as refused:  # not the stand-in's kept bill: a storage stand-in prices no hours
        estimate(frankfurt, storage_only)
    assert any(p.field == "region" for p in refused.value.problems)


def test_a_config_that_cannot_be_a_key_is_priced_each_time_alike(book):
    owned_per_product = {**RDS_GP2, "licences": {"include": True, "owned_processor_licences": {"ee": 2}}}
    first = estimate(owned_per_product, book, vcpus=4)
    again = estimate(owned_per_product, book, vcpus=4)
    assert again is not first and again == first
    assert first.licence_monthly_usd > 0


def test_a_kept_refusal_holds_no_frames_of_the_lookup_that_raised_it(book):
    fresh = PriceBook(list(book._regions["eu-west-1"]))
    with pytest.raises(PriceNotFound):
        fresh.rds_instance(**{**M5_XL, "instance_class": "db.nothing.large"})
    kept = [refused for _, refused in fresh.answers._table.values() if refused is not None]
    assert kept and all(r.__traceback__ is None and r.__context__ is None for r in kept)  # frames would pin memory
