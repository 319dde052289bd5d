"""What the ranking's order would be at a later price list seen only unconfirmed.

Pure Python. Oracle Database@AWS's infrastructure is priced at Oracle's list held; a later Oracle list, seen only in
a third-party copy, gives higher server prices (``odb.price_lead``). Wherever the option is priced the ranking says
so, and where it places the option ahead of another (ranked before it, or left out yet already below the
recommended total) it says whether that order would hold at the later prices. The later figure is never the price:
the totals ranked stay at the list held.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from advisor.engine.recommendation.candidates import OptionRecommendation
    from advisor.engine.recommendation.ranking import Ranking


def placed_ahead_of(ranking: Ranking, option: str) -> list[tuple[str, Decimal]]:
    """The options (label, monthly total) the ranking places ``option`` ahead of: those ranked after it, or, for an
    option left out yet said to be already below the recommended total, the recommended one."""
    keys = [r.option for r in ranking.ranked]
    if option in keys:
        return [(r.label, r.monthly_usd) for r in ranking.ranked[keys.index(option) + 1 :]]
    left, best = ranking.left_out_of(option), ranking.recommended
    if (
        left is not None and best is not None and left.kind == "partial" and not left.builds_less
        and left.monthly_usd is not None and left.monthly_usd < best.monthly_usd
    ):  # fmt: skip
        return [(best.label, best.monthly_usd)]  # what the ranking's words call "already below"
    return []


def _totals(others: list[tuple[str, Decimal]]) -> str:
    return " and ".join(f"{label}'s ${usd:,.2f}" for label, usd in others)


def price_lead_words(ranking: Ranking, options: Sequence[OptionRecommendation]) -> tuple[str, ...]:
    """One sentence for each option priced at a list a later, unconfirmed one may raise; "" for none."""
    out = []
    for option in options:
        lead = getattr(option.odb, "price_lead", None)
        if lead is None:
            continue
        head = (
            f"{option.label}'s infrastructure is priced at Oracle's list of {lead.listed_as_of}; a later list "
            f"({lead.document} of {lead.lead_as_of}, seen only in a third-party copy, not confirmed) may be higher"
        )
        ahead = placed_ahead_of(ranking, option.option)
        if not ahead:
            out.append(head + ".")
            continue
        at = lead.lead_monthly_usd
        holds = [(label, usd) for label, usd in ahead if at < usd]
        fails = [(label, usd) for label, usd in ahead if at >= usd]
        would = f"{head}: at that list's prices, not confirmed and not used here, {option.label} would be ${at:,.2f} a month"
        if not fails:
            out.append(f"{would}, still below {_totals(holds)}, so the order would hold.")
        elif not holds:
            out.append(f"{would}, not below {_totals(fails)}, so the order would not hold.")
        else:
            out.append(f"{would}: still below {_totals(holds)}, but not below {_totals(fails)}, so the order would "
                       f"hold against {' and '.join(label for label, _ in holds)} only.")  # fmt: skip
    return tuple(out)
