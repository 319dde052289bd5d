"""One basis for every ranking: which option a recommendation recommends, on what basis, and which options were
left out of the comparison and why.

Pure Python. Only options the rules do not block and whose monthly totals are complete on the same basis (AWS
on-demand, or Oracle's list for Oracle Database@AWS, with the Oracle licences the workload must pay for) are ranked. An option that is blocked, that could not be
priced, or whose total lacks part of what the others count (Oracle licences brought to Oracle Database@AWS, a member
of the topology left unpriced) is left out, with the reason in words a customer reads. The results page, the PDF, the
JSON API, the CLI and estates all read this one ranking, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Literal

from advisor.engine.recommendation.basis import BASIS, BYOL_LICENCES_NOT_COUNTED, ranking_basis
from advisor.engine.recommendation.licence_gaps import beyond_others, gap_item, licence_gaps, order_caveat
from advisor.engine.topology import LACKING_KINDS

if TYPE_CHECKING:
    from advisor.engine.recommendation.candidates import OptionRecommendation
    from advisor.engine.rules.loader import Finding, OptionVerdict

NOTHING_FITS = "nothing in the catalog meets the need"
NO_PRICES = "no prices for this edition and licence model in this Region"
LeftOutKind = Literal["blocked", "unpriced", "partial", "retiring"]


@dataclass(frozen=True)
class Ranked:
    option: str
    label: str
    monthly_usd: Decimal


@dataclass(frozen=True)
class LeftOut:
    """An option not ranked: blocked (``reason`` is its first blocker), unpriced (why no price), partial (what its
    total lacks) or retiring (the service ends: ``reason`` says when). ``monthly_usd`` is the figure it has, if any: a
    blocked option's is what it would cost if the blocker were removed; a partial one's is not comparable with the
    ranked totals; a retiring one's is what the database costs where it runs now, until the service ends."""

    option: str
    label: str
    kind: LeftOutKind
    reason: str
    monthly_usd: Decimal | None = None
    builds_less: bool = False  # partial because it does not build a member another option builds (not a missing price)
    awaiting: bool = False  # partial because its total waits for a figure the workload does not give (the redo rate)
    does_not_fit: bool = False  # unpriced because nothing is deployable as sized (a licence cap), not a price missing


@dataclass(frozen=True)
class AwaitingInput:
    """Costs a ranked option's total leaves out until the workload gives a figure (the redo rate, the data changed a
    day): said beside the ranking, so a reader knows what the totals do not yet hold."""

    option: str
    label: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Ranking:
    basis: str
    ranked: tuple[Ranked, ...]  # cheapest first
    left_out: tuple[LeftOut, ...]  # in the options' order
    awaiting_input: tuple[AwaitingInput, ...] = ()  # of the ranked options, costs left out for want of a figure
    partial_alone: str = ""  # the one option priced at all is partial: recommended alone, compared with nothing
    unbuilt: tuple[str, ...] = ()  # what the workload asks for that the recommended option (and every other ranked
    # option) does not build, in words: said beside the recommendation, since no total compared counts it
    # of the ranked options, the Oracle options' licences each leaves out for want of a list price (``licence_gaps``),
    # and where a dearer total needs fewer of them, that the order could change once they are priced
    unpriced_licences: tuple[AwaitingInput, ...] = ()
    licence_caveats: tuple[str, ...] = ()

    @property
    def recommended(self) -> Ranked | None:
        return self.ranked[0] if self.ranked else None

    @property
    def runner_up(self) -> Ranked | None:
        return self.ranked[1] if len(self.ranked) > 1 else None

    @property
    def margin_usd(self) -> Decimal | None:
        """How much more a month the runner-up costs than the recommended option."""
        best, nxt = self.recommended, self.runner_up
        return None if best is None or nxt is None else nxt.monthly_usd - best.monthly_usd

    @property
    def margin_pct(self) -> Decimal | None:
        """The margin as a percentage of the recommended option's total, to one decimal place."""
        best, margin = self.recommended, self.margin_usd
        if best is None or margin is None or not best.monthly_usd:
            return None
        return (margin * 100 / best.monthly_usd).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)

    @property
    def viable_left_out(self) -> tuple[LeftOut, ...]:
        """Options the rules allow that could not be compared: they qualify what "cheapest" means."""
        return tuple(o for o in self.left_out if o.kind not in ("blocked", "retiring"))

    def left_out_of(self, option: str) -> LeftOut | None:
        return next((o for o in self.left_out if o.option == option), None)

    @property
    def scope(self) -> str:
        """What the recommended option is the cheapest of, in words."""
        if self.partial_alone:
            return f"the only option the rules allow that could be priced (its total is partial: {self.partial_alone})"
        kinds = {o.kind for o in self.viable_left_out}
        # a ranked total that leaves costs out for want of a figure is not "priced in full"; and two or more such
        # totals are ordered only on the costs priced so far, even where each waits for the same cost: what it would
        # add can differ by option (RDS backups free up to the storage allocated, EC2 snapshots billed from the first)
        waiting = bool(self.awaiting_input) or bool(self.unpriced_licences)
        so_far = " on the costs priced so far" if waiting and len(self.ranked) > 1 else ""
        if "unpriced" in kinds:
            return "the cheapest of the options priced" + so_far
        if "partial" in kinds:
            return (
                "the cheapest of the options compared" if waiting else "the cheapest of the options priced in full"
            ) + so_far
        return "the cheapest option the rules allow" + so_far


