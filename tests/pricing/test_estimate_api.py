"""POST /api/v1/estimate: the public contract, bad configs with field paths, and the same answer as the CLI.

Expected amounts come from the price rows, as in the /estimate page's tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pricing import services
from tests.pricing.offer_data import REGION
from tests.pricing.test_estimate_views import HOURS, SE2_CONFIG, SE2_LIST, SUPPORT, D, cents, se2_instance

# --- POST /api/v1/estimate --------------------------------------------------------------------------------------


def post(client: Client, data: Any) -> Any:
    body = data if isinstance(data, str) else json.dumps(data)
    return client.post(reverse("api:api-estimate"), body, "application/json")  # the API: config/api.py


def test_api_answers_the_public_contract(client: Client, prices: None) -> None:
    response = post(client, SE2_CONFIG)
    assert response.status_code == 200
    data = response.json()
    first, storage = data["lines"][:2]
    assert {"name", "quantity", "unit", "unit_price_usd", "monthly_usd", "price_source", "as_of", "estimated"} <= set(
        first
    )
    unit = se2_instance("Bring your own license")
    assert (first["quantity"], first["unit"], D(first["unit_price_usd"])) == ("730", "Hrs", unit)
    assert D(first["monthly_usd"]) == cents(HOURS * unit)
    assert (first["as_of"], first["estimated"]) == ("2023-02-23", False)
    # sources by the names people know them (the AWS SKU kept to look the row up), never our files or dataset keys
    assert first["price_source"].startswith("AWS Price List, eu-west-1, 2023-02-23 · SKU ")
    assert data["price_sources"] == ["AWS Price List, eu-west-1, 2023-02-23"]
    assert D(storage["monthly_usd"]) == cents(400 * D("0.127"))
    aws = cents(HOURS * unit) + cents(400 * D("0.127"))
    licence = cents(SE2_LIST / 36) + cents(SE2_LIST * SUPPORT / 12)
    assert (D(data["aws_monthly_usd"]), D(data["licence_monthly_usd"])) == (aws, licence)
    assert D(data["total_monthly_usd"]) == aws + licence
    (snapshot,) = data["price_snapshots"]
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None
    assert snapshot == {
        "id": current.pk,
        "service": "AmazonRDS",
        "region": "eu-west-1",
        "source": "AWS Price List, eu-west-1, 2023-02-23, held by the advisor",  # not our fixture's file
        "as_of": "2023-02-23",
        "origin": "fixture",
    }
    assert data["licence"]["metric"] == "socket" and data["notes"]


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"region": "xx-nowhere-1"}, "region", "priced regions: af-south-1, ap-east-1"),
        ({"instance_class": "db.q9.mega"}, "instance_class", "priced classes:"),
        ({"edition": "ee", "licence_model": "li"}, "licence_model", "accepted: BYOL (byol)"),
        ({"storage": {"type": "gp3", "size_gib": 400, "iops": 99}}, "storage.iops", "accepts 12,000-64,000"),
        ({"platform": "ec2", "instance_class": "m5.xlarge", "storage": None, "volumes": [{"type": "gp9", "size_gib": 1}]},
         "volumes[0].type", "accepted: 'gp2', 'gp3'"),
    ],
)  # fmt: skip
def test_api_rejects_bad_configs_with_field_paths(
    client: Client, prices: None, change: dict[str, Any], path: str, message: str
) -> None:
    config = {k: v for k, v in {**SE2_CONFIG, **change}.items() if v is not None}
    response = post(client, config)
    assert response.status_code == 400
    errors = {e["path"]: e["message"] for e in response.json()["errors"]}
    assert path in errors and message in errors[path], errors


def test_api_lists_every_problem_of_a_config(client: Client, prices: None) -> None:
    config = {**SE2_CONFIG, "region": "mars-1", "extra_backup_gib": -5, "licences": {"discount_pct": 150}}
    errors = {e["path"] for e in post(client, config).json()["errors"]}
    assert errors == {"region", "extra_backup_gib", "licences.discount_pct"}


@pytest.mark.parametrize("body", ["{not json", "[1, 2]"])
def test_api_rejects_a_body_that_is_not_a_json_object(client: Client, body: str) -> None:
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "body"


def test_api_answers_as_the_cli_does(client: Client, prices: None, tmp_path: Path, capsys: Any) -> None:
    from django.core.management import call_command

    path = tmp_path / "config.json"
    path.write_text(json.dumps(SE2_CONFIG))
    call_command("estimate", "--config", str(path), "--json")
    assert json.loads(capsys.readouterr().out) == post(client, SE2_CONFIG).json()
