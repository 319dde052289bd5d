"""refresh_prices against the AWS Price List Query API replayed with botocore's Stubber (no network).

Pages are in the real get_products shape (FormatVersion aws_v1, PriceList of JSON strings, NextToken), built from
the rows of the eu-west-1 offer file; the current snapshot they are compared with is the committed fixture."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from botocore.stub import Stubber
from django.core.management import CommandError, call_command

from pricing import services
from pricing.models import PriceRecord, PriceSnapshot
from pricing.offers import files as offer_files
from tests.pricing.commitment_data import add_reserved_term
from tests.pricing.offer_data import REGION, find_sku, item, offer, price_of, write

RDS_FILTERS = [
    [
        {"Type": "TERM_MATCH", "Field": "regionCode", "Value": REGION},
        {"Type": "TERM_MATCH", "Field": "databaseEngine", "Value": engine},
    ]
    for engine in ("Oracle", "Any")
]
LINUX = [
    {"Type": "TERM_MATCH", "Field": "operatingSystem", "Value": "Linux"},
    {"Type": "TERM_MATCH", "Field": "tenancy", "Value": "Shared"},
    {"Type": "TERM_MATCH", "Field": "preInstalledSw", "Value": "NA"},
    {"Type": "TERM_MATCH", "Field": "licenseModel", "Value": "No License required"},
    {"Type": "TERM_MATCH", "Field": "capacitystatus", "Value": "Used"},
]
EC2_FAMILIES = [
    "Compute Instance",
    "Compute Instance (bare metal)",
    "Provisioned Throughput",
    "Storage",
    "Storage Snapshot",
    "System Operation",
]


def ec2_filters(family: str) -> list[dict[str, str]]:
    region = {"Type": "TERM_MATCH", "Field": "regionCode", "Value": REGION}
    product = {"Type": "TERM_MATCH", "Field": "productFamily", "Value": family}
    return [region, product, *(LINUX if family.startswith("Compute Instance") else [])]


@pytest.fixture
def api(stub: tuple[Any, Stubber]) -> tuple[Any, Stubber]:
    """The stubbed Price List client (``stub``, the pricing tests' own), by the name these tests give it."""
    return stub


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    calls: list[float] = []
    monkeypatch.setattr(offer_files, "sleep", calls.append)
    return calls


def request(service: str, filters: list[dict[str, str]], token: str | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"ServiceCode": service, "Filters": filters, "FormatVersion": "aws_v1", "MaxResults": 100}
    if token:
        params["NextToken"] = token
    return params


def chunks(items: list[str], size: int = 100) -> list[list[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def stub_pages(
    stub: Stubber, service: str, filters: list[dict[str, str]], pages: list[list[str]], name: str, upto: int = 0
) -> None:
    """One response per page, chained by NextToken; with ``upto``, only the first ``upto`` pages are answered."""
    for number, page in enumerate(pages[: upto or None], 1):
        token = f"{name}-page-{number}" if number > 1 else None
        response: dict[str, Any] = {"FormatVersion": "aws_v1", "PriceList": page}
        if number < len(pages):
            response["NextToken"] = f"{name}-page-{number + 1}"
        stub.add_response("get_products", response, request(service, filters, token))


def rds_items(data: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The PriceList entries each RDS query returns: Oracle rows, then rows for any engine."""
    by_engine: dict[str, list[str]] = {"Oracle": [], "Any": []}
    for sku, product in data["products"].items():
        by_engine[product["attributes"]["databaseEngine"]].append(item(data, sku))
    return by_engine["Oracle"], by_engine["Any"]


def stub_rds(stub: Stubber, data: dict[str, Any]) -> None:
    oracle, anything = rds_items(data)
    stub_pages(stub, "AmazonRDS", RDS_FILTERS[0], chunks(oracle), "oracle")
    stub_pages(stub, "AmazonRDS", RDS_FILTERS[1], chunks(anything), "any")


def changed_rds() -> tuple[dict[str, Any], dict[str, str]]:
    """The eu-west-1 RDS offer with one row repriced, one removed and one added."""
    data = offer("AmazonRDS")
    repriced = find_sku(data, "Database Instance", instanceType="db.r5.xlarge", databaseEdition="Enterprise")
    removed = find_sku(data, "Database Instance", instanceType="db.x2iedn.32xlarge", deploymentOption="Multi-AZ")
    (term,) = data["terms"]["OnDemand"][repriced].values()
    (dimension,) = term["priceDimensions"].values()
    dimension["pricePerUnit"]["USD"] = "0.5310000000"
    del data["products"][removed], data["terms"]["OnDemand"][removed]
    added = "TESTR7IXLARGE001"
    product = json.loads(json.dumps(data["products"][repriced]))
    product["sku"], product["attributes"]["instanceType"] = added, "db.r7i.xlarge"
    data["products"][added] = product
    data["terms"]["OnDemand"][added] = json.loads(
        json.dumps(data["terms"]["OnDemand"][repriced]).replace(repriced, added).replace("0.5310000000", "0.6000000000")
    )
    return data, {"repriced": repriced, "removed": removed, "added": added}


def changed_rds_upload() -> tuple[dict[str, Any], dict[str, str]]:
    """``changed_rds()`` as an admin uploads it. AWS's offer files carry Reserved terms, so the added db.r7i.xlarge
    comes with a real 1-year Partial Upfront reservation: two more added rows (its upfront fee and its hourly fee)."""
    data, skus = changed_rds()
    add_reserved_term(data, skus["added"])
    return data, skus


def refresh(*args: str) -> str:
    out = io.StringIO()
    call_command("refresh_prices", "--region", REGION, *args, stdout=out)
    return out.getvalue()


def state() -> tuple[int, int, PriceSnapshot | None, PriceSnapshot | None]:
    return (
        PriceSnapshot.objects.count(),
        PriceRecord.objects.count(),
        services.snapshot_current(REGION, "AmazonRDS"),
        services.snapshot_current(REGION, "AmazonEC2"),
    )


def test_refresh_prints_progress_and_the_diff_then_switches_snapshots(prices: None, api: Any) -> None:
    _, stub = api
    data, skus = changed_rds()
    stub_rds(stub, data)
    before = services.snapshot_current(REGION, "AmazonRDS")
    assert before is not None
    old = offer("AmazonRDS")

    out = refresh("--service", "AmazonRDS")

    stub.assert_no_pending_responses()
    assert "AmazonRDS eu-west-1: query 1/2 (Oracle rows) page 1: 100 items" in out
    assert "query 2/2 (rows for any engine) page 1" in out
    unchanged = before.row_count - 2
    assert f"1 added, 1 removed, 1 repriced, {unchanged} unchanged" in out
    assert (
        f"{skus['repriced']} Database Instance db.r5.xlarge Enterprise, Bring your own license, Single-AZ (OnDemand): "
        f"0.516 USD/Hrs -> 0.531 USD/Hrs" in out
    )
    assert f"{skus['removed']} Database Instance db.x2iedn.32xlarge" in out
    assert f"was {float(price_of(old, skus['removed'])):g} USD/Hrs" in out
    assert f"{skus['added']} Database Instance db.r7i.xlarge Enterprise" in out
    after = services.snapshot_current(REGION, "AmazonRDS")
    assert after is not None and after != before and after.origin == "api"
    assert f"snapshot #{after.pk} ({before.row_count} rows, as of " in out
    assert f"is now current; the previous one (#{before.pk}) is kept" in out
    prices_now = {r.sku: str(r.price_usd) for r in services.current_rows(REGION, "AmazonRDS")}
    assert (prices_now[skus["repriced"]], prices_now[skus["added"]]) == ("0.531", "0.6")
    assert skus["removed"] not in prices_now
    assert all(
        r.source.startswith("AWS Price List Query API get_products (AmazonRDS, eu-west-1)")
        for r in services.current_rows(REGION, "AmazonRDS")
    )


def test_throttling_is_retried_with_backoff(prices: None, api: Any, sleeps: list[float]) -> None:
    _, stub = api
    for _ in range(2):
        stub.add_client_error(
            "get_products",
            "ThrottlingException",
            "Rate exceeded",
            400,
            expected_params=request("AmazonRDS", RDS_FILTERS[0]),
        )
    stub_rds(stub, offer("AmazonRDS"))
    before = state()

    out = refresh("--service", "AmazonRDS")

    stub.assert_no_pending_responses()
    assert sleeps == [1, 2]
    assert "query 1/2 (Oracle rows) page 1: AWS answered ThrottlingException; retrying in 1s (attempt 2 of 5)" in out
    assert "0 added, 0 removed, 0 repriced" in out  # the same prices as the fixture, now from the API
    held = before[2]
    assert held is not None
    assert (
        f"AmazonRDS eu-west-1: nothing changed: the same prices as the current snapshot #{held.pk}, which stays "
        "current; no snapshot was written" in out
    )
    assert state() == before


def test_a_malformed_item_fails_the_refresh_and_writes_nothing(prices: None, api: Any) -> None:
    _, stub = api
    data = offer("AmazonRDS")
    sku = find_sku(data, "Database Instance", instanceType="db.m5.xlarge", databaseEdition="Enterprise")
    (term,) = data["terms"]["OnDemand"][sku].values()
    (dimension,) = term["priceDimensions"].values()
    dimension["pricePerUnit"]["USD"] = "n/a"
    stub_rds(stub, data)
    before = state()

    with pytest.raises(CommandError) as raised:
        refresh("--service", "AmazonRDS")

    message = str(raised.value)
    assert message.startswith("refresh of eu-west-1 failed: get_products AmazonRDS eu-west-1: 1 invalid item(s)")
    assert f"{sku}: price_usd: Input should be a valid decimal" in message
    assert message.endswith("Nothing was written; the current price snapshots are unchanged.")
    assert state() == before


@pytest.mark.parametrize(
    ("code", "times", "reason"),
    [
        ("ExpiredNextTokenException", 1, "ExpiredNextTokenException"),
        ("ServiceUnavailableException", 5, "AWS answered ServiceUnavailableException 5 times in a row"),
    ],
)
def test_a_failure_on_page_3_of_5_leaves_the_current_snapshot(
    prices: None, api: Any, sleeps: list[float], code: str, times: int, reason: str
) -> None:
    _, stub = api
    oracle, _ = rds_items(offer("AmazonRDS"))
    pages = chunks(oracle[:500])
    assert len(pages) == 5
    stub_pages(stub, "AmazonRDS", RDS_FILTERS[0], pages, "oracle", upto=2)
    for _ in range(times):
        stub.add_client_error(
            "get_products",
            code,
            "page 3 is gone",
            400,
            expected_params=request("AmazonRDS", RDS_FILTERS[0], "oracle-page-3"),
        )
    before = state()

    with pytest.raises(CommandError) as raised:
        refresh("--service", "AmazonRDS")

    stub.assert_no_pending_responses()
    message = str(raised.value)
    assert "query 1/2 (Oracle rows) page 3" in message and reason in message
    assert "Nothing was written" in message
    assert state() == before
    assert len(sleeps) == times - 1


def test_all_services_are_written_together_or_not_at_all(prices: None, api: Any) -> None:
    _, stub = api
    stub_rds(stub, offer("AmazonRDS"))
    stub.add_client_error(
        "get_products",
        "AccessDeniedException",
        "not allowed",
        400,
        expected_params=request("AmazonEC2", ec2_filters("Compute Instance")),
    )
    before = state()

    with pytest.raises(CommandError, match="query 1/6 \\(Linux instances\\) page 1: AccessDeniedException"):
        refresh()

    assert state() == before


def test_an_ec2_refresh_asks_for_linux_instances_and_ebs(prices: None, api: Any) -> None:
    _, stub = api
    data = offer("AmazonEC2")
    for family in EC2_FAMILIES:
        items = [item(data, sku) for sku, p in data["products"].items() if p["productFamily"] == family]
        stub_pages(stub, "AmazonEC2", ec2_filters(family), chunks(items), family)
    current = services.current_rows(REGION, "AmazonEC2")
    oz_rows = [r for r in current if r.sku.startswith(("OZ-", "RI-"))]
    before = services.snapshot_current(REGION, "AmazonEC2")

    out = refresh("--service", "AmazonEC2", "--force")

    stub.assert_no_pending_responses()
    # The fixture adds OZ rows for types the 2023 offer file lacks and the shared reserved rows (RI-); the API answer
    # (the same file) has neither. So many rows removed would wait for review; --force makes it current anyway.
    assert f"0 added, {len(oz_rows)} removed, 0 repriced, {len(data['products'])} unchanged" in out
    assert f"made current although it would have waited for review: it would remove {len(oz_rows):,} of the" in out
    after = services.snapshot_current(REGION, "AmazonEC2")
    assert after is not None and after != before and after.row_count == len(data["products"])


def test_no_credentials_says_how_to_provide_them(
    prices: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sleeps: list[float]
) -> None:
    """A real client (no Stubber) with nowhere to find credentials: botocore refuses to sign, before any network."""
    for key in (
        "AWS_ACCESS_KEY_ID",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_SESSION_TOKEN",
        "AWS_PROFILE",
        "AWS_DEFAULT_PROFILE",
        "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
        "AWS_CONTAINER_CREDENTIALS_FULL_URI",
        "AWS_WEB_IDENTITY_TOKEN_FILE",
        "AWS_ROLE_ARN",
    ):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    before = state()

    with pytest.raises(CommandError) as raised:
        refresh("--service", "AmazonRDS")

    message = str(raised.value)
    assert "no AWS credentials found" in message
    for how in (
        "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY",
        "~/.aws/credentials",
        "instance role",
        "us-east-1, ap-south-1 and eu-central-1",
        "--offer-file PATH",
    ):
        assert how in message
    assert state() == before
    assert sleeps == []  # not retried


def test_an_offer_file_refresh_diffs_and_switches(prices: None, tmp_path: Path) -> None:
    data, skus = changed_rds_upload()
    path = write(data, tmp_path / "AmazonRDS.json")
    before = state()

    dry = refresh("--offer-file", str(path), "--dry-run")

    assert "3 added, 1 removed, 1 repriced" in dry and "dry run, nothing was written" in dry
    assert state() == before

    out = refresh("--offer-file", str(path))

    assert "AmazonRDS eu-west-1: reading AmazonRDS.json" in out and str(path.parent) not in out  # a page reads it too
    assert "3 added, 1 removed, 1 repriced" in out
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current.origin == "offer-file" and current.as_of.isoformat() == "2023-02-23"
    assert services.snapshot_current(REGION, "AmazonEC2") == before[3]  # the file priced RDS only


def test_an_offer_file_of_another_region_prices_nothing(prices: None, tmp_path: Path) -> None:
    path = write(offer("AmazonRDS"), tmp_path / "AmazonRDS.json")
    before = state()

    with pytest.raises(CommandError, match="no Oracle-relevant AmazonRDS rows for us-east-1"):
        call_command("refresh_prices", "--region", "us-east-1", "--offer-file", str(path), stdout=io.StringIO())

    assert state() == before


def test_an_offer_file_with_on_demand_terms_only_is_taken_with_a_note_that_reservations_were_not_in_it(
    prices: None, tmp_path: Path
) -> None:
    """The shared eu-west-1 files hold on-demand terms only: an admin refreshing offline must be able to use them."""
    path = write(changed_rds()[0], tmp_path / "AmazonRDS.json")  # on-demand terms only
    out = refresh("--offer-file", str(path))
    assert "AmazonRDS.json holds on-demand prices only (no Reserved terms): reservations were not in it" in out
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current.origin == "offer-file"
    assert {row.term for row in services.snapshot_rows(current)} == {"OnDemand"}
