"""Price sources said as users know them: "AWS Price List, eu-west-1, 2023-02-23", not file names and dataset keys.

Every price row keeps its full provenance (the repository, file and commit it was read from); pages and documents
show this shorter name, with the full one kept for the detail (a tooltip, the appendix). A row read from a third
party's copy of a price list (the research reference's dataset keys, pricing notes §4: TC, VI21, IC, OZ, LIVE26,
RULES26, C1; a tool's generated table; a repository's snapshot) is named by the publisher's list, its Region and date,
and said to be a copy: "AWS Price List, us-east-1, 2024-07-01 (third-party copy)". Who copied it is our audit trail,
not a name users know.

Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pricing.engine.sources.customer_words import customer_words

# A price row read from a third party's table of a publisher's prices (not from the publisher's own file) is named by
# the publisher's price list, its Region and date, and said to be a copy: who copied it (a dataset key of our notes,
# a repository, a tool) is provenance, kept on the row, never shown. These are what a row's source names a copy by.
COPY_KEYS = frozenset({"TC", "VI21", "OZ", "IC", "LIVE26", "RULES26", "C1"})  # the pricing notes' dataset keys (§4)
COPIERS = re.compile(
    r"^pricing-notes\b|^AWS Price List via |\bthird-party (?:snapshot|copy)\b|\bas (?:third parties|a third party) "
    r"quotes?\b|\b(?:ec2instances\.info|instances\.vantage\.sh|karpenter|infracost|terracost|oci-pricing-mcp)\b",
    re.I,
)
# A copy of Oracle's price list (the public price-list API behind Oracle's Cloud Price List), not AWS's.
ORACLE_CLOUD = re.compile(r"apexapps\.oracle\.com|\bOracle's public price\b|\bOracle Cloud Price List\b")
THIRD_PARTY_COPY = "third-party copy"
BUNDLED = "fixtures/prices:"  # how a snapshot loaded from the committed price fixtures names its files
_REGION = re.compile(r"\b((?:us-gov|us|eu|ap|sa|ca|me|af|il|mx)-[a-z]+-\d)\b")
_KEY = re.compile(r"^([A-Z][A-Z0-9]{1,7}):\s")
_DATE = re.compile(r"\b\d{4}-\d\d(?:-\d\d)?\b")


def region_of(text: str) -> str | None:
    """The AWS Region a source names (in its file, dataset path or SKU), if any."""
    found = _REGION.search(text)
    return found.group(1) if found else None


def _where_and_when(region: str | None, as_of: str) -> str:
    return ", ".join(part for part in (region, as_of) if part)


def source_name(source: str, as_of: str = "", *, region: str | None = None) -> str:
    """The name a user knows ``source`` by, with the Region (given, or read from the source) and the date; a cost
    line's price row stays named by its SKU ("… · SKU RZQTAEF3AZC855U9") so it can be looked up."""
    text, _, sku = source.strip().partition(", SKU ")
    name = _name(text, as_of, region or region_of(source))
    return f"{name} · SKU {sku}" if sku and AWS_SKU.fullmatch(sku) else name


# An AWS Price List SKU (16 upper-case letters and digits) can be looked up; a key our importers made up for a row
# copied from a third party ("VI21-eu-central-1-db.r5b.4xlarge-...") cannot, and is not shown
AWS_SKU = re.compile(r"[A-Z0-9]{16}")


def _name(text: str, as_of: str, region: str | None) -> str:
    if text.startswith(("AWS bulk offer file", "AWS Price List Query API")):
        return f"AWS Price List, {_where_and_when(region, as_of)}"
    if text.startswith("AWS Price List, Database Savings Plans offer file"):  # drop the version and who republished it
        return f"AWS Price List (Database Savings Plans), {_where_and_when(region, as_of)}"
    if text.startswith(BUNDLED):  # a snapshot of the price rows that come with the advisor (its committed fixtures)
        return ", ".join(part for part in ("AWS Price List", region, as_of, "held by the advisor") if part)
    if text.startswith("Oracle Technology Global Price List"):
        return f"Oracle Technology Global Price List, {as_of}" if as_of else "Oracle Technology Global Price List"
    if text.startswith("Amazon EC2 On-Demand Pricing, 'Data Transfer within the same AWS Region'"):
        return f"Amazon EC2 On-Demand Pricing, data transfer within a Region, {as_of} ({THIRD_PARTY_COPY})"
    if is_copy(text):
        return copy_name(text, as_of, region)
    return _unknown(text, as_of)


def is_copy(text: str) -> bool:
    """Whether ``text`` (a price row's source) names a third party's copy of a publisher's prices."""
    key = _KEY.match(text)
    return bool(key and key.group(1) in COPY_KEYS) or bool(COPIERS.search(text))


def copy_name(text: str, as_of: str, region: str | None) -> str:
    """A copy of a price list, named by the publisher's list, the Region and the date, said to be a copy:
    "AWS Price List, us-east-1, 2024-07-01 (third-party copy)"."""
    when = as_of or next(iter(_DATE.findall(text)), "")
    if ORACLE_CLOUD.search(text):
        document = "Oracle Cloud Price List"
    elif "AWSDataTransfer" in text:
        document = "AWS Price List (data transfer)"
    else:
        document = "AWS Price List"
    return f"{', '.join(part for part in (document, region, when) if part)} ({THIRD_PARTY_COPY})"


def _unknown(text: str, as_of: str) -> str:
    """A source no rule above names, in a customer's words, with its date."""
    words = customer_words(text)
    return words if not as_of or as_of in words else f"{words}, {as_of}"


_LISTED = re.compile(r"^(?P<source>.*) \(as of (?P<as_of>[^()]*)\)$", re.S)


def listed_source_name(entry: str) -> str:
    """An entry of a price-source list ("<source> (as of <date>)", as estimates and topologies list them) by the name
    users know, without the SKU: the list names where prices came from, the cost lines name each row."""
    found = _LISTED.match(entry.strip())
    source, as_of = (found.group("source"), found.group("as_of")) if found else (entry, "")
    return source_name(SKU_PART.sub("", source), as_of, region=region_of(source))


SKU_PART = re.compile(r", SKU [^ ,()]+")


def named_sources(entries: Iterable[str]) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """Each source once by the name users know it, with how many entries (price rows) it gave and their full
    provenance (for a tooltip or an appendix), sorted by name."""
    grouped: dict[str, list[str]] = {}
    for entry in entries:
        grouped.setdefault(listed_source_name(entry), []).append(entry)
    return tuple((name, len(full), tuple(sorted(set(full)))) for name, full in sorted(grouped.items()))


def dated(rule: object) -> str:
    """A limit's or rule's source with its date, as a refusal cites it: "Amazon RDS User Guide, ..., as of
    2026-05-18"; the source alone where it carries no date or already says it."""
    source, as_of = str(getattr(rule, "source", "")), str(getattr(rule, "as_of", "") or "")
    return f"{source}, as of {as_of}" if as_of and as_of not in source else source
