"""``manage.py estimate --config F.json [--json]``: the issue's CLI on the public config contract.

Expected amounts are worked from the price rows (the committed eu-west-1 offer files, the current us-east-1
snapshot) and the Oracle price list of shared/reference/oracle-on-aws-features.md section 4."""

from __future__ import annotations

import io
import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from pricing import services
from tests.pricing.offer_data import offer, price_of

D = Decimal
EE_LIST, SUPPORT = D(47500), D("0.22")  # oracle-on-aws-features.md section 4


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def ec2_price(family: str, **attributes: str) -> Decimal:
    data = offer("AmazonEC2")
    found = {
        D(price_of(data, sku))
        for sku, p in data["products"].items()
        if p["productFamily"] == family and all(p["attributes"].get(k) == v for k, v in attributes.items())
    }
    assert len(found) == 1, (family, attributes, found)
    return found.pop()


EC2_CONFIG = {
    "platform": "ec2",
    "region": "eu-west-1",
    "instance_class": "r6i.2xlarge",
    "edition": "ee",
    "licence_model": "byol",
    "deployment": "single-az",
    "volumes": [
        {"type": "gp3", "size_gib": 1000, "iops": 6000, "throughput_mib_s": 250},
        {"type": "io1", "size_gib": 200, "iops": 5000},
    ],
    "snapshot_gib": 300,
    "commitment": "on-demand",
    "licences": {"include": True, "options": ["partitioning"]},
}


def config_file(tmp_path: Path, config: Any) -> str:
    path = tmp_path / "config.json"
    path.write_text(config if isinstance(config, str) else json.dumps(config))
    return str(path)


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("estimate", *args, stdout=out)
    return out.getvalue()


def test_json_answer_prices_every_line_from_its_row(prices: None, tmp_path: Path) -> None:
    data = json.loads(run("--config", config_file(tmp_path, EC2_CONFIG), "--json"))

    instance = cents(730 * ec2_price("Compute Instance", instanceType="r6i.2xlarge"))
    gp3 = cents(1000 * ec2_price("Storage", volumeApiName="gp3"))
    gp3_iops = cents(3000 * ec2_price("System Operation", usagetype="EU-EBS:VolumeP-IOPS.gp3"))  # above 3,000
    # gp3 throughput is published per GiBps-month: 125 MiB/s above the baseline = 125/1024 GiBps
    gp3_mibs = cents(D(125) / 1024 * ec2_price("Provisioned Throughput", usagetype="EU-EBS:VolumeP-Throughput.gp3"))
    io1 = cents(200 * ec2_price("Storage", volumeApiName="io1"))
    io1_iops = cents(5000 * ec2_price("System Operation", usagetype="EU-EBS:VolumeP-IOPS.piops"))
    snapshots = cents(300 * ec2_price("Storage Snapshot", usagetype="EU-EBS:SnapshotUsage"))
    aws = [instance, gp3, gp3_iops, gp3_mibs, io1, io1_iops, snapshots]
    # r6i.2xlarge: 8 vCPUs with hyper-threading = 4 processor licences of EE and of Partitioning ($11,500)
    licences = [
        cents(4 * EE_LIST / 36),
        cents(4 * EE_LIST * SUPPORT / 12),
        cents(4 * D(11500) / 36),
        cents(4 * D(11500) * SUPPORT / 12),
    ]
    assert [D(line["monthly_usd"]) for line in data["lines"]] == aws + licences
    for line in data["lines"]:
        assert {
            "name",
            "quantity",
            "unit",
            "unit_price_usd",
            "monthly_usd",
            "price_source",
            "as_of",
            "estimated",
        } <= set(line)
    first = data["lines"][0]
    assert (first["quantity"], first["unit"], first["as_of"], first["estimated"]) == ("730", "Hrs", "2023-02-23", False)
    assert first["price_source"].startswith("AWS Price List, eu-west-1, 2023-02-23 · SKU ")  # as the page names it
    assert D(data["aws_monthly_usd"]) == sum(aws)
    assert D(data["licence_monthly_usd"]) == sum(licences)
    assert D(data["total_monthly_usd"]) == sum(aws) + sum(licences)
    assert [s["service"] for s in data["price_snapshots"]] == ["AmazonEC2"]
    assert data["licence"]["licences_per_server"] == 4
    assert "AWS Price List, eu-west-1, 2023-02-23" in data["price_sources"]


