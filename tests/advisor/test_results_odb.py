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
