"""The /estimate page and POST /api/v1/estimate; the staff-only /prices/ page: snapshots, make current, diff, refresh.

Expected amounts come from the price rows (the committed eu-west-1 offer file read with plain json, or the current
snapshot's rows) and from the Oracle price list in shared/reference/oracle-on-aws-features.md section 4 (EE $47,500
and SE2 $17,500 per processor/socket, support 22 % a year), worked by hand: quantity x unit price, rounded half-up
to cents per line.
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.stub import Stubber
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from pricing import offer_files, services
from pricing import views as pricing_views
from pricing.models import PriceSnapshot, RefreshJob
from tests.pricing.offer_data import REGION, offer, price_of, write
from tests.pricing.test_refresh import RDS_FILTERS, changed_rds, chunks, rds_items, request, stub_pages

D = Decimal
HOURS = 730  # AWS's hours in a month (pricing-notes)
SE2_LIST, EE_LIST, SUPPORT = D(17500), D(47500), D("0.22")  # oracle-on-aws-features.md section 4


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def rds_price(family: str, **attributes: str) -> Decimal:
    """The one price of every eu-west-1 RDS product matching ``attributes`` (AWS repeats identical SKUs)."""
    data = offer("AmazonRDS")
    found = {
        D(price_of(data, sku))
        for sku, product in data["products"].items()
        if product["productFamily"] == family
        and all(product["attributes"].get(k, "") == v for k, v in attributes.items())
    }
    assert len(found) == 1, (family, attributes, found)
    return found.pop()


def se2_instance(licence: str) -> Decimal:
    return rds_price(
        "Database Instance",
        instanceType="db.m5.xlarge",
        databaseEdition="Standard Two",
        licenseModel=licence,
        deploymentOption="Single-AZ",
        deploymentModel="",
    )


GP3_SINGLE_AZ = {"volumeType": "General Purpose-GP3", "deploymentOption": "Single-AZ"}
SE2_CONFIG = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
    "storage": {"type": "gp3", "size_gib": 400},
    "commitment": "on-demand",
}


def body_of(response: Any) -> str:
    return response.content.decode()


def text_of(response: Any) -> str:
    """The page's visible text, whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body_of(response))).replace("&#x27;", "'")


# --- /estimate --------------------------------------------------------------------------------------------------


