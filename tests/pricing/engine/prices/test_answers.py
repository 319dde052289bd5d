"""A price book answers each lookup once: the same answer (or the same 'not found') every time it is asked, a
handed-out table the caller cannot spoil, and a bounded table of answers."""

from decimal import Decimal

import pytest

from pricing.engine.prices import answers
from pricing.engine.prices.book import PriceBook, PriceNotFound

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


def test_the_table_starts_afresh_when_full(book, monkeypatch):
    monkeypatch.setattr(answers, "ANSWERS_KEPT", 2)
    fresh = PriceBook(list(book._regions["eu-west-1"]))
    for deployment in ("single-az", "multi-az"):
        fresh.rds_instance(**{**M5_XL, "deployment": deployment})
    assert len(fresh.answers) == 2
    fresh.rds_instance(**{**M5_XL, "edition": "se2"})
    assert len(fresh.answers) == 1
