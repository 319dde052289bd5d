"""An architect prices a deployment in a real browser and watches the bill follow; an admin refreshes prices from an
offer file and watches the background job's progress, then switches back. Expected amounts come from the committed
eu-west-1 offer file's rows and the Oracle price list (oracle-on-aws-features.md section 4: SE2 $17,500 per socket,
EE $47,500 per processor, support 22 % a year)."""

import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from pricing import services
from tests.pricing.offer_data import find_sku, offer, price_of, write
from tests.pricing.refresh.test_refresh import changed_rds_upload

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
D = Decimal


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def usd(amount: Decimal) -> str:
    return f"${amount:,.2f}"


@pytest.fixture
def price_snapshots(transactional_db: None, prices: None) -> None:
    """The committed price fixtures, stored (and committed) for the live server to read."""


def settle(page: Page) -> None:
    """htmx settles swapped content for 20 ms and would put the server's selection back on a select changed then."""
    page.wait_for_function("!document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')")


def rds_hourly(**attributes: str) -> Decimal:
    data = offer("AmazonRDS")
    return D(price_of(data, find_sku(data, "Database Instance", instanceType="db.m5.xlarge", **attributes)))


def test_fill_the_estimate_and_watch_the_bill(
    live_server: object, page: Page, artifacts: Path, price_snapshots: None
) -> None:
    page.goto(f"{live_server.url}/estimate")  # type: ignore[attr-defined]
    byol = cents(730 * rds_hourly(databaseEdition="Standard Two", licenseModel="Bring your own license"))
    se2 = cents(D(17500) / 36) + cents(D(17500) * D("0.22") / 12)  # one socket: purchase over 3 years + support
    expect(page.locator("#total-monthly")).to_have_text(usd(byol + cents(400 * D("0.127")) + se2))

    # 1,000 GiB of gp3 instead of 400: the storage line and the totals follow, and so does the URL
    page.fill("#est-storage_gib", "1000")
    page.press("#est-storage_gib", "Tab")
    expect(page.locator("#bill")).to_contain_text("Storage: gp3 Single-AZ, 1,000 GiB")
    aws = byol + cents(1000 * D("0.127"))
    expect(page.locator("#total-aws")).to_have_text(usd(aws))
    expect(page.locator("#total-3y")).to_have_text(usd((aws + se2) * 36))
    expect(page).to_have_url(re.compile(r"storage_gib=1000"))
    li = cents(730 * rds_hourly(databaseEdition="Standard Two", licenseModel="License included"))
    expect(page.locator("#cheaper")).to_contain_text(
        f"License Included is cheaper by {usd(aws + se2 - li - cents(1000 * D('0.127')))} a month"
    )
    # where the prices came from, as a reader knows it: no database id, no "fixture"
    expect(page.locator("#totals")).to_contain_text(
        "Amazon RDS prices for eu-west-1 held by the advisor, as of 2023-02-23"
    )
    page.screenshot(path=str(artifacts / "estimate-rds-se2.png"), full_page=True)

    # Enterprise Edition on db.m5.xlarge (4 vCPUs = 2 cores x 2 threads): AWS's processor-features table allows
    # only 2 cores for this class, so Optimize CPUs down to 1 core is refused on the field with what is accepted
    page.select_option("#est-edition", "ee")
    expect(page.locator("#licence-compare")).to_contain_text(
        "License Included (li) is not available for EE on RDS for Oracle; accepted: BYOL (byol)"
    )
    page.fill("#est-optimize_cpus_cores", "1")
    page.press("#est-optimize_cpus_cores", "Tab")
    expect(page.locator("#err-est-optimize_cpus_cores")).to_contain_text("accepted for db.m5.xlarge: 2")
    page.screenshot(path=str(artifacts / "estimate-rds-ee-optimize-cpus.png"), full_page=True)
    page.fill("#est-optimize_cpus_cores", "2")
    page.press("#est-optimize_cpus_cores", "Tab")
    expect(page.locator("#err-est-optimize_cpus_cores")).to_have_text("")

    # A value AWS refuses is marked on its field, with what is accepted and its source
    page.fill("#est-storage_gib", "10")
    page.press("#est-storage_gib", "Tab")
    expect(page.locator("#err-est-storage_gib")).to_contain_text("RDS for Oracle gp3 accepts 20-65,536 GiB")
    expect(page.locator("#est-storage_gib")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#bill")).to_have_count(0)

    page.fill("#est-storage_gib", "400")
    page.press("#est-storage_gib", "Tab")
    expect(page.locator("#bill")).to_have_count(1)

    # An additional RDS volume: its fields open once it has a type, start at the smallest size RDS takes, and a size
    # below it is marked on its own field
    settle(page)
    page.select_option("#est-av1_type", "gp3")
    expect(page.locator("#est-av1_gib")).to_have_value("200")
    expect(page.locator("#bill")).to_contain_text("Additional volume 1: gp3 Single-AZ, 200 GiB")
    expect(page.locator("#est-av2_type")).to_have_count(1)
    page.fill("#est-av1_gib", "100")
    page.press("#est-av1_gib", "Tab")
    expect(page.locator("#err-est-av1_gib")).to_contain_text("additional volume gp3 accepts 200-65,536 GiB")
    expect(page.locator("#est-av1_gib")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#est-storage_gib")).not_to_have_attribute("aria-invalid", "true")
    page.screenshot(path=str(artifacts / "estimate-additional-volume-refused.png"), full_page=True)
    page.fill("#est-av1_gib", "1000")
    page.press("#est-av1_gib", "Tab")
    aws = byol + cents(400 * D("0.127")) + cents(1000 * D("0.127"))
    expect(page.locator("#total-aws")).to_have_text(usd(aws))
    expect(page).to_have_url(re.compile(r"av1_gib=1000"))
    page.screenshot(path=str(artifacts / "estimate-additional-volume.png"), full_page=True)

    # EC2: the class's twin, EBS volumes instead of RDS storage
    settle(page)
    page.select_option("#est-platform", "ec2")
    expect(page.locator("#est-instance_class")).to_have_value("m5.xlarge")
    expect(page.locator("#est-volume_count")).to_have_value("2")
    expect(page.locator("#bill")).to_contain_text("EBS volume 2: gp3, 500 GiB")
    page.screenshot(path=str(artifacts / "estimate-ec2.png"), full_page=True)


def test_staff_refresh_from_an_offer_file_with_progress_then_switch_back(
    live_server: object, page: Page, artifacts: Path, price_snapshots: None, tmp_path: Path
) -> None:
    User.objects.create_user("pricer", password="pricer-pass-1", is_staff=True)
    fixture = services.snapshot_current("eu-west-1", "AmazonRDS")
    assert fixture is not None
    data, skus = changed_rds_upload()
    path = write(data, tmp_path / "AmazonRDS.json")

    page.goto(f"{live_server.url}/admin/login/?next=/prices/")  # type: ignore[attr-defined]
    page.fill("#id_username", "pricer")
    page.fill("#id_password", "pricer-pass-1")
    page.click("input[type=submit]")
    expect(page.locator("#snapshot-list")).to_contain_text(f"#{fixture.pk} current")

    page.fill("#refresh-region", "eu-west-1")
    page.select_option("#refresh-service", "AmazonRDS")
    page.set_input_files("#refresh-offer-file", str(path))
    page.click("#refresh-form button[type=submit]")

    # the background job's progress is polled until it ends; then the diff, and the snapshot list is refreshed
    expect(page.locator("#job-status")).to_have_text("succeeded", timeout=30_000)
    expect(page.locator("#job-progress")).to_contain_text("AmazonRDS eu-west-1: reading")
    job = page.locator("#refresh-job")
    expect(job).to_contain_text("3 added, 1 removed, 1 repriced, 606 unchanged")
    expect(job).to_contain_text(f"{skus['repriced']}")
    expect(job).to_contain_text("0.516 → 0.531")
    new = services.snapshot_current("eu-west-1", "AmazonRDS")
    assert new is not None and new != fixture
    expect(page.locator("#snapshot-list")).to_contain_text(f"#{new.pk} current")
    page.screenshot(path=str(artifacts / "prices-refresh-offer-file.png"), full_page=False)

    # switch back to the committed fixture: a page says what would change, and nothing switches until it is confirmed
    page.click(f"#make-current-{fixture.pk}")
    page.click("#confirm-make-current button[type=submit]")
    expect(page.locator(".messages")).to_contain_text(
        f"snapshot #{fixture.pk} as of 2023-02-23 is current (was #{new.pk})"
    )
    assert services.snapshot_current("eu-west-1", "AmazonRDS") == fixture
