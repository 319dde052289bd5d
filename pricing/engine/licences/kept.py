"""Licence estimates answered once: a search prices the same licence shape (edition, vCPUs, cores, servers, options)
for many classes and many workloads, and the answer depends on nothing else.

Pure Python (pydantic v2, no Django). ``kept_estimates`` keeps the decorated estimator's answer, or the
``LicenceInvalid`` it raised (raised again with the same problems), keyed on the frozen config and every keyword; a
price list is matched by identity (and held, so its identity is not reused). A config that cannot be hashed (owned
licences given per product) is priced each time. At most ``ESTIMATES_KEPT`` answers are held; then the table
starts afresh.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pricing.engine.licences.contract import LicenceConfig, LicenceEstimate, LicenceInvalid, LicenceProblem

# Distinct licence shapes a busy process meets: a few hundred per workload family, thousands across an estate.
ESTIMATES_KEPT = 20_000

_Answer = tuple[LicenceEstimate | None, tuple[LicenceProblem, ...] | None, Any]


def kept_estimates(estimate: Callable[..., LicenceEstimate]) -> Callable[..., LicenceEstimate]:
    kept: dict[tuple[Any, ...], _Answer] = {}

    @functools.wraps(estimate)
    def keeping(config: LicenceConfig, **kwargs: Any) -> LicenceEstimate:
        prices = kwargs.get("prices")
        try:
            key = (config, id(prices), *sorted((k, v) for k, v in kwargs.items() if k != "prices"))
            hash(key)
        except TypeError:
            return estimate(config, **kwargs)
        found = kept.get(key)
        if found is None or found[2] is not prices:
            try:
                found = (estimate(config, **kwargs), None, prices)
            except LicenceInvalid as error:
                found = (None, error.problems, prices)
            if len(kept) >= ESTIMATES_KEPT:
                kept.clear()
            kept[key] = found
        answer, problems, _ = found
        if problems is not None:
            raise LicenceInvalid(problems)
        assert answer is not None
        return answer

    keeping.forget = kept.clear  # type: ignore[attr-defined]
    return keeping
