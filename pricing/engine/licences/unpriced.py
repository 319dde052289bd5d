"""Oracle options a deployment needs that the price list held gives no list price for (Real Application Testing,
OLAP, GoldenGate): counted like the database, left out of the total and said so, never priced at a guess.

Pure Python (no Django). The calculator refuses such an option on its own field (``checks``); a recommendation, which
must license what the workload runs, lists its licences among what its total does not price instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pricing.engine.licences.contract import LicenceEstimate
from pricing.engine.licences.prices import LicencePriceList, licence_price_list
from pricing.engine.sources.customer_words import customer_words

UNITS = {"processor": "processor licence", "socket": "socket licence", "nup": "Named User Plus licence"}


@dataclass(frozen=True, slots=True)
class UnpricedLicence:
    """One option's licences a deployment needs, with no list price held: how many, and where the price is missing."""

    key: str
    name: str
    licences: int  # as many as the database's: every server licensed, in the estimate's metric
    metric: str
    source: str  # the price list that lacks it, as customers know it
    as_of: str


def unpriced_options(keys: Iterable[str], *, metric: str = "processor",
                     prices: LicencePriceList | None = None) -> tuple[str, ...]:  # fmt: skip
    """Of the price list's option ``keys``, those with no list price held under ``metric`` (Named User Plus: its own
    price; else the processor price)."""
    prices = prices or licence_price_list()
    known = set(prices.option_keys())
    return tuple(
        key
        for key in keys
        if key in known
        and (prices.product(key).nup_usd if metric == "nup" else prices.product(key).licence_usd) is None
    )


def unpriced_licences(keys: Iterable[str], licence: LicenceEstimate,
                      prices: LicencePriceList | None = None) -> tuple[UnpricedLicence, ...]:  # fmt: skip
    """The licences of each option in ``keys`` that ``licence`` (a BYOL estimate with its products counted) would
    count like the database's, had the option a list price."""
    if not licence.products or licence.metric is None:
        return ()
    prices = prices or licence_price_list()
    count = licence.licences_per_server * licence.servers
    out = []
    for key in keys:
        product = prices.product(key)
        source = customer_words(product.source).split(":")[0]  # the price list's name, before why it lacks the price
        out.append(UnpricedLicence(key, product.name, count, licence.metric, source, product.as_of))
    return tuple(out)


# Licensed on the processors it runs on, which need not be the database's (RDS runs it on a hub of its own on EC2):
# its count is not said as the database's
ELSEWHERE = frozenset({"goldengate"})


def unpriced_words(items: Sequence[UnpricedLicence]) -> str:
    """One item of what a total does not price, in words a customer reads: "Oracle OLAP and Real Application Testing
    licences: no list price held (...); the 10 processor licences each needs here, as many as the database's, are
    neither bought nor supported in this total"; GoldenGate's count is not the database's, so not said; "" when none."""
    if not items:
        return ""
    names = [item.name for item in items]
    named = _joined(names)
    sources = ", ".join(dict.fromkeys(f"{item.source}, {item.as_of}" for item in items))
    counted = [item for item in items if item.key not in ELSEWHERE]
    said = []
    if counted:
        count = counted[0].licences
        unit = UNITS[counted[0].metric] + ("s" if count != 1 else "")
        if len(counted) == len(items):
            each = "it needs" if len(counted) == 1 else "each needs"
        else:
            each = _joined([item.name for item in counted]) + (" needs" if len(counted) == 1 else " each need")
        said.append(f"the {count:,} {unit} {each} here, as many as the database's")
    said += [f"{item.name}'s, on the processors it runs on" for item in items if item.key in ELSEWHERE]
    return (f"Oracle {named} licences: no list price held ({sources}); {', and '.join(said)}, are neither bought nor "
            "supported in this total")  # fmt: skip


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
