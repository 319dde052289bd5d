"""The AWS refresh of the instance catalog, replayed with botocore's Stubber (no network).

Responses live in ``aws_responses/`` (see its README for where each figure comes from); expected
figures are read from those files or quoted from the AWS doc table they copy, never from the code.
"""

import copy
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber
from django.core.management import CommandError, call_command

from advisor.catalog.build import CATALOG_DIR
from advisor.catalog.refresh import RefreshFailed, RefreshReport, refresh_catalog

RESPONSES = Path(__file__).parent.parent / "aws_responses"
REGION = "eu-west-1"
TODAY = "2026-11-22"
# The committed rows the small test catalog starts from: documented (m4, m5, i4i, db.*) and [D]/[S] (m7i, r7i).
CATALOG_ROWS = (
    "m4.xlarge",
    "m5.large",
    "i4i.large",
    "m7i.large",
    "r7i.large",
    "db.m5.large",
    "db.m4.xlarge",
    "db.r7i.large",
)


def response(name: str) -> dict[str, Any]:
    return json.loads((RESPONSES / name).read_text())


def committed_rows(*names: str) -> list[dict[str, Any]]:
    rows = {row["name"]: row for row in json.loads((CATALOG_DIR / "instances.json").read_text())}
    return [copy.deepcopy(rows[name]) for name in names]


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    """A small instances.json whose m5.large still has stale (pre-refresh) EBS maxima."""
    rows = committed_rows(*CATALOG_ROWS)
    m5 = next(row for row in rows if row["name"] == "m5.large")
    m5["ebs_max_mbps"], m5["ebs_max_iops_16k"] = 3500.0, 15000
    path = tmp_path / "instances.json"
    path.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    return path


@pytest.fixture
def clients(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Any, Stubber, Stubber]]:
    for key, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": REGION,
    }.items():
        monkeypatch.setenv(key, value)
    ec2, rds = boto3.client("ec2", region_name=REGION), boto3.client("rds", region_name=REGION)
    with Stubber(ec2) as ec2_stub, Stubber(rds) as rds_stub:
        yield ec2, rds, ec2_stub, rds_stub


def stub_rds(stub: Stubber) -> None:
    """oracle-ee over two pages (Marker), oracle-se2 one page, the CDB engines nothing."""
    first = {"Engine": "oracle-ee", "MaxRecords": 100}
    stub.add_response(
        "describe_orderable_db_instance_options", response("describe_orderable_oracle_ee_page1.json"), first
    )
    stub.add_response(
        "describe_orderable_db_instance_options",
        response("describe_orderable_oracle_ee_page2.json"),
        {**first, "Marker": "oracle-ee-page-2"},
    )
    stub.add_response(
        "describe_orderable_db_instance_options",
        response("describe_orderable_oracle_se2.json"),
        {"Engine": "oracle-se2", "MaxRecords": 100},
    )
    for engine in ("oracle-ee-cdb", "oracle-se2-cdb"):
        empty = {"OrderableDBInstanceOptions": []}
        stub.add_response("describe_orderable_db_instance_options", empty, {"Engine": engine, "MaxRecords": 100})


def stub_ec2(stub: Stubber, names: list[str], second_page: dict[str, Any] | None = None) -> None:
    """Two pages (NextToken): the shared m4.xlarge sample, then the hand-written page."""
    first = {"Filters": [{"Name": "instance-type", "Values": sorted(names)}], "MaxResults": 100}
    stub.add_response("describe_instance_types", response("describe_instance_types_page1_m4_xlarge.json"), first)
    page = second_page or response("describe_instance_types_page2.json")
    stub.add_response("describe_instance_types", page, {**first, "NextToken": "page-2-token"})


# The catalog's EC2 names plus m5.xlarge, the host of db.m5.xlarge that oracle-ee's second page offers.
ASKED = ["i4i.large", "m4.xlarge", "m5.large", "m5.xlarge", "m7i.large", "r7i.large"]


def refresh(clients: tuple[Any, Any, Stubber, Stubber], catalog: Path, *, dry_run: bool = False) -> RefreshReport:
    ec2, rds, ec2_stub, rds_stub = clients
    stub_rds(rds_stub)
    stub_ec2(ec2_stub, ASKED)
    report = refresh_catalog(ec2=ec2, rds=rds, catalog_path=catalog, region=REGION, today=TODAY, dry_run=dry_run)
    ec2_stub.assert_no_pending_responses()
    rds_stub.assert_no_pending_responses()
    return report


def rows_of(path: Path) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in json.loads(path.read_text())}


