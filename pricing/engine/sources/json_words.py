"""A JSON answer in the words its reader knows: what the API returns and the commands print with ``--json``.

The engines' results keep every price row's full provenance (the repository, file and commit it was read from, our
notes' sections and the research reference's citation keys), and estates store it so their totals can count rows.
An answer handed to a user says the same as the pages instead: a cost line's price source by the name people know
it (``names.source_name``: "AWS Price List, eu-west-1, 2023-02-23 · SKU …"), an answer's ``price_sources`` as those
names once each, and every other text in ``customer_words`` (which leaves a text without our provenance as it is:
identifiers, money, URLs and dates pass unchanged). A line's ``sku`` is kept where it is AWS's (it can be looked up)
and null where our importer made one up for a third party's copy, as the pages show it.

Pure Python. Only an answer's own words go through it: a user's echoed input (a name, a file name) is not ours to
rewrite.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import AWS_SKU, listed_source_name, source_name

# A line's source, priced from one row: named with the line's own date.
LINE_SOURCE_KEYS = frozenset({"price_source", "source"})
# Fields that hold a figure or a date as text ("1234.56", "2026-07-28"), never words: handed back as they are.
FIGURE_KEYS = ("_usd", "_pct", "as_of", "quantity", "unit_price")
# Named sources kept: a few hundred price rows' sources a recommendation names again and again.
NAMES_KEPT = 4096


def customer_json(data: Any) -> Any:
    """``data`` (an answer's JSON: dicts, lists, strings, numbers) with every source named and every text in
    customer words; a new structure, ``data`` itself untouched."""
    kind = type(data)
    if kind is str:
        return customer_words(data)
    if kind is dict:
        out = {}
        for key, value in data.items():
            if type(value) is str:
                if key == "sku" and "price_source" in data:  # an AWS price row's: kept where AWS publishes it
                    out[key] = value if AWS_SKU.fullmatch(value) else None
                elif key.endswith(FIGURE_KEYS):
                    out[key] = value
                else:
                    out[key] = _line_source(value, data) if key in LINE_SOURCE_KEYS else customer_words(value)
            elif key == "price_sources" and isinstance(value, list | tuple):
                out[key] = named_source_list(value)
            else:
                out[key] = customer_json(value)
        return out
    if kind is list or kind is tuple:
        return [customer_json(value) for value in data]
    return data


def named_source_list(entries: list[str] | tuple[str, ...]) -> list[str]:
    """ "<source> (as of <date>)" entries, one per price row, as each source's name once (sorted)."""
    return sorted({_listed(str(entry)) for entry in entries})


def _line_source(source: str, line: dict[str, Any]) -> str:
    """A line's (or a figure's) source by its name, dated by the line's ``as_of`` when it has one."""
    return _named(source, str(line.get("as_of") or "")) if "as_of" in line else customer_words(source)


@lru_cache(maxsize=NAMES_KEPT)
def _named(source: str, as_of: str) -> str:
    return customer_words(source_name(source, as_of))


@lru_cache(maxsize=NAMES_KEPT)
def _listed(entry: str) -> str:
    return customer_words(listed_source_name(entry))
