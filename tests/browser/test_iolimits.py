"""A DBA explores IO limits in a real browser: changes the layout, sees the table, chart and URL follow."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_change_the_layout_and_share_the_url(live_server: object, page: Page, artifacts: Path) -> None:
    page.goto(f"{live_server.url}/iolimits")  # type: ignore[attr-defined]
    expect(page.locator("#io-result")).to_contain_text("gp2 baseline of 300 IOPS counted in 256 KiB units")
    expect(page.locator(".chart .main-svg").first).to_be_visible()  # plotly drew the chart

    # 1,000 GiB of gp2 on RDS: four 250 GiB stripes, 750 IOPS each = 3,000 IOPS baseline (R§2.2)
    page.fill("#io-size_gib", "1000")
    page.press("#io-size_gib", "Tab")
    expect(page.locator("#io-result tbody tr").first).to_contain_text("3,000")
    expect(page).to_have_url(re.compile(r"size_gib=1000"))
    expect(page.locator(".chart .main-svg").first).to_be_visible()  # redrawn after the htmx swap
    page.screenshot(path=str(artifacts / "iolimits-rds-gp2.png"), full_page=True)

    # A value AWS refuses is marked on its field, with the bound and its source.
    page.fill("#io-size_gib", "10")
    page.press("#io-size_gib", "Tab")
    expect(page.locator("#err-io-size_gib")).to_contain_text("below the minimum of 20")
    expect(page.locator("#io-size_gib")).to_have_attribute("aria-invalid", "true")

    # The shared URL reproduces the configuration for someone else.
    page.goto(f"{live_server.url}/iolimits?platform=ec2&instance=m4.large&volume=gp3&size_gib=1000&io_size_kib=1024")  # type: ignore[attr-defined]
    expect(page.locator("#io-result")).to_contain_text("caps throughput at 53.6 MiB/s")

    # Switching platform keeps the instance's twin and shows that platform's fields.
    page.select_option("#io-platform", "rds")
    expect(page.locator("#io-instance")).to_have_value("db.m4.large")
    expect(page.locator("#io-volumes")).to_have_count(0)


def test_an_unknown_instance_is_refused_on_its_field_until_one_is_picked(live_server: object, page: Page) -> None:
    page.goto(f"{live_server.url}/iolimits?platform=ec2&instance=m5.larg")  # type: ignore[attr-defined]

    # the typo is shown, marked and explained; nothing is computed from a stand-in class
    expect(page.locator("#err-io-instance")).to_contain_text("unknown EC2 instance class 'm5.larg'; e.g. m5.large")
    expect(page.locator("#err-io-instance")).to_contain_text("Pick one from the list.")
    expect(page.locator("#io-instance")).to_have_value("m5.larg")
    expect(page.locator("#io-instance")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#io-result .error-summary")).to_contain_text("instance")
    expect(page.locator("#io-result table")).to_have_count(0)
    expect(page.locator(".chart")).to_have_count(0)

    page.select_option("#io-instance", "m5.large")
    expect(page.locator("#io-result tbody tr").first).to_be_visible()
    expect(page.locator("#err-io-instance")).to_have_text("")
    expect(page).to_have_url(re.compile(r"instance=m5\.large(&|$)"))
    expect(page.locator(".chart .main-svg").first).to_be_visible()
