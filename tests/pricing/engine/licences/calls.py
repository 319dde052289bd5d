"""How the licence tests call the licence model: a priced estimate with a test file's defaults, what it refuses by
field, and its lines' monthly amounts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pricing.engine.licences.cost import LicenceConfig, LicenceEstimate, LicenceInvalid, estimate_licences


def pricer(**defaults: Any) -> Callable[..., LicenceEstimate]:
    """``priced(config=None, **kw)``: the estimate for ``LicenceConfig(**config)`` with ``defaults`` overridden by kw."""

    def priced(config: dict[str, Any] | None = None, **kw: Any) -> LicenceEstimate:
        return estimate_licences(LicenceConfig(**(config or {})), **{**defaults, **kw})

    return priced


def refusals(priced: Callable[..., LicenceEstimate], config: dict[str, Any] | None = None, **kw: Any) -> dict[str, str]:
    """What ``priced`` refuses, message by field (the test fails if it prices instead)."""
    with pytest.raises(LicenceInvalid) as exc:
        priced(config, **kw)
    return {p.field: p.message for p in exc.value.problems}


def monthly(result: LicenceEstimate) -> list[Any]:
    return [line.monthly_usd for line in result.lines]