_PLAIN_STARTS = {"A", "An", "No", "Not", "Nothing", "The", "This", "Its"}  # lower-cased after a colon; names are not


def _sentence(text: str) -> str:
    """A reason to stand after a colon: no closing full stop, a plain first word lower-cased."""
    text = text.strip().rstrip(".")
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in _PLAIN_STARTS else text


def _monthly(option: OptionRecommendation) -> Decimal | None:
    if option.chosen is not None:
        return option.chosen.total_monthly_usd
    odb = option.odb
    return getattr(odb, "monthly_usd", None) if odb is not None else None


def _blocker(option: OptionRecommendation) -> str:
    first = next((f for f in option.verdict.findings if f.severity == "blocker"), None)
    return first.title if first is not None else "a rule blocks it"


def service_ending(verdict: OptionVerdict) -> Finding | None:
    """The finding whose rule says the option's service ends (RDS Custom for an estate that runs on it): the option is
    then where the database runs now, never a destination to rank; None when no such rule applies."""
    return next((f for f in verdict.findings if f.service_ends), None)


def _unpriced(option: OptionRecommendation) -> str:
    if option.unpriced_reason:
        return option.unpriced_reason
    if option.unmet:
        return f"{NOTHING_FITS} ({option.unmet[0]})"
    return NO_PRICES


def _lacks(option: OptionRecommendation) -> str:
    """What the option's total leaves out that the ranked totals count; empty when it is complete."""
    if option.odb is not None and option.odb.monthly_usd is not None:
        if not option.odb.licences_in_total:
            # Oracle Database@AWS's BYOL total leaves the licences brought out where no ECPU-per-licence ratio is held
            return BYOL_LICENCES_NOT_COUNTED
        missing = tuple(getattr(option.odb, "not_priced", ()))
        if missing:  # the other options' totals count their backups and transfer; no source says what these bill
            return f"{' and '.join(missing)} are not priced (no source held says what they would bill here)"
    chosen = option.chosen
    if chosen is not None:
        missing = [m for m in chosen.topology.members if m.unpriced is not None]
        if missing:
            return "; ".join(f"the {m.plan.label} could not be priced ({_sentence(m.unpriced or '')})" for m in missing)
        licences = gap_item(option)  # alike in every option: compared on the costs priced so far (``_alike``)
        no_price = [item for item in getattr(chosen.topology, "unpriced", ()) if item != licences]
        if no_price:  # a cost no sourced price prices (not one awaiting a figure from the user)
            return "; ".join(_sentence(item) for item in no_price)
    return ""


