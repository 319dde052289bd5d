"""Oracle options a ranked total licenses with no list price held (Real Application Testing, OLAP, GoldenGate): the
one cost the totals compared leave out alike, since every option must license the option the workload runs.

Pure Python. Totals that leave out the licences of the same options stay ranked, on the costs priced so far (a
price list without OLAP is no reason to recommend nothing); a total that leaves out the licences of an option another
ranked total does not need is not the like of it. Where the cheaper total needs more of those licences than a dearer
one, its lead could go once they are priced: said, with the price a licence would need to reach to close it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pricing.engine.licences.unpriced import unpriced_words


def _gaps(option: Any) -> tuple[Any, ...]:
    """The chosen topology's options' licences with no list price held (none without a chosen topology)."""
    return tuple(getattr(getattr(getattr(option, "chosen", None), "topology", None), "unpriced_licences", ()))


def licence_gaps(option: Any) -> dict[str, int]:
    """The options' licences the chosen topology counts with no list price held: price-list key -> licences."""
    return {gap.key: gap.licences for gap in _gaps(option)}


def gap_item(option: Any) -> str:
    """The words of that gap among what the total does not price (the item ``price_topology`` lists); "" when none."""
    return unpriced_words(_gaps(option))


def gap_names(option: Any) -> dict[str, str]:
    return {gap.key: gap.name for gap in _gaps(option)}


def beyond_others(options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Of the ranked ``options`` (option key -> option), those whose gap names an Oracle option some other ranked
    total does not lack: option key -> the names of those it lacks beyond the fewest."""
    keys = {name: frozenset(licence_gaps(option)) for name, option in options.items()}
    least = min(keys.values(), key=len, default=frozenset())
    out = {}
    for name, option in options.items():
        extra = keys[name] - least if any(other < keys[name] for other in keys.values()) else frozenset()
        if extra:
            names = gap_names(option)
            out[name] = tuple(names[key] for key in sorted(extra))
    return out


def order_caveat(best: Any, best_monthly: Decimal, others: list[tuple[Any, Decimal]]) -> tuple[str, ...]:
    """For each ranked option after the recommended one that needs fewer of the unpriced licences: that its total
    could be the lower once they are priced, and, for one such option, above what monthly price of a licence."""
    mine = licence_gaps(best)
    out = []
    for other, monthly in others:
        theirs = licence_gaps(other)
        fewer = {key: (mine[key], theirs.get(key, 0)) for key in mine if theirs.get(key, 0) < mine[key]}
        if not fewer:
            continue
        names = gap_names(best)
        said = "; ".join(f"{names[key]}: {ours:,} against {its:,}" for key, (ours, its) in fewer.items())
        text = (f"{other.label} needs fewer of the licences no list price is held for ({said}), so its total could "
                f"be the lower once they are priced")  # fmt: skip
        if len(fewer) == 1:
            (ours, its), gap = next(iter(fewer.values())), monthly - best_monthly
            per = (gap / (ours - its)).quantize(Decimal("0.01"))
            text += f": it would be if a licence cost more than ${per:,.2f} a month, support included"
        out.append(f"{text}.")
    return tuple(out)
