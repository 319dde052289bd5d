"""Storage priced at a named Region's rows where a Region has instance prices but no storage prices, marked estimated.

Pure Python. Many Regions' snapshots price instance hours only (no shared source has their EBS or RDS storage rows).
``StorageFallbackBook`` answers every lookup from the Region itself; a storage-side lookup (volumes, IOPS, throughput,
I/O requests, snapshots, backup) the Region cannot answer is answered from ``fallback``'s rows, each marked
``estimated`` with a note naming the Region it came from. Instance hours and commitments never fall back: a class or
commitment the Region does not price stays unpriced. ``STORAGE_FALLBACK`` names the Region used: the storage-priced
Region on the same continent where there is one.
"""

from __future__ import annotations

from typing import Any

from pricing.engine.fallback import _mark, lookup_words
from pricing.engine.prices.terms import PriceNotFound

STORAGE_LOOKUPS = frozenset(
    {
        "rds_storage",
        "rds_iops",
        "rds_throughput",
        "rds_backup",
        "rds_magnetic_io",
        "ebs_storage",
        "ebs_iops",
        "ebs_io2_iops_tiers",
        "ebs_throughput",
        "ebs_io_requests",
        "ebs_snapshot",
    }
)


LAST_RESORT_STORAGE_REGION = "eu-west-1"
"""The Region tried last for a storage row the Region and its continent's storage Region lack: a fact about the
committed price snapshots, not about AWS: eu-west-1's rows are the only ones that also price EBS snapshots (us-east-1's
do not). Change it when the committed snapshots change."""


def storage_fallback_regions(region: str) -> tuple[str, ...]:
    """The Regions whose storage rows stand in for ``region``'s missing ones, in the order tried: the storage-priced
    Region of its continent, then the one whose committed rows also price EBS snapshots (us-east-1's do not)."""
    chain = (storage_fallback_region(region), LAST_RESORT_STORAGE_REGION)
    return tuple(r for r in dict.fromkeys(chain) if r != region)


def storage_fallback_region(region: str) -> str:
    """The Region whose storage rows stand in: eu-west-1 for Europe, us-east-1 elsewhere (the two Regions the
    committed snapshots price storage in)."""
    return "eu-west-1" if region.startswith("eu-") else "us-east-1"


class StorageFallbackBook:
    """``book`` for ``region``; a storage lookup the Region cannot answer is priced at ``fallback``'s row."""

    stands_in = True  # a book over another book, recording what it priced elsewhere (see ``answers.answered``)

    def __init__(self, book: Any, *, region: str, fallback: str) -> None:
        self.book, self.region, self.fallback = book, region, fallback
        self.used_fallback: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.book, name)
        if name not in STORAGE_LOOKUPS or self.region == self.fallback:
            return method

        def lookup(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("region") != self.region:
                return method(*args, **kwargs)
            try:
                return method(*args, **kwargs)
            except PriceNotFound as missing:
                try:
                    result = method(*args, **{**kwargs, "region": self.fallback})
                except PriceNotFound:
                    raise missing from None
                what = lookup_words(name)
                self.used_fallback.add(what)
                return _mark(result, f"no {self.region} price held for {what}: estimated at {self.fallback}'s price")

        return lookup


def fallbacks_used(book: Any) -> tuple[str, ...]:
    """The stand-in Regions whose rows a (possibly nested) ``StorageFallbackBook`` priced something at."""
    used: list[str] = []
    while isinstance(book, StorageFallbackBook):
        if book.used_fallback:
            used.append(book.fallback)
        book = book.book
    return tuple(reversed(used))