def test_the_page_opens_on_a_worked_example_priced_line_by_line(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"))
    text = text_of(response)
    assert response.status_code == 200

    instance = cents(HOURS * se2_instance("Bring your own license"))  # 730 h x 0.378 = 275.94
    storage = cents(400 * rds_price("Database Storage", databaseEngine="Any", **GP3_SINGLE_AZ))  # 400 x 0.127
    purchase = cents(SE2_LIST / 36)  # 1 socket (4 vCPUs), bought over 3 years: 486.11
    support = cents(SE2_LIST * SUPPORT / 12)  # 22 % a year: 320.83
    aws, licences = instance + storage, purchase + support
    for amount in (instance, storage, purchase, support):
        assert f"{amount:,.2f}" in text
    assert f"AWS, monthly {money(aws)}" in text
    assert f"Oracle licences, monthly {money(licences)}" in text
    assert f"Total, monthly {money(aws + licences)}" in text
    assert f"1 year (12 months) {money((aws + licences) * 12)}" in text
    assert f"3 years (36 months) {money((aws + licences) * 36)}" in text
    # every line names its price row and date; the snapshot is named next to the totals
    snapshot = services.snapshot_current(REGION, "AmazonRDS")
    assert snapshot is not None
    assert "SKU RZQTAEF3AZC855U9 (as of 2023-02-23)" in text
    assert text.count(f"eu-west-1 · AmazonRDS snapshot #{snapshot.pk}, committed fixture") >= 4
    assert "(as of 2023-02-23)" in text
    assert response.context["share_url"].endswith("/estimate?")  # the defaults stay out of the link


def test_license_included_beside_byol_with_the_cheaper_one_and_the_difference(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"))
    text = text_of(response)
    storage = cents(400 * D("0.127"))
    byol = cents(HOURS * se2_instance("Bring your own license")) + storage
    byol += cents(SE2_LIST / 36) + cents(SE2_LIST * SUPPORT / 12)
    li = cents(HOURS * se2_instance("License included")) + storage  # 730 h x 0.982: the licence is in the price
    assert li < byol
    assert f"License Included cheaper AWS {money(li)} Oracle licences $0.00 Total a month {money(li)}" in text
    assert f"License Included is cheaper by {money(byol - li)} a month ({money((byol - li) * 12)} a year)" in text


def test_license_included_is_not_offered_for_ee_on_rds(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"edition": "ee"})
    text = text_of(response)
    assert response.status_code == 200
    assert "Not priced here: licence_model : li is not available for EE on rds; accepted: byol" in text
    assert "is cheaper by" not in text


def test_optimize_cpus_saving_is_shown(client: Client, prices: None) -> None:
    # db.r5.2xlarge: 8 vCPUs; 2 active cores x 2 threads = 4 vCPUs = 2 EE processor licences instead of 4
    params = {"edition": "ee", "instance_class": "db.r5.2xlarge", "optimize_cpus_cores": "2"}
    text = text_of(client.get(reverse("pricing:estimate"), params))

    def monthly(licences: int) -> Decimal:
        return cents(licences * EE_LIST / 36) + cents(licences * EE_LIST * SUPPORT / 12)

    saving = monthly(4) - monthly(2)  # 8,761.11 - 4,380.56
    assert f"Optimize CPUs: saves {money(saving)} a month in Oracle licences" in text
    assert f"Oracle licences, monthly {money(monthly(2))}" in text


def test_htmx_requests_get_only_the_form_and_result(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"storage_gib": "500"}, headers={"HX-Request": "true"})
    body = body_of(response)
    assert body.lstrip().startswith('<div id="estimate" class="estimate-layout">')
    assert "<html" not in body
    assert f"{cents(500 * D('0.127')):,.2f}" in body


def test_the_query_string_is_the_configuration_and_the_share_link_reproduces_it(client: Client, prices: None) -> None:
    params = {
        "platform": "ec2",
        "instance_class": "r6i.2xlarge",
        "edition": "ee",
        "volume_type": "gp3",
        "volume_gib": "1000",
        "volume_iops": "6000",
        "volume_throughput": "250",
        "volume_count": "3",
        "snapshot_gib": "200",
        "options": ["diagnostics_pack", "tuning_pack"],
    }
    response = client.get(reverse("pricing:estimate"), params)
    text = text_of(response)
    share = response.context["share_url"]
    for key in ("platform=ec2", "volume_count=3", "options=diagnostics_pack&options=tuning_pack", "snapshot_gib=200"):
        assert key in share
    ec2 = offer("AmazonEC2")

    def ebs(family: str, **attributes: str) -> Decimal:
        found = {
            D(price_of(ec2, sku))
            for sku, p in ec2["products"].items()
            if p["productFamily"] == family and all(p["attributes"].get(k) == v for k, v in attributes.items())
        }
        assert len(found) == 1
        return found.pop()

    gp3 = cents(1000 * ebs("Storage", volumeApiName="gp3"))  # 1,000 GB x 0.088
    iops = cents(3000 * ebs("System Operation", usagetype="EU-EBS:VolumeP-IOPS.gp3"))  # 6,000 - 3,000 included
    assert text.count("EBS volume 3: gp3, 1,000 GiB") == 1 and text.count(f"{gp3:,.2f}") >= 3
    assert text.count(f"{iops:,.2f}") >= 3
    assert "EBS snapshots" in text and "Diagnostics Pack" in text and "Tuning Pack" in text

    again = client.get(share.replace("http://testserver", ""))
    assert text_of(again) == text


def test_switching_platform_keeps_the_instance_classs_twin(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"platform": "ec2", "instance_class": "db.r5.large"})
    assert '<option value="r5.large" selected>' in body_of(response)
    back = client.get(reverse("pricing:estimate"), {"platform": "rds", "instance_class": "r5.large"})
    assert '<option value="db.r5.large" selected>' in body_of(back)


