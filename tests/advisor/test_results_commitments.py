"""The results page and its document say commitments as they compare with on-demand: one dearer costs more (never
"saves $-"), on-demand cheapest among those priced is not "no price held", and Oracle Database@AWS has no AWS
commitment to buy. Prices from the committed fixtures."""

import html
import re

import pytest
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import parse_workload

pytestmark = pytest.mark.django_db


@pytest.fixture
def dearer_commitments(prices):
    """EE BYOL in us-east-1 with a standby in a second Availability Zone and a DR copy in us-west-2, run 200 hours a
    month, with I/O modest enough for EC2 to choose three r5.4xlarge: only the 1- and 3-year All Upfront
    reservations are held for them, and at 200 hours a month both cost more than on-demand."""
    latency = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json")
    data = latency.workload.model_dump(mode="json")
    data["environment"].update(region="us-east-1", hours_per_month=200)
    data["availability"].update(dr_region="us-west-2", read_replicas=0)
    data["io"].update(peak_read_iops=5000, peak_write_iops=2000, sustained_read_iops=3000, sustained_write_iops=1000,
                      peak_read_mib_s=100, peak_write_mib_s=50, latency_sensitivity="moderate")  # fmt: skip
    meta = services.AssessmentMeta(name="Dearer commitments", customer=latency.customer, project=latency.project)
    return services.assessment_create(meta=meta, workload=parse_workload(data))


def test_commitments_dearer_than_on_demand_are_said_to_cost_more_on_the_page_and_in_the_document(
    client, dearer_commitments
):
    page = client.get(reverse("advisor:assessment-results", args=[dearer_commitments.public_id])).content.decode()
    document = client.get(
        reverse("advisor:assessment-report", args=[dearer_commitments.public_id]) + "?format=html"
    ).content.decode()
    assert 'id="option-ec2"' in page and "r5.4xlarge" in page
    for said in (page, document):
        shown = html.unescape(re.sub(r"<[^>]+>", " ", said))
        # 24 EC2 commitments: reserved 1 and 3 years, Standard and Convertible, each No, Partial and All Upfront, and
        # EC2 Instance and Compute Savings Plans for the same terms; the 1- and 3-year Standard All Upfront are held
        assert (
            "On-demand is cheapest over 36 months: no commitment priced costs less (2 priced, 22 not priced)" in shown
        )
        # on-demand 3 x 1.008 x 200 x 36 = 21,772.80 of compute; 1 year All Upfront 9 x 0.592694 x 8,760 (5,192.00)
        # = 46,728.00 and 3 years 3 x 0.378995 x 26,280 (9,959.99) = 29,879.97, the rest alike
        assert "costs $24,955 more than on-demand" in shown and "costs $8,107 more than on-demand" in shown
        assert "saves $-" not in shown and "On-demand only: no price held for r5.4xlarge" not in shown
        # Oracle Database@AWS has no AWS commitment to buy: said so, never as a price not held
        assert "No AWS Reserved Instance or Savings Plan applies to Oracle Database@AWS" in shown
