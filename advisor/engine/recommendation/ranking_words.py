"""The ranking in sentences a customer reads: the recommendation and its basis, the runner-up and margin, every
option left out with why, and what the totals compared leave out (a figure not given yet, Oracle option licences no
list price held prices, what no option builds).

Pure Python. The results page, the PDF, the JSON API and the CLI read these words; ``ranking`` decides the order.
"""

from __future__ import annotations

from advisor.engine.recommendation.ranking import LeftOut, Ranking, _sentence


def awaiting_words(ranking: Ranking) -> str:
    """One sentence on the costs the ranked totals leave out until the workload gives a figure; "" when none."""
    if not ranking.awaiting_input:
        return ""
    options: dict[str, list[str]] = {}  # each cost once, with the options whose totals leave it out
    for waiting in ranking.awaiting_input:
        for item in waiting.items:
            options.setdefault(item, []).append(waiting.label)
    parts = [f"{_sentence(item).rstrip('.')} ({', '.join(labels)})" for item, labels in options.items()]
    return "The totals compared leave out costs that need a figure not given yet: " + "; ".join(parts) + "."


def licence_gap_words(ranking: Ranking) -> tuple[str, ...]:
    """What the totals compared leave out alike for want of a list price (Oracle options' licences), each once with
    the options whose totals leave it out, and where the order could change once they are priced; () when none."""
    if not ranking.unpriced_licences:
        return ()
    parts = [f"{_sentence(gap.items[0]).rstrip('.')} ({gap.label})" for gap in ranking.unpriced_licences]
    head = "The totals compared leave out licences no list price is held for: " + "; ".join(parts) + "."
    return (head, *ranking.licence_caveats)


def below_words(ranking: Ranking) -> tuple[str, ...]:
    """For each option left out as partial for costs it leaves out whose total is already below the recommended
    one's: by how much (a user weighs whether those could close the gap; it is still not ranked). Not said of an
    option that builds less (no standby where the other has one): of course it costs less."""
    best = ranking.recommended
    if best is None:
        return ()
    return tuple(
        f"{left.label}'s total leaves costs out, yet at ${left.monthly_usd:,.2f} a month it is already "
        f"${best.monthly_usd - left.monthly_usd:,.2f} below {best.label}'s before them: "
        + (
            "give the figure it waits for to compare the two."
            if left.awaiting
            else "price what it leaves out to compare the two."
        )  # fmt: skip
        for left in ranking.left_out
        if left.kind == "partial"
        and not left.builds_less
        and left.monthly_usd is not None
        and left.monthly_usd < best.monthly_usd
    )


def unbuilt_words(ranking: Ranking) -> str:
    """One sentence on what the workload asks for that no option compared builds (or the one option priced, when it is
    recommended alone); "" when every ranked total builds it all."""
    if not ranking.unbuilt:
        return ""
    head = "No option compared builds everything the workload asks for, so no total counts it: "
    if ranking.partial_alone and ranking.recommended is not None:
        head = f"{ranking.recommended.label} does not build everything the workload asks for, so its total does not count it: "
    return head + "; ".join(_sentence(words) for words in ranking.unbuilt) + "."


def left_out_words(left: LeftOut) -> str:
    """One sentence a customer reads: why this option is not in the comparison."""
    if left.kind == "blocked":
        return f"{left.label} is blocked: {left.reason.strip().rstrip('.')}."
    if left.kind == "retiring":
        figure = f" (${left.monthly_usd:,.2f} a month where it runs now)" if left.monthly_usd is not None else ""
        return f"{left.label} is not compared{figure}: {_sentence(left.reason)}. It is an exit path, not a destination."
    if left.kind == "unpriced":
        verb = "has nothing deployable as sized" if left.does_not_fit else "could not be priced"
        return f"{left.label} {verb}: {_sentence(left.reason)}."
    figure = f" (${left.monthly_usd:,.2f} a month)" if left.monthly_usd is not None else ""
    return f"{left.label} is not compared{figure}: its total is not on the same basis, {_sentence(left.reason)}."


def ranking_words(ranking: Ranking) -> tuple[str, ...]:
    """The ranking in sentences: the recommendation and its basis, the runner-up and margin, and every option left
    out with why (the CLI prints these; the results page adds the configuration)."""
    best = ranking.recommended
    if best is None:
        if ranking.viable_left_out:
            head = "No option the rules allow could be priced in full, so none is recommended."
        else:
            head = "Every option is blocked by a rule, so none is recommended."
    else:
        head = f"{best.label} is {ranking.scope}: ${best.monthly_usd:,.2f} a month ({ranking.basis})."
    out = [head]
    if unbuilt := unbuilt_words(ranking):
        out.append(unbuilt)
    nxt, margin, pct = ranking.runner_up, ranking.margin_usd, ranking.margin_pct
    if nxt is not None and margin is not None:
        share = f", {pct} %" if pct is not None else ""
        out.append(f"The next option, {nxt.label}, costs ${margin:,.2f} more a month{share}.")
    out += [left_out_words(left) for left in ranking.left_out]
    out += below_words(ranking)
    if waiting := awaiting_words(ranking):
        out.append(waiting)
    out += licence_gap_words(ranking)
    return tuple(out)
