"""A workload licensed per Named User Plus: the questionnaire's answer reaches every licence line of the
recommendation, checked where it cannot be counted, and the processor metric stays the default.

Worked by hand from Oracle's Technology Global Price List as the research reference quotes it (Standard Edition 2:
$350 per Named User Plus, minimum 10 per server; support 22 % a year; purchases spread over 36 months), on the small
SE2 OLTP golden scenario moved to eu-west-1 (the Region the fixtures price in full) and bought as BYOL: RDS's
Multi-AZ standby is licensed like the primary (2 servers), EC2 builds one server.
"""

from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from advisor.engine.host_licences import with_suggested_licences
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import WorkloadInvalid, parse_workload, workload_json_schema
from advisor.estates.engine.inventory import read_inventory
from pricing.engine.prices.book import PriceBook
from pricing.offers.files import read_offer_file

PRICES = Path(__file__).resolve().parents[4] / "fixtures" / "prices" / "eu-west-1"


@cache
def book() -> PriceBook:
    return PriceBook([row for name in ("AmazonRDS.json", "AmazonEC2.json")
                      for row in read_offer_file(PRICES / name, region="eu-west-1")])  # fmt: skip


def small_se2(**oracle):
    data = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload.model_dump(mode="json")
    data["environment"]["region"] = "eu-west-1"
    data["oracle"].update({"licence_model": "byol", **oracle})
    return parse_workload(data)


def licences(workload):
    return {o.option: o.chosen.topology for o in recommend(workload, book()).options if o.chosen is not None}


def cents(value):
    return Decimal(value).quantize(Decimal("0.01"), "ROUND_HALF_UP")


def test_fifteen_named_users_on_se2_are_priced_per_named_user_plus_on_every_licensed_server():
    found = licences(small_se2(licence_metric="nup", named_users=15))
    rds, ec2 = found["rds"], found["ec2"]
    # RDS Multi-AZ: 15 named users (above the minimum of 10) x 2 servers = 30 at $350
    assert (rds.licence.metric, rds.licence.licences_per_server, rds.licence.servers) == ("nup", 15, 2)
    assert rds.licence_monthly_usd == cents(30 * 350 / Decimal(36)) + cents(30 * 350 * Decimal("0.22") / 12)
    assert "15 named users, at least 10 per server = 15 Named User Plus × 2 servers = 30" in rds.licence_lines[0].name
    # EC2: one server, 15 at $350: $145.83 + $96.25
    assert ec2.licence_monthly_usd == Decimal("145.83") + Decimal("96.25")


def test_the_processor_metric_stays_the_default_and_is_priced_per_socket():
    found = licences(small_se2())
    # db.m5.xlarge / m5.xlarge: 4 vCPUs = 1 socket at $17,500; RDS licenses 2 servers
    assert found["rds"].licence.metric == "socket"
    assert found["rds"].licence_monthly_usd == cents(2 * 17500 / Decimal(36)) + cents(2 * 17500 * Decimal("0.22") / 12)


@pytest.mark.parametrize(
    ("oracle", "says"),
    [
        ({"licence_metric": "nup"}, "give the people and devices that use the database, 1 or more"),
        ({"named_users": 15}, "Named users are counted only with Named User Plus"),
        ({"licence_metric": "nup", "named_users": 0}, "1 or more"),
    ],
)
def test_named_users_are_required_with_named_user_plus_and_only_with_it(oracle, says):
    with pytest.raises(WorkloadInvalid) as refused:
        small_se2(**oracle)
    assert any(e.path == "oracle.named_users" and says in e.message for e in refused.value.errors)


def test_license_included_takes_named_user_plus_without_an_error():
    workload = small_se2(licence_model="li", licence_metric="nup", named_users=15)
    assert licences(workload)["rds"].licence_lines == ()  # the SE2 licence is in AWS's hourly rate


def test_the_schema_and_the_questionnaire_read_the_metric_and_the_named_users_from_the_model():
    oracle = workload_json_schema()["$defs"]["OracleSection"]["properties"]
    assert oracle["licence_metric"]["title"] == "Licence metric" and oracle["named_users"]["title"] == "Named users"


def test_the_source_hosts_processor_licences_are_not_suggested_under_named_user_plus():
    document = {"oracle": {"licence_metric": "nup", "named_users": 15},
                "source_host": {"location": "aws", "cpu_model": "r5.4xlarge"}}  # fmt: skip
    assert "processor_licences_owned" not in with_suggested_licences(document)["oracle"]


def test_an_inventory_says_the_metric_in_words_and_the_named_users():
    data = b"name,edition,licence_model,licence_metric,named_users\nA,se2,byol,Named User Plus,15\nB,ee,byol,,\n"
    inventory = read_inventory(data, "estate.csv")
    assert inventory.errors == ()
    assert [(r.workload.oracle.licence_metric.value, r.workload.oracle.named_users) for r in inventory.rows] == [
        ("nup", 15),
        ("processor", None),
    ]


def test_the_counts_shown_and_in_the_json_are_named_user_plus_not_processors():
    from advisor.engine.recommendation.as_json import recommendation_json
    from advisor.pages.candidate_words import licence_count_words

    workload = small_se2(licence_metric="nup", named_users=15)
    result = recommend(workload, book())
    rds = next(o for o in result.options if o.option == "rds").chosen
    # 2 servers x 15 Named User Plus = 30
    assert licence_count_words(rds).startswith("Oracle licences: 2 servers × 15 Named User Plus licences = 30 in all")
    data = recommendation_json(result)
    counted = next(o for o in data["options"] if o["option"] == "rds")["topology"]["licences"]
    assert (counted["metric"], counted["licences_per_server"], counted["licences_in_all"]) == ("nup", 15, 30)
    assert counted["processors_per_server"] is None and counted["processors_in_all"] is None
