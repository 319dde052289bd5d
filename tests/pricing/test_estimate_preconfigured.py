"""/estimate for the RDS for Oracle classes AWS preconfigures with one thread per core (db.r5.2xlarge.tpc1.mem2x).

AWS RDS User Guide (2023-06): "tpc2 – The threads per core. A value of 2 means that multithreading is turned on. If
the value is 1, multithreading is turned off"; its hardware table: "db.r5.2xlarge.tpc1.mem2x | 8 | — | 128". Oracle's
cloud policy (oracle-on-aws-features.md section 4): "one vCPU as equivalent to one Oracle Processor license if
multi-threading ... is not enabled": 8 vCPUs = 8 cores = 8 EE processor licences, each $47,500 (8 x 47,500 =
$380,000 to buy; 4 would be $190,000).
"""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from tests.pricing.test_views import text_of

TPC1 = "db.r5.2xlarge.tpc1.mem2x"
WHY = f"{TPC1} runs 1 thread per core as AWS preconfigures it, so its 8 vCPUs are 8 cores"


def page(client: Client, **params: str) -> str:
    return text_of(client.get(reverse("pricing:estimate"), {"edition": "ee", "instance_class": TPC1, **params}))


def test_a_tpc1_class_is_licensed_for_its_8_cores_and_says_why(client: Client, prices: None) -> None:
    # af-south-1's price rows give the class 8 vCPUs ("vcpu": "8")
    text = page(client, region="af-south-1")
    assert "Oracle Database Enterprise Edition: 8 processor licence(s) to buy at $47,500.00" in text
    assert WHY in text and "(hyper-threading off) = 8 processor licence(s)" in text
    assert "4 processor licence(s)" not in text


def test_hyperthreading_off_is_accepted_and_on_is_refused_with_the_reason(client: Client, prices: None) -> None:
    assert "Oracle Database Enterprise Edition: 8 processor licence(s) to buy" in page(
        client, region="af-south-1", hyperthreading="false"
    )
    refused = page(client, region="af-south-1", hyperthreading="true")
    assert f"{TPC1} runs one thread per core as AWS preconfigures it" in refused
    assert "AWS publishes no cores or threads per core" not in refused
    assert "processor licence(s) to buy" not in refused


def test_without_vcpus_in_the_price_rows_the_user_guides_count_is_used(client: Client, prices: None) -> None:
    # the eu-west-1 offer file's rows carry no vCPU count: the guide's hardware table gives 8
    text = page(client, region="eu-west-1")
    assert "Oracle Database Enterprise Edition: 8 processor licence(s) to buy" in text and WHY in text
    assert "the vCPU count of" not in text