def test_estimated_lines_are_marked_with_their_note(client: Client, prices: None) -> None:
    # us-east-1 has no Multi-AZ instance price in its sources: the row is derived (2 x Single-AZ) and says so
    params = {"region": "us-east-1", "deployment": "multi-az", "edition": "ee", "instance_class": "db.r5.2xlarge"}
    response = client.get(reverse("pricing:estimate"), params)
    text = text_of(response)
    row = next(
        r
        for r in services.current_rows("us-east-1", "AmazonRDS")
        if r.attributes.get("instanceType") == "db.r5.2xlarge"
        and r.attributes.get("deploymentOption") == "Multi-AZ"
        and r.attributes.get("databaseEdition") == "Enterprise"
    )
    assert row.estimated and row.estimate_note
    assert "is-estimated" in body_of(response)
    assert (
        f"estimated {row.source}, SKU {row.sku} (as of {row.as_of.isoformat()}) Estimated: {row.estimate_note}" in text
    )
    assert f"{cents(HOURS * row.price_usd):,.2f}" in text


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"storage_gib": "10"}, "storage_gib", "10 GiB; RDS for Oracle gp3 accepts 20-65,536 GiB"),
        ({"edition": "ee", "licence_model": "li"}, "licence_model", "li is not available for EE on rds; accepted: byol"),
        ({"discount_pct": "lots"}, "discount_pct", "'lots' is not a number; accepted: a percentage from 0 to 100"),
        ({"region": "eu-north-9"}, "region", "has no RDS for Oracle prices in the current price snapshots; priced regions: af-south-1"),
        ({"instance_class": "db.zz.huge"}, "instance_class", "db.zz.huge has no RDS for Oracle SE2 BYOL Single-AZ price"),
        ({"platform": "ec2", "volume_count": "0"}, "volume_count", "accepted: a whole number of identical volumes from 1 to 64"),
        ({"standby": "maybe"}, "standby", "'maybe' is not accepted; accepted: blank (the default), true, false"),
    ],
)  # fmt: skip
def test_bad_values_mark_the_field_and_say_what_is_accepted(
    client: Client, prices: None, params: dict[str, str], field: str, message: str
) -> None:
    response = client.get(reverse("pricing:estimate"), params)
    body = body_of(response)
    assert response.status_code == 422
    control = re.search(rf'<(input|select) id="est-{field}"[^>]*>', body)
    assert control is not None and 'aria-invalid="true"' in control.group(0)
    error = re.search(rf'<p id="err-est-{field}" class="field-error">([^<]*)</p>', body)
    assert error is not None and message in error.group(1).replace("&#x27;", "'")
    assert "Monthly bill" not in body  # never a partial bill


def test_every_problem_is_listed_at_once(client: Client, prices: None) -> None:
    params = {"storage_gib": "10", "discount_pct": "x", "edition": "ee", "options": ["rac"], "region": "eu-west-1"}
    text = text_of(client.get(reverse("pricing:estimate"), params))
    assert "3 settings cannot be priced" in text
    assert "licences.options[0] : Real Application Clusters is not available on rds" in text


def test_an_unpriced_class_in_the_chosen_region_stays_selected_with_its_error(client: Client, prices: None) -> None:
    # db.x2iedn.xlarge is priced in eu-west-1 (2023 offer file) but not in af-south-1 (2021 data)
    response = client.get(reverse("pricing:estimate"), {"region": "af-south-1", "instance_class": "db.x2iedn.xlarge"})
    body = body_of(response)
    assert '<option value="db.x2iedn.xlarge" selected>db.x2iedn.xlarge (not available here)</option>' in body
    assert "priced classes:" in body


# --- POST /api/v1/estimate --------------------------------------------------------------------------------------


def post(client: Client, data: Any) -> Any:
    body = data if isinstance(data, str) else json.dumps(data)
    return client.post(reverse("pricing:api-estimate"), body, "application/json")


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
        "source": current.source,
        "as_of": "2023-02-23",
        "origin": "fixture",
    }
    assert data["licence"]["metric"] == "socket" and data["notes"]


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"region": "xx-nowhere-1"}, "region", "priced regions: af-south-1, ap-east-1"),
        ({"instance_class": "db.q9.mega"}, "instance_class", "priced classes:"),
        ({"edition": "ee", "licence_model": "li"}, "licence_model", "accepted: byol"),
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


