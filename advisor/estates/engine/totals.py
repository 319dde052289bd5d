"""An estate's figures from its databases' summaries: monthly totals per placement, licences per product per
placement against those owned, blockers by rule, databases by recommended option.

Pure Python. Nothing is priced here: every figure is a sum of the summaries' own figures.

- A placement is "every database on one option" (RDS, RDS Custom, EC2, Oracle Database@AWS) or "each database on
  its recommended option" (best). A database the option cannot take (the rules block it, or it is not priced) is
  left out of that placement's total and counted apart, so a total is like-for-like only when nothing is left out.
- Licences are pooled across the estate: the processor licences (SE2: sockets) owned for an edition, summed over
  every assessed database, cover the need of any database of that edition; what is left over is freed, what is
  missing must be bought. Options (Partitioning, Diagnostics Pack, ...) have no "owned" answer, so all are bought.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from advisor.estates.engine.summary import DatabaseSummary, OptionSummary

OPTION_KEYS = ("rds", "rds_custom", "ec2", "odb")
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
    unpriced: int  # of those left out: not blocked, but no price
    licences: tuple[ProductTotal, ...]
    licence_included: int  # placed databases whose price includes the licence
    licence_not_published: int  # placed databases whose licence count no source gives
    by_option: tuple[tuple[str, int], ...] = ()  # best: how many go to each option
    committed_three_year_usd: Decimal = Decimal("0.00")  # each database on its best commitment where priced
    on_commitment: int = 0  # placed databases whose best commitment beats on-demand

    @property
    def one_year_usd(self) -> Decimal:
        return self.monthly_usd * 12

    @property
    def three_year_usd(self) -> Decimal:
        return self.monthly_usd * 36


@dataclass(frozen=True)
class BlockerCount:
    option: str
    label: str
    rule_id: str
    title: str
    databases: int
    examples: tuple[str, ...]  # the first few database names


@dataclass(frozen=True)
class EstateTotals:
    databases: int
    placements: tuple[PlacementTotal, ...]
    blockers: tuple[BlockerCount, ...]
    owned: tuple[tuple[str, int], ...]  # (edition, licences owned) pooled over the estate
    prices_as_of: tuple[str, ...]
    price_sources: tuple[str, ...] = ()  # every price row's source (as of date) the totals rest on

    def placement(self, key: str) -> PlacementTotal:
        return next(p for p in self.placements if p.placement == key)


def _labels(assessed: list[Assessed]) -> dict[str, str]:
    labels = {"best": "Best per database"}
    for a in assessed:
        for o in a.summary.options:
            labels.setdefault(o.option, o.label)
    return labels


def _licences(chosen: list[OptionSummary], owned: dict[str, int]) -> tuple[tuple[ProductTotal, ...], int, int]:
    required: dict[str, int] = {}
    names: dict[str, tuple[str, str]] = {}
    for option in chosen:
        for need in option.licences if option.licence_status == "counted" else ():
            required[need.key] = required.get(need.key, 0) + need.required
            names.setdefault(need.key, (need.name, need.metric))
    for edition, count in owned.items():  # owned licences show even where nothing needs them: they are freed
        if count and edition not in required:
            required[edition] = 0
            names.setdefault(edition, EDITION_PRODUCTS.get(edition, (edition, "processor")))
    products = []
    for key, count in required.items():
        have = owned.get(key, 0)
        name, metric = names[key]
        products.append(ProductTotal(key, name, metric, count, have, max(count - have, 0), max(have - count, 0)))
    included = sum(1 for o in chosen if o.licence_status == "included")
    unknown = sum(1 for o in chosen if o.licence_status == "not-published")
    return tuple(products), included, unknown


def _placement(key: str, label: str, assessed: list[Assessed], owned: dict[str, int]) -> PlacementTotal:
    chosen: list[OptionSummary] = []
    blocked = unpriced = 0
    for a in assessed:
        option = a.summary.recommended_option if key == BEST else a.summary.option(key)
        if option is not None and option.placeable:
            chosen.append(option)
        elif option is not None and option.verdict == "blocked" or option is None and key == BEST:
            blocked += 1
        else:
            unpriced += 1
    monthly = sum((o.monthly_usd or Decimal(0) for o in chosen), Decimal("0.00"))
    products, included, unknown = _licences(chosen, owned)
    by_option = tuple(sorted(Counter(o.option for o in chosen).items(), key=lambda kv: OPTION_KEYS.index(kv[0])))
    committed = sum((o.committed_36_months_usd if o.committed_36_months_usd is not None else (o.monthly_usd or 0) * 36
                     for o in chosen), Decimal("0.00"))  # fmt: skip
    on_commitment = sum(1 for o in chosen if o.committed_36_months_usd is not None)
    return PlacementTotal(key, label, monthly, len(chosen), len(assessed) - len(chosen), blocked, unpriced, products,
                          included, unknown, by_option if key == BEST else (), committed, on_commitment)  # fmt: skip


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
    owned: dict[str, int] = {}
    for a in assessed:
        owned[a.summary.edition] = owned.get(a.summary.edition, 0) + a.summary.licences_owned
    keys = [k for k in OPTION_KEYS if k in labels] + [BEST]
    placements = tuple(_placement(k, labels.get(k, k), assessed, owned) for k in keys)
    dates = sorted({d for a in assessed for o in a.summary.options for d in o.prices_as_of})
    sources = sorted({s for a in assessed for o in a.summary.options if o.placeable for s in o.price_sources})
    return EstateTotals(len(assessed), placements, _blockers(assessed, labels),
                        tuple(sorted((e, n) for e, n in owned.items() if n)), tuple(dates), tuple(sources))  # fmt: skip
