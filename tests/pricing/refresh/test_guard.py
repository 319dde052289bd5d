"""When a refresh's new snapshot must wait for review, by hand: a tenth of the current rows may go, not one more; a
file dated the same day as the prices it replaces is not older, one day before is."""

from __future__ import annotations

from datetime import date

from pricing.refresh.guard import hold_of

DAY = date(2023, 2, 23)


def hold(*, as_of: date = DAY, replaced: date | None = DAY, removed: int = 0, rows: int = 608) -> tuple[str, ...]:
    return hold_of(
        as_of=as_of, replaced_as_of=replaced, removed=removed, current_rows=rows, current_label="#33"
    ).reasons


def test_a_tenth_of_the_rows_may_go_one_more_waits() -> None:
    assert hold(removed=60) == ()  # 60 / 608 = 9.87 %
    assert hold(removed=61) == (  # 61 / 608 = 10.03 %
        "it would remove 61 of the 608 rows of the current snapshot #33, more than the 60 (10 %) a refresh may "
        "remove without review",
    )
    assert hold(removed=9, rows=90) == () and len(hold(removed=10, rows=90)) == 1  # 9 of 90 is 10 % exactly


def test_prices_older_than_those_they_replace_wait() -> None:
    assert hold(as_of=DAY) == () and hold(as_of=date(2023, 3, 1)) == ()
    assert hold(as_of=date(2023, 2, 22)) == (
        "its prices are as of 2023-02-22, older than the prices of the current snapshot #33 they would replace (as "
        "of 2023-02-23)",
    )
    assert hold(as_of=date(2020, 1, 1), replaced=None) == ()  # it brings none of the current rows anew


def test_both_reasons_are_given() -> None:
    assert len(hold(as_of=date(2020, 1, 1), removed=608)) == 2
