"""An estate's figures from its databases' summaries: monthly totals per placement, licences per product per
placement against those owned, blockers by rule, databases by recommended option.

Pure Python. Nothing is priced here: every figure is a sum of the summaries' own figures.

- A placement is "every database on one option" (RDS, RDS Custom, EC2, Oracle Database@AWS) or "each database on
  its recommended option" (best: the engine's ranking, which never recommends a blocked option nor ranks a total
  lacking what the others count, such as Oracle licences brought to Oracle Database@AWS). A database the option
  cannot take (the rules block it; it does not fit the option's limits, such as Standard Edition 2's vCPU cap; or
  a price is not held) is left out of that placement's total and counted apart, each reason on its own, so a total
  is like-for-like only when nothing is left out. A database placed whose total leaves something out (a cost no price held covers or that waits for a figure, or
  the standby, read replicas or DR copy its workload asks for that the option does not build) is counted partial:
  the placement's totals are then lower bounds, and where something is not built its licences are too.
- The best-commitments total says why each database not on a commitment stays on-demand: no commitment price held
  for its option in its Region, on-demand cheapest among those priced, or none sold for its option (Oracle
  Database@AWS is bought by private offer: no AWS Reserved Instance or Savings Plan applies, so none is missing).
- Licences are counted per database, as each inventory row states them (that is what each database's cost prices:
  it buys only its own shortfall). For each product (the edition's processor licences, SE2 sockets, each option):
  to buy = the sum over the databases placed of max(needed - owned, 0); freed = the sum of max(owned - needed, 0).
  Owned and freed are counted only for databases placed whose need is known: a database left out of the placement,
  or whose licence count no source gives (Oracle Database@AWS BYOL), frees nothing and is counted apart
  (``licence_not_published``, with the licences it owns in ``owned_uncounted``). A licence-included database
  needs none of its own, so the licences it owns are freed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from advisor.estates.engine.columns import ASSUMED_FIGURES
from advisor.estates.engine.summary import EDITION_KEYS, NO_AWS_COMMITMENT, DatabaseSummary, OptionSummary
from config.counting import counted
from pricing.engine.licences.prices import licence_price_list

LICENCE_MODEL = "licences owned are counted per database as each inventory row states them"
OPTION_KEYS = ("rds", "rds_custom", "ec2", "odb")
METRIC_WORDS = {"nup": "Named User Plus"}  # a licence count's metric as the tables say it
OPTION_LABELS = {"rds": "RDS", "rds_custom": "RDS Custom", "ec2": "EC2", "odb": "Oracle Database@AWS"}  # short names
BEST = "best"
# What an edition's owned licences are called when no database in a placement counts them (the licence
# calculator's product names and metrics, pricing/engine/data/oracle_licences.json).
EDITION_PRODUCTS = {
    "ee": ("Database Enterprise Edition", "processor"),
    "se2": ("Database Standard Edition 2", "socket"),
}


@dataclass(frozen=True)
class Assessed:
    """One database and its summary, as the totals read it."""

    name: str
    summary: DatabaseSummary
    assumed: tuple[str, ...] = ()  # the figures its row did not give, the questionnaire's default assumed (by name)


@dataclass(frozen=True)
class ProductTotal:
    key: str
    name: str
    metric: str
    required: int
    owned: int
    to_buy: int
    freed: int


@dataclass(frozen=True)
class PlacementTotal:
    placement: str  # an option key or "best"
    label: str
    monthly_usd: Decimal
    placed: int
    left_out: int
    blocked: int  # of those left out: the rules block the option
    unpriced: int  # of those left out: not blocked, but a price is not held (``no_fit`` apart)
    licences: tuple[ProductTotal, ...]
    licence_included: int  # placed databases whose price includes the licence
    licence_not_published: int  # placed databases whose licence count no source gives
    owned_uncounted: int = 0  # edition licences owned by those databases: their need is unknown, so none is freed
    by_option: tuple[tuple[str, int], ...] = ()  # best: how many go to each option
    committed_three_year_usd: Decimal = Decimal("0.00")  # cash as paid, each database on its best commitment
    on_commitment: int = 0  # placed databases whose best commitment beats on-demand
    cash_three_year_usd: Decimal = Decimal("0.00")  # cash as paid over 36 months, every database on-demand
    partial: int = 0  # placed databases whose total leaves costs out: the placement's totals are lower bounds
    on_demand_cheapest: int = 0  # placed databases on-demand because no commitment priced beats it
    # placed databases on-demand because no commitment price is held for their option in their Region, per option
    no_commitment_price: tuple[tuple[str, int], ...] = ()
    builds_less: int = 0  # of the partial: what the workload asks for is not built, nor its licences counted

    one_year_usd: Decimal = Decimal("0.00")  # run-rate over 12 months, each database's as its results work it
    three_year_usd: Decimal = Decimal("0.00")  # run-rate over 36 months, likewise
    # placed databases whose option AWS sells no commitment for (Oracle Database@AWS), per option: not a price missing
    commitment_not_offered: tuple[tuple[str, int], ...] = ()
    # of those left out: not blocked, but the option cannot take them as asked (its capacity, its licensing such as
    # Standard Edition 2's vCPU cap, its Regions): not a price missing
    no_fit: int = 0

    @property
    def left_out_words(self) -> str:
        """The databases left out, by why: "none", "74 do not fit", "3: 1 blocked, 2 not priced"."""
        parts = [f"{n} {words}" for n, words in ((self.blocked, "blocked"), (self.no_fit, "do not fit"),
                                                 (self.unpriced, "not priced")) if n]  # fmt: skip
        if not self.left_out:
            return "none"
        return parts[0] if len(parts) == 1 else f"{self.left_out}: {', '.join(parts)}"

    @property
    def partial_words(self) -> str:
        """Why the placement's totals are lower bounds, beside their figures; "" when nothing placed leaves costs out."""
        if not self.partial:
            return ""
        leave = "leaves" if self.partial == 1 else "leave"
        words = f"At least: {counted(self.partial, 'database')} placed {leave} costs out"
        if self.builds_less:
            words += f" ({self.builds_less} without the standby, read replicas or DR copy asked for)"
        return words + "; each database's results say what"

    @property
    def not_built_words(self) -> str:
        """Beside the licences counted: the databases whose option does not build what their workload asks for."""
        if not self.builds_less:
            return ""
        return (f"{counted(self.builds_less, 'database')}: what the workload asks for is not built (a standby, read "
                "replicas or a DR copy), so neither its cost nor the licences it would need are counted: the need "
                "is a lower bound, what is freed an upper bound")  # fmt: skip

    @property
    def commitment_words(self) -> str:
        """How many of the databases placed the best-commitments total puts on a commitment, and why the others
        stay on-demand: no commitment price held for their option (not a comparison), on-demand is cheapest, or no
        AWS commitment is sold for their option (Oracle Database@AWS: at its own price)."""
        parts = [f"{self.on_commitment} of {self.placed} on a commitment"]
        parts += [f"{OPTION_LABELS.get(k, k)}: no commitment price held for {counted(n, 'database')}, on-demand"
                  for k, n in self.no_commitment_price]  # fmt: skip
        parts += [f"{OPTION_LABELS.get(k, k)}: no AWS Reserved Instance or Savings Plan applies for "
                  f"{counted(n, 'database')} (bought by private offer)" for k, n in self.commitment_not_offered]  # fmt: skip
        if self.on_demand_cheapest:
            parts.append(f"on-demand cheapest for {counted(self.on_demand_cheapest, 'database')}")
        said = (self.on_commitment, self.on_demand_cheapest, *(n for _, n in self.no_commitment_price),
                *(n for _, n in self.commitment_not_offered))  # fmt: skip
        unknown = self.placed - sum(said)
        if unknown > 0:  # summaries kept before the reason was recorded
            parts.append(f"{counted(unknown, 'database')} on-demand, assessed before the reason was recorded")
        return "; ".join(parts)