def _lacking(option: OptionRecommendation) -> dict[str, str]:
    """What the workload asks for that the option's chosen topology (or Oracle Database@AWS deployment) does not
    build, by kind, with the gap's words."""
    if option.odb is not None:
        return dict(getattr(option.odb, "lacking", ()))
    chosen = option.chosen
    return dict(getattr(chosen.topology, "lacking", ())) if chosen is not None else {}


BUILDS_LESS = "it does not build what the workload asks for and another option builds: "


def _built(ranked: list[tuple[Decimal, int, Ranked]], options: Sequence[OptionRecommendation]) -> set[str]:
    """What some ranked option builds, of what a workload may ask for (its standby, replicas, DR copy)."""
    return set().union(*(LACKING_KINDS - set(_lacking(options[index])) for _, index, _ in ranked))


def _builds_less(option: OptionRecommendation, built: set[str]) -> str:
    """What the option does not build that a ranked option builds, in words after ``BUILDS_LESS``; "" when none."""
    missing = [words for kind, words in _lacking(option).items() if kind in built]
    return "; ".join(_sentence(words).rstrip(".") for words in missing)


def _like_for_like(
    ranked: list[tuple[Decimal, int, Ranked]], options: Sequence[OptionRecommendation], left_out: list[LeftOut]
) -> list[tuple[Decimal, int, Ranked]]:
    """The ranked totals that build what another ranked total builds: an option without the standby, replicas or DR
    copy the workload asks for, where another option builds and prices them, is left out as partial (its total
    lacks a member the other counts). What no ranked option builds leaves them comparable, and all stay ranked."""
    built = _built(ranked, options)
    gaps = {index: _builds_less(options[index], built) for _, index, _ in ranked}
    if all(gaps.values()):
        return ranked  # each lacks what another builds: none is the like of another, all stay (what each lacks is said)
    kept = []
    for entry in ranked:
        monthly, index, row = entry
        if not gaps[index]:
            kept.append(entry)
            continue
        left_out.append(LeftOut(row.option, row.label, "partial", BUILDS_LESS + gaps[index], monthly, builds_less=True))
    return kept


def _also_builds_less(
    ranked: list[tuple[Decimal, int, Ranked]], options: Sequence[OptionRecommendation], left_out: list[LeftOut]
) -> None:
    """An option left out as partial for a cost it leaves out that also does not build what a ranked option builds
    (Oracle Database@AWS without the read replicas asked for) says so too, and is not said to be "already below"."""
    built = _built(ranked, options)
    by_key = {option.option: option for option in options}
    for place, left in enumerate(left_out):
        if left.kind == "partial" and not left.builds_less and (gap := _builds_less(by_key[left.option], built)):
            left_out[place] = replace(left, reason=f"{left.reason}; and {BUILDS_LESS}{gap}", builds_less=True)


AWAITING_REASON = "it leaves out costs that need a figure not given yet, which the other totals do not: "


def _awaiting_more(
    ranked: list[tuple[Decimal, int, Ranked]], awaiting: list[AwaitingInput], left_out: list[LeftOut]
) -> list[tuple[Decimal, int, Ranked]]:
    """The ranked totals that are complete beside one another: a total that leaves out, for want of a figure, all
    another ranked total leaves out and more (the Data Guard traffic on EC2 without a redo rate, beside RDS, whose
    Multi-AZ traffic costs nothing) is left out as partial, its gap said; totals that each wait for something the
    other does not (or for the same things) stay ranked, what they leave out said beside them."""
    waiting = {a.option: a.items for a in awaiting}
    sets = {row.option: frozenset(waiting.get(row.option, ())) for _, _, row in ranked}
    kept = []
    for entry in ranked:
        monthly, _, row = entry
        fewer = [sets[other.option] for _, _, other in ranked if sets[other.option] < sets[row.option]]
        if not fewer:
            kept.append(entry)
            continue
        # what it waits for that the total waiting for least does not (what both wait for is no difference)
        beyond = [item for item in waiting[row.option] if item not in min(fewer, key=len)]
        reason = AWAITING_REASON + "; ".join(_sentence(item) for item in beyond)
        left_out.append(LeftOut(row.option, row.label, "partial", reason, monthly, awaiting=True))
    return kept


