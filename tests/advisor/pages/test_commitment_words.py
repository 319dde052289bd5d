"""A commitment whose upfront fee is not published apart from its hourly fee is said with "not known" for its
break-even month and the years inside its term, never "cheaper from month 1" or equal years it cannot know."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from advisor.pages.commitment_words import commitment_rows, commitment_words, not_known_by_reason
from pricing.engine.cash_flow import unpublished_split_words
from pricing.engine.commitments.totals import CommitmentSummary, CommitmentTotal

D = Decimal
NOT_KNOWN = unpublished_split_words(36)


def total(commitment: str, label: str, total_36: str, **fields: object) -> CommitmentTotal:
    return CommitmentTotal(commitment=commitment, label=label, kind="reserved", term_months=36, priced=True,
                           monthly_usd=D("5783.62"), total_36_months_usd=D(total_36), as_of="2025-06-11",
                           **fields)  # type: ignore[arg-type]  # fmt: skip


def option(*totals: CommitmentTotal, best: str) -> SimpleNamespace:
    summary = CommitmentSummary(totals=totals, best_12_months=None, best_36_months=best,
                                extra_monthly_usd=D(0), notes=())  # fmt: skip
    return SimpleNamespace(commitments=summary)


# on-demand 19,473.48 a month (26.676 x 730) x 36 = 701,045.28; the 3-year Partial Upfront, held as the effective
# rate 7.922767 only, 208,210.32 over 36 months (7.922767 x 730 x 36), saving 492,834.96
ON_DEMAND = total("on-demand", "On-Demand", "701045.28", cash_year_usd=(D("233681.76"),) * 3)
PARTIAL = total("reserved-3yr-partial-upfront", "Reserved 3yr Partial Upfront", "208210.32",
                saving_36_months_usd=D("492834.96"), cash_year_usd=(None, None, None),
                timing_not_known=NOT_KNOWN)  # fmt: skip


def test_a_row_whose_split_is_not_published_says_its_years_and_break_even_are_not_known() -> None:
    rows = commitment_rows(option(ON_DEMAND, PARTIAL, best="reserved-3yr-partial-upfront"))  # type: ignore[arg-type]

    partial = rows[1]
    assert partial.upfront == "split not published" and partial.cash_year_usd == (None, None, None)
    assert partial.break_even == "not known (upfront split not published)"  # not "never in 36 months"
    assert not_known_by_reason(rows) == (("Reserved 3yr Partial Upfront", NOT_KNOWN),)


def test_the_best_commitment_line_keeps_the_36_month_total_and_says_the_month_is_not_known() -> None:
    words = commitment_words(option(ON_DEMAND, PARTIAL, best="reserved-3yr-partial-upfront"))  # type: ignore[arg-type]

    assert words == (
        "Reserved 3yr Partial Upfront: $5,783.62 a month (run-rate), $208,210 over 36 months, cash as paid (saves "
        "$492,835; the month from which it is cheaper is not known: its upfront split is not published)"
    )


def test_the_saving_is_the_difference_of_the_two_totals_as_printed_to_the_dollar() -> None:
    # on-demand $8,687,663.40 and the best $8,308,666.60 over 36 months are printed $8,687,663 and $8,308,667: the
    # saving printed is their difference, $378,996, not the unrounded $378,996.80 rounded on its own ($378,997)
    on_demand = total("on-demand", "On-Demand", "8687663.40", cash_year_usd=(D(1),) * 3)
    best = total("reserved-3yr-all-upfront", "Reserved 3yr All Upfront", "8308666.60",
                 saving_36_months_usd=D("378996.80"), cash_year_usd=(D(1),) * 3)  # fmt: skip
    both = option(on_demand, best, best="reserved-3yr-all-upfront")
    assert commitment_rows(both)[1].saving_36_months_usd == D(378996)  # type: ignore[arg-type]
    assert "$8,308,667 over 36 months, cash as paid (saves $378,996" in commitment_words(both)  # type: ignore[arg-type]
