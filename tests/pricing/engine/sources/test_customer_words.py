"""A source or a note as a customer reads it: our notes' keys, files, commits and research wording go, the document's
name and what it says stay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pricing.engine.sources.customer_words import _rewritten, customer_words


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("[F] RDS User Guide, RDS for Oracle features", "RDS User Guide, RDS for Oracle features"),
        ("[C] AWS RDS User Guide CHAP_Storage.md (awsdocs/amazon-rds-user-guide@50e7617a); reference §2.1, §2.2",
         "AWS RDS User Guide"),
        ("[C] AWS EC2 User Guide general-purpose.md, ebs-io-characteristics.md (awsdocs/amazon-ec2-user-guide@e3707c43;"
         " gp2 formula text @c02d241); reference §0, §1, §1.3", "AWS EC2 User Guide"),
        ("the ECPUs need 1 at 760 each ([C] [ODB-GS] AWS, Oracle Database@AWS User Guide, Getting started, Step 2)",
         "the ECPUs need 1 at 760 each (AWS, Oracle Database@AWS User Guide, Getting started, Step 2)"),
        ("Oracle's OCI Go SDK database/update_cloud_vm_cluster_details.go @3637eb76 ('from 8 to 760 per X11M database "
         "server'), as of 2026", "Oracle OCI Database API reference ('from 8 to 760 per X11M database server'), as of 2026"),
        ("'Minimum ECPUs per VM: 8', as transcribed in a third-party BOM reference file; consistent with the SDK",
         "'Minimum ECPUs per VM: 8'; consistent with the SDK"),
        ("Storage capacity depends on the Exadata shape (unconfirmed)",
         "Storage capacity depends on the Exadata shape (not published)"),
        ("Multi-AZ = 2 x Single-AZ (VI21 has no Multi-AZ price); AWS rounds Multi-AZ on its own, e.g. 1.031 for "
         "2 x 0.516 (pricing-notes §4a)",
         "Multi-AZ = 2 x Single-AZ (the copied price list has no Multi-AZ price); AWS rounds Multi-AZ on its own, "
         "e.g. 1.031 for 2 x 0.516"),
        ("accepted: byol (source: [C] AWS RDS User Guide 'RDS for Oracle licensing options' [L]: License Included is "
         "SE2 only (shared/reference/oracle-on-aws-features.md, three facts and matrix row 'Editions / licence models'))",
         "accepted: byol (source: AWS RDS User Guide 'RDS for Oracle licensing options': License Included is SE2 only)"),
        ("License-Included ECPU for Dedicated Infrastructure (SKU B110631) is not in the 602-product dump, so it is "
         "not in the CSV. Only its BYOL twin B110632 (0.0807) is.",
         "License-Included ECPU for Dedicated Infrastructure (SKU B110631) is not in the copy of Oracle's price list "
         "used here. Only its BYOL twin B110632 (0.0807) is."),
        # older price rows' estimate notes (a snapshot or an estate kept from before), read after "Estimated: "
        ("pricing-notes §4d marks it '~0.16 (inferred)'.", "about 0.16, not read from a price list."),
        ("2 x the Single-AZ 0.125: pricing-notes §4d: 'Multi-AZ ×2 (inferred)'.",
         "2 x the Single-AZ 0.125 (no Multi-AZ price held)."),
        ("tier bounds: io2 IOPS tiers: up to 32,000 IOPS, 32,001-64,000, above 64,000 (pricing-notes.md 4c: 'tier "
         "bounds 32k and 64k per the AWS EBS pricing page; not seen in a stored source'); the tier prices themselves "
         "are read from the price-list rows EBS:VolumeP-IOPS.io2, .io2.tier2, .io2.tier3",
         "io2 IOPS tiers: up to 32,000 IOPS, 32,001-64,000, above 64,000 (AWS EBS pricing)"),
        ("tier bounds: begin/end ranges of the price rows", "io2 IOPS tiers as the price list gives them"),
        # older Oracle Database@AWS facts and rule texts
        ("Derived: 126 OCPUs per X9M database server, an OCPU being one physical core (AWS Oracle Database@AWS API "
         "reference, DbServerSummary.computeModel)",
         "126 OCPUs per X9M database server, an OCPU being one physical core (AWS Oracle Database@AWS API reference, "
         "DB server summary)"),
        ("the share is 0.4; the engine assumes backups go elsewhere (Amazon S3) and says so.",
         "the share is 0.4; this sizing assumes backups go elsewhere (Amazon S3)."),
        ("Unconfirmed as an exchange rate: Oracle defines an ECPU only as 'a measure' (AWS API reference) and no Oracle "
         "statement converting ECPUs to OCPUs or vCPUs was found. An X11M core",
         "Oracle gives no conversion rate: it defines an ECPU only as 'a measure' (AWS API reference). An X11M core"),
        ("Oracle OCI Go SDK (generated from the OCI Database API), cpuCoreCount: 'a multiple of 8'",
         "Oracle OCI Database API reference: 'a multiple of 8'"),
        ("Oracle OCI documentation (Compute shapes), as quoted in public copies: 'An OCPU'",
         "Oracle OCI documentation (Compute shapes) (third-party copy): 'An OCPU'"),
        ("[CLP] Oracle 'Licensing Oracle Software in the Cloud Computing Environment' as quoted by secondary sources "
         "(primary PDF not retrieved): 'Count two vCPUs'",
         "Oracle 'Licensing Oracle Software in the Cloud Computing Environment' (secondary sources): 'Count two vCPUs'"),
        ("[CLP] Oracle, Licensing Oracle Software in the Cloud Computing Environment (via secondary sources)",
         "Oracle, Licensing Oracle Software in the Cloud Computing Environment (secondary sources)"),
        ("Statspack is part of the software you install, so it works as on premises (inferred); there is no option.",
         "Statspack is part of the software you install, so it works as on premises (not stated by AWS); there is no "
         "option."),
        ("EBS user guide gp3 wording; re:Invent 2025 STG320 (reference §1, notes)",
         "EBS user guide gp3 wording; re:Invent 2025 STG320"),
        ("pricing-notes §4a infers it: m6i = m5 in eu-west-1.", "from other prices: m6i = m5 in eu-west-1."),
        ("2 x the Single-AZ 0.10: derived here: 2 x Single-AZ, as every other RDS storage price in the notes (e.g. "
         "eu-west-1 io1 0.138/0.276).",
         "2 x the Single-AZ 0.10: 2 x Single-AZ, as every other RDS Multi-AZ storage price held is (e.g. "
         "eu-west-1 io1 0.138/0.276)."),
        # a file a document was read from, a repository, the language edition read, who quoted it, a commit
        ("[TGPL-Y] Oracle Technology Global Price List (transcription of technology-price-list-070617.pdf)",
         "Oracle Technology Global Price List"),
        ("[TK] aws/agent-toolkit-for-aws, odb-aws.md knowledge card (secondary)",
         "Agent Toolkit for AWS (secondary source)"),
        ("transcription, cross-checked [TGPL-26] (api-evangelist/oracle-partitioning pricing YAML, 'effective Aug 3, "
         "2026')", "transcription, cross-checked with a third-party source, 'effective Aug 3, 2026'"),
        ("AWS RDS User Guide; ministryofjustice/cloud-platform issue #6370 (2024-10-24)",
         "AWS RDS User Guide; a third-party source (2024-10-24)"),
        ("awslabs/aws-support-tools PR #262 (2026-07-09)", "an AWS open-source project (2026-07-09)"),
        ("Oracle, Exadata X11M systems (Japanese edition): from 2 database servers",
         "Oracle, Exadata X11M systems: from 2 database servers"),
        ("AWS What's New, 'replicas' (posted 2026-01-23; read in its Japanese edition)",
         "AWS What's New, 'replicas' (posted 2026-01-23)"),
        ("Service Descriptions: 'up to 8 ECPUs' (quoted by field42.ch)",
         "Service Descriptions: 'up to 8 ECPUs' (third-party copy)"),
        ("'$0.01 per GB in/out', as quoted from the page by mhlakhani.com (2011-01)",
         "'$0.01 per GB in/out', in a third-party copy (2011-01)"),
        ("(Third-party BOM samples show B110631 at 0.336, unverified.)",
         "(Third-party copies of Oracle's price list show B110631 at 0.336, not confirmed.)"),
        ("[TGPL-Y] transcription (support not stated in the reference: taken at the 22% rate)",
         "transcription (support taken at the 22% rate)"),
        ("Oracle Technology Global Price List (transcription, cross-checked with the 2026 editions)",
         "Oracle Technology Global Price List (third-party copy, cross-checked with the 2026 editions)"),
        ("The reference re-verified no AWS document for ASM on EC2.", "We found no AWS document for ASM on EC2."),
        ("x/awl (commit faac1318a02dad5ebe5963c7bb6e3b99e21acfbc, generated 2026-05-13)", "x/awl (generated 2026-05-13)"),
    ],
)  # fmt: skip
def test_our_notes_give_way_to_the_documents_name(raw: str, shown: str) -> None:
    assert customer_words(raw) == shown


@pytest.mark.parametrize(
    "text",
    ["AWS Price List, eu-west-1, 2023-02-23", "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/README.md",
     "db.r5b.4xlarge: 16 vCPUs (2 x 8)", "the standby (not readable); see the guide", "",
     # addresses and words with a slash are not repositories, an address's PDF is no file of ours
     "https://www.oracle.com/assets/technology-price-list-070617.pdf", "https://github.com/aws/agent-toolkit-for-aws",
     "$0.01 per GB in/out", "move PDBs with Data Pump instead of unplug/plug", "Database/Storage Server - X11MV",
     "a blog copy of aws.amazon.com/free", "Enterprise Edition (Standard Edition 2 has none)",
     # pairs of words joined by a slash, shaped like a repository's owner/name, are words
     "Priced for us-east-1/us-west-2 pairs.", "deployments: single-az/multi-az", "the one-year/three-year terms",
     "oracle-ee/bring-your-own-license rows", "read-only/read-write", "arm64/x86_64 types", "ec2/rds-custom only"],
)  # fmt: skip
def test_customer_words_are_left_as_they_are(text: str) -> None:
    assert customer_words(text) is text


def test_a_text_with_nothing_to_clean_is_handed_back_itself_even_when_an_equal_one_was_cleaned_before():
    first = "".join(["https://docs.aws.amazon.com/", "AmazonRDS/latest/UserGuide/README.md"])
    again = "".join(["https://docs.aws.amazon.com/AmazonRDS/", "latest/UserGuide/README.md"])
    assert first == again and first is not again
    assert customer_words(first) is first
    assert customer_words(again) is again


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner)


def _corpus() -> set[str]:
    """Every text of the rule sets, the pricing and engine data, the catalog and the price rows' fixtures."""
    root = Path(__file__).resolve().parents[4]
    texts: set[str] = set()
    for folder in ("advisor/rules", "advisor/engine/data", "pricing/engine/data", "fixtures/catalog"):
        for path in (root / folder).glob("*.json"):
            texts.update(_texts(json.loads(path.read_text())))
    for path in (root / "fixtures/prices").glob("*.jsonl"):
        for line in path.read_text().splitlines():
            texts.update(_texts(json.loads(line)))
    return texts


def test_the_quick_check_passes_over_no_text_any_step_would_change() -> None:
    """Texts with none of the marks any step looks for are handed back without running the steps: over every text
    of our data (thousands, with all their sources and notes), that answer is the one the steps give."""
    texts = _corpus()
    assert len(texts) > 5_000
    changed = [t for t in texts if _rewritten(t) != t]
    assert len(changed) > 500  # the corpus does hold provenance to clean
    assert [t for t in texts if customer_words(t) != _rewritten(t)] == []
    assert customer_words("1234.56") == "1234.56" and customer_words("db.r6i.large") == "db.r6i.large"
