"""Prices older than the site's limit are said out loud, with what to refresh."""

from datetime import date

import pytest

from pricing.engine.freshness import price_age


def test_rows_from_2023_are_stale_on_2026_11_25_and_the_message_names_the_region() -> None:
    age = price_age(["2023-02-23", "2024-04-04"], today=date(2026, 11, 25), threshold_days=180, regions=["eu-west-1"])
    assert age is not None and age.stale
    # 2023-02-23 -> 2026-02-23 is 3 × 365 + 1 (2024 is a leap year) = 1,096 days; -> 2026-11-25 adds 275: 1,371
    assert age.days_old == 1371
    assert age.span == "2023-02-23 to 2024-04-04"
    assert "3 years and 276 days old" in age.message  # 1,371 = 3 × 365 + 276
    assert "past the 180-day limit" in age.message
    assert "refresh the AWS Price List for eu-west-1" in age.message


def test_recent_rows_are_not_stale() -> None:
    age = price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=180)
    # July 20 -> Nov 25: 11 (rest of July) + 31 + 30 + 31 + 25 = 128 days
    assert age is not None and not age.stale and age.days_old == 128
    assert age.message == "Prices date from 2026-07-20 (128 days old at most)."


def test_the_threshold_is_the_sites_setting() -> None:
    assert price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=100).stale
    assert not price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=128).stale  # exactly at the limit


def test_no_dates_no_verdict_and_a_bad_threshold_is_refused() -> None:
    assert price_age([], today=date(2026, 11, 25)) is None
    assert price_age(["not a date"], today=date(2026, 11, 25)) is None
    with pytest.raises(ValueError, match="threshold_days"):
        price_age(["2026-07-20"], today=date(2026, 11, 25), threshold_days=0)
