"""Each estate total says its own basis: the run-rate columns (a month, and that month × 12 and × 36) are not cash,
the cash columns are cash as paid, and the best-commitments column says why a database may stay on-demand."""

from advisor.estates.engine.basis import COLUMNS, TOTALS_BASIS


def test_every_total_has_its_own_basis_and_no_two_read_alike() -> None:
    assert list(TOTALS_BASIS) == ["monthly_usd", "one_year_usd", "three_year_usd", "three_year_cash_usd",
                                  "three_year_usd_best_commitments"]  # fmt: skip
    assert len(set(TOTALS_BASIS.values())) == len(TOTALS_BASIS)


def test_the_run_rate_columns_are_not_called_cash_and_the_cash_columns_not_run_rate() -> None:
    for key in ("monthly_usd", "one_year_usd", "three_year_usd"):
        assert TOTALS_BASIS[key].startswith("run-rate") and "cash" not in TOTALS_BASIS[key], key
    assert "× 12" in TOTALS_BASIS["one_year_usd"] and "× 36" in TOTALS_BASIS["three_year_usd"]
    for key in ("three_year_cash_usd", "three_year_usd_best_commitments"):
        assert TOTALS_BASIS[key].startswith("cash as paid over 36 months") and "run-rate" not in TOTALS_BASIS[key]
    assert (
        "on-demand" in TOTALS_BASIS["three_year_cash_usd"] and "commitment" not in TOTALS_BASIS["three_year_cash_usd"]
    )


def test_the_best_commitments_basis_says_a_database_may_stay_on_demand_for_want_of_a_price() -> None:
    words = TOTALS_BASIS["three_year_usd_best_commitments"]
    assert "no commitment price held" in words and "on-demand cheapest" in words
    assert "never discount Oracle licences" in words


def test_the_titles_are_the_totals_tables_column_titles() -> None:
    assert [c.title for c in COLUMNS] == ["Monthly", "1 year", "3 years", "3 years on-demand",
                                          "3 years, best commitments"]  # fmt: skip


def test_the_best_commitments_basis_says_why_oracle_database_at_aws_is_on_none_citing_its_sources() -> None:
    words = TOTALS_BASIS["three_year_usd_best_commitments"]
    assert "No AWS Reserved Instance or Savings Plan applies to Oracle Database@AWS" in words
    assert "AWS Marketplace private offer" in words
    # cited as the app cites a fact: the sources named, and the date they were read
    assert "Oracle, Oracle Database@AWS, Private Offer" in words and "AWS, Savings Plans FAQs" in words
    assert words.endswith(", as of 2026-11-29)")
