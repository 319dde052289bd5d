"""The results page speaks to people: words for yes and no, thousands separators in every count and size."""

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


@pytest.fixture
def warehouse(prices: None) -> Assessment:
    meta = services.AssessmentMeta(name=WAREHOUSE.name, customer=WAREHOUSE.customer, project=WAREHOUSE.project)
    return services.assessment_create(meta=meta, workload=WAREHOUSE.workload)


def text_of(body: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_sizing_policy_sentence_says_yes_and_no_not_true_and_false(client: Client, warehouse: Assessment) -> None:
    url = reverse("advisor:assessment-results", args=[warehouse.public_id])
    text = text_of(client.get(url, {"policy.burst_may_cover_peaks.present": "1"}).content.decode())
    sentence = text[text.index("Sizing policy: CPU headroom") :].split(".</p>")[0]
    assert "Burst may cover peaks: no;" in sentence and "Consider burstable classes (t3): no;" in sentence
    assert "Use instance-store NVMe for reads on EC2: yes;" in sentence
    assert "CPU headroom 20 %;" in sentence and "Buffer cache hit ratio once the hot set is cached 99 %" in sentence
    assert not re.search(r"\b(True|False)\b", sentence)


def test_results_group_thousands_in_sizes_counts_and_prices(client: Client, warehouse: Assessment) -> None:
    body = client.get(reverse("advisor:assessment-results", args=[warehouse.public_id])).content.decode()
    text = text_of(body)
    # 8,192 GiB growing to 16,000 GiB at the horizon, scanned in 1 MiB reads, 15,000 read IOPS plus 20 % headroom
    need = text[text.index("Sized for:") : text.index("the answers plus the policy")]
    assert "16,000 GiB at the horizon" in need and "18,000 at peak" in need and "at 1,024 KiB" in need
    assert not re.search(r"\b\d{4,}\b", need)
    # the capacity table's IO sizes, and the licence lines' unit prices (an annual price a month: $1,319.44)
    assert '<td class="num">1,024</td>' in body
    unit_prices = re.findall(r"× \$([\d,.]+) =", text)
    assert "1,319.44" in unit_prices and not [p for p in unit_prices if re.match(r"\d{4}", p)]


def test_measured_coremark_per_thread_stands_beside_each_candidate(client: Client, warehouse: Assessment) -> None:
    body = client.get(reverse("advisor:assessment-results", args=[warehouse.public_id])).content.decode()
    text = text_of(body)
    # ec2-benchmarks-coremark: "m7i.16xlarge,...,1339566.036419,20930.7,64" -> 20,931 per thread (an EC2
    # alternative) and "m5.24xlarge,...,1374718.075395,14320.0,96" -> 14,320 (db.m5.24xlarge, an RDS one). r6in was
    # not benchmarked and AWS names no processor for it, so the chosen EC2 class (r6in.8xlarge) says so; r5b was not
    # benchmarked either, but AWS lists it with r5n on Cascade Lake 8259CL alone, so the chosen RDS class
    # (db.r5b.8xlarge) shows r5n.8xlarge's "448514.296393,14016.1,32" -> 14,016, saying whose it is and why.
    assert "m7i.16xlarge: " in text and "CoreMark 20,931 per thread" in text
    assert "db.m5.24xlarge: " in text and "CoreMark 14,320 per thread" in text
    shown = [html.unescape(s) for s in re.findall(r'<span class="coremark">([^<]*)</span>', body)]
    assert shown.count("CoreMark per thread: not measured in the benchmarks used here") == 1
    assert (
        "CoreMark 14,016 per thread (borrowed from r5n.8xlarge, measured 2025-12-11); r5b has no CoreMark measurement; "
        "r5n runs on the same processor (Cascade Lake 8259CL, AWS EC2 User Guide 'Memory optimized instances', "
        "2023-06), so r5n.8xlarge's measured figure is used; sizes of r5n (whose measurements r5b borrows) differ by "
        "up to 11.6 % in the measurements; smaller differences are not credited"
    ) in shown
    # an alternative of the family says it too, in short: r5n.12xlarge's "719172.951106,14982.8,48"
    assert (
        "CoreMark 14,983 per thread, borrowed from r5n.12xlarge (the same processor; sizes of r5n differ by up to "
        "11.6 %)" in shown
    )
    assert "so a faster core is not credited" in text