# --- /prices/ (staff) -------------------------------------------------------------------------------------------


@pytest.fixture
def staff(client: Client, db: None) -> Client:
    user = User.objects.create_user("pricer", password="x", is_staff=True)
    client.force_login(user)
    return client


@pytest.fixture
def sync_jobs(monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> Any:
    """Run the refresh job in the request's thread (and transaction), as soon as the view commits the job row."""
    monkeypatch.setattr(pricing_views, "_in_background", lambda target, **kwargs: target(**kwargs))
    return django_capture_on_commit_callbacks


def offer_refresh(staff: Client, sync_jobs: Any, data: dict[str, Any], tmp_path: Path, region: str = REGION) -> Any:
    path = write(data, tmp_path / "AmazonRDS.json")
    with sync_jobs(execute=True), path.open("rb") as handle:
        return staff.post(
            reverse("pricing:refresh-start"),
            {"region": region, "service": "AmazonRDS", "offer_file": handle},
            headers={"HX-Request": "true"},
        )


@pytest.mark.parametrize("url", ["/prices/", "/prices/1/diff", "/prices/jobs/1"])
def test_prices_pages_are_for_staff_only(client: Client, db: None, url: str) -> None:
    assert client.get(url).url.startswith("/admin/login/")
    client.force_login(User.objects.create_user("someone", password="x"))
    assert client.get(url).url.startswith("/admin/login/")


def test_nav_shows_prices_to_staff_only(client: Client, prices: None) -> None:
    page = body_of(client.get(reverse("pricing:estimate")))
    assert 'href="/estimate">Estimate</a>' in page and 'href="/prices/"' not in page
    client.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    assert 'href="/prices/">Prices</a>' in body_of(client.get(reverse("pricing:estimate")))


def test_prices_page_lists_current_and_earlier_snapshots(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    offer_refresh(staff, sync_jobs, changed_rds()[0], tmp_path)
    new = services.snapshot_current(REGION, "AmazonRDS")
    assert new is not None and new != fixture

    text = text_of(staff.get(reverse("pricing:prices")))

    assert f"#{new.pk} current 2023-02-23 bulk offer file AWS bulk offer file AmazonRDS eu-west-1" in text
    assert f"(AmazonRDS.json) {new.row_count}" in text
    assert f"#{fixture.pk} earlier 2023-02-23 committed fixture fixtures/prices: eu-west-1/AmazonRDS.json 608" in text
    body = body_of(staff.get(reverse("pricing:prices")))
    assert f'action="/prices/{fixture.pk}/make-current"' in body
    assert f'action="/prices/{new.pk}/make-current"' not in body


def test_make_current_switches_back_and_needs_a_csrf_token(prices: None, sync_jobs: Any, tmp_path: Path) -> None:
    staff = Client(enforce_csrf_checks=True)
    staff.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None
    refreshed = services.snapshot_write(
        services.current_rows(REGION, "AmazonRDS"), REGION, "AmazonRDS", "test copy", fixture.as_of
    )
    url = reverse("pricing:snapshot-make-current", args=[fixture.pk])

    assert staff.post(url).status_code == 403
    assert services.snapshot_current(REGION, "AmazonRDS") == refreshed

    page = body_of(staff.get(reverse("pricing:prices")))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    response = staff.post(url, {"csrfmiddlewaretoken": token.group(1)}, follow=True)

    assert services.snapshot_current(REGION, "AmazonRDS") == fixture
    assert f"snapshot #{fixture.pk} as of 2023-02-23 is current (was #{refreshed.pk})" in text_of(response)
    assert PriceSnapshot.objects.filter(region=REGION, service="AmazonRDS", is_current=True).count() == 1


def test_diff_against_the_snapshot_it_replaced_and_against_the_current_one(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    fixture = services.snapshot_current(REGION, "AmazonRDS")
    data, skus = changed_rds()
    offer_refresh(staff, sync_jobs, data, tmp_path)
    new = services.snapshot_current(REGION, "AmazonRDS")
    assert fixture is not None and new is not None
    old_price = D(price_of(offer("AmazonRDS"), skus["repriced"]))

    text = text_of(staff.get(reverse("pricing:snapshot-diff", args=[new.pk])))
    assert f"Compared with the snapshot it replaced: #{fixture.pk}" in text
    assert "1 added, 1 removed, 1 repriced, 606 unchanged" in text
    assert f"Added (1) SKU Family What Term Price (USD) Unit {skus['added']} Database Instance db.r7i.xlarge" in text
    assert "Removed (1)" in text and f"{skus['removed']} Database Instance db.x2iedn.32xlarge" in text
    assert (
        f"{skus['repriced']} Database Instance db.r5.xlarge · Enterprise · Bring your own license · Single-AZ" in text
    )
    assert f"{old_price.normalize()} → 0.531" in text

    # the earlier snapshot, against the current one: what making it current would change
    text = text_of(staff.get(reverse("pricing:snapshot-diff", args=[fixture.pk])))
    assert f"Compared with the current snapshot (what making this one current would change): #{new.pk}" in text
    assert f"0.531 → {old_price.normalize()}" in text
    assert f"Make #{fixture.pk} current" in text


def test_refresh_from_an_offer_file_shows_progress_then_the_diff(
    staff: Client, prices: None, sync_jobs: Any, tmp_path: Path
) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    response = offer_refresh(staff, sync_jobs, changed_rds()[0], tmp_path)
    job = RefreshJob.objects.get()
    assert job.status == "succeeded" and job.offer_file_name == "AmazonRDS.json"
    after = services.snapshot_current(REGION, "AmazonRDS")
    assert after is not None and after != before and after.origin == "offer-file"
    assert job.result == [
        {
            "service": "AmazonRDS",
            "snapshot": after.pk,
            "previous": before.pk if before else None,
            "rows": 608,
            "added": 1,
            "removed": 1,
            "repriced": 1,
            "unchanged": 606,
        }
    ]

    # the poll answers the finished job: no more polling, the diff, and the snapshot list swapped out of band
    poll = staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"})
    body = body_of(poll)
    assert 'hx-trigger="every 1s"' not in body
    assert "succeeded" in body and "AmazonRDS eu-west-1: reading" in body
    assert "Compared with the current snapshot: 1 added, 1 removed, 1 repriced, 606 unchanged" in body
    assert f"AmazonRDS eu-west-1: snapshot #{after.pk} (608 rows, as of 2023-02-23) is now current" in body
    assert '<section id="snapshot-list" class="snapshot-list" hx-swap-oob="true">' in body
    assert "0.516 → 0.531" in body
    assert response.status_code == 200 and 'id="refresh-job"' in body_of(response)
    assert not list(tmp_path.parent.glob("price-refresh-*/AmazonRDS.json"))


def test_a_running_job_is_polled_every_second(staff: Client, db: None) -> None:
    job = RefreshJob.objects.create(region=REGION, services="AmazonRDS", progress="Started\nquery 1/2 page 3")
    body = body_of(staff.get(reverse("pricing:refresh-job", args=[job.pk]), headers={"HX-Request": "true"}))
    assert f'hx-get="/prices/jobs/{job.pk}" hx-trigger="every 1s"' in body
    assert "query 1/2 page 3" in body and "running" in body
    assert "snapshot-list" not in body


@pytest.fixture
def stubbed_api(monkeypatch: pytest.MonkeyPatch) -> Any:
    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}.items():
        monkeypatch.setenv(key, value)
    client = boto3.client("pricing", region_name="us-east-1")
    monkeypatch.setattr(services, "pricing_client", lambda endpoint="us-east-1": client)
    monkeypatch.setattr(offer_files, "sleep", lambda seconds: None)
    with Stubber(client) as stub:
        yield stub


def api_refresh(staff: Client, sync_jobs: Any) -> RefreshJob:
    with sync_jobs(execute=True):
        staff.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "AmazonRDS"})
    return RefreshJob.objects.get()


