"""Every source our data holds, as a user reads it: the document as people know it, with its date, never who copied
or quoted it for our notes (a repository, a tool, a test data set, a file, the language edition we read).

The sources are read from the data files themselves (price rows, Oracle Database@AWS prices, licence prices, rules,
engine data), so a new source that reaches a page in research wording fails here. ``SHOWN_RESEARCH`` is written from
what a reviewer found in the customer PDF and the results page's "Every cost line", not imported from the code under
test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import source_name

ROOT = Path(__file__).resolve().parents[4]

# What only our notes say about a source: who copied it, the tool or file it was read from, how sure we were.
SHOWN_RESEARCH: dict[str, re.Pattern[str]] = {
    "who copied a price list": re.compile(r"\bas copied by\b|\bcopied by (?:infracost|terracost|ec2instances)", re.I),
    "a tool that copied a price list": re.compile(r"\bvia (?:Karpenter|Vantage)\b|\boci-pricing-mcp\b|'s test data\b"),
    "a price-sync rules file": re.compile(r"\bprice-sync\b|\brules file\b|\bparse of the live price list\b"),
    "a repository": re.compile(
        r"(?<![\w./:-])(?:api-evangelist|jasonwilbur|balddba|vantage-sh|cycloidio|aws|awslabs|awsdocs)/[\w.-]+"
    ),
    "a file a source was read from": re.compile(r"(?<![/\w.-])[\w.-]+\.(?:pdf|ya?ml|go|json|parquet)\b|\bYAML\b"),
    "a transcription's file": re.compile(r"\btranscription of\b"),
    "a secondary marker": re.compile(r"\(secondary\)"),
    "the edition our notes read": re.compile(r"\b(?:Japanese|Chinese|Korean|French|German) edition\b"),
    "a website that quoted a document": re.compile(r"\bquoted (?:from the page )?by (?:[\w-]+\.)+[a-z]{2,}\b"),
    "how sure our notes were": re.compile(r"\bunverified\b|\bcould not be traced\b|\bcould not be identified\b"),
    "our notes as sources": re.compile(r"\bnot stated in (?:our sources|the reference)\b|\bpublic sources\b"),
}

# The fragments the reviewer found on the pages: each must be caught.
FOUND_ON_THE_PAGES = (
    "AWS Price List as copied by infracost's test data, us-east-1, 2024-07-01",
    "AWS Price List via Karpenter, us-east-1, 2026-07-20",
    "AWS Price List as copied by a price-sync rules file checked against the live price list, us-east-1, 2026-08-01",
    "Oracle's public price list as copied by oci-pricing-mcp, 2026-01-05",
    "as transcribed, cross-checked with api-evangelist/oracle-partitioning pricing YAML, 'effective Aug 3, 2026'",
    "Oracle Technology Global Price List (transcription of technology-price-list-070617.pdf)",
    "aws/agent-toolkit-for-aws (secondary)",
    "Exadata X11M systems (Japanese edition): elastic shapes range from 2 database servers",
    "'you may activate up to 8 ECPUs of the BYOL Cloud Service' (quoted by field42.ch)",
    "(Third-party bills of materials show B110631 at 0.336, unverified.)",
    "They could not be traced to their source and are not used",
    "as transcribed (support not stated in our sources: taken at the 22% rate)",
)

# The documents a price row is named by: the publisher's price list (or pricing page), as people know it.
DOCUMENTS = (
    "AWS Price List",
    "Oracle Technology Global Price List",
    "Oracle Cloud Price List",
    "Amazon EC2 On-Demand Pricing",
)


def shown_research(text: str) -> list[str]:
    return [f"{what}: {hit.group(0)!r}" for what, pattern in SHOWN_RESEARCH.items() for hit in pattern.finditer(text)]


@pytest.mark.parametrize("shown", FOUND_ON_THE_PAGES)
def test_each_fragment_found_on_the_pages_is_caught(shown: str) -> None:
    assert shown_research(shown)


@pytest.mark.parametrize(
    "shown",
    ["AWS Price List, us-east-1, 2024-07-01 (third-party copy)", "Oracle Technology Global Price List, 2026-09-15",
     "Oracle Cloud Price List, 2026-01-05 (third-party copy)", "Agent Toolkit for AWS (secondary source)",
     "https://www.oracle.com/assets/technology-price-list-070617.pdf", "a third-party bill of materials"],
)  # fmt: skip
def test_a_document_named_as_people_know_it_passes(shown: str) -> None:
    assert shown_research(shown) == []


# ---- the price rows' sources, as each cost line names them


def _price_rows() -> Iterator[dict[str, Any]]:
    for path in sorted((ROOT / "fixtures/prices").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            yield json.loads(line)
    odb = json.loads((ROOT / "pricing/engine/data/odb_prices.json").read_text())
    yield from odb["prices"]


def price_sources() -> dict[str, tuple[str, str]]:
    """Each distinct kind of price row source (Region and SKU aside): (the row's source as a line carries it, its
    date)."""
    kinds: dict[str, tuple[str, str]] = {}
    for row in _price_rows():
        source = row["source"] + (f", SKU {row['sku']}" if row.get("sku") else "")
        kind = re.sub(r"SKU \S+|\b[a-z]{2}(?:-gov)?-[a-z]+-\d\b|\b\d{4}-\d\d(?:-\d\d)?\b", "", source)
        kinds.setdefault(kind, (source, str(row.get("as_of") or "")))
    return kinds


# "<document>[, <Region>], <date>[ (third-party copy)][ · SKU <AWS SKU>]": nothing else
_DOCUMENT = "|".join(re.escape(document) for document in DOCUMENTS)
NAMED = re.compile(
    rf"(?P<document>{_DOCUMENT})(?: \([\w ]+\))?(?:, [a-z]{{2}}(?:-gov)?-[a-z]+-\d)?"
    r", (?P<date>\d{4}-\d\d(?:-\d\d)?)(?: \(third-party copy\))?(?: · SKU [A-Z0-9]{16})?"
)


def test_every_price_rows_source_is_named_by_its_document_and_date_and_nothing_else() -> None:
    sources = price_sources()
    assert len(sources) > 15  # every third party's copy, AWS's own files, Oracle's lists: the data holds them all
    copies = 0
    for source, as_of in sources.values():
        # the results page names the row's own source; the PDF names the source in a customer's words first
        for text in (source, customer_words(source)):
            name = source_name(text, as_of)
            assert shown_research(name) == [], f"{source!r} is shown as {name!r}"
            named = NAMED.fullmatch(name)
            assert named and named["date"] == as_of, f"{source!r} ({as_of}) is shown as {name!r}"
        copies += source_name(source, as_of).endswith("(third-party copy)")
    assert copies >= 10  # a copy is said to be one, in plain words


@pytest.mark.parametrize(
    ("prefix", "shown"),
    [
        ("pricing-notes §4c (IC 2024-07-01)", "AWS Price List, us-east-1, 2024-07-01 (third-party copy)"),
        ("pricing-notes §4d (LIVE26 2026-07-28; RULES26 2026-08)", "AWS Price List, us-east-1, 2026-08-01 (third-party copy)"),
        ("AWS Price List via Karpenter, us-east-1", "AWS Price List, us-east-1, 2026-07-20 (third-party copy)"),
        ("jasonwilbur/oci-pricing-mcp", "Oracle Cloud Price List, 2026-01-05 (third-party copy)"),
    ],
)  # fmt: skip
def test_the_price_rows_the_reviewer_found_are_named_by_the_price_list_and_date(prefix: str, shown: str) -> None:
    source, as_of = next(found for found in price_sources().values() if found[0].startswith(prefix))
    assert source_name(source, as_of).partition(" · SKU ")[0] == shown
    assert source_name(customer_words(source), as_of).partition(" · SKU ")[0] == shown


def test_every_licence_lines_source_is_oracles_price_list_with_its_date() -> None:
    """A licence line's source is the price list's title, the product's own source and the support rate's
    (``pricing.engine.licences.cost``); the page names it whole, the PDF each part, both by the price list."""
    data = json.loads((ROOT / "pricing/engine/data/oracle_licences.json").read_text())
    title, support = data["price_list"]["title"], data["support_rate"]["source"]
    products = data["products"]
    assert any("api-evangelist" in p["source"] or "not stated in the reference" in p["source"] for p in products)
    for product in products:
        line_source = f"{title}: {product['source']}; support: {support}"
        for text in (line_source, *line_source.split("; support: "), *customer_words(line_source).split("; support: ")):
            name = source_name(text, product["as_of"])
            assert name == f"Oracle Technology Global Price List, {product['as_of']}", (product["key"], name)


# ---- the sources and notes of rules and engine data, as findings and notes show them


def _texts(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for name, inner in value.items():
            yield from _texts(inner, name)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner, key)


SHOWN_KEYS = ("source", "note", "text", "reason", "explanation", "workaround", "title")


def shown_texts() -> Iterator[tuple[str, str]]:
    """Every source, note, reason and explanation of the rules and the engines' data: what findings, notes and
    cost lines show (a link's address is not read, and a data file's own description is not shown)."""
    folders = ("advisor/rules", "pricing/engine/data", "advisor/engine/data")
    for path in sorted(p for folder in folders for p in (ROOT / folder).glob("*.json")):
        for key, text in _texts(json.loads(path.read_text())):
            if key in SHOWN_KEYS or key.endswith(("_source", "_note", "_notes", "caveats")):
                yield f"{path.name} {key}", text


def test_no_source_or_note_of_the_rules_and_data_shows_who_copied_or_quoted_it() -> None:
    texts = list(shown_texts())
    assert len(texts) > 1000
    raw = [where for where, text in texts if shown_research(text)]
    assert len(raw) > 20  # the data keeps its provenance: the words shown are what takes it out
    shown = [f"{where}: {hits}" for where, text in texts if (hits := shown_research(customer_words(text)))]
    assert shown == []


def _rule(option: str, rule_id: str) -> dict[str, Any]:
    rules = json.loads((ROOT / f"advisor/rules/{option}.json").read_text())["rules"]
    return next(rule for rule in rules if rule["id"] == rule_id)


def _source_holding(path: str, words: str) -> str:
    data = json.loads((ROOT / path).read_text())
    return next(text for key, text in _texts(data) if key == "source" and words in text)


def test_the_rule_and_data_sources_the_reviewer_found_keep_the_documents_name() -> None:
    tgpl = _source_holding("advisor/rules/rds_custom.json", "technology-price-list-070617.pdf")
    assert customer_words(tgpl) == "Oracle Technology Global Price List"
    toolkit = _rule("odb", "odb-asm")["source"]
    assert customer_words(toolkit) == "Agent Toolkit for AWS (secondary source)"
    whats_new = customer_words(_source_holding("advisor/rules/rds.json", "Japanese edition"))
    assert whats_new.startswith(
        "AWS What's New, 'Amazon RDS for Oracle supports replicas in the Oracle multi-tenant configuration' "
        "(posted 2026-01-23); RDS User Guide"
    )
    shapes = customer_words(_source_holding("pricing/engine/data/odb_shapes.json", "Exadata X11M systems (Japanese"))
    assert shapes.startswith("Oracle, Autonomous AI Database on Dedicated Exadata Infrastructure, Infrastructure Shape "
                             "Characteristics, Exadata X11M systems: ")  # fmt: skip
    byol = customer_words(_source_holding("pricing/engine/data/odb_shapes.json", "field42"))
    assert byol.startswith("Oracle PaaS and IaaS Universal Credits Service Descriptions, Exadata Cloud@Customer ECPU")
    assert byol.endswith("(third-party copy)")  # who quoted it (a website) is not a name users know


def test_the_oracle_database_at_aws_caveats_say_plainly_what_is_not_used() -> None:
    odb = json.loads((ROOT / "pricing/engine/data/odb_prices.json").read_text())
    caveats = [customer_words(text) for text in odb["caveats"]]
    assert any("B110631 at 0.336, not confirmed." in text for text in caveats)
    x11m = next(text for text in caveats if text.startswith("X11M infrastructure prices may have changed"))
    assert "A third-party copy of Oracle's \"PaaS and IaaS" in x11m  # a secondary source, said honestly
    assert "listed for AWS, Azure and Google Cloud" in x11m and "noted as" not in x11m
    assert x11m.endswith(
        "These later prices are not applied here: each line shows the list price it uses and its date; check the "
        "current Oracle price list before relying on the X11M prices."
    )
    assert not any(
        word in x11m for word in ("bill of materials", "verify them", "repository", "could not be identified", "CSV")
    )
