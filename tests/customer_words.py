"""What a reader sees and what only we understand: the checks behind the customer-words tests.

``read`` takes a page's visible text, tooltips and alternative texts (not link addresses: a link to an AWS or Oracle
page is how a source should be given); ``our_notes`` finds in a text each thing only we understand (citation keys,
file names, repository paths, commit hashes, section numbers of our notes, dataset keys, field paths, research
wording, price-list codes, an SDK's field paths, an "as of" without its date), ``PATTERNS`` names each kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from advisor.engine.rules.loader import rule_set
from advisor.engine.workload.model import SECTIONS

RULE_IDS = [loaded.rule.id for loaded in rule_set().rules]

# Each pattern with what it catches, as a reader would report it.
_SECTION_NAMES = "|".join(name for name, _ in SECTIONS)
PATTERNS: dict[str, re.Pattern[str]] = {
    "citation key": re.compile(r"\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]"),
    "Markdown file name": re.compile(r"\.md\b"),
    "Python file name": re.compile(r"\w\.py\b"),
    "Go file name": re.compile(r"\w\.go\b"),
    "commit hash": re.compile(r"@[0-9a-f]{7,}\b"),
    "section sign": re.compile(r"§"),
    "section number of our notes": re.compile(r"\bsection \d", re.I),
    "repository path": re.compile(r"(?:\.\./|\b)(?:shared|advisor|pricing|bench|fixtures|templates|tests|docs)/\w"),
    "research wording": re.compile(r"\bresearch\b|\bunconfirmed\b|reference file|\bthird-party BOM\b", re.I),
    "dataset key": re.compile(r"\b(?:VI21|OZ|TC|IC|LIVE26|RULES26)\b"),
    "commit or copy of a guide": re.compile(r"\bat (?=[0-9a-f]*\d)[0-9a-f]{7,40}\b|\bawsdocs/"),
    "our notes' file": re.compile(r"\bpricing-notes\b"),
    "made-up SKU": re.compile(r"SKU (?:REF|VI21|OZ|TC|IC|KARPENTER)-"),
    "our tests' notes": re.compile(r"\bour benchmark\b|\bwe test with\b|\bCI machine\b"),
    "our measurements": re.compile(
        r"\b\d+-core (?:server|machine)\b|\bsample reports?\b|\bzip bomb\b|\b\d+(?:-\d+)? ms (?:a|per|each)\b", re.I
    ),
    "empty date": re.compile(r"\bas of\s*[),;]"),
    "rule id": re.compile(r"(?<![\w#-])(?:" + "|".join(sorted(RULE_IDS, key=len, reverse=True)) + r")(?![\w-])"),
    "field path": re.compile(rf"(?<![\w./-])(?:{_SECTION_NAMES}|storage|licences|licence|policy)\.[a-z_]+(?![\w./-])"),
    # who copied or quoted a source for our notes, and how sure the notes were: a source is the document as people
    # know it, with its date (a copy may be said to be one, in plain words)
    "who copied or quoted a source": re.compile(
        r"\bas copied by\b|\bvia Karpenter\b|\bprice-sync\b|\boci-pricing-mcp\b|\bapi-evangelist/|\bpricing YAML\b"
        r"|\btranscription of\b|(?<![/\w.-])[\w.-]+\.pdf\b|\bagent-toolkit-for-aws\b|\(secondary\)"
        r"|\b(?:Japanese|Chinese|Korean|French|German) edition\b|\bquoted by (?:[\w-]+\.)+[a-z]{2,}\b"
        r"|\bunverified\b|\bcould not be traced\b|\bnot stated in our sources\b"
        # who quoted it (a copy is "third-party copy", a policy read from others "secondary sources"), which copy
        r"|\bas quoted (?:by|in|from)\b|\bquoted by (?:a third party|third parties|secondary sources)\b"
        r"|\bas (?:third parties|a third party|secondary sources) quotes?\b|\bvia secondary sources\b"
        r"|\bpublic copies\b|\bawsdocs copy\b|\bas shipped in\b|\bcfn-lint\b|\bbotocore\b"
    ),
    # how sure our notes were, and what they did not find: a reader is told what is estimated, not confirmed or not
    # published, and on what basis, in plain words
    "how sure our notes were": re.compile(
        r"\binferred\b|\binfers\b|\bnot seen in a stored\b|\bstored (?:sources?|copy|benchmarks?|dataset)\b"
        r"|\bin the stored\b|\bnot (?:re-)?verified\b|\bwere not verified\b|\bper the [\w\s'-]{1,40}\bpage\b"
        r"|\bno source (?:read|gives)\b|\bsources? read (?:says|gives)\b|\bwas read via\b|\bprimary PDF\b"
        r"|\b(?:not|nor) (?:captured|published|stated|re-verified) in our sources\b|\bnot in our sources\b"
        r"|\bour sources (?:could|treats)\b|\bprices? (?:was |were )?not captured\b|\bno captured list price\b"
        r"|\bas an exchange rate\b|\ba lead to\b",
        re.I,
    ),
    "what our engine does": re.compile(
        r"\b[Tt]he (?:engine|model) (?:assumes|bills|sizes|cannot|then|reads|says|counts)\b"
    ),
    "how a figure was derived, as a label": re.compile(r"\b[Dd]erived(?: here)?:|\bDerived from\b"),
    # an SDK's or an API's field, as a program names it ("DbServerSummary.computeModel", "cpuCoreCount"), or the SDK
    # a document was read in
    "SDK or API field path": re.compile(
        r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\.[a-z]+(?:[A-Z][a-z]*)+\b|(?<![\w.*/-])[a-z]+(?:[A-Z][a-z]+)+(?![\w.*/-])"
        r"|\b(?:VCpuInfo|DefaultVCpus|ValidCores)\b|\bGo SDK\b|\bSDK for \w+ v\d|\bCHANGELOG\b|\bboto3\b"
    ),
    # a price list's own codes (usage types, engine codes) and the names our price lookups go by
    "price-list code": re.compile(
        r"\b(?:EBS|RDS|RDSCustom|PI_LTR|[A-Z]{2,4}\d?-(?:EBS|RDS|EBSOptimized)):[A-Z][\w.-]*|\bprice-list rows?\b"
        r"|\b(?:rds|ebs) (?:storage|iops|throughput|backup|snapshot|magnetic io|io2 iops tiers|io requests)\b"
        r"|\bengine codes? \d"
    ),
    "the 2017 talk by our notes' name": re.compile(r"\b[Ss]eed[- ]?\d{3}\b|\bseed (?:talk|slide)\b"),
    # how our notes were written rather than what is known: hearsay, what a search did or did not find, which page
    # replaced which, a lead to check, the talk's cases by our notes' numbers (a user walk-through found each)
    "the story of our research": re.compile(
        r"\breportedly\b|\bannouncement date\b|\bis superseded\b|\bNotes on the search\b|\bthe search\b"
        r"|\b(?:[Nn]o|[Nn]or)\b[^.;:()]{0,100}\b(?:was|were) found\b|\bbills? of materials\b|\bverify them\b"
        r"|\btalk's (?:case|second field case)\b|\b[Cc]ase \d\b|\binfracost\b|\bcatalog classes\b",
    ),
    # how the advisor holds its prices (a price list's service code, "rows bundled with" it), not what they are
    "how our prices are stored": re.compile(
        r"\bAmazon(?:RDS|EC2) prices\b|\bprice rows bundled\b|\brows bundled with the advisor\b"
    ),
}


class _Reader(HTMLParser):
    """The text a reader sees: text outside scripts and styles, and the title, alt, aria-label and placeholder of
    every element."""

    SHOWN_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1
        self.parts.extend(value for name, value in attrs if name in self.SHOWN_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def read(markup: str) -> str:
    reader = _Reader()
    reader.feed(markup)
    return "\n".join(" ".join(part.split()) for part in reader.parts if part.strip())


def our_notes(text: str) -> list[str]:
    """Each place ``text`` shows one of our notes: what it is and the words around it."""
    found = []
    for what, pattern in PATTERNS.items():
        for hit in pattern.finditer(text):
            start, end = max(hit.start() - 60, 0), min(hit.end() + 60, len(text))
            found.append(f"{what}: …{text[start:end]}…".replace("\n", " ⏎ "))
    return found


def assert_customer_words(text: str, where: str, *, allowed: tuple[str, ...] = ()) -> None:
    found = [hit for hit in our_notes(text) if hit.split(":", 1)[0] not in allowed]
    assert not found, f"{where} shows our notes to users:\n" + "\n".join(dict.fromkeys(found))


def page(client: Client, url: str, *args: Any, status: int = 200, **kwargs: Any) -> str:
    response = client.get(url, *args, **kwargs)
    assert response.status_code == status, f"{url}: {response.status_code}"
    return read(response.content.decode())


def json_text(data: Any, key: str = "") -> Iterator[str]:
    """The words of a JSON answer: every text but identifiers a program matches on (a finding's rule id) and page
    addresses (how a source should be given)."""
    if isinstance(data, dict):
        for name, value in data.items():
            yield from json_text(value, name)
    elif isinstance(data, list):
        for value in data:
            yield from json_text(value, key)
    elif isinstance(data, str) and key != "rule_id" and not key.endswith("_url"):
        yield data