def test_text_output_is_a_readable_bill(prices: None, tmp_path: Path) -> None:
    config = {
        "platform": "rds",
        "region": "us-east-1",
        "instance_class": "db.r5.2xlarge",
        "edition": "ee",
        "licence_model": "byol",
        "deployment": "multi-az",
        "storage": {"type": "io1", "size_gib": 500, "iops": 10000},
        "licences": {"include": False},
    }
    out = run("--config", config_file(tmp_path, config))
    rows = services.current_rows("us-east-1", "AmazonRDS")
    instance = next(
        r
        for r in rows
        if r.attributes.get("instanceType") == "db.r5.2xlarge"
        and r.attributes.get("deploymentOption") == "Multi-AZ"
        and r.attributes.get("databaseEdition") == "Enterprise"
    )
    snapshot = services.snapshot_current("us-east-1", "AmazonRDS")
    assert snapshot is not None
    assert out.startswith("Amazon RDS for Oracle · us-east-1 · db.r5.2xlarge · EE BYOL · multi-az · on-demand")
    assert f"AmazonRDS us-east-1 snapshot #{snapshot.pk} (committed fixture)" in out
    # the dates said are those of the rows the bill used: the VI21 instance row (2021-08-03) is the oldest
    assert f"(rows as of {instance.as_of.isoformat()}" in out
    assert f"${cents(730 * instance.price_usd):,.2f} *" in out  # estimated lines carry a star ...
    assert "estimated: twice the Single-AZ price: the copy of the AWS price list used has no Multi-AZ price" in out
    assert "VI21" in instance.description and "VI21" not in out  # ... and their note, in words a customer reads
    # (the row keeps its provenance)
    assert "* estimated: derived rather than read from the price list" in out
    total = out.split("Total, monthly", 1)[1].split()[0]
    assert total.startswith("$") and "Total, 1 year (12 months)" in out and "Total, 3 years (36 months)" in out
    assert "sources:" in out and f"AWS Price List, us-east-1, {instance.as_of.isoformat()} (third-party copy)" in out
    assert "VI21" not in out and "fixtures/" not in out and "§" not in out


def test_the_config_can_come_from_standard_input(prices: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(EC2_CONFIG)))
    data = json.loads(run("--config", "-", "--json"))
    assert data["instance_class"] == "r6i.2xlarge" and len(data["lines"]) == 11


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"region": "xx-nowhere-1"}, "region: 'xx-nowhere-1' (not an AWS region code) has no EC2 prices held; "
                                     "priced regions: af-south-1, ap-east-1,"),
        ({"instance_class": "r6i.mega"}, "instance_class: r6i.mega has no EC2 Linux on-demand price in eu-west-1"),
        ({"platform": "rds", "instance_class": "db.r5.large", "licence_model": "li", "volumes": [],
          "snapshot_gib": 0, "storage": {"type": "gp3", "size_gib": 400}},
         "licence_model: License Included (li) is not available for EE on RDS for Oracle; accepted: BYOL (byol)"),
        ({"volumes": [{"type": "gp3", "size_gib": 100, "iops": 90000}]}, "volumes[0].iops: 90,000 IOPS; EBS gp3 accepts 3,000-80,000"),
    ],
)  # fmt: skip
def test_bad_config_exits_non_zero_naming_the_field_and_what_is_accepted(
    prices: None, tmp_path: Path, change: dict[str, Any], expected: str
) -> None:
    with pytest.raises(CommandError) as raised:
        run("--config", config_file(tmp_path, {**EC2_CONFIG, **change}))
    message = str(raised.value)
    assert message.startswith("invalid configuration (")
    assert f"  {expected}" in message


def test_every_problem_is_listed(prices: None, tmp_path: Path) -> None:
    config = {**EC2_CONFIG, "region": "mars-1", "snapshot_gib": -1, "licences": {"term_years": 0, "discount_pct": 120}}
    with pytest.raises(CommandError) as raised:
        run("--config", config_file(tmp_path, config))
    message = str(raised.value)
    assert message.startswith("invalid configuration (4 problems):")
    for field in ("region", "snapshot_gib", "licences.term_years", "licences.discount_pct"):
        assert f"\n  {field}: " in message


def test_an_unknown_key_names_the_accepted_keys(prices: None, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="storage_gb: unknown key; accepted keys: platform, region"):
        run("--config", config_file(tmp_path, {**EC2_CONFIG, "storage_gb": 5}))


