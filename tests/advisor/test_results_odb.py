"""Oracle Database@AWS on the results page (and the PDF, which renders the same part): what each cost line says."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.models import Assessment

pytestmark = pytest.mark.django_db

WAREHOUSE = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json")


def assessment(**environment: object) -> Assessment:
    workload = WAREHOUSE.workload
    workload = workload.model_copy(update={"environment": workload.environment.model_copy(update=environment)})
    meta = services.AssessmentMeta(name=WAREHOUSE.name, customer=WAREHOUSE.customer, project=WAREHOUSE.project)
    return services.assessment_create(meta=meta, workload=workload)


def odb_article(client: Client, saved: Assessment) -> str:
    body = client.get(reverse("advisor:assessment-results", args=[saved.public_id])).content.decode()
    article = body[body.index('id="option-odb"') :]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article[: article.index("</article>")])))


def test_a_part_time_workloads_ecpu_line_says_it_is_billed_all_month_and_what_could_lower_it(
    client: Client, prices: None
) -> None:
    text = odb_article(client, assessment(region="us-east-1", hours_per_month=200))
    assert "Billed for all 730 hours of the month, not only the workload's 200: stopping the VMs does not stop" in text
    assert "could lower it; that is not priced." in text


LATER = (
    "Oracle Database@AWS's infrastructure is priced at Oracle's list of 2026-01-05; a later list (Oracle's PaaS and "
    "IaaS Public Cloud Global Price List of 2026-07-01, seen only in a third-party copy, not confirmed) may be higher: "
    "at that list's prices, not confirmed and not used here, Oracle Database@AWS would be $53,517.13 a month, not below "
    "Self-managed Oracle on EC2's $50,624.95, so the order would not hold."
)


def test_the_page_says_where_oracle_database_at_aws_is_priced_that_a_later_list_may_be_higher(
    client: Client, prices: None
) -> None:
    # the golden warehouse in us-east-1: Oracle Database@AWS, left out for its unpriced backups and networking, is
    # $42,913.66 at Oracle's list of 2026-01-05, $7,711.29 below EC2's $50,624.95; with its 2 database and 3 storage
    # servers at the later list's $6.3014 and $5.4795 (21,200.15 a month instead of 10,596.68) it would be
    # 42,913.66 - 10,596.68 + 21,200.15 = 53,517.13, above EC2's
    saved = assessment(region="us-east-1")
    body = client.get(reverse("advisor:assessment-results", args=[saved.public_id])).content.decode()
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))
    assert "already $7,711.29 below Self-managed Oracle on EC2's before them" in text
    assert LATER in text  # the ranking's words, beside "already below"
    # the cost table: the total, and the prices row
    total = re.search(r'data-option="odb">(.*?)</td>', body).group(1)
    assert "$42,913.66" in total
    assert "infrastructure at Oracle's list of 2026-01-05; a later list (not confirmed) may be higher" in html.unescape(
        total
    )
    assert "as of 2026-01-05; a later list (2026-07-01, not confirmed) may be higher for its infrastructure" in text
    # the option's cost lines and notes: the later list's prices in words, not as the price
    article = odb_article(client, saved)
    assert "$6.3014 an hour on a later list (2026-07-01), not confirmed and not used as the price" in article
    assert "At those prices the infrastructure would be $21,200.15 a month instead of $10,596.68" in article
    # the PDF (its HTML twin) says the same
    report = client.get(reverse("advisor:assessment-report", args=[saved.public_id]) + "?format=html")
    document = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", report.content.decode())))
    assert LATER in document and "a later list (not confirmed) may be higher" in document
