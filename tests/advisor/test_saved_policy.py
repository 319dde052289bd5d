"""The sizing policy saved with the assessment: "Save these answers" on the results page keeps the policy set there,
the results, the PDF and a share link then use it; the questionnaire (no policy fields) leaves it; a policy out of
bounds saves nothing."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from advisor import services
from advisor.engine.sizing import SizingPolicy
from advisor.models import Assessment, ShareLink
from tests.advisor.test_results_views import SMALL
from tests.conftest import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_assessment(prices):
    return services.assessment_create(meta=services.AssessmentMeta(name=SMALL.name), workload=SMALL.workload)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def save_from_results(client, assessment, **policy: str):
    data = {**form_data(SMALL.workload, name=SMALL.name), **{f"policy.{k}": v for k, v in policy.items()}}
    return client.post(assessment.get_absolute_url(), data)


def test_saving_from_the_results_page_keeps_its_policy_for_the_results_the_pdf_and_a_share_link(
    client, small_assessment, admin_user
):
    saved = save_from_results(client, small_assessment, cpu_headroom_pct="100")
    assert saved.status_code == 302
    assessment = Assessment.objects.get(pk=small_assessment.pk)
    assert services.assessment_policy(assessment).cpu_headroom_pct == 100

    # the small SE2 OLTP peaks at 2 vCPUs: 100 % headroom sizes for 4.0 (20 %, the default, for 2.4)
    results = text(client.get(reverse("advisor:assessment-results", args=[assessment.public_id])))
    assert "4.0 vCPUs" in results and "CPU headroom 100" in results
    pdf = text(client.get(reverse("advisor:assessment-report", args=[assessment.public_id]), {"format": "html"}))
    assert "4.0 vCPUs" in pdf
    link = ShareLink.objects.create(assessment=assessment, created_by=admin_user,
                                    expires_at=timezone.now() + timedelta(days=1))  # fmt: skip
    shared = text(client.get(reverse("accounts:shared-results", args=[link.token])))
    assert "4.0 vCPUs" in shared
    # a policy in the URL still wins, as before: what-if without saving
    asked = text(client.get(reverse("advisor:assessment-results", args=[assessment.public_id]),
                            {"policy.cpu_headroom_pct": "20"}))  # fmt: skip
    assert "2.4 vCPUs" in asked


def test_the_questionnaire_saves_the_answers_and_leaves_the_saved_policy(client, small_assessment):
    save_from_results(client, small_assessment, memory_headroom_pct="30")
    client.post(small_assessment.get_absolute_url(), form_data(SMALL.workload, name="Renamed"))
    assessment = Assessment.objects.get(pk=small_assessment.pk)
    assert assessment.name == "Renamed" and services.assessment_policy(assessment).memory_headroom_pct == 30


def test_a_policy_out_of_bounds_saves_nothing_and_marks_the_field(client, small_assessment):
    refused = save_from_results(client, small_assessment, cpu_headroom_pct="-5")
    assert refused.status_code == 422
    assert "CPU headroom must be 0 % or more." in text(refused)
    assessment = Assessment.objects.get(pk=small_assessment.pk)
    assert assessment.policy == {} and services.assessment_policy(assessment) == SizingPolicy()


def test_a_saved_policy_an_older_release_wrote_that_no_longer_validates_gives_the_defaults(small_assessment):
    Assessment.objects.filter(pk=small_assessment.pk).update(policy={"cpu_headroom_pct": "lots"})
    assert services.assessment_policy(Assessment.objects.get(pk=small_assessment.pk)) == SizingPolicy()


def test_a_duplicate_keeps_the_policy(client, small_assessment):
    save_from_results(client, small_assessment, io_headroom_pct="40")
    copy = services.assessment_duplicate(assessment=Assessment.objects.get(pk=small_assessment.pk))
    assert services.assessment_policy(Assessment.objects.get(pk=copy.pk)).io_headroom_pct == 40