@pytest.mark.parametrize(
    ("text", "message"), [("{not json", "is not valid JSON"), ("[1]", "expected a JSON object (the estimate config)")]
)
def test_a_file_that_is_not_a_config_object(prices: None, tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(CommandError, match=re.escape(message)):
        run("--config", config_file(tmp_path, text))


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read --config .*nope.json: No such file or directory"):
        run("--config", str(tmp_path / "nope.json"))


def test_hyperthreading_off_is_counted_alike_by_the_cli_and_the_api(prices: None, tmp_path: Path, client: Any) -> None:
    # r6i.2xlarge: 8 vCPUs = 4 cores x 2 threads (AWS EC2 User Guide, 2023-06). Off, each core runs one thread:
    # 4 vCPUs, 1 per processor licence = 4 licences of EE and of Partitioning, as many as 8 / 2 with it on
    config = {**EC2_CONFIG, "licences": {"include": True, "options": ["partitioning"], "hyperthreading": False}}
    cli = json.loads(run("--config", config_file(tmp_path, config), "--json"))
    api = client.post("/api/v1/estimate", json.dumps(config), "application/json").json()
    for answer in (cli, api):
        licence = answer["licence"]
        assert (licence["licensed_vcpus"], licence["hyperthreading"], licence["licences_per_server"]) == (4, False, 4)
        assert D(answer["licence_monthly_usd"]) == sum(
            (cents(4 * EE_LIST / 36), cents(4 * EE_LIST * SUPPORT / 12),
             cents(4 * D(11500) / 36), cents(4 * D(11500) * SUPPORT / 12)), D(0))  # fmt: skip
        assert licence["notes"][0].startswith(
            "EE: 4 vCPUs (r6i.2xlarge's 8 vCPUs are 4 cores x 2 threads; with hyper-threading off each core runs one)"
        )
    text = run("--config", config_file(tmp_path, config))
    assert "with hyper-threading off each core runs one" in text


def test_a_1_year_licence_term_with_a_support_uplift_counts_each_years_support_in_the_3_year_run_rate(
    prices: None, tmp_path: Path
) -> None:
    # The auditor's e6: r6i.xlarge in us-east-1 (Karpenter 2026-07-20: 0.252 x 730 = 183.96) with 500 GiB gp3 (0.08:
    # 40.00) = 223.96 a month of AWS; 2 EE processor licences owned, so support only: 22% x 2 x 47,500 = 20,900.00 in
    # year 1, rising 8% a year: 22,572.00 in year 2, 24,377.76 in year 3; licences over 1 year.
    config = {
        "platform": "ec2", "region": "us-east-1", "instance_class": "r6i.xlarge", "edition": "ee",
        "licence_model": "byol", "volumes": [{"type": "gp3", "size_gib": 500}],
        "licences": {"owned_processor_licences": 2, "term_years": 1, "support_uplift_pct": "8"},
    }  # fmt: skip
    out = run("--config", config_file(tmp_path, config))

    def line(label: str) -> str:
        return next(row for row in out.splitlines() if row.startswith(label))

    # a month: 223.96 + 20,900 / 12 (1,741.67) = 1,965.63, the 1-year term's support being year 1's
    assert "$1,965.63   run-rate, licences spread over 1 year" in line("Total, monthly")
    # 3 years: 223.96 x 36 = 8,062.56 + 20,900.00 + 22,572.00 + 24,377.76 = 75,912.32, as the cash paid over them
    # (not 1,965.63 x 36 = 70,762.68); 1 year: 223.96 x 12 = 2,687.52 + 20,900.00 = 23,587.52
    basis = "run-rate, licences spread over 1 year; Oracle support as paid in the years counted, rising 8% a year"
    assert f"$75,912.32   {basis}" in line("Total, 3 years (36 months)")
    assert f"$23,587.52   {basis}" in line("Total, 1 year (12 months)")
    assert "$75,912.32" in line("Cash as paid, 3 years")
    assert "rising 8% a year (year 1's fee, a 1-year term)" in out

    data = json.loads(run("--config", config_file(tmp_path, config), "--json"))
    assert (data["run_rate"]["one_year_usd"], data["run_rate"]["three_year_usd"]) == ("23587.52", "75912.32")
    assert (
        data["run_rate"]["basis"].startswith(basis) and data["totals_basis"] == "run-rate, licences spread over 1 year"
    )
