"""The PDF's words for a customer: no internal references (reference tags, reference files, rule ids and files,
fixture paths, "the seed"), the sources as their readers know them (titles and URLs), the figures untouched.

The patterns below are written here from what the project's data holds, not imported from the module under test.
"""

from __future__ import annotations

import dataclasses
import html
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.engine.rules.loader import Finding
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.models import Assessment
from advisor.reports import pdf as report
from advisor.reports.text import customer_copy, customer_text
from pricing.engine.calculator import Line

INTERNAL = {
    "a reference tag": re.compile(r"\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]"),  # [RR], [C], [SEED-000], [TGPL-Y]
    # oracle-on-aws-features.md, storage-io-limits.md; a public repository's file (owner/repo/…/README.md) is a source
    "a reference file": re.compile(r"(?<![/\w.-])[\w-]+\.md\b"),
    "a fixture or reference path": re.compile(r"\bfixtures/|\bshared/(?:reference|data)/"),
    "a rule file": re.compile(r"\b(?:rds|rds_custom|ec2|odb)\.json\b|advisor/rules"),
    "a rule id": re.compile(r"\bown rule: [a-z0-9-]+"),
    "the seed": re.compile(r"\bseed\b", re.I),
    "a reference row or section": re.compile(r"\(reference[,;]|\breference (?:gap|section)\b|\bsection \d+ of\b"),
    "the research reference": re.compile(r"\bthe reference\b", re.I),
}
SCENARIOS = sorted(path.name for path in SCENARIO_DIR.glob("*.json"))


def internal(text: str) -> list[str]:
    return [f"{kind}: {m.group(0)!r}" for kind, pattern in INTERNAL.items() for m in pattern.finditer(text)]


def visible_text(markup: str) -> str:
    """Everything a reader could be shown: the markup without scripts (chart JSON) and tags, attributes kept."""
    without_scripts = re.sub(r"<script\b.*?</script>", " ", markup, flags=re.S)
    attributes = " ".join(re.findall(r'\b(?:title|alt|aria-label)="([^"]*)"', without_scripts))
    return html.unescape(re.sub(r"<[^>]+>", " ", without_scripts) + " " + attributes)


# --- the words --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("[RR][TGPL-26] RDS User Guide, Overview of RDS for Oracle replicas; Oracle Technology Global Price List",
         "RDS User Guide, Overview of RDS for Oracle replicas; Oracle Technology Global Price List"),
        ("[SEED-000] Maris Elsins (Pythian), 'Oracle Database on AWS' (2017 talk), case 1; [CDB] RDS User Guide, "
         "parameter groups", "Maris Elsins (Pythian), 'Oracle Database on AWS' (2017 talk), case 1; RDS User Guide, "
         "parameter groups"),
        ("RDS Custom for Oracle has no cross-Region replicas (reference, 'Active Data Guard / read replicas' row "
         "[C-RR]); not built", "RDS Custom for Oracle has no cross-Region replicas; not built"),
        ("only io2 Block Express (gp3, gp2 and io1 are single-digit milliseconds; reference storage-io-limits.md "
         "section 1)", "only io2 Block Express (gp3, gp2 and io1 are single-digit milliseconds)"),
        ("Software Update License & Support = 22% per year (oracle-on-aws-features.md section 4 table heading)",
         "Software Update License & Support = 22% per year"),
        ("Support at 22% (section 4 of oracle-on-aws-features.md)", "Support at 22%"),
        ("AWS bulk offer file AmazonEC2 eu-west-1, version 20230223000000 (TC: cycloidio/terracost mysql/testdata/"
         "2023-02-23-pricing.sql.gz, re-serialised; fixtures/prices/eu-west-1/AmazonEC2.json), SKU 85KRDVUN28TUQW7Y",
         "AWS bulk offer file AmazonEC2 eu-west-1, version 20230223000000, SKU 85KRDVUN28TUQW7Y"),
        ("(SE2, without Data Guard, has its own rule: ec2-se2-cross-region-dr.)",
         "(SE2, without Data Guard, has a finding of its own.)"),
        ("in the seed's case a 30-minute window met a 45-minute snapshot",
         "in an example from Maris Elsins' 2017 talk a 30-minute window met a 45-minute snapshot"),
        ("support not stated in the reference: taken at the 22% rate", "support taken at the 22% rate"),
    ],
)  # fmt: skip
def test_internal_references_give_way_to_what_a_reader_knows(raw: str, shown: str) -> None:
    assert internal(raw), "the example must hold an internal reference"
    assert customer_text(raw) == shown
    assert internal(shown) == []


