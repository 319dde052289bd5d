"""A commitment said cheaper from its break-even month is said dearer again in the months a renewal's upfront fee
lifts its cash paid above on-demand's, and cheaper again after, so the words hold over the whole 36 months."""

from __future__ import annotations

from decimal import Decimal

from pricing.engine.commitments.cheaper_months import after_break_even, cheaper_runs

D = Decimal


def running(upfront: str, monthly: str, term_months: int | None = None) -> tuple[Decimal, ...]:
    """Cash paid by the end of month 0..36: ``upfront`` at the start of each term, ``monthly`` every month."""
    terms = (lambda m: (m - 1) // term_months + 1) if term_months else (lambda m: 1)
    return (D(0), *(D(upfront) * terms(m) + D(monthly) * m for m in range(1, 37)))


# us-east-1 r6i.xlarge with 500 GiB of gp3 (40.00 a month whatever is bought): on-demand 0.252 x 730 = 183.96 of
# compute, 223.96 a month; 1-year All Upfront 0.155594 x 8,760 = 1,363.00 upfront, bought again in months 13 and 25
ON_DEMAND = running("0", "223.96")
ONE_YEAR = running("1363.00", "40.00", term_months=12)


def test_a_one_year_term_is_dearer_again_in_the_two_months_after_its_renewal() -> None:
    # month 7: 1,363.00 + 280.00 = 1,643.00 > 1,567.72; month 8: 1,683.00 <= 1,791.68, cheaper to month 12
    # month 13: 2 x 1,363.00 + 520.00 = 3,246.00 > 2,911.48; month 14: 3,286.00 > 3,135.44;
    # month 15: 3,326.00 <= 3,359.40; month 25: 3 x 1,363.00 + 1,000.00 = 5,089.00 <= 5,599.00, so cheaper to 36
    runs = cheaper_runs(ONE_YEAR, ON_DEMAND)

    assert runs == ((8, 12), (15, 36))
    assert after_break_even(runs, 12, 36) == (
        ", dearer again in months 13 and 14 when the renewal's upfront fee is paid, cheaper again from month 15"
    )


def test_a_term_that_stays_cheaper_from_its_break_even_month_says_nothing_more() -> None:
    # 3-year All Upfront: 2,614.99 upfront once; 2,614.99 + 40 m <= 223.96 m from m = 14.2, so month 15 to the end
    runs = cheaper_runs(running("2614.99", "40.00"), ON_DEMAND)

    assert runs == ((15, 36),)
    assert after_break_even(runs, 36, 36) == ""


def test_a_term_never_cheaper_or_whose_cash_by_month_is_not_known_has_no_months() -> None:
    # 1-year All Upfront dearer than on-demand for an instance run 200 hours a month: 5,192.00 upfront against
    # 1.008 x 200 = 201.60 a month, never caught up within a year (12 x 201.60 = 2,419.20)
    assert cheaper_runs(running("5192.00", "0", term_months=12), running("0", "201.60")) == ()
    assert cheaper_runs((), ON_DEMAND) == ()  # an upfront split not published: no running total to compare


def test_a_rise_that_lasts_to_the_horizon_is_said_and_only_a_renewal_is_named_as_its_cause() -> None:
    assert after_break_even(((8, 12),), 12, 36) == ", dearer again from month 13 when the renewal's upfront fee is paid"
    assert (
        after_break_even(((3, 9), (12, 36)), 12, 36)
        == ", dearer again in months 10 and 11, cheaper again from month 12"
    )
    assert (
        after_break_even(((2, 4), (9, 36)), None, 36) == ", dearer again in months 5 to 8, cheaper again from month 9"
    )