GAP_REASON = (
    "it leaves out the licences of Oracle options no list price is held for, which another total does not need: "
)


def _alike(
    ranked: list[tuple[Decimal, int, Ranked]], options: Sequence[OptionRecommendation], left_out: list[LeftOut]
) -> list[tuple[Decimal, int, Ranked]]:
    """The ranked totals that leave out the licences of the same Oracle options (no list price held): a total that
    leaves out those of an option another ranked total does not need is left out as partial, its gap said."""
    beyond = beyond_others({row.option: options[index] for _, index, row in ranked})
    for monthly, _, row in ranked:
        if row.option in beyond:
            left_out.append(
                LeftOut(row.option, row.label, "partial", GAP_REASON + ", ".join(beyond[row.option]), monthly)
            )
    return [entry for entry in ranked if entry[2].option not in beyond]


def _awaiting(option: OptionRecommendation) -> AwaitingInput | None:
    chosen = option.chosen
    items = tuple(getattr(chosen.topology, "needs_input", ())) if chosen is not None else ()
    return AwaitingInput(option.option, option.label, items) if items else None


def rank_options(*, options: Sequence[OptionRecommendation]) -> Ranking:
    """The options ranked on one basis, cheapest first, and those left out with why."""
    ranked: list[tuple[Decimal, int, Ranked]] = []
    left_out: list[LeftOut] = []
    awaiting: list[AwaitingInput] = []
    for index, option in enumerate(options):
        monthly = _monthly(option)
        if option.verdict.verdict == "blocked":
            left_out.append(LeftOut(option.option, option.label, "blocked", _blocker(option), monthly))
        elif ends := service_ending(option.verdict):
            left_out.append(LeftOut(option.option, option.label, "retiring", ends.title, monthly))
        elif monthly is None:
            left_out.append(LeftOut(option.option, option.label, "unpriced", _unpriced(option),
                                    does_not_fit=getattr(option, "does_not_fit", False)))  # fmt: skip
        elif lacks := _lacks(option):
            left_out.append(LeftOut(option.option, option.label, "partial", lacks, monthly))
        else:
            ranked.append((monthly, index, Ranked(option.option, option.label, monthly)))
            if (waiting := _awaiting(option)) is not None:
                awaiting.append(waiting)
    ranked = _like_for_like(ranked, options, left_out)
    ranked = _awaiting_more(ranked, awaiting, left_out)
    ranked = _alike(ranked, options, left_out)
    _also_builds_less(ranked, options, left_out)
    awaiting = [a for a in awaiting if any(r.option == a.option for _, _, r in ranked)]
    ranked.sort(key=lambda entry: (entry[0], entry[1]))
    alone = ""
    priced_partial = [o for o in left_out if o.kind == "partial" and o.monthly_usd is not None]
    if not ranked and len(priced_partial) == 1:
        # the only option the rules allow that has a price at all: nothing to rank it against, so it is recommended
        # alone, its partial total said in the headline (never ranked against a full one: there is none)
        sole = priced_partial[0]
        assert sole.monthly_usd is not None
        left_out.remove(sole)
        ranked.append((sole.monthly_usd, 0, Ranked(sole.option, sole.label, sole.monthly_usd)))
        alone = sole.reason
    # what the recommended option does not build (the one option priced too, recommended alone)
    best = next((o for o in options if ranked and o.option == ranked[0][2].option), None)
    unbuilt = tuple(_lacking(best).values()) if best is not None else ()
    basis = ranking_basis([o for o in options if any(r.option == o.option for _, _, r in ranked)]) if ranked else BASIS
    gaps = tuple(AwaitingInput(options[i].option, options[i].label, (gap_item(options[i]),))
                 for _, i, _ in ranked if licence_gaps(options[i]))  # fmt: skip
    caveats = (
        order_caveat(options[ranked[0][1]], ranked[0][0], [(options[i], m) for m, i, _ in ranked[1:]]) if gaps else ()
    )
    return Ranking(basis, tuple(r for _, _, r in ranked), tuple(left_out), tuple(awaiting), alone, unbuilt, gaps,
                   caveats)  # fmt: skip
