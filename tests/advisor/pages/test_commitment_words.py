"""The commitments said for people: a commitment whose upfront fee is not published apart from its hourly fee is
said with "not known" for its break-even month and the years inside its term, never "cheaper from month 1" or equal
years it cannot know; a commitment dearer than on-demand costs more (never "saves $-"), and on-demand cheapest among
the commitments priced is a comparison, never "no price held"; a break-even month holds over the 36 months, the
months a renewal makes the term dearer again said with it; Oracle Database@AWS has no AWS commitment to buy."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from advisor.pages.commitment_words import commitment_rows, commitment_words, not_known_by_reason, saving_words
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


def unpriced(commitment: str, label: str, reason: str) -> CommitmentTotal:
    return CommitmentTotal(commitment=commitment, label=label, kind="savings-plan", term_months=12, priced=False,
                           reason=reason)  # fmt: skip


# EE BYOL on three r5.4xlarge (a standby in a second Availability Zone, a DR copy in us-west-2) run 200 hours a month:
# on-demand compute 1.008 x 200 = 201.60 a month each, 3 x 201.60 x 36 = 21,772.80 over 36 months. 1-year All Upfront
# 0.592694 x 8,760 = 5,192.00 each, bought three times: 9 x 5,192.00 = 46,728.00, so 24,955.20 more; 3-year All
# Upfront 0.378995 x 26,280 = 9,959.99 each, 3 x 9,959.99 = 29,879.97, so 8,107.17 more. Every other line is the same
# whatever is bought: 2,733,353.84 of it over 36 months (on-demand 2,755,126.64 in all).
R5_ON_DEMAND = total("on-demand", "On-Demand", "2755126.64", cash_year_usd=(D(1),) * 3)
R5_ONE_YEAR = total("reserved-1yr-all-upfront", "Reserved 1yr All Upfront", "2780081.84",
                    saving_36_months_usd=D("-24955.20"), cash_year_usd=(D(1),) * 3)  # fmt: skip
R5_THREE_YEAR = total("reserved-3yr-all-upfront", "Reserved 3yr All Upfront", "2763233.81",
                      saving_36_months_usd=D("-8107.17"), cash_year_usd=(D(1),) * 3)  # fmt: skip
NOT_HELD = "no price held for r5.4xlarge in us-east-1; no price held for r5.4xlarge in us-west-2"


def test_on_demand_cheapest_among_the_commitments_priced_is_said_so_not_that_no_price_is_held() -> None:
    some_unpriced = option(R5_ON_DEMAND, R5_ONE_YEAR, R5_THREE_YEAR,
                           unpriced("reserved-1yr-no-upfront", "Reserved 1yr No Upfront", NOT_HELD),
                           unpriced("savings-plan-compute-1yr-no-upfront", "Compute Savings Plan 1yr", NOT_HELD),
                           best="on-demand")  # fmt: skip
    words = commitment_words(some_unpriced)  # type: ignore[arg-type]

    assert words == "On-demand is cheapest over 36 months: no commitment priced costs less (2 priced, 2 not priced)"
    assert "no price held" not in words
    every_one_priced = option(R5_ON_DEMAND, R5_ONE_YEAR, R5_THREE_YEAR, best="on-demand")
    assert commitment_words(every_one_priced) == (  # type: ignore[arg-type]
        "On-demand is cheapest over 36 months: no commitment priced costs less"
    )
    # where none is priced, the price missing is the reason
    none_priced = option(R5_ON_DEMAND, unpriced("reserved-1yr-no-upfront", "Reserved 1yr No Upfront", NOT_HELD),
                         best="on-demand")  # fmt: skip
    assert commitment_words(none_priced) == f"On-demand only: {NOT_HELD}"  # type: ignore[arg-type]


def test_a_commitment_dearer_than_on_demand_costs_more_and_never_saves_a_negative_sum() -> None:
    rows = commitment_rows(option(R5_ON_DEMAND, R5_ONE_YEAR, R5_THREE_YEAR, best="on-demand"))  # type: ignore[arg-type]

    # to the dollar as printed: 2,755,127 - 2,780,082 and 2,755,127 - 2,763,234
    assert [row.saving for row in rows] == ["", "costs $24,955 more than on-demand", "costs $8,107 more than on-demand"]
    assert saving_words(D(0)) == "no saving" and saving_words(D(3509)) == "saves $3,509"
    assert saving_words(None) == ""


# us-east-1 r6i.xlarge with 500 GiB of gp3, 40.00 a month whatever is bought: on-demand 223.96 a month; 1-year All
# Upfront 1,363.00 upfront a year. Cheaper once 1,363.00 + 40 m <= 223.96 m, from month 8 (7.41); the renewal's
# 1,363.00 in month 13 makes it dearer in months 13 (3,246.00 > 2,911.48) and 14 (3,286.00 > 3,135.44), cheaper
# again from month 15 (3,326.00 <= 3,359.40); month 25's renewal leaves it cheaper (5,089.00 <= 5,599.00).
R6I_ON_DEMAND = total("on-demand", "On-Demand", "8062.56", cash_year_usd=(D("2687.52"),) * 3,
                      cumulative_usd=tuple(D("223.96") * m for m in range(37)))  # fmt: skip
R6I_ONE_YEAR = CommitmentTotal(
    commitment="reserved-1yr-all-upfront", label="Reserved 1yr All Upfront", kind="reserved", term_months=12,
    priced=True, upfront_usd=D("1363.00"), monthly_usd=D("153.58"), total_36_months_usd=D("5529.00"),
    saving_36_months_usd=D("2533.56"), cash_year_usd=(D("1843.00"),) * 3, break_even_month=8, as_of="2026-05-12",
    cumulative_usd=(D(0), *(D("1363.00") * ((m - 1) // 12 + 1) + D(40) * m for m in range(1, 37))),
)  # fmt: skip
RENEWAL = "dearer again in months 13 and 14 when the renewal's upfront fee is paid, cheaper again from month 15"


def test_the_break_even_month_of_a_term_bought_again_says_the_months_its_renewal_makes_it_dearer() -> None:
    both = option(R6I_ON_DEMAND, R6I_ONE_YEAR, best="reserved-1yr-all-upfront")

    assert commitment_rows(both)[1].break_even == f"month 8, {RENEWAL}"  # type: ignore[arg-type]
    assert commitment_words(both) == (  # type: ignore[arg-type]
        "Reserved 1yr All Upfront: $153.58 a month (run-rate), $1,363 upfront, $5,529 over 36 months, cash as paid "
        f"(saves $2,534; cheaper from month 8, {RENEWAL})"
    )


def test_oracle_database_at_aws_says_no_aws_commitment_applies_not_that_no_price_is_held() -> None:
    words = commitment_words(SimpleNamespace(commitments=None, odb=object()))  # type: ignore[arg-type]

    assert words.startswith("No AWS Reserved Instance or Savings Plan applies to Oracle Database@AWS: it is bought "
                            "through an AWS Marketplace private offer")  # fmt: skip
    assert "no price held" not in words
    assert commitment_words(SimpleNamespace(commitments=None, odb=None)) == ""  # type: ignore[arg-type]