def test_a_failure_on_page_3_of_5_is_shown_and_the_current_snapshot_stays(
    staff: Client, prices: None, sync_jobs: Any, stubbed_api: Stubber
) -> None:
    oracle, _ = rds_items(offer("AmazonRDS"))
    pages = chunks(oracle[:500])
    assert len(pages) == 5
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[0], pages, "oracle", upto=2)
    for _ in range(5):
        stubbed_api.add_client_error(
            "get_products", "ThrottlingException", "Rate exceeded", 400, expected_params=request("AmazonRDS", RDS_FILTERS[0], "oracle-page-3")
        )  # fmt: skip
    before = services.snapshot_current(REGION, "AmazonRDS")
    count = PriceSnapshot.objects.count()

    job = api_refresh(staff, sync_jobs)

    stubbed_api.assert_no_pending_responses()
    assert job.status == "failed"
    assert "query 1/2 (Oracle rows) page 3: AWS answered ThrottlingException 5 times in a row" in job.error
    assert "Nothing was written; the current price snapshots are unchanged." in job.error
    assert "page 2: 100 items, " in job.progress and "retrying in 1s (attempt 2 of 5)" in job.progress
    assert services.snapshot_current(REGION, "AmazonRDS") == before
    assert PriceSnapshot.objects.count() == count
    text = text_of(staff.get(reverse("pricing:prices"), {"job": job.pk}))
    assert "The refresh failed" in text and "ThrottlingException 5 times in a row" in text


