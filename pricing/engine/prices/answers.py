"""Lookups answered once per price book: the rows never change after the book is built, and a search asks the same
questions (a class's hours, a volume type's GB-month, a whole deployment's bill) for every workload it ranks.

Pure Python (no Django). ``Answers`` is a book's table: an answer, or the refusal it raised (raised again as a new
exception with the same words, so no traceback grows on a kept one), per question; it is emptied when it holds
a bound, so a long-running process stays bounded. ``remembered`` keeps a keyword-only lookup's answers in its book's
``answers``; ``answered`` keeps a whole computation's (a deployment's bill) in its ``bills``, also through the books
that stand in another Region's rows over a price book.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pricing.engine.prices.terms import PriceNotFound, TermIncomplete

# Lookups a book keeps: a few thousand classes x editions x deployments x commitments (each answer a row or two).
ANSWERS_KEPT = 50_000
# Whole bills and commitment comparisons a book keeps (tens of kilobytes each): a search's few hundred and the
# recent workloads', so an estate worker stays within a few hundred MiB however many databases it assesses.
BILLS_KEPT = 2_000

T = TypeVar("T")
Method = TypeVar("Method", bound=Callable[..., Any])
# How a kept refusal is raised again: a new exception of the same kind and words.
Remake = Callable[[Any], Exception]
NOT_FOUND: dict[type[Exception], Remake] = {
    PriceNotFound: lambda e: PriceNotFound(e.field, e.message),
    TermIncomplete: lambda e: TermIncomplete(e.field, e.message),
}


class Answers:
    """Kept answers (see the module's docstring), at most ``limit`` of them: then the table starts afresh."""

    def __init__(self, limit: int = ANSWERS_KEPT) -> None:
        self.limit = limit
        self._table: dict[_Hashed, tuple[Any, Exception | None]] = {}

    def __len__(self) -> int:
        return len(self._table)

    def clear(self) -> None:
        self._table.clear()

    def answer(self, key: Hashable, compute: Callable[[], T], refusals: dict[type[Exception], Remake]) -> T:
        """``compute()``'s answer to the question ``key``, computed once; a refusal of a kind in ``refusals`` is
        kept too and raised again remade. Raises ``Unhashable`` (before computing) when ``key`` cannot be a key."""
        try:
            hashed = _Hashed(key)
        except TypeError:
            raise Unhashable(key) from None
        found = self._table.get(hashed)
        if found is None:
            try:
                found = (compute(), None)
            except tuple(refusals) as refused:
                # kept without its traceback and chained exceptions: they hold the frames (and all they held)
                refused.__traceback__ = refused.__context__ = refused.__cause__ = None
                found = (None, refused)
            if len(self._table) >= self.limit:
                self._table.clear()
            self._table[hashed] = found
        value, refused = found
        if refused is not None:
            raise refusals[type(refused)](refused)
        return value


class Unhashable(TypeError):
    """A question that cannot be a key (a config holding a list or a mapping): nothing was computed."""


class _Hashed:
    """A question hashed once (a frozen config hashes every field it holds, each time it is asked)."""

    __slots__ = ("hash", "key")

    def __init__(self, key: Hashable) -> None:
        self.key, self.hash = key, hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hashed) and self.hash == other.hash and self.key == other.key


def remembered(copy: Callable[[Any], Any] | None = None) -> Callable[[Method], Method]:
    """Keep the decorated lookup's answers, and its ``PriceNotFound``, in its book's ``answers``. ``copy``: how to
    hand out a kept answer that callers may change (a dict is copied; rows and frozen results are shared)."""

    def decorate(method: Method) -> Method:
        name = method.__name__

        @functools.wraps(method)
        def lookup(self: Any, **kwargs: Any) -> Any:
            value = self.answers.answer((name, *sorted(kwargs.items())), lambda: method(self, **kwargs), NOT_FOUND)
            return value if copy is None else copy(value)

        return lookup  # type: ignore[return-value]

    return decorate


def answered(book: Any, key: tuple[Any, ...], compute: Callable[[], T], refusals: dict[type[Exception], Remake]) -> T:
    """``compute()`` answered once per price book. Through books that stand in another Region's rows (``stands_in``:
    each holds ``book``, ``region``, ``fallback`` and the ``used_fallback`` it records), the answer is kept per chain
    of stand-ins with what each recorded while computing it, and recorded on them again on each answer. A book
    without answers, or a question that cannot be a key (a config holding a list), is computed each time."""
    layers = []
    base = book
    while getattr(type(base), "stands_in", False):
        layers.append(base)
        base = base.book
    answers = getattr(base, "bills", None)
    if not isinstance(answers, Answers):
        return compute()
    if not layers:
        try:
            return answers.answer(key, compute, refusals)
        except Unhashable:
            return compute()

    def recording() -> tuple[T, tuple[frozenset[str], ...]]:
        outer = [layer.used_fallback for layer in layers]
        for layer in layers:
            layer.used_fallback = set()
        try:
            return compute(), tuple(frozenset(layer.used_fallback) for layer in layers)
        finally:
            for layer, before in zip(layers, outer, strict=True):
                layer.used_fallback = before | layer.used_fallback

    where = tuple((type(layer).__name__, layer.region, layer.fallback) for layer in layers)
    try:
        result, used = answers.answer((*key, *where), recording, refusals)
    except Unhashable:
        return compute()
    for layer, recorded in zip(layers, used, strict=True):
        layer.used_fallback |= recorded
    return result
