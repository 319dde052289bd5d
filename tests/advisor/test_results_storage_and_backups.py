"""What a storage audit found missing on the results page, the PDF and the API: what the gp3 price includes, and a
backup retention longer than RDS keeps automated backups (prices from the committed fixtures, eu-west-1)."""

import html
import re

import pytest
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario

pytestmark = pytest.mark.django_db

SMALL = load_scenario(SCENARIO_DIR / "small-oltp-se2.json")
PACKAGED = load_scenario(SCENARIO_DIR / "sysdba-one-off-patches.json")
RDS_WORDS = "gp3 229 GiB (12,000 IOPS and 500 MiB/s, included in the gp3 price; more would be charged)"
RDS_LINE = "gp3 from 200 GiB includes 12,000 IOPS and 500 MiB/s; only what is provisioned above them is charged"


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def assessment(scenario, workload=None):
    meta = services.AssessmentMeta(name=scenario.name, customer=scenario.customer, project=scenario.project)
    return services.assessment_create(meta=meta, workload=workload or scenario.workload)


def test_the_page_and_the_pdf_say_what_the_gp3_price_includes(client, prices):
    small = assessment(SMALL)
    page = text(client.get(reverse("advisor:assessment-results", args=[small.public_id])))
    # the configuration row and the option's configuration, then its storage line among every cost line
    assert page.count(RDS_WORDS) >= 2
    line = "Storage: gp3 Multi-AZ, 229 GiB: 229 GB-Mo × $0.254 = $58.17 AWS Price List, eu-west-1, 2023-02-23 · SKU "
    assert f"{line}644A8H9YHCFM45EQ · {RDS_LINE}" in page
    pdf = text(client.get(reverse("advisor:assessment-report", args=[small.public_id]), {"format": "html"}))
    assert f"Primary with its Multi-AZ standby; {RDS_WORDS}." in pdf  # the executive summary's configuration


def test_the_api_says_it_beside_the_storage_and_on_the_storage_line(client, prices):
    response = client.post("/api/v1/recommendations", SMALL.workload.model_dump(mode="json"), "application/json")
    rds = next(o for o in response.json()["options"] if o["option"] == "rds")
    assert rds["configuration"]["storage"]["included"] == RDS_LINE
    (storage,) = [line for line in rds["topology"]["members"][0]["lines"] if line["component"] == "storage"]
    assert storage["note"] == RDS_LINE


def test_a_60_day_retention_on_rds_is_priced_for_35_days_the_rest_listed_and_warned(client, prices):
    sizing = PACKAGED.workload.sizing.model_copy(update={"backup_retention_days": 60, "backup_daily_change_gib": 50})
    packaged = assessment(PACKAGED, PACKAGED.workload.model_copy(update={"sizing": sizing}))
    page = text(client.get(reverse("advisor:assessment-results", args=[packaged.public_id])))
    # 1,200 + 34 x 50 = 2,900 GiB kept for 35 days, the 1,598 GiB allocated free: 1,302 x 0.095 = 123.69
    assert (
        "Automated backups for the 35 days RDS keeps of the 60-day backup retention, beyond the free allowance: a first "
        "full copy of 1,200 GiB + 34 daily backups × 50 GiB changed = 2,900 GiB; free up to the allocated 1,598 GiB, "
        "1,302 GiB beyond it $123.69"
    ) in page
    assert (
        "not priced Backups kept beyond the 35 days RDS keeps automated backups (days 36 to 60 of the 60-day backup "
        "retention): they need manual DB snapshots or AWS Backup, not priced here"
    ) in page
    assert "RDS keeps automated backups 35 days at most" in page
    assert "RDS Custom keeps automated backups 35 days at most" in page
