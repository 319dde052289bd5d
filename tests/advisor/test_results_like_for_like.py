"""Like with like on the results page and the PDF: a total left out of the ranking as partial is marked wherever it
is drawn or tabled, the cover says what the recommendation's total is (partial, recommended alone, what it does not
build), and the licences table counts Oracle Database@AWS's licences brought like the others'."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.models import Assessment

pytestmark = pytest.mark.django_db


def saved(scenario: str) -> Assessment:
    loaded = load_scenario(SCENARIO_DIR / f"{scenario}.json")
    meta = services.AssessmentMeta(name=loaded.name, customer=loaded.customer, project=loaded.project)
    return services.assessment_create(meta=meta, workload=loaded.workload)


def figure(body: str, name: str) -> dict:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', body, re.S)
    assert found is not None
    return json.loads(found.group(1))


def text(body: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def test_the_warehouse_charts_mark_oracle_database_at_aws_left_out_as_partial(client: Client, prices: None) -> None:
    # the golden warehouse: Oracle Database@AWS ($42,913.66, its backups and networking not priced) is left out of
    # the ranking, yet its bar is the lowest: its bar is hatched and named partial, its cash line dotted
    body = client.get(reverse("advisor:assessment-results", args=[saved("large-ee-warehouse").public_id])).content
    page = body.decode()
    bars = [t for t in figure(page, "cost-chart")["data"] if t["type"] == "bar"]
    components = [t for t in bars if any(v is not None for v in t["y"])]
    names = components[0]["x"]
    assert names == ["Amazon RDS for Oracle", "Self-managed Oracle on EC2", "Oracle Database@AWS (partial)"]
    for trace in components:  # every component of its bar hatched, none of the others'
        assert trace["marker"]["pattern"]["shape"] == ["", "", "/"]
    key = [t for t in bars if t not in components]
    assert [t["name"] for t in key] == ["hatched: partial, not compared"]
    assert "run-rate" in figure(page, "cost-chart")["layout"]["title"]["text"]

    lines = {t["name"]: t for t in figure(page, "cumulative-chart")["data"]}
    odb = lines["Oracle Database@AWS (partial: not compared)"]
    assert odb["line"]["dash"] == "dot"
    assert lines["Self-managed Oracle on EC2"]["line"]["dash"] == "solid"
    assert "Oracle Database@AWS" not in lines  # never under its bare name, as if compared

    said = text(page)
    # the chart's tables, both marked: its infrastructure, 2 database + 3 storage servers at $2.9032 an hour for 730
    # hours = 10,596.68; its cash by months 12, 24 and 36: the options' licences bought in month 1 (8 x (11,500 +
    # 11,500 + 7,500 + 5,000 + 23,000) = 468,000), a year of support each year (8 x 47,500 x 22 % = 83,600 for the
    # Enterprise Edition owned + 468,000 x 22 % = 102,960), and 42,913.66 - 28,546.68 = 14,366.98 a month billed:
    # 468,000 + 186,560 + 12 x 14,366.98 = 826,963.76, then + 186,560 + 172,403.76 a year = 1,185,927.52, 1,544,891.28
    assert "Oracle Database@AWS (partial: not compared) Exadata infrastructure 10,596.68" in said
    assert "Oracle Database@AWS (partial: not compared) 826,964 1,185,928 1,544,891" in said
    assert "Monthly cost by component as a table (run-rate, licences spread over 3 years)" in said


def test_the_cover_says_the_recommended_total_is_partial_recommended_alone_and_what_is_not_built(
    client: Client, prices: None
) -> None:
    # the RAC system: every other option blocked, Oracle Database@AWS recommended alone, its backups and networking
    # not priced, and the read replica asked for not built
    public_id = saved("rac-dependent").public_id
    body = client.get(reverse("advisor:assessment-report", args=[public_id]) + "?format=html").content.decode()
    cover = text(body[body.index('class="report-cover"') : body.index('class="cover-facts"')])
    assert "Recommended: Oracle Database@AWS at $169,276.20 a month" in cover
    assert "The only option the rules allow that could be priced (its total is partial: backup storage" in cover
    assert "Oracle Database@AWS does not build everything the workload asks for" in cover
    assert "1 read replica on Oracle Database@AWS: not built" in cover
    # the executive summary's basis: Oracle's list, not AWS on-demand
    summary = text(body[body.index('id="executive-summary"') : body.index('id="comparison"')])
    assert "$169,276.20 a month (monthly run-rate at Oracle's OCI list prices before any private-offer discount" in (
        summary
    )
    assert "AWS on-demand" not in summary


def test_the_licences_per_option_table_counts_oracle_database_at_aws_licences_brought(
    client: Client, prices: None
) -> None:
    # the warehouse on BYOL: 64 ECPUs at 8 ECPUs per licence = 8 processor licences on its one VM cluster; a month,
    # support on the 8 Enterprise Edition licences owned (8 x 47,500 x 22 % / 12 = 6,966.67) and, for each option
    # (Partitioning and Advanced Compression at 11,500, Diagnostics Pack 7,500, Tuning Pack 5,000, RAC 23,000), 8
    # licences bought over 3 years and their support: 2 x (2,555.56 + 1,686.67) + 1,666.67 + 1,100.00 + 1,111.11
    # + 733.33 + 5,111.11 + 3,373.33 = 21,580.01; in all 28,546.68
    public_id = saved("large-ee-warehouse").public_id
    body = client.get(reverse("advisor:assessment-report", args=[public_id]) + "?format=html").content.decode()
    table = body[body.index('class="data licence-rows"') :]
    rows = [text(row) for row in re.findall(r"<tr>(.*?)</tr>", table[: table.index("</table>")], re.S)]
    odb = next(row for row in rows if row.strip().startswith("Oracle Database@AWS"))
    assert re.sub(r"\s+", " ", odb).strip() == (
        "Oracle Database@AWS Bring your own licences (BYOL) 1 VM cluster 8 processor licences 8 $28,546.68"
    )
