"""Licence estimates answered once: a search prices the same licence shape (edition, vCPUs, cores, servers, options)
for many classes and many workloads, and the answer depends on nothing else.

Pure Python (pydantic v2, no Django). ``kept_estimates`` keeps the decorated estimator's answer, or the
``LicenceInvalid`` it raised (raised again with the same problems), in an ``Answers`` table like a price book's,
keyed on the frozen config and every keyword; a price list is matched by identity (each one seen is held, so its
identity is never another's). A config that cannot be a key (owned licences given per product) is priced each time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pricing.engine.licences.contract import LicenceConfig, LicenceEstimate, LicenceInvalid
from pricing.engine.prices.answers import Answers, Unhashable

# Licence estimates kept (a few kilobytes each): the shapes of a busy process's recent workloads.
ESTIMATES_KEPT = 4_000
# Price lists whose estimates are kept at once: the site's one, and a few a test or a what-if builds.
PRICE_LISTS_HELD = 16
REFUSED = {LicenceInvalid: lambda e: LicenceInvalid(e.problems)}


def kept_estimates(estimate: Callable[..., LicenceEstimate]) -> Callable[..., LicenceEstimate]:
    kept = Answers(ESTIMATES_KEPT)
    held: dict[int, Any] = {}  # the price lists keyed by identity, kept alive

    @functools.wraps(estimate)
    def keeping(config: LicenceConfig, **kwargs: Any) -> LicenceEstimate:
        prices = kwargs.get("prices")
        if id(prices) not in held:
            if len(held) >= PRICE_LISTS_HELD:  # a new list each time (tests do this): start afresh, bounded
                held.clear()
                kept.clear()
            held[id(prices)] = prices
        key = (config, id(prices), *sorted((k, v) for k, v in kwargs.items() if k != "prices"))
        try:
            return kept.answer(key, lambda: estimate(config, **kwargs), REFUSED)
        except Unhashable:
            return estimate(config, **kwargs)

    return keeping
