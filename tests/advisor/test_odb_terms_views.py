"""Oracle Database@AWS private-offer terms on the questionnaire, the API and the results page."""

import pytest
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario

pytestmark = pytest.mark.django_db

WAREHOUSE = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json")  # us-east-1, where the service is offered
FIELDS = ("odb_infrastructure_discount_pct", "odb_database_server_usd_per_hour", "odb_storage_server_usd_per_hour",
          "odb_ecpu_discount_pct", "odb_ecpu_usd_per_hour")  # fmt: skip


def test_the_questionnaire_asks_for_the_quoted_rates_and_discounts(client):
    page = client.get(reverse("advisor:assessment-new")).content.decode()
    for name in FIELDS:
        assert f'name="oracle.{name}"' in page, name
    assert "Oracle Database@AWS: quoted rate per ECPU" in page and "USD per ECPU-hour" in page


def test_the_api_refuses_an_absurd_quoted_rate_naming_the_field(client):
    workload = WAREHOUSE.workload.model_dump(mode="json")
    workload["oracle"]["odb_storage_server_usd_per_hour"] = 300
    response = client.post(reverse("advisor:api-recommendations"), workload, "application/json")
    assert response.status_code == 400
    (error,) = [e for e in response.json()["errors"] if e["path"] == "oracle.odb_storage_server_usd_per_hour"]
    assert "over 10 times Oracle's list price of $2.9032" in error["message"]


def test_the_api_prices_exadata_at_the_quoted_rate_and_says_so(client, prices):
    workload = WAREHOUSE.workload.model_dump(mode="json")
    workload["oracle"]["odb_infrastructure_discount_pct"] = 20
    response = client.post(reverse("advisor:api-recommendations"), workload, "application/json")
    odb = next(o for o in response.json()["options"] if o["option"] == "odb")["odb"]
    db = next(line for line in odb["lines"] if line["part_number"] == "B110627")
    # 2 database servers x 2.9032 x 0.8 x 730 = 3,390.9376
    assert db["monthly_usd"] == "3390.94" and db["rate_basis"].endswith("less your 20 % discount")
    assert odb["licences_in_total"] is True and odb["byol_processor_licences"] == 8  # 64 ECPUs / 8 a licence
    assert {p["key"] for p in odb["byol_licences"]["products"]} >= {"ee", "partitioning"}


def test_the_results_page_shows_each_lines_rate_and_the_licences(client, prices):
    meta = services.AssessmentMeta(name=WAREHOUSE.name, customer=WAREHOUSE.customer, project=WAREHOUSE.project)
    assessment = services.assessment_create(meta=meta, workload=WAREHOUSE.workload)
    body = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    assert "Oracle list price, 2026-01-05" in body
    assert "BYOL counts 8 Oracle Database Enterprise Edition processor licences for 64 ECPUs" in body
    assert "Under the other reading (4 ECPUs per licence)" in body


def test_the_cli_prints_the_exadata_total_with_its_licences(prices):
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("recommend", "--workload", str(SCENARIO_DIR / "large-ee-warehouse.json"), stdout=out)
    text = out.getvalue()
    # 14,366.98 of servers and ECPUs + 28,546.68 of licences at 8 ECPUs a licence, RAC's among them: the database runs
    # as RAC instances on the cluster's two VMs (tests/advisor/engine/odb/test_licences.py)
    assert "a VM cluster of 64 ECPUs on 2 VMs (RAC): $42,913.66 a month" in text
    assert "RAC is licensed although the workload does not need it" in text
    assert "BYOL counts 8 Oracle Database Enterprise Edition processor licences" in text
