"""What a kind of job may declare to the job layer, registered by the app that owns the kind (so ``pricing`` never
imports it): how long its worker may stay silent before the job counts as abandoned, and what to do once it is
(e.g. queue the work it left again). Kinds that declare nothing keep the layer's default timeout."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

__all__ = ["KindRules", "register_kind", "rules_for", "shortest_stale_after"]


@dataclass(frozen=True)
class KindRules:
    stale_after: timedelta | None = None  # None: the layer's default (HEARTBEAT_TIMEOUT)
    on_reaped: Callable[[Any], None] | None = None  # called with the Job once it was marked failed for silence


_KINDS: dict[str, KindRules] = {}


def register_kind(
    kind: str, *, stale_after: timedelta | None = None, on_reaped: Callable[[Any], None] | None = None
) -> None:
    """Declare ``kind``'s rules (a later call replaces an earlier one: app ``ready()`` may run twice in tests)."""
    _KINDS[kind] = KindRules(stale_after=stale_after, on_reaped=on_reaped)


def rules_for(kind: str) -> KindRules:
    return _KINDS.get(kind, KindRules())


def shortest_stale_after(default: timedelta) -> timedelta:
    return min([default, *(r.stale_after for r in _KINDS.values() if r.stale_after is not None)])
