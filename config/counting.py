"""Counted nouns said right: ``counted(1, "database")`` is "1 database", ``counted(2, "database")`` "2 databases".

Pure Python, for text built in code (templates use Django's ``pluralize``); engines may use it.
"""

from __future__ import annotations


def counted(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and the noun in the form it takes (``plural`` for irregular nouns, else ``singular + "s"``)."""
    noun = singular if number == 1 else (plural or singular + "s")
    return f"{number:,} {noun}"
