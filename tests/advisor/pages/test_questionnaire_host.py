"""The questionnaire's source host section: the licences it suggests fill "Processor licences already owned" when
the user leaves that blank, and a figure the user typed is kept."""

import pytest
from django.test import Client
from django.urls import reverse

from advisor.engine.workload import parse_workload
from advisor.models import Assessment
from advisor.pages.questionnaire import build_sections
from tests.conftest import form_data

pytestmark = pytest.mark.django_db

HOST = {"location": "on-premises", "cpu_model": "Intel Xeon Gold 6248", "sockets": 2, "cores": 16}


def licences_field(values: dict):
    return next(f for s in build_sections(values, []) for f in s.fields if f.path == "oracle.processor_licences_owned")


def test_the_questionnaire_has_a_source_host_section(client: Client) -> None:
    page = client.get(reverse("advisor:assessment-new")).content.decode()
    assert "<legend>Source host</legend>" in page
    assert 'name="source_host.cores"' in page
    assert '<option value="on-premises">On premises</option>' in page


def test_the_licences_field_is_blank_until_the_host_suggests_a_figure() -> None:
    assert licences_field(parse_workload({}).model_dump(mode="json")).value == ""
    values = parse_workload({"source_host": HOST}).model_dump(mode="json")
    field = licences_field(values)
    assert field.value == 8  # 16 cores x 0.5
    assert "16 cores × core factor 0.5 (Intel Xeon) = 8 processor licences" in field.suggestion


def test_a_blank_licences_field_saves_the_hosts_suggestion(client: Client, prices: None) -> None:
    data = form_data(name="Ledger")
    data.update({f"source_host.{k}": str(v) for k, v in HOST.items()})
    data["oracle.processor_licences_owned"] = ""
    response = client.post(reverse("advisor:assessment-new"), data)
    assert response.status_code == 302
    saved = parse_workload(Assessment.objects.get(name="Ledger").workload)
    assert saved.oracle.processor_licences_owned == 8


def test_a_typed_figure_is_kept_and_the_suggestion_shown_beside_it(client: Client, prices: None) -> None:
    data = form_data(name="Ledger")
    data.update({f"source_host.{k}": str(v) for k, v in HOST.items()})
    data["oracle.processor_licences_owned"] = "4"
    assert client.post(reverse("advisor:assessment-new"), data).status_code == 302
    assessment = Assessment.objects.get(name="Ledger")
    assert parse_workload(assessment.workload).oracle.processor_licences_owned == 4
    page = client.get(f"/a/{assessment.public_id}/").content.decode()
    assert "Suggested from the source host: 16 cores × core factor 0.5 (Intel Xeon) = 8" in page
    assert "Your figure is kept." in page


def test_a_core_count_above_the_ec2_types_is_marked_on_the_field(client: Client) -> None:
    data = form_data(name="Ledger")
    data.update({"source_host.location": "aws", "source_host.cpu_model": "r5.4xlarge", "source_host.cores": "12"})
    response = client.post(reverse("advisor:assessment-new"), data)
    assert response.status_code == 422
    assert "r5.4xlarge has 8 cores" in response.content.decode()


def test_the_report_says_where_the_licences_owned_came_from() -> None:
    from advisor.reports.sections import owned_basis

    assert owned_basis(parse_workload({"source_host": HOST})).startswith(
        "suggested from the source host: 16 cores × core factor 0.5 (Intel Xeon) = 8"
    )
    typed = parse_workload({"source_host": HOST, "oracle": {"processor_licences_owned": 4}})
    assert owned_basis(typed).startswith("the source host suggests 8: ")
    assert owned_basis(parse_workload({})) == ""