@pytest.mark.parametrize(
    "text",
    ["Multi-AZ: a synchronous standby in a second AZ (not readable).", "io2: 39,600 IOPS at 8 KiB; gp3 3,000",
     "%{x}<br>Compute: $%{y:,.2f} a month", "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/README.md", ""],
)  # fmt: skip
def test_text_without_internal_references_is_left_as_it_is(text: str) -> None:
    assert customer_text(text) is text


def test_a_customer_copy_changes_texts_only_and_leaves_the_original_alone() -> None:
    finding = Finding(
        rule_id="rds-x", option="rds", severity="cost", title="[RR] Replicas", explanation="In the seed's case: x.",
        workaround=None, source="[RR] RDS User Guide, Overview of RDS for Oracle replicas",
        source_url="https://example.com/[RR]/seed.md", as_of="2026-11-25",
    )  # fmt: skip
    line = Line(
        name="Primary: db.r5.large", quantity=Decimal(730), unit="hours", unit_price_usd=Decimal("0.5"),
        monthly_usd=Decimal("365.00"), price_source="OZ: vantage-sh/ec2instances.info (fixtures/prices/x.json), SKU Y",
        as_of="2024-04-04", estimated=False,
    )  # fmt: skip
    both = (finding, [line, line])

    shown = customer_copy(both)

    shown_finding, shown_lines = shown
    assert shown_finding.source == "RDS User Guide, Overview of RDS for Oracle replicas"
    assert (
        shown_finding.title == "Replicas"
        and shown_finding.explanation == "In an example from Maris Elsins' 2017 talk: x."
    )
    assert shown_finding.source_url == finding.source_url  # addresses are never rewritten
    assert shown_lines[0].price_source == "ec2instances.info (Vantage), SKU Y"  # the site, not its repository
    assert shown_lines[0] is shown_lines[1]  # what was one object still is
    assert shown_lines[0].monthly_usd == Decimal("365.00") and shown_lines[0].quantity == 730
    assert finding.source.startswith("[RR]") and line.price_source.startswith("OZ:")  # originals untouched
    assert dataclasses.is_dataclass(shown_finding)


# --- the document ----------------------------------------------------------------------------------------------


@pytest.fixture
def golden(prices: None) -> dict[str, Assessment]:
    out = {}
    for name in SCENARIOS:
        scenario = load_scenario(SCENARIO_DIR / name)
        meta = services.AssessmentMeta(name=scenario.name, customer=scenario.customer, project=scenario.project)
        out[name] = services.assessment_create(meta=meta, workload=scenario.workload)
    return out


@pytest.mark.django_db
def test_no_golden_scenarios_document_holds_an_internal_reference(golden: dict[str, Assessment]) -> None:
    assert len(golden) == 5
    for name, assessment in golden.items():
        text = visible_text(report.report_document(assessment=assessment).html)
        assert internal(text) == [], name


@pytest.mark.django_db
def test_the_results_page_says_the_documents_words_and_keeps_each_sources_address(
    client: Client, golden: dict[str, Assessment]
) -> None:
    """Issue 26: the page is read by customers too; the evidence stays one link away (each finding's address)."""
    assessment = golden["latency-oltp-cross-region-dr.json"]
    page = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    assert internal(visible_text(page)) == []
    recommendation = services.recommendation_for(services.assessment_workload(assessment))
    findings = [f for option in recommendation.options for f in option.verdict.findings]
    assert findings and all(f'href="{html.escape(f.source_url)}"' in page for f in findings)


@pytest.mark.django_db
def test_sources_are_named_by_title_with_their_addresses(client: Client, golden: dict[str, Assessment]) -> None:
    assessment = golden["latency-oltp-cross-region-dr.json"]
    markup = client.get(
        reverse("advisor:assessment-report", args=[assessment.public_id]) + "?format=html"
    ).content.decode()
    text = " ".join(visible_text(markup).split())
    assert "RDS User Guide, Overview of RDS for Oracle replicas" in text
    assert "AWS Price List, eu-west-1, 2023-02-23" in text and "AWS bulk offer file" not in text
    recommendation = services.recommendation_for(services.assessment_workload(assessment))
    for option in recommendation.options:
        for finding in option.verdict.findings:
            assert f'href="{html.escape(finding.source_url)}"' in markup, finding.rule_id


@pytest.mark.django_db
def test_the_disclaimer_does_not_say_oracle_database_at_aws_is_unpriced_where_the_document_prices_it(
    golden: dict[str, Assessment],
) -> None:
    # the warehouse in us-east-1: Oracle Database@AWS is offered and priced at Oracle's list prices in the body
    text = " ".join(visible_text(report.report_document(assessment=golden["large-ee-warehouse.json"]).html).split())
    assert "Oracle Database@AWS is bought through an AWS Marketplace offer and is not priced here" not in text
    assert "its figures here are Oracle's public list prices, before any private offer" in text
