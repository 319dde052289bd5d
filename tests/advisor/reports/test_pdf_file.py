"""The printed PDF a customer is handed: its length, its appendix, licence lines once, names in any script.

Printed through Debian's Chromium and read back with poppler-utils (pdftotext per page), so what is asserted is
what a reader sees, hidden blocks excluded.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.models import Assessment
from advisor.reports import pdf as report

pytestmark = [pytest.mark.django_db, pytest.mark.browser]

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts"
APPENDIX = "Appendix: cost lines, further findings and sources"
MAX_BODY_PAGES = 12  # for the four options of the latency/DR scenario, before the appendix


def poppler(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def saved(file_name: str, **meta: str) -> Assessment:
    scenario = load_scenario(SCENARIO_DIR / file_name)
    fields = {"name": scenario.name, "customer": scenario.customer, "project": scenario.project, **meta}
    return services.assessment_create(meta=services.AssessmentMeta(**fields), workload=scenario.workload)


def printed(assessment: Assessment, name: str) -> list[str]:
    """The PDF's text, one string per page (words on one line)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(report.report_pdf(report.report_document(assessment=assessment)))
    pages = int(poppler("pdfinfo", str(path)).split("Pages:")[1].split()[0])
    return [" ".join(poppler("pdftotext", "-f", str(n), "-l", str(n), str(path), "-").split()) for n in range(1, pages + 1)]  # fmt: skip


@pytest.fixture
def latency_dr(prices: None) -> list[str]:
    return printed(saved("latency-oltp-cross-region-dr.json"), "report-latency-dr")


def test_the_latency_dr_comparison_has_a_short_body_and_its_details_in_an_appendix(latency_dr: list[str]) -> None:
    pages = latency_dr
    starts = [n for n, text in enumerate(pages, start=1) if text.startswith(APPENDIX) or f" {APPENDIX} " in text]
    assert len(starts) == 1, "one appendix"
    # the appendix follows the disclaimer on the same page (no forced break leaving that page half empty)
    body, _, rest = " ".join(pages).partition(f" {APPENDIX} ")
    appendix = APPENDIX + " " + rest
    assert starts[0] <= MAX_BODY_PAGES, f"the appendix starts on page {starts[0]}"
    # the body: summary, side by side, charts with their tables, per option its configuration, need and cost
    for part in ("Executive summary", "Comparison", "Monthly cost by component as a table", "Topology as deployed",
                 "Need versus capacity", "Monthly cost", "Licence assumptions", "Price data and disclaimer"):  # fmt: skip
        assert part in body, part
    recommendation = services.recommendation_for(
        load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json").workload
    )
    findings = [f for option in recommendation.options for f in option.verdict.findings]
    assert {f.severity for f in findings} == {"blocker", "warning", "cost", "info"}
    for finding in findings:
        title = " ".join(finding.title.split())
        if finding.severity in ("blocker", "warning"):  # what decides stays in the body, with its address
            assert title in body and title not in appendix, finding.rule_id
        else:  # the rest is in the appendix only
            # its first words: pdftotext may read a title wrapped in the appendix's two columns out of order
            start = " ".join(title.split()[:5])
            assert start in appendix and title not in body, finding.rule_id
    assert "https://docs.aws.amazon.com/" in body  # the sources' URLs are printed, not only linked
    assert "Every cost line, with its price source" in appendix and "Every cost line" not in body
    assert "Price sources" in appendix and "AWS Price List, eu-west-1, 2023-02-23" in appendix
    # by the names users know them, not the files and dataset keys they were imported from
    assert "AWS bulk offer file" not in appendix and "vantage-sh/" not in appendix and "VI21" not in appendix


def test_each_licence_line_is_printed_once(latency_dr: list[str]) -> None:
    text = " ".join(latency_dr)
    recommendation = services.recommendation_for(
        load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json").workload
    )
    lines = [
        line for option in recommendation.options if option.chosen for line in option.chosen.topology.licence_lines
    ]
    assert len(lines) >= 4
    # two options buy the same products at the same prices: a row per product, each option's count in its column
    licences = text.partition("Licence assumptions Edition ")[2].partition("Price data and disclaimer")[0]
    for line in lines:
        product = " ".join(line.name.split()).partition(":")[0]
        assert licences.count(f"{product}: processor licence(s)") == 1, product
        assert f"${line.monthly_usd:,.2f}" in licences, line.name
    assert text.count("Oracle's cloud policy, quoted above") >= 1  # the policy quoted once, not per note
    assert text.count("Count two vCPUs as equivalent to one Oracle Processor license") == 1


def _font(family: str) -> bool:
    if shutil.which("fc-list") is None:
        return False
    return bool(subprocess.run(["fc-list", family, "family"], capture_output=True, text=True).stdout.strip())


@pytest.mark.skipif(
    not (_font("Noto Sans CJK JP") and _font("Noto Color Emoji")),
    reason="fonts-noto-cjk and fonts-noto-color-emoji are not installed (.ci/system-deps installs them as root; "
    "without them Chromium prints CJK and emoji as empty boxes)",
)
def test_names_in_japanese_and_emoji_come_out_in_the_pdf(prices: None) -> None:
    name, customer = "東京 データベース 🚀", "株式会社テスト"
    pages = printed(saved("small-oltp-se2.json", name=name, customer=customer), "report-cjk-emoji")
    assert name in pages[0] and customer in pages[0]  # the cover
    assert all(name in page for page in pages)  # the running header


GOLDEN = sorted(path.name for path in SCENARIO_DIR.glob("*.json"))
MAX_PAGES = 12  # the limit for a document a customer is handed, appendix included


@pytest.mark.parametrize("file_name", GOLDEN)
def test_every_golden_scenario_prints_at_most_12_tagged_pages_with_an_outline(prices: None, file_name: str) -> None:
    assessment = saved(file_name)
    path = ARTIFACTS / f"report-{Path(file_name).stem}.pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    path.write_bytes(report.report_pdf(report.report_document(assessment=assessment)))
    info = poppler("pdfinfo", str(path))
    assert "Tagged:          yes" in info  # headings, tables and lists marked for a screen reader
    raw = path.read_bytes()
    assert b"/Outlines" in raw  # bookmarks made from the headings
    fonts = poppler("pdffonts", str(path)).splitlines()[2:]
    assert fonts and all(row.split()[-5] == "yes" for row in fonts), fonts  # every font embedded ("emb")
    pages = int(info.split("Pages:")[1].split()[0])
    assert pages <= MAX_PAGES, f"{pages} pages"