def test_changed_limits_are_reported_and_written(clients: Any, catalog: Path) -> None:
    api = response("describe_instance_types_page2.json")["InstanceTypes"]
    m5_ebs = next(i for i in api if i["InstanceType"] == "m5.large")["EbsInfo"]["EbsOptimizedInfo"]
    assert (m5_ebs["MaximumBandwidthInMbps"], m5_ebs["MaximumIops"]) == (4750, 18750)  # ebs-optimized.md m5.large

    report = refresh(clients, catalog)

    text = report.text()
    assert "m5.large ebs_max_mbps: 3500.0 -> 4750.0" in text
    assert "m5.large ebs_max_iops_16k: 15000 -> 18750" in text
    # The doc table rounds 625/8 to 78.12; the API says 78.125.
    assert "i4i.large ebs_baseline_mb_s_128k: 78.12 -> 78.125" in text
    written = rows_of(catalog)
    assert (written["m5.large"]["ebs_max_mbps"], written["m5.large"]["ebs_max_iops_16k"]) == (4750, 18750)
    assert written["m5.large"]["source"] == f"AWS EC2 DescribeInstanceTypes, {REGION}, {TODAY}"
    assert written["m5.large"]["as_of"] == TODAY
    # db.m5.large inherits its host's refreshed limits.
    assert written["db.m5.large"]["ebs_max_iops_16k"] == 18750
    assert f"Wrote {catalog}" in text


def test_instance_store_and_hypervisor_come_from_the_response(clients: Any, catalog: Path) -> None:
    refresh(clients, catalog)

    i4i = rows_of(catalog)["i4i.large"]
    assert i4i["nitro"] is True and "Hypervisor 'nitro'" in i4i["nitro_source"]
    store = i4i["instance_store"]
    assert (store["disks"], store["disk_size_gb"], store["total_gb"], store["nvme"]) == (1, 468, 468, True)
    # Same disk layout as documented, so AWS's 4 KiB figures (the 2024-11 guide's instance store table) still apply.
    assert (store["random_read_iops_4k"], store["write_iops_4k"]) == (50000, 27500)
    assert "4 KiB IOPS: AWS 'Amazon EC2 - Instance Types' guide" in store["source"]
    assert "Instance store specifications" in store["source"]


def test_orderable_oracle_engines_are_recorded_and_new_classes_added(clients: Any, catalog: Path) -> None:
    report = refresh(clients, catalog)

    written = rows_of(catalog)
    assert written["db.m5.large"]["oracle_engines_orderable"] == ["oracle-ee", "oracle-se2"]
    # db.m5.xlarge is on oracle-ee's second page only: following the Marker is what adds it.
    added = written["db.m5.xlarge"]
    assert added["oracle_engines_orderable"] == ["oracle-ee"]
    assert (added["vcpus"], added["memory_gib"], added["ebs_baseline_mbps"]) == (4, 16, 1150)
    assert added["oracle_support"].startswith("Orderable for oracle-ee (AWS RDS DescribeOrderableDBInstanceOptions")
    assert "m5.xlarge" in written  # its host, from the EC2 second page
    assert "Rows added (2):\n  m5.xlarge\n  db.m5.xlarge" in report.text()
    # Oracle-only tpc/mem variants have no per-class limits: listed, not added.
    assert "db.r5.large.tpc1.mem2x" in report.text() and "db.r5.large.tpc1.mem2x" not in written


def test_the_apis_confirm_what_secondary_sources_said(clients: Any, catalog: Path) -> None:
    before = rows_of(catalog)
    assert "oracle_support" in before["db.r7i.large"]["unconfirmed"]

    refresh(clients, catalog)

    written = rows_of(catalog)
    # r7i.large's [D] figures match the API's (reference §3: 650/10,000 Mbps, 3,600/40,000 IOPS): only provenance moves.
    assert written["r7i.large"]["ebs_max_iops_16k"] == before["r7i.large"]["ebs_max_iops_16k"] == 40000
    assert written["r7i.large"]["unconfirmed"] == []  # the hypervisor and the absent instance store are now the API's
    db = written["db.r7i.large"]
    assert db["oracle_engines_orderable"] == ["oracle-ee"] and db["unconfirmed"] == []
    assert (
        db["oracle_support"]
        == f"Orderable for oracle-ee (AWS RDS DescribeOrderableDBInstanceOptions, {REGION}, {TODAY})"
    )


def test_rows_the_apis_did_not_confirm_are_kept_and_listed(clients: Any, catalog: Path) -> None:
    before = rows_of(catalog)

    text = refresh(clients, catalog).text()

    written = rows_of(catalog)
    # m7i.large ([D], not returned in this region) and m4.xlarge (the older sample has no EbsOptimizedInfo).
    assert written["m7i.large"] == before["m7i.large"]
    assert written["m4.xlarge"] == before["m4.xlarge"]
    assert f"m7i.large (not returned in {REGION}); source: {before['m7i.large']['source']}" in text
    assert "m4.xlarge (the response has no EbsOptimizedInfo)" in text
    # A deprecated class no Oracle engine offers: figures kept, the empty engine list recorded and reported.
    assert written["db.m4.xlarge"]["ebs_max_mbps"] == before["db.m4.xlarge"]["ebs_max_mbps"]
    assert written["db.m4.xlarge"]["oracle_engines_orderable"] == []
    assert f"db.m4.xlarge (not orderable for Oracle in {REGION})" in text
    assert "Rows removed: none" in text