@dataclass(frozen=True)
class BlockerCount:
    option: str
    label: str
    rule_id: str
    title: str
    databases: int
    examples: tuple[str, ...]  # the first few database names


@dataclass(frozen=True)
class OwnedCount:
    """An edition's licences owned of one metric, summed over the databases assessed: Named User Plus and processor
    licences (SE2: sockets) are different things and never added up."""

    edition: str
    metric: str  # as the licence table says it: "processor", "socket" or "Named User Plus"
    count: int


@dataclass(frozen=True)
class EstateTotals:
    databases: int
    placements: tuple[PlacementTotal, ...]
    blockers: tuple[BlockerCount, ...]
    owned: tuple[OwnedCount, ...]  # per edition and metric, summed over the databases assessed
    prices_as_of: tuple[str, ...]
    price_sources: tuple[str, ...] = ()  # every price row's source (as of date) the totals rest on
    assumed: int = 0  # databases assessed on a figure their row did not give (``Assessed.assumed``)
    assumed_figures: tuple[tuple[str, int], ...] = ()  # per figure, how many databases assume it

    @property
    def assumed_words(self) -> str:
        """Beside the totals: how many databases rest on figures their rows did not give, and which; "" if none."""
        if not self.assumed:
            return ""
        rest = "rests" if self.assumed == 1 else "rest"
        which = ", ".join(f"{figure} for {n}" for figure, n in self.assumed_figures)
        return (f"{self.assumed} of {counted(self.databases, 'database')} assessed {rest} on figures their rows do "
                f"not give, the questionnaire's defaults assumed ({which}): each database's row says which")  # fmt: skip

    def placement(self, key: str) -> PlacementTotal:
        return next(p for p in self.placements if p.placement == key)

    @property
    def owned_words(self) -> str:
        """The licences owned in the estate as the page and the document say them: "EE 24 (processor), EE 50 (Named
        User Plus), SE2 2 (socket)"; "" when none is owned."""
        return ", ".join(f"{o.edition.upper()} {o.count:,} ({o.metric})" for o in self.owned)

    @property
    def freed_support_words(self) -> str:
        """Beside every licences-freed figure (page, document, XLSX, JSON): what freeing saves of their support, by
        Oracle's support policies, named with their date."""
        return freed_support_words()


