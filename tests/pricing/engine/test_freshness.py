"""Prices older than the site's limit are said out loud in neutral words; what to refresh is a separate, staff-only
hint. One line dates the prices everywhere."""

from datetime import date

import pytest

from pricing.engine.freshness import price_age, price_dates_line


def test_rows_from_2023_are_stale_on_2026_11_25_and_the_message_names_the_region() -> None:
    age = price_age(["2023-02-23", "2024-04-04"], today=date(2026, 11, 25), threshold_days=180, regions=["eu-west-1"])
    assert age is not None and age.stale
    # 2023-02-23 -> 2026-02-23 is 3 × 365 + 1 (2024 is a leap year) = 1,096 days; -> 2026-11-25 adds 275: 1,371
    assert age.days_old == 1371
    assert age.span == "2023-02-23 to 2024-04-04"
    assert "3 years and 276 days old" in age.message  # 1,371 = 3 × 365 + 276
    assert "more than 180 days" in age.message
    assert age.message.startswith("Prices as of 2023-02-23 to 2024-04-04 (AWS Price List, eu-west-1): ")
    assert "Prices may have changed since" in age.message
    # what an admin does about it is not the customer's business: a hint apart, shown to staff only
    assert "admin" not in age.message and "Prices page" not in age.message
    assert age.admin_hint == "An admin can refresh the AWS Price List for eu-west-1 on the Prices page."


def test_recent_rows_are_not_stale() -> None:
    age = price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=180)
    # July 20 -> Nov 25: 11 (rest of July) + 31 + 30 + 31 + 25 = 128 days
    assert age is not None and not age.stale and age.days_old == 128
    assert age.message == "Prices as of 2026-07-20 (AWS Price List), 128 days old at most."
    assert age.admin_hint == ""


def test_the_threshold_is_the_sites_setting() -> None:
    assert price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=100).stale
    assert not price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=128).stale  # exactly at the limit


def test_no_dates_no_verdict_and_a_bad_threshold_is_refused() -> None:
    assert price_age([], today=date(2026, 11, 25)) is None
    assert price_age(["not a date"], today=date(2026, 11, 25)) is None
    with pytest.raises(ValueError, match="threshold_days"):
        price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=0)


def test_one_line_dates_the_prices_from_the_rows_used() -> None:
    # the oldest and newest row, whatever the order and repeats; every Region named once, in order
    line = price_dates_line(
        ["2024-04-04", "2023-02-23", "2023-06-01", "2024-04-04"], ["us-west-2", "eu-west-1", "eu-west-1"]
    )
    assert line == "Prices as of 2023-02-23 to 2024-04-04 (AWS Price List, eu-west-1 and us-west-2)"
    assert price_dates_line(["2024-04-04"], ["us-east-1"]) == "Prices as of 2024-04-04 (AWS Price List, us-east-1)"
    three = price_dates_line(["2023-02-23"], ["us-west-2", "eu-west-1", "us-east-1"])
    assert three == "Prices as of 2023-02-23 (AWS Price List, eu-west-1, us-east-1 and us-west-2)"
    assert price_dates_line([], ["eu-west-1"]) == "" and price_dates_line(["not a date"]) == ""
    # the banner says the same line
    age = price_age(["2024-04-04", "2023-02-23"], today=date(2024, 5, 1), regions=["eu-west-1"])
    assert age is not None and age.line == "Prices as of 2023-02-23 to 2024-04-04 (AWS Price List, eu-west-1)"