def test_rows_from_an_earlier_refresh_that_the_api_no_longer_returns_are_removed_and_listed(
    clients: Any, catalog: Path
) -> None:
    rows = list(rows_of(catalog).values())
    gone = committed_rows("m5.2xlarge")[0] | {"source": f"AWS EC2 DescribeInstanceTypes, {REGION}, 2026-01-05"}
    catalog.write_text(json.dumps([*rows, gone]))
    ec2, rds, ec2_stub, rds_stub = clients
    stub_rds(rds_stub)
    stub_ec2(ec2_stub, [*ASKED, "m5.2xlarge"])

    text = refresh_catalog(ec2=ec2, rds=rds, catalog_path=catalog, region=REGION, today=TODAY).text()

    assert "m5.2xlarge" not in rows_of(catalog)
    assert f"Rows removed (1):\n  m5.2xlarge (no longer returned in {REGION}" in text


def test_dry_run_writes_nothing_but_reports_the_changes(clients: Any, catalog: Path) -> None:
    before = catalog.read_bytes()

    text = refresh(clients, catalog, dry_run=True).text()

    assert catalog.read_bytes() == before
    assert "m5.large ebs_max_iops_16k: 15000 -> 18750" in text
    assert text.endswith("Dry run: nothing was written.")
    assert list(catalog.parent.iterdir()) == [catalog]  # no temp file left behind


def test_an_api_error_leaves_the_file_untouched(clients: Any, catalog: Path) -> None:
    ec2, rds, _, rds_stub = clients
    rds_stub.add_client_error(
        "describe_orderable_db_instance_options",
        service_error_code="AccessDenied",
        service_message="User is not authorized to perform: rds:DescribeOrderableDBInstanceOptions",
        http_status_code=403,
    )
    before = catalog.read_bytes()

    with pytest.raises(RefreshFailed, match=r"AWS API call failed in eu-west-1: .*AccessDenied.*Nothing was written"):
        refresh_catalog(ec2=ec2, rds=rds, catalog_path=catalog, region=REGION, today=TODAY)

    assert catalog.read_bytes() == before


def test_an_impossible_response_is_refused_before_writing(clients: Any, catalog: Path) -> None:
    ec2, rds, ec2_stub, rds_stub = clients
    page = response("describe_instance_types_page2.json")
    m5 = next(item for item in page["InstanceTypes"] if item["InstanceType"] == "m5.large")
    m5["EbsInfo"]["EbsOptimizedInfo"]["MaximumIops"] = 100  # below the 3,600 baseline
    stub_rds(rds_stub)
    stub_ec2(ec2_stub, ASKED, second_page=page)
    before = catalog.read_bytes()

    with pytest.raises(RefreshFailed, match=r"m5\.large: ebs_baseline_iops_16k 3600 must be .* at most"):
        refresh_catalog(ec2=ec2, rds=rds, catalog_path=catalog, region=REGION, today=TODAY)

    assert catalog.read_bytes() == before


def test_the_command_prints_the_report(clients: Any, catalog: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ec2, rds, ec2_stub, rds_stub = clients
    stub_rds(rds_stub)
    stub_ec2(ec2_stub, ASKED)
    monkeypatch.setattr("advisor.management.commands.refresh_catalogs.aws_clients", lambda region: (ec2, rds))
    before = catalog.read_bytes()
    out = io.StringIO()

    call_command("refresh_catalogs", "--region", REGION, "--dry-run", "--catalog", str(catalog), stdout=out)

    assert out.getvalue().startswith(f"Instance catalog refresh from the AWS APIs, {REGION}, ")
    assert "m5.large ebs_max_iops_16k: 15000 -> 18750" in out.getvalue()
    assert catalog.read_bytes() == before


def test_the_command_fails_with_the_api_error(clients: Any, catalog: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ec2, rds, ec2_stub, rds_stub = clients
    stub_rds(rds_stub)
    ec2_stub.add_client_error("describe_instance_types", service_error_code="UnauthorizedOperation")
    monkeypatch.setattr("advisor.management.commands.refresh_catalogs.aws_clients", lambda region: (ec2, rds))
    before = catalog.read_bytes()

    with pytest.raises(CommandError, match="UnauthorizedOperation.*Nothing was written"):
        call_command("refresh_catalogs", "--region", REGION, "--catalog", str(catalog), stdout=io.StringIO())

    assert catalog.read_bytes() == before
