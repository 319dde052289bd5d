"""The form layer: the shared fields (pricing/forms_common.py) and the /estimate form (pricing/forms.py): what a query
string becomes in the public config contract, which fields each platform shows, and where every problem lands."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.http import QueryDict

from pricing.engine.calculator import Problem
from pricing.forms import EstimateForm
from pricing.forms_common import NumberField

DEFAULT_CONFIG = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
    "commitment": "on-demand",
    "storage": {"type": "gp3", "size_gib": 400},
    "extra_backup_gib": 0,
    "additional_volumes": [],
    "licences": {
        "include": True,
        "options": [],
        "db_version": "19c",
        "discount_pct": Decimal(0),
        "owned_processor_licences": 0,
        "term_years": 3,
    },
}


def form(query: str = "") -> EstimateForm:
    return EstimateForm.from_query(QueryDict(query))


def shown(query: str = "") -> set[str]:
    return set(form(query).fields)


# --- the shared number field ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"), [("1,000", 1000), (" 42 ", 42), ("", None)]
)  # fmt: skip
def test_a_number_field_reads_typed_text(text: str, value: int | None) -> None:
    assert NumberField(path="x", accepted="a whole number").clean(text) == value


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        (NumberField(path="x", accepted="a whole number of GiB"), "12.5", "'12.5' is not a whole number; accepted: a whole number of GiB"),
        (NumberField(path="x", accepted="a whole number of GiB"), "lots", "'lots' is not a number; accepted: a whole number of GiB"),
        (NumberField(path="x", accepted="a percentage", kind=Decimal), "NaN", "'NaN' is not a number; accepted: a percentage"),
        (NumberField(path="x", accepted="1 to 64", required=True), "", "blank; accepted: 1 to 64"),
        (NumberField(path="x", accepted="1 to 64", minimum=1, maximum=64), "65", "65; accepted: 1 to 64"),
    ],
)  # fmt: skip
def test_a_number_field_says_what_it_accepts(field: NumberField, text: str, message: str) -> None:
    with pytest.raises(Exception) as refused:
        field.clean(text)
    assert refused.value.messages == [message]  # type: ignore[attr-defined]


# --- the estimate form: query string -> config ------------------------------------------------------------------


def test_an_empty_query_is_the_worked_example(prices: None) -> None:
    estimate = form()
    assert estimate.is_valid(), estimate.errors
    assert estimate.config() == DEFAULT_CONFIG
    assert estimate.share_params() == {}  # the defaults stay out of a shared link


def test_every_setting_of_the_contract_reaches_the_config(prices: None) -> None:
    query = (
        "edition=ee&hours_per_month=200&free_tier=on&db_version=21c&pdbs=4&vcpus=8&hyperthreading=false&servers=2"
        "&standby=true&discount_pct=12.5&owned_licences=1&term_years=5&optimize_cpus_cores=2&options=diagnostics_pack"
        "&storage_iops=13000&storage_throughput=600&extra_backup_gib=50&performance_insights=long-term-retention"
        "&av1_type=gp3&av1_gib=500&av1_iops=12000&av1_throughput=500&av2_type=io2&av2_gib=300&av2_iops=3000"
    )
    config = form(query).config()
    assert config["hours_per_month"] == 200 and config["free_tier"] is True
    assert config["storage"] == {"type": "gp3", "size_gib": 400, "iops": 13000, "throughput_mib_s": 600}
    assert config["extra_backup_gib"] == 50
    assert config["performance_insights"] == {"mode": "long-term-retention"}
    assert config["additional_volumes"] == [
        {"type": "gp3", "size_gib": 500, "iops": 12000, "throughput_mib_s": 500},
        {"type": "io2", "size_gib": 300, "iops": 3000},
    ]
    assert config["licences"] == {
        "include": True,
        "options": ["diagnostics_pack"],
        "db_version": "21c",
        "pdbs": 4,
        "vcpus": 8,
        "servers": 2,
        "discount_pct": Decimal("12.5"),
        "owned_processor_licences": 1,
        "term_years": 5,
        "optimize_cpus_cores": 2,
        "standby": True,
        "hyperthreading": False,
    }


def test_ec2_reads_identical_volumes_and_snapshots(prices: None) -> None:
    config = form(
        "platform=ec2&volume_type=standard&volume_gib=100&volume_count=3&io_requests=5000&snapshot_gib=9"
    ).config()
    assert config["instance_class"] == "m5.xlarge"  # the default class follows the platform
    assert config["volumes"] == [{"type": "standard", "size_gib": 100, "io_requests_per_month": 5000}] * 3
    assert config["snapshot_gib"] == 9 and "storage" not in config and "additional_volumes" not in config


def test_a_shared_link_reproduces_the_config(prices: None) -> None:
    first = form("edition=ee&av1_type=gp3&av1_gib=700&hours_per_month=300&options=tuning_pack&options=diagnostics_pack")
    again = EstimateForm.from_query(first.share_params())
    assert again.config() == first.config()
    assert "av1_gib" in first.share_params() and "av2_type" not in first.share_params()


# --- which fields each platform shows ---------------------------------------------------------------------------


def test_each_platform_shows_its_own_fields(prices: None) -> None:
    rds, custom, ec2 = shown(), shown("platform=rds-custom"), shown("platform=ec2")
    assert {"free_tier", "performance_insights", "av1_type", "storage_gib", "hours_per_month"} <= rds
    assert "av2_type" not in rds and "av1_gib" not in rds  # a further volume only once the previous one has a type
    assert {"storage_gib", "hours_per_month"} <= custom and not {
        "free_tier",
        "av1_type",
        "performance_insights",
    } & custom
    assert {"volume_count", "snapshot_gib"} <= ec2 and not {"storage_gib", "av1_type", "free_tier"} & ec2
    for fields in (rds, custom, ec2):
        assert {"db_version", "pdbs", "vcpus", "hyperthreading", "servers"} <= fields


def test_additional_volumes_open_one_after_another_up_to_the_rules_count(prices: None) -> None:
    assert {"av1_gib", "av1_iops", "av1_throughput", "av2_type"} <= shown("av1_type=gp3")
    io2 = shown("av1_type=io2")
    assert "av1_iops" in io2 and "av1_throughput" not in io2  # io2 has no throughput to provision
    three = shown("av1_type=gp3&av2_type=gp3&av3_type=gp3")
    assert "av3_gib" in three and "av4_type" not in three  # RDS allows three (aws_rules.json)


def test_a_field_that_is_not_shown_is_not_read(prices: None) -> None:
    config = form("platform=ec2&storage_gib=10&av1_type=gp3&free_tier=on").config()
    assert "storage" not in config and "free_tier" not in config


# --- where problems land ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "path", "field"),
    [
        ("av1_type=gp3&av2_type=gp3", "additional_volumes[1].iops", "av2_iops"),
        ("av1_type=gp3", "additional_volumes", "av1_type"),
        ("av1_type=gp3&av2_type=gp3", "additional_volumes[1]", "av2_type"),
        ("platform=ec2", "volumes[3].iops", "volume_iops"),
        ("platform=ec2", "volumes", "volume_count"),
        ("", "storage", "storage_type"),
        ("", "licences.options[0]", "options"),
        ("", "licences.owned_processor_licences.rac", "owned_licences"),
        ("", "licences.vcpus", "vcpus"),
        ("", "licences.pdbs", "pdbs"),
        ("", "hours_per_month", "hours_per_month"),
        ("", "performance_insights", "performance_insights"),
        ("platform=ec2", "performance_insights", ""),  # not shown on EC2: said on the form, not on a field
        ("", "nothing.like.this", ""),
    ],
)
def test_an_engine_path_lands_on_the_field_that_holds_it(prices: None, query: str, path: str, field: str) -> None:
    assert form(query).field_for(path) == field


def test_engine_problems_mark_their_fields_but_not_over_the_forms_own(prices: None) -> None:
    estimate = form("discount_pct=lots&av1_type=gp3")
    issues = estimate.add_problems(
        [
            Problem("licences.discount_pct", "150; accepted: 0 to 100"),
            Problem("additional_volumes[0].size_gib", "100 GiB; accepts 200-65,536"),
            Problem("volumes", "EBS volumes are for platform ec2"),
        ]
    )
    assert estimate.errors["discount_pct"] == [
        "'lots' is not a number; accepted: a percentage from 0 to 100, e.g. 15 or 12.5"
    ]
    assert estimate.errors["av1_gib"] == ["100 GiB; accepts 200-65,536"]
    assert estimate.non_field_errors() == ["EBS volumes are for platform ec2"]
    assert [(i.path, i.field) for i in issues] == [("additional_volumes[0].size_gib", "av1_gib"), ("volumes", "")]
    assert 'aria-invalid="true"' in str(estimate["av1_gib"]) and "aria-invalid" not in str(estimate["av1_iops"])


def test_the_forms_own_errors_name_the_config_path(prices: None) -> None:
    estimate = form("av1_type=gp3&av1_gib=x&term_years=2.5&platform=rds")
    assert {(i.path, i.field) for i in estimate.own_issues()} == {
        ("additional_volumes[0].size_gib", "av1_gib"),
        ("licences.term_years", "term_years"),
    }
    assert estimate.value("term_years") == 3  # the default stands in, so the engine still checks the rest


def test_a_value_missing_from_a_select_stays_selected_and_marked(prices: None) -> None:
    estimate = form("instance_class=db.zz.huge&standby=maybe")
    assert '<option value="db.zz.huge" selected>db.zz.huge (not available here)</option>' in str(
        estimate["instance_class"]
    )
    assert estimate.is_valid() is False
    assert estimate.errors == {"standby": ["'maybe' is not accepted; accepted: blank (the default), true, false"]}
    assert '<option value="maybe" selected>' in str(estimate["standby"])


def test_each_control_is_described_by_its_error(prices: None) -> None:
    estimate = form()
    html = str(estimate["storage_gib"])
    assert 'id="est-storage_gib"' in html and 'aria-describedby="err-est-storage_gib"' in html
    assert "required" not in html  # the page says what is wrong; the browser does not block the request


def test_any_mapping_binds_like_a_query_dict(prices: None) -> None:
    data: dict[str, Any] = {"options": "tuning_pack", "platform": "ec2", "instance_class": "db.r5.large"}
    estimate = EstimateForm.from_query(data)
    assert estimate.config()["licences"]["options"] == ["tuning_pack"]
    assert estimate.config()["instance_class"] == "r5.large"


def test_named_user_plus_and_its_named_users_reach_the_config(prices: None) -> None:
    config = form("metric=nup&named_users=15").config()
    assert config["licences"]["metric"] == "nup" and config["licences"]["named_users"] == 15
    assert "named_users" not in form("named_users=15").config()["licences"]  # shown with Named User Plus only
