"""Masking: host, instance and database names replaced everywhere in a result by neutral tokens.

Pure Python. The replacement runs over the whole result (figures, provenance, messages, file names), so a name
printed anywhere is caught. The mapping from names to tokens is local to the call and never returned or stored.
"""

from __future__ import annotations

import re
from typing import Any

from advisor.awr.engine.figures import Identity

MIN_NAME_LENGTH = 3  # shorter "names" (e.g. "DB") would mask ordinary words of the report
# Names at least this long are replaced wherever they occur, even inside a longer token (a datafile path such as
# "+DATA01/DBS_UK01/dr1dbs_tk08.dat" carries "dbs_tk08"); shorter ones only as whole words, so that a database
# called "DBW" does not rewrite the statistic "dbwr checkpoint buffers written" or "DBS" the word "pdbs".
EMBEDDED_MIN_LENGTH = 6


def names_to_mask(identities: list[Identity]) -> dict[str, str]:
    """Each name (database, unique name, instance, host and its first label) -> its token."""
    tokens: dict[str, str] = {}
    counters = {"database": 0, "instance": 0, "host": 0, "domain": 0}

    def add(name: str | None, kind: str) -> None:
        if not name or len(name) < MIN_NAME_LENGTH or name.lower() in {t.lower() for t in tokens}:
            return
        counters[kind] += 1
        tokens[name] = f"{kind}-{counters[kind]}"

    for identity in identities:
        add(identity.db_name, "database")
        add(identity.unique_name, "database")
        for instance in identity.instances:
            add(instance, "instance")
        for host in identity.hosts:
            add(host, "host")
            add(host.split(".")[0], "host")
            domain = host.partition(".")[2]
            if "." in domain:  # "acme.example.com" of "db01.acme.example.com" names the customer (db_domain too)
                add(domain, "domain")
    return tokens


def _pattern(tokens: dict[str, str]) -> re.Pattern[str] | None:
    if not tokens:
        return None
    names = sorted(tokens, key=len, reverse=True)
    alternatives = [
        re.escape(n) if len(n) >= EMBEDDED_MIN_LENGTH else r"(?<![A-Za-z0-9])" + re.escape(n) + r"(?![A-Za-z0-9])"
        for n in names
    ]
    return re.compile("(" + "|".join(alternatives) + ")", re.I)


def mask_document(document: Any, tokens: dict[str, str]) -> Any:
    """A copy of a JSON-like document with every name replaced (in keys and values)."""
    pattern = _pattern(tokens)
    if pattern is None:
        return document
    lowered = {name.lower(): token for name, token in tokens.items()}

    def swap(text: str) -> str:
        return pattern.sub(lambda m: lowered[m.group(0).lower()], text)

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return swap(value)
        if isinstance(value, dict):
            return {swap(k) if isinstance(k, str) else k: walk(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [walk(v) for v in value]
        return value

    return walk(document)
