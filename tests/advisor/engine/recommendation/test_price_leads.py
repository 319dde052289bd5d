"""Wherever Oracle Database@AWS is priced the ranking says its infrastructure is at Oracle's list of 2026-01-05 and a
later, unconfirmed list may be higher; where it places the option ahead of another it says whether that order would
hold at the later prices (the totals ranked stay at the list held). Totals made by hand: the later total is given."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from advisor.engine.recommendation.price_leads import placed_ahead_of, price_lead_words
from advisor.engine.recommendation.ranking import rank_options
from advisor.engine.recommendation.ranking_words import ranking_words
from advisor.engine.recommendation.recommender import OptionRecommendation
from tests.advisor.engine.recommendation.test_ranking import LABELS, option

HEAD = ("Oracle Database@AWS's infrastructure is priced at Oracle's list of 2026-01-05; a later list (Oracle's PaaS "
        "and IaaS Public Cloud Global Price List of 2026-07-01, seen only in a third-party copy, not confirmed) may be "
        "higher")  # fmt: skip


def odb(monthly: str, later: str, *, not_priced: tuple[str, ...] = ()) -> OptionRecommendation:
    lead = SimpleNamespace(listed_as_of="2026-01-05", lead_as_of="2026-07-01", lead_monthly_usd=Decimal(later),
                           document="Oracle's PaaS and IaaS Public Cloud Global Price List")  # fmt: skip
    result = SimpleNamespace(monthly_usd=Decimal(monthly), licences_in_total=True, not_priced=not_priced, lacking=(),
                             price_lead=lead)  # fmt: skip
    base = option("odb", monthly)
    return OptionRecommendation("odb", LABELS["odb"], base.verdict, None, (), (), (), (), "", odb=result)


def said(*options: OptionRecommendation) -> tuple[str, ...]:
    return price_lead_words(rank_options(options=options), options)


def test_ranked_ahead_and_still_below_at_the_later_prices_the_order_holds() -> None:
    (words,) = said(option("ec2", "50000.00"), odb("40000.00", "45000.00"))
    assert words == (f"{HEAD}: at that list's prices, not confirmed and not used here, Oracle Database@AWS would be $45,000.00 a "
                     "month, still below Self-managed Oracle on EC2's $50,000.00, so the order would hold.")  # fmt: skip


def test_ranked_ahead_but_above_at_the_later_prices_the_order_would_not_hold() -> None:
    (words,) = said(option("ec2", "50000.00"), odb("40000.00", "50000.00"))  # equal is not below
    assert words.endswith("would be $50,000.00 a month, not below Self-managed Oracle on EC2's $50,000.00, so the "
                          "order would not hold.")  # fmt: skip


def test_ahead_of_two_it_says_which_order_would_hold() -> None:
    (words,) = said(option("ec2", "50000.00"), option("rds", "60000.00"), odb("40000.00", "55000.00"))
    assert words.endswith("would be $55,000.00 a month: still below Amazon RDS for Oracle's $60,000.00, but not below "
                          "Self-managed Oracle on EC2's $50,000.00, so the order would hold against Amazon RDS for "
                          "Oracle only.")  # fmt: skip


def test_left_out_yet_already_below_the_recommended_total_it_says_whether_it_would_still_be() -> None:
    # the golden warehouse's figures: $42,913.66 at the list, $50,624.95 on EC2, $53,517.13 at the later prices
    options = (option("ec2", "50624.95"), odb("42913.66", "53517.13", not_priced=("backup storage",)))
    ranking = rank_options(options=options)
    assert any("already $7,711.29 below Self-managed Oracle on EC2's" in line for line in ranking_words(ranking))
    assert placed_ahead_of(ranking, "odb") == [("Self-managed Oracle on EC2", Decimal("50624.95"))]
    (words,) = price_lead_words(ranking, options)
    assert words.endswith("would be $53,517.13 a month, not below Self-managed Oracle on EC2's $50,624.95, so the "
                          "order would not hold.")  # fmt: skip


def test_priced_but_ahead_of_none_it_still_says_the_list_and_the_later_one() -> None:
    (words,) = said(option("ec2", "30000.00"), odb("40000.00", "50000.00"))
    assert words == f"{HEAD}."


def test_no_words_without_an_oracle_database_at_aws_price() -> None:
    assert said(option("ec2", "30000.00"), option("rds", "40000.00")) == ()
