"""Lookups answered once per price book: the rows never change after the book is built, and a search asks the same
questions (a class's hours, a volume type's GB-month) for every workload it ranks.

Pure Python (no Django). ``remembered`` keeps a keyword-only lookup's answer, or the ``PriceNotFound`` it raised
(raised again as a new exception with the same field and words), in the book's own table; the table is emptied when
it holds ``ANSWERS_KEPT`` answers, so a long-running process stays bounded.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from pricing.engine.prices.terms import PriceNotFound

# Distinct lookups a book keeps: a few thousand classes x editions x deployments x commitments in a busy process.
ANSWERS_KEPT = 50_000

Method = TypeVar("Method", bound=Callable[..., Any])


def remembered(copy: Callable[[Any], Any] | None = None) -> Callable[[Method], Method]:
    """Keep the decorated lookup's answers on its book. ``copy``: how to hand out a kept answer that callers may
    change (a dict is copied; rows and frozen results are shared)."""

    def decorate(method: Method) -> Method:
        name = method.__name__

        @functools.wraps(method)
        def lookup(self: Any, **kwargs: Any) -> Any:
            answers: dict[tuple[Any, ...], tuple[Any, tuple[str, str] | None]] = self._answers
            key = (name, *sorted(kwargs.items()))
            found = answers.get(key)
            if found is None:
                try:
                    found = (method(self, **kwargs), None)
                except PriceNotFound as error:
                    found = (None, (error.field, error.message))
                if len(answers) >= ANSWERS_KEPT:
                    answers.clear()
                answers[key] = found
            value, missing = found
            if missing is not None:
                raise PriceNotFound(*missing)
            return value if copy is None else copy(value)

        return lookup  # type: ignore[return-value]

    return decorate
