"""Price books over the current price snapshots, cached per Region until an admin writes or switches a snapshot.

Django-aware (reads ``PriceSnapshot`` rows); pricing's pages and the advisor both price through it, so neither
builds price books of its own.
"""

from __future__ import annotations

import time
from typing import Any

from django.db import DatabaseError

from pricing.catalog.regions import regions
from pricing.engine.prices.book import PriceBook
from pricing.engine.storage_fallback import StorageFallbackBook, storage_fallback_regions
from pricing.models import PriceSnapshot
from pricing.services import snapshot_current, snapshot_rows

SERVICES = ("AmazonRDS", "AmazonEC2")
BOOK_KEY_SECONDS = 2.0  # how long a worker trusts its view of the current snapshots before asking again
BOOKS_KEPT = 32
BookKey = tuple[str, tuple[int, ...]]

_BOOKS: dict[BookKey, PriceBook] = {}
_BOOK_KEYS: dict[str, tuple[float, BookKey]] = {}


def known_region(region: str) -> bool:
    """Only catalogued Regions get cache entries, so inventing Region names cannot grow a worker's memory."""
    return isinstance(region, str) and region in regions()


def book_key(region: str) -> BookKey:
    """Which snapshots are current for ``region``; re-read at most every couple of seconds per worker.

    An unknown Region has no snapshots and no cache entry (callers refuse it first, with a 400 naming the field)."""
    if not known_region(region):
        return (str(region)[:64], ())
    now = time.monotonic()
    hit = _BOOK_KEYS.get(region)
    if hit is not None and now - hit[0] < BOOK_KEY_SECONDS:
        return hit[1]
    try:
        snapshots = [snapshot_current(region, service) for service in SERVICES]
    except DatabaseError:
        if hit is not None:
            return hit[1]  # the database is down: keep quoting from the snapshots last read, held in this worker
        raise
    key = (region, tuple(s.pk for s in snapshots if s is not None))
    _BOOK_KEYS[region] = (now, key)
    return key


def combined_key(*regions: str) -> BookKey:
    """One key for the current snapshots of several Regions (a primary and its DR Region)."""
    keys = [book_key(region) for region in dict.fromkeys(regions)]
    return ("+".join(k[0] for k in keys), tuple(pk for k in keys for pk in k[1]))


def price_book_for(region: str, key: BookKey | None = None) -> PriceBook:
    """The current price snapshots of ``region`` (or of every Region in ``key``) as one price book."""
    key = key or book_key(region)
    if not key[1]:
        return PriceBook([])  # nothing current (or an unknown Region): nothing worth keeping
    book = _BOOKS.get(key)
    if book is None:
        rows = [row for pk in key[1] for row in snapshot_rows(PriceSnapshot.objects.get(pk=pk))]
        book = PriceBook(rows)
        if len(_BOOKS) >= BOOKS_KEPT:
            _BOOKS.clear()
        _BOOKS[key] = book
    return book


def clear_price_books(**_: Any) -> None:
    """Forget cached price books: a snapshot was written or switched in this process (other workers notice within
    BOOK_KEY_SECONDS)."""
    _BOOK_KEYS.clear()
    _BOOKS.clear()


def storage_fallback_for(region: str) -> tuple[str, ...]:
    """The Regions whose storage rows stand in for ``region``'s missing ones, in the order tried: those that are
    another Region and have snapshots."""
    return tuple(r for r in storage_fallback_regions(region) if book_key(r)[1])


def priced_regions(region: str, *others: str) -> tuple[str, ...]:
    """Every Region whose snapshots ``priced_book(region, *others)`` reads: ``region``, ``others`` and the storage
    stand-in Regions where they are used, each once, in that order."""
    return tuple(dict.fromkeys((region, *others, *storage_fallback_for(region))))


def priced_book(region: str, *others: str, key: BookKey | None = None) -> Any:
    """The current prices of ``region`` (and of ``others``, e.g. a DR Region); where the Region prices instance hours
    but not storage, storage is priced at the named Region of ``storage_fallback_region`` and marked estimated
    (instance hours never fall back). The one way pages, API and advisor get a book. ``key`` (snapshots of
    ``priced_regions``, one of them swapped) prices with other snapshots than the current ones."""
    book: Any = price_book_for(region, key or combined_key(*priced_regions(region, *others)))
    for fallback in storage_fallback_for(region):  # the innermost wrap's stand-in is tried first
        book = StorageFallbackBook(book, region=region, fallback=fallback)
    return book