def test_a_malformed_item_fails_the_job_with_the_services_message(
    staff: Client, prices: None, sync_jobs: Any, stubbed_api: Stubber
) -> None:
    data = offer("AmazonRDS")
    oracle, anything = rds_items(data)
    broken = json.loads(oracle[0])
    (term,) = broken["terms"]["OnDemand"].values()
    (dimension,) = term["priceDimensions"].values()
    dimension["pricePerUnit"]["USD"] = "n/a"
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[0], chunks([json.dumps(broken), *oracle[1:]]), "oracle")
    stub_pages(stubbed_api, "AmazonRDS", RDS_FILTERS[1], chunks(anything), "any")
    before = services.snapshot_current(REGION, "AmazonRDS")

    job = api_refresh(staff, sync_jobs)

    assert job.status == "failed"
    assert "get_products AmazonRDS eu-west-1: 1 invalid item(s)" in job.error
    assert "price_usd: Input should be a valid decimal" in job.error
    assert services.snapshot_current(REGION, "AmazonRDS") == before


def test_a_refresh_without_credentials_says_how_to_provide_them(
    staff: Client, prices: None, sync_jobs: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A real client (no Stubber) with nowhere to find credentials: botocore refuses to sign, before any network."""
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_DEFAULT_PROFILE",
                "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI",
                "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN"):  # fmt: skip
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    before = services.snapshot_current(REGION, "AmazonRDS")

    job = api_refresh(staff, sync_jobs)

    assert job.status == "failed"
    assert "no AWS credentials found" in job.error and "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY" in job.error
    assert "choose the bulk offer file in the form above" in job.error
    assert services.snapshot_current(REGION, "AmazonRDS") == before


def test_the_refresh_form_says_what_is_accepted(staff: Client, db: None) -> None:
    response = staff.post(reverse("pricing:refresh-start"), {"region": "moon-1", "service": "AmazonS3"})
    text = text_of(response)
    assert response.status_code == 422
    assert "moon-1: accepted: an AWS region code such as eu-west-1" in text
    assert "'AmazonS3': accepted: all, AmazonRDS, AmazonEC2" in text
    assert not RefreshJob.objects.exists()


def test_one_refresh_per_region_at_a_time(staff: Client, db: None) -> None:
    running = RefreshJob.objects.create(region=REGION, services="AmazonRDS")
    response = staff.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"})
    assert response.status_code == 422
    assert f"a refresh of eu-west-1 is already running (job #{running.pk})" in text_of(response)
    assert RefreshJob.objects.count() == 1
