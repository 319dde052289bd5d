"""A source or a note in the words a customer reads: the document as people know it, never our notes' provenance.

Rules, limits and prices keep their full provenance in the data (the research reference's citation keys such as
``[TGPL-Y]``, file names, commits, section numbers of our notes); every page, export, PDF and command output shows
``customer_words(text)`` instead: the citation keys dropped (the text after a key names the document), parenthesised
provenance (a file, a commit, a section of our notes, a repository path) dropped, a documentation page's file name
dropped after the guide's name, and research wording said plainly.

Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

SEED_TALK = "Maris Elsins' 2017 talk"  # the rules' "[SEED-000]": its sources name the talk in full

_TAG = r"\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]"  # [C], [RR], [SEED-000], [WN-20260123], [TGPL-Y]
# A file of the research reference, with what follows it to point inside it.
_MD = (
    r"(?:(?<![/\w.-])shared/reference/)?(?<![/\w.-])[\w-]+\.md\b"
    r"(?:,?\s+(?:section|§)\s*\d+[a-z]?(?:\s+\([^()]*\))?|\s+\d+[a-z]?\b|\s+'[^']*'"
    r"|\s+(?:table heading|knowledge card)|\s+and\s+matrix row\s+'[^']*'|\s+matrix row\s+'[^']*')*"
)

_STEPS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        # fixture files, local copies of public pages, and the dataset tags price rows were loaded under
        (r"\s*\([^()]*\bfixtures/[^()]*\)", ""),
        (r"[;,]?\s*\bfixtures/[\w./-]*", ""),
        (r"[;,]?\s*(?<![/\w])shared/[\w./-]*(?:,\s*'[^']*')?", ""),  # and the section of it named after
        (r"(?:(?<=^)|(?<=\(\s)|(?<=^\s))\b[A-Z][A-Z0-9]{1,5}: (?=[a-z0-9-]+/)", ""),  # "OZ: vantage-sh/…"
        # the reference's files and rows: a parenthesis that only points into one goes, else just the pointer
        (rf"\bsection \d+[a-z]? of (?={_MD})", ""),
        (rf"\s*\(\s*(?:via\s+|reference\s+|source:\s+)?{_MD}\s*\)", ""),
        (r"\s*\(reference[,;][^()]*\)", ""),
        (rf"\bin {_MD}", "in our sources"),
        (rf"(?:;\s*|,\s*)?(?:via\s+|reference\s+)?{_MD}:?", ""),
        (r"\s*\(\s*reference section \d+\s*\)", ""),
        (r"\s*\(the reference's " + _TAG + r" source\)", ""),
        (r"\breference gap:\s*", "not published: "),
        # what our notes did not find, said as what was done or found ("support taken at the 22% rate")
        (r"\bnot stated in the reference:\s*(?=taken at\b|assumed\b)", ""),
        (r"\b([Tt])he reference (?:re-verified|found) no\b", lambda m: ("W" if m[1] == "T" else "w") + "e found no"),
        (r"\bin the reference\b", "in our sources"),
        (r"\breference:\s*", ""),
        (r"\bthe reference's\b", "our sources'"),
        (r"\bThe reference\b", "Our sources"),
        (r"\bthe reference\b", "our sources"),
        # the seed talk, named as its sources name it
        (r"\(seed talk\)", f"({SEED_TALK})"),
        (r"\b(?:the )?2017 seed talk\b", SEED_TALK),
        (r"\bthe seed talk\b", SEED_TALK),
        (r"\(seed: ", "(2017 talk: "),
        (r"\bthe seed recalls\b", "the 2017 talk recalls"),
        (r"\b([Ii])n the seed's (?:case|migration)\b", rf"\1n an example from {SEED_TALK}"),
        (r"\b([Tt])he seed's\b", r"\1he 2017 talk's"),
        (r"\b[Tt]he seed\b", SEED_TALK),
        # rule ids and rule files
        (r"\bhas its own rule: [a-z0-9-]+", "has a finding of its own"),
        (r"\s*\(?(?:advisor/rules/)?\b(?:rds|rds_custom|ec2|odb)\.json\)?", ""),
        # the tags themselves, and the words that only introduced one
        (r"\bcross-checked (?:with )?" + _TAG, "cross-checked"),
        (r"(?:\s*" + _TAG + r")+", ""),
        (r"\bcross-checked \(([^()]*)\)", r"cross-checked with \1"),
        (r": transcription\b", ", as transcribed"),
        (r"\bTGPL\b", "price list"),
        # the guides as AWS names them, not our shorthand
        (r"\bRDS UG CHAP_Storage\b", "Amazon RDS User Guide, 'Amazon RDS DB instance storage'"),
        (r"\bRDS UG\b", "Amazon RDS User Guide"),
        (r"\bEBS UG\b", "Amazon EBS User Guide"),
    )
)

# The text a step's pattern cannot match without, tested before the slower search: (what the pattern holds, that
# text), the first that applies.
_NEEDED = (("fixtures/", "fixtures/"), ("shared/", "shared/"), ("\\.json", ".json"), ("eference", "eference"),
           ("seed", "seed"), ("own rule", "own rule"), ("cross-checked", "cross-checked"),
           ("transcription", "transcription"), ("TGPL", "TGPL"), ("\\[", "["), (": ", ": "), ("RDS UG", "RDS UG"),
           ("EBS UG", "EBS UG"))  # fmt: skip


def _needs(pattern: str) -> str | None:
    if _MD in pattern:  # a file of the research reference: "….md"
        return ".md"
    return next((needed for held, needed in _NEEDED if held in pattern), None)


_STEP_NEEDS: dict[re.Pattern[str], str] = {
    pattern: needs for pattern, _ in _STEPS if (needs := _needs(pattern.pattern)) is not None
}
_TIDY: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"\(\s*[;,:]?\s*\)", ""),  # emptied parentheses
        (r"\(\s*[;,]\s*", "("),
        (r"\s*[;,]\s*\)", ")"),
        (r"\(\s+", "("),
        (r"\s+([,;:)])", r"\1"),
        (r"\s+\.(?=\s|$)", "."),
        (r"([;,])\s*(?=[;,])", ""),
        (r":\s*(?=[;,])", ""),
        (r"^\s*[;,:]\s*", ""),
        (r"\s*[;,:]\s*$", ""),
        (r"[ \t]{2,}", " "),
    )
)

# [TGPL-Y], [C-EOS], [SEED-000], [F], [F][EC2-RAC][ODB-BLOG]: the research reference's citation keys
# Cleaned texts kept: a few thousand distinct sources, reasons and notes at most a few hundred characters each.
CLEANED_KEPT = 8192

CITATION_KEY = re.compile(r"\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]")
# what only we can follow: a file of ours or a documentation repository's, a commit, a section of our notes
_NOTE = (
    r"\.md\b|\.go\b|\.py\b|\.json\b|\.ya?ml\b|\.sql\b|\.pdf\b|@[0-9a-f]{7,}|\bat (?=[0-9a-f]*\d)[0-9a-f]{7,40}\b|\bawsdocs/"
    r"|§|\bsection \d|reference file|third-party BOM|\bwas not read\b(?!-)|\bnot retrieved\b|public code index"
    r"|\bsee unpriced\b|\bsee the X11M facts\b"
    r"|\b(?:shared|fixtures|advisor|pricing|bench|data|www|pkg|testdata)/|\bpricing-notes\b|\bour research\b"
)
_NOTE_RE = re.compile(_NOTE, re.I)
_PARENTHESISED = re.compile(r"\s*\(([^()]*)\)")
_CLAUSE = re.compile(r"[;,]\s*[^;,()]*(?:" + _NOTE + r")[^;,()]*", re.I)
_FILE = re.compile(
    r"\s*(?<![/\w.:-])(?:[\w.-]+/)*[\w.-]+\.(?:go|md|py|jsonl?|ya?ml|pdf)\b(?:\s*@[0-9a-f]{7,})?|\s*@[0-9a-f]{7,}\b"
    r"|\s*\bcommit (?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"
)
# one of them is in every text _FILE matches
_FILE_MARKS = (".go", ".md", ".py", ".json", ".yml", ".yaml", ".pdf", "@", "commit ")
_DOC_FILES = re.compile(r"(\b(?:User|API|Reference) Guide)\s+(?:[\w.-]+\.md\b,?\s*)+")
_LANGUAGES = "Japanese|Chinese|Korean|French|German|Spanish|Portuguese|Italian"
_PLAIN = (
    # a quote of our notes keeps its words, not its section ("pricing-notes §4d: 'Multi-AZ ×2'"); a price row's own
    # source ("pricing-notes §4d (IC …)") is left for source_name, which names who copied the price
    (re.compile(r"\b(?:pricing-notes|storage-io-limits)\s*§\s*[\w.]+:\s*"), ""),
    (re.compile(r"\s*\(reference\s*§\s*[\w.]+,\s*notes\)"), ""),  # "re:Invent 2025 STG320 (reference §1, notes)"
    (re.compile(r"\breference\s*§\s*[\w.]+(?:,\s*§\s*[\w.]+)*:?\s*"), ""),
    (re.compile(r"\s*\((?:the reference's )?(?:three facts|(?:matrix )?row ')[^()]*\)"), ""),
    (re.compile(r"\b(?:TC|VI21|OZ|IC|LIVE26|RULES26|C1)\b has no\b"), "the copied price list has no"),
    (re.compile(r"\s*\(unconfirmed\)", re.I), " (not published)"),
    (re.compile(r"\bUnconfirmed as\b"), "Not published as"),
    (re.compile(r"\bUnconfirmed:\s*"), "Not published: "),
    (re.compile(r"\bare unconfirmed\b"), "are not published"),
    (re.compile(r"\bis unconfirmed\b"), "is not published"),
    (re.compile(r"\bunconfirmed\b", re.I), "not published"),
    (re.compile(r",?\s*as transcribed in a third-party BOM reference file", re.I), ""),
    (re.compile(r"\bA third-party BOM reference file quoting\b"), "A third-party copy of"),
    (re.compile(r"\bThird-party BOM samples\b"), "Third-party copies of Oracle's price list"),
    (re.compile(r"\bnoted as listed for\b"), "listed for"),
    (re.compile(r"\bour research's\b", re.I), "the published"),
    # how the price rows of older snapshots say a figure was inferred or derived (a note that follows "Estimated: ")
    (
        re.compile(r"\b(?:pricing-notes|storage-io-limits)\s*§\s*[\w.]+\s+marks it\s+'~?([\d.]+) \(inferred\)'"),
        r"about \1, not read from a price list",
    ),
    (
        re.compile(r":?\s*(?:(?:pricing-notes|storage-io-limits)\s*§\s*[\w.]+:\s*)?'Multi-AZ ×2 \(inferred\)'"),
        " (no Multi-AZ price held)",
    ),
    (re.compile(r"\b(?:pricing-notes|storage-io-limits)\s*§\s*[\w.]+\s+infers it:\s*"), "from other prices: "),
    (re.compile(r"\bderived here: "), ""),
    (
        re.compile(r"\s*\('tier bounds 32k and 64k per the AWS EBS pricing page; not seen in a stored source'\)"),
        " (AWS EBS pricing)",
    ),
    (re.compile(r";\s*the tier prices themselves are read from the price-list rows [^;]*"), ""),
    (re.compile(r"\btier bounds: begin/end ranges of the price rows\b"), "io2 IOPS tiers as the price list gives them"),
    (re.compile(r"\btier bounds: (?=io2 IOPS tiers)"), ""),
    # how older Oracle Database@AWS facts named their sources and what the sizing assumed
    (re.compile(r"\bDerived(?: from)?:?\s+(?=\S)"), ""),
    (re.compile(r"\bthe engine assumes\b"), "this sizing assumes"),
    (re.compile(r"\s+and says so\b"), ""),
    (
        re.compile(r"\bNot published as an exchange rate: Oracle defines\b"),
        "Oracle gives no conversion rate: it defines",
    ),
    (re.compile(r"\s+and no Oracle statement converting ECPUs to OCPUs or vCPUs was found\b"), ""),
    # what a search for an AWS price did not find, said as what there is
    (
        re.compile(
            r"\bNo public AWS-side price page or public Marketplace rate card with numbers was found, so the rows are\b"
        ),
        "AWS publishes no price page or Marketplace rate card for it (each private offer sets the price), so these are",
    ),
    (re.compile(r"\bDbServerSummary\.computeModel\b"), "DB server summary"),
    (
        re.compile(r"\bOracle(?:'s)? OCI Go SDK(?: \(generated from the OCI Database API\))?(?:, cpuCoreCount)?"),
        "Oracle OCI Database API reference",
    ),
    (re.compile(r"\s*\(inferred\)"), " (not stated by AWS)"),
    (
        re.compile(
            r"\bThe repository holding that file could not be identified, so these numbers are not in the CSV; "
            r"they are a lead to verify against the current Oracle price list before pricing X11M\b"
        ),
        "These later prices are not applied here: each line shows the list price it uses and its date; check the "
        "current Oracle price list before relying on the X11M prices",
    ),
    (
        re.compile(r"\bas every other RDS storage price in the notes\b"),
        "as every other RDS Multi-AZ storage price held is",
    ),
    # which copy of a document our notes read (an edition in another language, an undated copy) is not its name
    (re.compile(r";?\s*read in its (?:" + _LANGUAGES + r") edition\b"), ""),
    (re.compile(r"\s*\((?:" + _LANGUAGES + r") edition(?:, undated copy)?\)"), ""),
    # who quoted a document, when it is a website of a third party's or secondary sources: a copy, said as such, as
    # the price lines say it, not by its address
    (re.compile(r"\(quoted by (?:[\w-]+\.)+[a-z]{2,}\)"), "(third-party copy)"),
    (
        re.compile(r"\b(?:as )?quoted (?:from the (?:page|FAQ) )?by (?:[\w-]+\.)+[a-z]{2,}\b(?!/)"),
        "in a third-party copy",
    ),
    (re.compile(r"\s*\(as quoted by a third party\)"), " (third-party copy)"),
    (re.compile(r",? as quoted in public copies\b"), " (third-party copy)"),
    (re.compile(r"\((?:via|as quoted by) secondary sources\)"), "(secondary sources)"),
    (re.compile(r"\s+as quoted by secondary sources(?: \(primary PDF not retrieved\))?"), " (secondary sources)"),
    (re.compile(r"\(the same policy, as quoted by secondary sources\)"), "(the same policy; secondary sources)"),
    (re.compile(r"\bunverified\b"), "not confirmed"),
    # a price list's figures read from someone's transcription of it: a copy, as the price lines say it
    (re.compile(r"\(transcription(?=[,;)])"), "(third-party copy"),
    (re.compile(r"\(secondary\)"), "(secondary source)"),
    # the Oracle Database@AWS price list's notes name the file it was read from
    (re.compile(r"\bthe \d[\d,]*-product dump\b"), "the copy of Oracle's price list used here"),
    (re.compile(r",? so it is not in the CSV\b"), ""),
)
# One of these (in lower case) is in every text a step of _PLAIN changes.
_PLAIN_MARKS = (
    "§",
    "derived here",
    "in the notes",
    "could not be identified",
    "three facts",
    "row '",
    " has no",
    "unconfirmed",
    "bom",
    "research",
    "-product dump",
    "the csv",
    " edition",
    "quoted ",
    "unverified",
    "(secondary)",
    "(transcription",
    "inferred",
    "infers it",
    "marks it",
    "tier bounds",
    "tier prices",
    "begin/end",
    "derived",
    "engine assumes",
    "and says so",
    "exchange rate",
    "was found",
    "dbserversummary",
    "go sdk",
    "secondary sources",
    "public copies",
)

# The public repositories our sources were read from ("owner/name"), named as people know what they hold, or as a
# third party's (or AWS's) source, with what pointed into it (its test data, a YAML file, a pull request or an issue).
# Only these are rewritten: "owner/name" alone cannot tell a repository from a pair of words ("us-east-1/us-west-2",
# "single-az/multi-az", "oracle-ee/bring-your-own-license"), which stay as they are.
KNOWN_REPOSITORIES = {
    "aws/agent-toolkit-for-aws": "Agent Toolkit for AWS",
    "aws/amazon-ec2-instance-selector": "Amazon EC2 Instance Selector",
    "awsdocs/amazon-ec2-user-guide": "Amazon EC2 User Guide",
    "awsdocs/amazon-rds-user-guide": "Amazon RDS User Guide",
    "vantage-sh/ec2instances.info": "ec2instances.info (Vantage)",
    "aws/karpenter-provider-aws": "an AWS open-source project",
    "awslabs/aws-support-tools": "an AWS open-source project",
    "opszero-app/instances.json": "a third-party source",
    "timfanda35/aws-pricing-list-loader": "a third-party source",
    "jasonwilbur/oci-pricing-mcp": "a third-party source",
    "oracle-devrel/technology-engineering": "Oracle Developer Relations",
    "balddba/oracle-license-manager": "a third-party source",
    "api-evangelist/oracle-partitioning": "a third-party source",
    "ministryofjustice/cloud-platform": "a third-party source",
    "jacklty/oci_doc_crawler": "a third-party source",
    "cycloidio/terracost": "a third-party source",
    "infracost/infracost": "a third-party source",
    "jpetrucciani/awl": "a third-party source",
}
_REPOSITORY = re.compile(
    r"(?<![\w./:@#$%-])(?P<repository>"
    + "|".join(re.escape(name) for name in sorted(KNOWN_REPOSITORIES, key=len, reverse=True))
    + r")(?![\w/-]|\.\w)(?:\s+(?:PR|issue|pull request) #\d+|\s+(?:pricing\s+)?(?:YAML|test data)\b)?"
)


def _repository(found: re.Match[str]) -> str:
    return KNOWN_REPOSITORIES[found["repository"]]


# A text no step could change holds none of what the steps test for first (a citation key's bracket, each step's
# needed text, _PLAIN's marks, a ".json(l)" file) nor one of our notes: a sum of money, a class, a Region and most
# reasons are their own customer words (tested against every step over every text of our data).
_MAYBE = re.compile(
    "|".join(re.escape(mark) for mark in sorted({"[", ".json", *_STEP_NEEDS.values(), *_PLAIN_MARKS}))
    + "|"
    + _NOTE
    + "|[a-z0-9]/",  # a repository's "owner/"
    re.I,
)


def customer_words(text: str) -> str:
    """``text`` (a source, a note, a reason) without our notes' provenance, as a customer reads it; ``text`` itself
    when it has none. Recent answers are kept: a recommendation cleans the same sources and reasons hundreds of
    times."""
    out = _cleaned(text)
    return text if out == text else out


@lru_cache(maxsize=CLEANED_KEPT)
def _cleaned(text: str) -> str:
    return _rewritten(text) if _MAYBE.search(text) else text


def _rewritten(text: str) -> str:
    """Every step, on any text (``_cleaned`` skips the texts none of them could change)."""
    out = _steps(text)
    before = out
    if "[" in out:
        out = CITATION_KEY.sub("", out)
    lowered = out.lower()
    if any(mark in lowered for mark in _PLAIN_MARKS):
        for pattern, plain in _PLAIN:
            out = pattern.sub(plain, out)
    if ".md" in out:
        out = _DOC_FILES.sub(r"\1 ", out)
    if _NOTE_RE.search(out):  # only a parenthesis or a clause holding one of our notes goes
        for _ in range(3):  # nested parentheses: the innermost first
            out = _PARENTHESISED.sub(_without_notes, out)
        out = _CLAUSE.sub("", out)
    if any(mark in out for mark in _FILE_MARKS):
        out = _FILE.sub("", out)
    if "/" in out:
        out = _REPOSITORY.sub(_repository, out)
    out = out if out == before else _tidy(out)
    return text if out == text else out


def _steps(text: str) -> str:
    """The research reference's tags, files and wording, and the fixture files prices were loaded from, taken out
    (each step only where the text holds what it needs)."""
    out = text
    for pattern, replacement in _STEPS:
        needs = _STEP_NEEDS.get(pattern)
        if needs is None or needs in out:
            out = pattern.sub(replacement, out)
    if out == text:
        return text
    for pattern, replacement in _TIDY:  # only where something was taken out
        out = pattern.sub(replacement, out)
    return out.strip()


def _without_notes(found: re.Match[str]) -> str:
    inside = found.group(1)
    if not _NOTE_RE.search(inside):
        return found.group(0)
    kept = "; ".join(part.strip() for part in re.split(r";", inside) if part.strip() and not _NOTE_RE.search(part))
    return f" ({kept})" if kept else ""


def _tidy(text: str) -> str:
    text = re.sub(r"\(\s*[;,]?\s*\)", "", text)
    text = re.sub(r"\(\s*[;,]\s*", "(", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+([),;.:])", r"\1", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"^[\s;,:]+", "", text, flags=re.M)
    text = re.sub(r"([;,])\1+", r"\1", text)
    text = re.sub(r"[;,:]\s*(?=[;,.)]|$)", "", text, flags=re.M)
    return text.strip()