def freed_support_words() -> str:
    rule = licence_price_list().support_reduction_rule
    return f"{rule.text} ({rule.shown_as}, as of {rule.as_of})"


def _labels(assessed: list[Assessed]) -> dict[str, str]:
    labels = {"best": "Best per database"}
    for a in assessed:
        for o in a.summary.options:
            labels.setdefault(o.option, o.label)
    return labels


def _licences(chosen: list[tuple[DatabaseSummary, OptionSummary]]) -> tuple[tuple[ProductTotal, ...], int, int, int]:
    """Per product, summed database by database: needed, owned, to buy (each database's shortfall) and freed (each
    database's surplus), over the databases whose need is known; and how many are licence included, how many have
    no published count, and the edition licences those own (not counted)."""
    # (key, metric) -> [required, owned, to_buy, freed]: Named User Plus and processor counts are never added up
    sums: dict[tuple[str, str], list[int]] = {}
    names: dict[tuple[str, str], tuple[str, str]] = {}

    def add(key: str, name: tuple[str, str], need: int, have: int) -> None:
        product, metric = name[0], METRIC_WORDS.get(name[1], name[1])
        row = sums.setdefault((key, metric), [0, 0, 0, 0])
        names.setdefault((key, metric), (product, metric))
        row[0] += need
        row[1] += have
        row[2] += max(need - have, 0)
        row[3] += max(have - need, 0)

    included = unknown = uncounted = 0
    for summary, option in chosen:
        if option.licence_status == "counted":
            needs = {n.key: n for n in option.licences}
            for need in option.licences:
                add(need.key, (need.name, need.metric), need.required, summary.owned_of(need.key))
            if summary.edition not in needs and summary.licences_owned:  # owned, not needed here: freed
                add(summary.edition, _edition_name(summary), 0, summary.licences_owned)
        elif option.licence_status == "included":
            included += 1
            if summary.licences_owned:  # the price includes the licence: those owned are not needed
                add(summary.edition, _edition_name(summary), 0, summary.licences_owned)
        elif option.licence_status == "not-published":  # the need is unknown: nothing owned is counted or freed
            unknown += 1
            uncounted += summary.licences_owned
    products = [ProductTotal(key[0], *names[key], *sums[key]) for key in sorted(sums, key=_product_order)]
    return tuple(products), included, unknown, uncounted


def _edition_name(summary: DatabaseSummary) -> tuple[str, str]:
    name, metric = EDITION_PRODUCTS.get(summary.edition, (summary.edition, "processor"))
    return name, "nup" if summary.licence_metric == "nup" else metric


def _product_order(key: tuple[str, str]) -> tuple[int, str, str]:
    product, metric = key
    return (0, str(EDITION_KEYS.index(product)), metric) if product in EDITION_KEYS else (1, product, metric)


