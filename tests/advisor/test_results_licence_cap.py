"""The results page where nothing can be deployed as sized: an SE2 need the headroom takes past Oracle's 8-vCPU cap."""

import html
import re

import pytest
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import parse_workload

pytestmark = pytest.mark.django_db

SMALL = load_scenario(SCENARIO_DIR / "small-oltp-se2.json")


def test_an_se2_need_the_headroom_takes_past_eight_vcpus_is_shown_not_deployable_with_the_caps_words(client, prices):
    # small-oltp-se2 on BYOL at a peak of 7 vCPUs: 7 x 1.2 = 8.4, past the 8 vCPUs Oracle's cloud policy lets SE2 run
    # on. The rules allow EC2 (a warning, a cost note), but nothing can be deployed: its verdict reads so, never
    # "Viable with caveats", and its column and the ranking give the cap's words
    data = SMALL.workload.model_dump(mode="json")
    data["oracle"]["licence_model"] = "byol"
    data["sizing"].update(peak_cpu=7, average_cpu=3)
    workload = parse_workload(data)
    meta = services.AssessmentMeta(name=SMALL.name, customer=SMALL.customer, project=SMALL.project)
    assessment = services.assessment_create(meta=meta, workload=workload)
    body = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    shown = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))
    ec2 = body[body.index('id="option-ec2"') :]
    ec2 = ec2[: ec2.index("</h3>")]
    assert "Not deployable as sized" in ec2 and "Viable with caveats" not in ec2
    assert "Self-managed Oracle on EC2 has nothing deployable as sized: Standard Edition 2 may be licensed on " in shown
    assert "and the need is 8.4 vCPUs" in shown
