"""The months of the 36 in which a commitment has cost no more than on-demand so far, and how to say them.

The first is the break-even month (``comparison.break_even``), but it need not last: a 1-year term is bought again at
months 13 and 25, and its renewal's upfront fee can lift the cash paid so far above on-demand's for a few months
after it was already cheaper. Saying only "cheaper from month 8" would then be untrue over the horizon shown, so the
words name the months it is dearer again, and why when the renewal is the cause.

Pure Python (no Django). Compares two running totals of cash as paid, month 0..36 (``cumulative_usd``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

Runs = tuple[tuple[int, int], ...]


def cheaper_runs(cumulative: Sequence[Decimal], on_demand: Sequence[Decimal]) -> Runs:
    """Each run of months (first, last) whose cash paid by the month's end is at or below on-demand's, from month 1
    to the horizon; empty when never, or when either running total is not known (empty)."""
    if not cumulative or not on_demand:
        return ()
    runs: list[tuple[int, int]] = []
    for month in range(1, min(len(cumulative), len(on_demand))):
        if cumulative[month] > on_demand[month]:
            continue
        if runs and runs[-1][1] == month - 1:
            runs[-1] = (runs[-1][0], month)
        else:
            runs.append((month, month))
    return tuple(runs)


def _months(first: int, last: int) -> str:
    if first == last:
        return f"month {first}"
    return f"months {first} and {last}" if last == first + 1 else f"months {first} to {last}"


def _renewal(month: int, term_months: int | None) -> str:
    """Why the commitment is dearer again from ``month``: a term bought again then pays its upfront fee again (a
    rise at any other month has no cause these totals can name, so none is given)."""
    if term_months and month > 1 and (month - 1) % term_months == 0:
        return " when the renewal's upfront fee is paid"
    return ""


def after_break_even(runs: Runs, term_months: int | None, horizon: int) -> str:
    """What follows the break-even month (the first run's first): each time the commitment is dearer again and
    cheaper again, e.g. ", dearer again in months 13 and 14 when the renewal's upfront fee is paid, cheaper again
    from month 15"; "" when it stays cheaper to the horizon."""
    words = []
    for (_, last), (after, _) in zip(runs, runs[1:], strict=False):
        words.append(f", dearer again in {_months(last + 1, after - 1)}{_renewal(last + 1, term_months)}")
        words.append(f", cheaper again from month {after}")
    if runs and runs[-1][1] < horizon:
        words.append(f", dearer again from month {runs[-1][1] + 1}{_renewal(runs[-1][1] + 1, term_months)}")
    return "".join(words)