def _placement(key: str, label: str, assessed: list[Assessed]) -> PlacementTotal:
    chosen: list[OptionSummary] = []
    pairs: list[tuple[DatabaseSummary, OptionSummary]] = []
    blocked = unpriced = no_fit = 0
    for a in assessed:
        option = a.summary.recommended_option if key == BEST else a.summary.option(key)
        if option is not None and option.placeable:
            chosen.append(option)
            pairs.append((a.summary, option))
        elif option is not None and option.verdict == "blocked":
            blocked += 1
        elif option is None and key == BEST and all(o.verdict == "blocked" for o in a.summary.options):
            blocked += 1  # no recommendation because every option is blocked (else: none could be priced in full)
        elif (option is not None and option.does_not_fit) or (option is None and key == BEST and a.summary.fits_none):
            no_fit += 1  # the option (best: every option allowed) cannot take it as asked: its limits, not a price
        else:
            unpriced += 1
    monthly = sum((o.monthly_usd or Decimal(0) for o in chosen), Decimal("0.00"))
    products, included, unknown, uncounted = _licences(pairs)
    by_option = tuple(sorted(Counter(o.option for o in chosen).items(), key=lambda kv: OPTION_KEYS.index(kv[0])))
    cash = sum((_cash_36(o) for o in chosen), Decimal("0.00"))
    year = sum((_run_rate(o.run_rate_12_months_usd, o, 12) for o in chosen), Decimal("0.00"))
    years = sum((_run_rate(o.run_rate_36_months_usd, o, 36) for o in chosen), Decimal("0.00"))
    committed = sum((o.committed_36_months_usd if o.committed_36_months_usd is not None else _cash_36(o)
                     for o in chosen), Decimal("0.00"))  # fmt: skip
    on_commitment = sum(1 for o in chosen if o.committed_36_months_usd is not None)
    cheapest = sum(
        1 for o in chosen if o.committed_36_months_usd is None and o.commitment_basis == "on-demand-cheapest"
    )
    not_offered = Counter(o.option for o in chosen if o.committed_36_months_usd is None and _not_offered(o))
    no_price = Counter(
        o.option
        for o in chosen
        if o.committed_36_months_usd is None and o.commitment_basis == "none-held" and not _not_offered(o)
    )
    return PlacementTotal(key, label, monthly, len(chosen), len(assessed) - len(chosen), blocked, unpriced, products,
                          included, unknown, uncounted, by_option if key == BEST else (), committed,
                          on_commitment, cash, sum(1 for o in chosen if o.left_out), cheapest,
                          tuple(sorted(no_price.items(), key=lambda kv: _option_order(kv[0]))),
                          sum(1 for o in chosen if o.builds_less), year, years,
                          tuple(sorted(not_offered.items(), key=lambda kv: _option_order(kv[0]))), no_fit)  # fmt: skip


def _not_offered(option: OptionSummary) -> bool:
    """AWS sells no commitment for the option; a summary kept before that was recorded said "none-held" of it."""
    return option.commitment_basis == "not-offered" or (
        option.option in NO_AWS_COMMITMENT and option.commitment_basis == "none-held"
    )


def _run_rate(kept: Decimal | None, option: OptionSummary, months: int) -> Decimal:
    """The option's run-rate over ``months`` as its results gave it (``kept``); the monthly figure times the months
    in a summary kept before that was recorded."""
    return kept if kept is not None else (option.monthly_usd or Decimal(0)) * months


def _option_order(key: str) -> int:
    return OPTION_KEYS.index(key) if key in OPTION_KEYS else len(OPTION_KEYS)


def _cash_36(option: OptionSummary) -> Decimal:
    """On-demand cash as paid over 36 months (a summary kept before cash was recorded: its run-rate x 36)."""
    if option.cash_36_months_usd is not None:
        return option.cash_36_months_usd
    return (option.monthly_usd or Decimal(0)) * 36


def _blockers(assessed: list[Assessed], labels: dict[str, str]) -> tuple[BlockerCount, ...]:
    counts: dict[tuple[str, str], list[str]] = {}
    titles: dict[tuple[str, str], str] = {}
    for a in assessed:
        for option in a.summary.options:
            for blocker in option.blockers:
                counts.setdefault((option.option, blocker.rule_id), []).append(a.name)
                titles[(option.option, blocker.rule_id)] = blocker.title
    rows = [BlockerCount(option, labels.get(option, option), rule, titles[(option, rule)], len(names),
                         tuple(names[:3])) for (option, rule), names in counts.items()]  # fmt: skip
    return tuple(sorted(rows, key=lambda b: (-b.databases, OPTION_KEYS.index(b.option) if b.option in OPTION_KEYS
                                             else 9, b.rule_id)))  # fmt: skip


def estate_totals(assessed: list[Assessed]) -> EstateTotals:
    """The estate's totals over the databases assessed (rows that failed or were invalid are not in ``assessed``)."""
    labels = _labels(assessed)
    owned: dict[tuple[str, str], int] = {}
    for a in assessed:
        metric = _edition_name(a.summary)[1]
        key = (a.summary.edition, METRIC_WORDS.get(metric, metric))
        owned[key] = owned.get(key, 0) + a.summary.licences_owned
    keys = [k for k in OPTION_KEYS if k in labels] + [BEST]
    placements = tuple(_placement(k, labels.get(k, k), assessed) for k in keys)
    dates = sorted({d for a in assessed for o in a.summary.options for d in o.dates})
    sources = sorted({s for a in assessed for o in a.summary.options if o.placeable for s in o.price_sources})
    order = sorted(owned, key=lambda k: (_product_order(k)[:2], k[1] == METRIC_WORDS["nup"]))  # processor, then NUP
    figures = Counter(figure for a in assessed for figure in a.assumed)
    return EstateTotals(len(assessed), placements, _blockers(assessed, labels),
                        tuple(OwnedCount(*key, owned[key]) for key in order if owned[key]), tuple(dates),
                        tuple(sources), sum(1 for a in assessed if a.assumed),
                        tuple((f, figures[f]) for f in ASSUMED_FIGURES if figures[f]))  # fmt: skip
