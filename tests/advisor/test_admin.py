"""The Django admin for assessments: no "Add" that cannot work, renaming that does."""

import pytest
from django.test import Client

from advisor.models import Assessment

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/advisor/assessment/"


def test_the_changelist_offers_no_add_button_and_says_where_assessments_are_made(
    admin_client: Client, saved_assessment: Assessment
) -> None:
    page = admin_client.get(CHANGELIST).content.decode()
    assert "Billing" in page
    assert "/admin/advisor/assessment/add/" not in page
    assert 'Create assessments with the <a href="/assessments/new/">questionnaire</a>' in page


def test_the_add_address_leads_to_the_questionnaire_not_a_server_error(admin_client: Client) -> None:
    response = admin_client.get(f"{CHANGELIST}add/")
    assert response.status_code == 302 and response["Location"] == "/assessments/new/"
    posted = admin_client.post(f"{CHANGELIST}add/", {"name": "No workload"})
    assert posted.status_code == 302 and Assessment.objects.count() == 0


def test_the_admin_renames_an_assessment_and_keeps_its_workload(
    admin_client: Client, saved_assessment: Assessment
) -> None:
    url = f"{CHANGELIST}{saved_assessment.pk}/change/"
    assert admin_client.get(url).status_code == 200
    before = saved_assessment.workload
    renamed = {"name": "Billing renamed", "customer": "ACME", "project": "Exit DC", "owner": saved_assessment.owner_id}
    response = admin_client.post(url, renamed)
    assert response.status_code == 302
    saved_assessment.refresh_from_db()
    assert saved_assessment.name == "Billing renamed" and saved_assessment.workload == before
