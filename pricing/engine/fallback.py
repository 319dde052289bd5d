"""A price book that prices a Region it lacks rows for at another Region's rows, marking each such row estimated.

Pure Python. A DR copy or replica lives in its own Region and is priced there; where the committed snapshots hold
no row for that Region (storage outside eu-west-1 and us-east-1, say), the row of the primary's Region stands in,
marked ``estimated`` with a note saying from where, so no line looks read from a price list it was not read from.
Commitments (reservations, savings plans) never stand in: one the Region does not price stays unpriced.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pricing.engine.prices.book import InstancePrice, IopsTier, PriceBook, PriceNotFound
from pricing.engine.rows import PriceRow


def _mark(value: Any, note: str) -> Any:
    if isinstance(value, PriceRow):
        joined = "; ".join(n for n in (note, value.estimate_note) if n)
        return value.model_copy(update={"estimated": True, "estimate_note": joined})
    if isinstance(value, InstancePrice):
        upfront = None if value.upfront is None else _mark(value.upfront, note)
        return dataclasses.replace(value, hourly=_mark(value.hourly, note), upfront=upfront)
    if isinstance(value, IopsTier):
        return dataclasses.replace(value, row=_mark(value.row, note))
    if isinstance(value, tuple | list):
        return type(value)(_mark(v, note) for v in value)
    return value


class RegionFallbackBook:
    """Looks up ``region`` in ``book``; a row the book lacks there is taken from ``fallback`` and marked estimated."""

    stands_in = True  # a book over another book, recording what it priced elsewhere (see ``answers.answered``)

    def __init__(self, book: PriceBook, *, region: str, fallback: str) -> None:
        self.book, self.region, self.fallback = book, region, fallback
        self.used_fallback: set[str] = set()  # what was priced at the fallback Region's rows

    def regions(self) -> tuple[str, ...]:
        regions = self.book.regions()
        return regions if self.region in regions or self.fallback not in regions else (*regions, self.region)

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.book, name)
        if not callable(method):
            return method

        def lookup(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("region") != self.region or kwargs.get("commitment", "on-demand") != "on-demand":
                # a commitment is bought in its own Region or not at all: another Region's reserved rate or plan
                # never stands in, so a commitment counts only where every instance of the topology can buy it
                return method(*args, **kwargs)
            try:
                return method(*args, **kwargs)
            except PriceNotFound:
                result = method(*args, **{**kwargs, "region": self.fallback})
                what = name.replace("_", " ")
                self.used_fallback.add(what)
                return _mark(result, f"no {self.region} price held for {what}: priced at {self.fallback}'s row")

        return lookup

    def snapshot(self, region: str) -> str:
        return self.book.snapshot(region if region in self.book.regions() else self.fallback)
