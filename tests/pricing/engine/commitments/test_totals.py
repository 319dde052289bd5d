"""A commitment summed over several instances knows no more than its members: where one member's upfront fee is not
published apart from its hourly fee, the sum's cash by month, break-even month and yearly cash inside a 3-year term
are not known (said so), and its 36-month total stands. Figures from the committed shared rows (us-east-1
x2iedn.32xlarge, vantage-sh/ec2instances.info 2025-06-11; on-demand 26.676 an hour, Karpenter 2026-07-20)."""

from __future__ import annotations

from decimal import Decimal

from pricing.engine.commitments.comparison import commitment_quotes
from pricing.engine.commitments.totals import combine_quotes
from pricing.engine.prices.book import PriceBook
from tests.pricing.engine.commitments.test_commitments import us_east_1_rows
from tests.pricing.engine.commitments.test_comparison import X2


def test_a_sum_with_a_member_whose_split_is_not_published_says_its_months_are_not_known() -> None:
    member = commitment_quotes(X2, PriceBook(us_east_1_rows()))

    # a primary and its standby, the same class, and 100.00 a month paid whatever is bought
    summary = combine_quotes([member, member], extra_monthly_usd=Decimal("100.00"))

    three = summary.total("reserved-3yr-partial-upfront")
    # 2 x 208,210.32 (each 7.922767 x 730 x 36, rounded) + 36 x 100.00 = 420,020.64
    assert three.total_36_months_usd == Decimal("420020.64")
    # on-demand: (2 x 19,473.48 + 100.00) x 36 = 1,405,690.56; saving 1,405,690.56 - 420,020.64 = 985,669.92
    assert three.saving_36_months_usd == Decimal("985669.92")
    assert three.upfront_usd is None and three.break_even_month is None and three.cumulative_usd == ()
    assert three.cash_year_usd == (None, None, None) and three.total_12_months_usd is None
    assert "not published apart from the hourly fee" in three.timing_not_known

    one = summary.total("reserved-1yr-partial-upfront")
    # each year a whole term: 2 x 136,937.77 + 12 x 100.00 = 275,075.54 in year 1 (year 2: 2 x 136,937.78 + 1,200)
    assert one.cash_year_usd[:2] == (Decimal("275075.54"), Decimal("275075.56"))
    assert one.break_even_month is None and one.timing_not_known

    # the best over 36 months compares the known totals: 3 years All Upfront, 2 x 195,717.99 (7.447412 x 26,280)
    # + 3,600.00 = 395,035.98, below the Partial Upfront's 420,020.64
    assert summary.best_36_months == "reserved-3yr-all-upfront"
    assert summary.total("reserved-3yr-all-upfront").total_36_months_usd == Decimal("395035.98")
