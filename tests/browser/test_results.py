"""An architect fills a questionnaire, opens the results, changes an answer and watches them update."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_results_follow_a_changed_answer(live_server: object, page: Page, artifacts: Path, prices: None) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    page.goto(f"{base}/assessments/new/")
    page.fill("#f-name", "Results in a browser")
    page.select_option("#f-oracle-edition", "se2")
    page.select_option("#f-oracle-licence-model", "li")
    page.select_option("#f-environment-region", "eu-west-1")
    page.fill("#f-sizing-peak-cpu", "2")
    page.fill("#f-sizing-average-cpu", "1")
    page.click("text=Save assessment")
    page.wait_for_url("**/a/*/")
    page.goto(page.url + "results/")

    rds_total = page.locator('td.total[data-option="rds"]')
    expect(page.locator("#recommended-option")).to_have_text("Amazon RDS for Oracle")
    first_total = rds_total.inner_text()
    expect(page.locator(".chart .main-svg").first).to_be_visible()
    page.screenshot(path=str(artifacts / "results-before.png"), full_page=False)

    # Three times the CPU: the recommended class and its price change in place, the answers panel stays put.
    page.get_by_text("Sizing", exact=True).click()
    page.fill("#f-sizing-peak-cpu", "6")
    page.press("#f-sizing-peak-cpu", "Tab")
    expect(rds_total).not_to_have_text(first_total)
    expect(page.locator("#option-rds")).to_contain_text("needs 7.2 vCPUs")
    expect(page.locator(".chart .main-svg").first).to_be_visible()
    expect(page.locator("#f-sizing-peak-cpu")).to_have_value("6")
    page.screenshot(path=str(artifacts / "results-after.png"), full_page=False)
