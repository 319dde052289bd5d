"""An architect fills the questionnaire in a real browser, sees inline errors, saves (landing on the results)
and reloads."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from advisor.models import Assessment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_fill_validate_save_and_reload_the_questionnaire(
    live_server: object, page: Page, artifacts: Path, prices: None
) -> None:
    page.goto(f"{live_server.url}/assessments/new/")  # type: ignore[attr-defined]
    # An error shows once its field is touched: typing the customer leaves the empty, untouched name unmarked ...
    with page.expect_response(lambda response: "/validate" in response.url):
        page.fill("#f-customer", "ACME")
    page.wait_for_timeout(100)  # htmx swaps the answer in
    expect(page.locator("#form-summary")).not_to_contain_text("need")
    expect(page.locator("#err-name")).to_be_empty()
    # ... and leaving the name empty says so, in the label's words.
    page.focus("#f-name")
    page.press("#f-name", "Tab")
    expect(page.locator("#err-name")).to_have_text("Assessment name is required.")
    page.fill("#f-name", "Browser-made assessment")
    page.select_option("#f-oracle-edition", "se2")
    page.select_option("#f-oracle-licence-model", "li")
    page.check("#f-features-apex")
    page.fill("#f-sizing-db-size-gib", "432")
    page.select_option("#f-environment-region", "eu-west-1")

    # Inline validation while typing: an out-of-range answer is marked without a reload.
    page.fill("#f-environment-hours-per-month", "900")
    error = page.locator("#err-environment-hours-per-month")
    expect(error).to_have_text("Hours running per month must be 744 hours or less.")
    # An inconsistent combination is explained on the field that causes it.
    page.check("#f-features-rac")
    expect(page.locator("#err-features-rac")).to_contain_text("Oracle removed RAC from Standard Edition 2")
    expect(page.locator("#form-summary")).to_contain_text("2 answers need attention")
    page.screenshot(path=str(artifacts / "questionnaire-inline-errors.png"), full_page=False)
    assert Assessment.objects.count() == 0

    page.uncheck("#f-features-rac")
    page.fill("#f-environment-hours-per-month", "600")
    expect(error).to_be_empty()
    expect(page.locator("#form-summary")).to_contain_text("All answers are valid")

    page.click("text=Save assessment")
    # Saved: the results page, saying so.
    page.wait_for_url("**/a/*/results/")
    expect(page.locator(".messages")).to_contain_text("Saved “Browser-made assessment”.")
    expect(page.locator("h1")).to_have_text("Browser-made assessment: where it should run")
    expect(page.locator("#recommended-option")).not_to_be_empty()
    page.screenshot(path=str(artifacts / "questionnaire-saved-results.png"), full_page=False)

    page.click("text=Questionnaire")
    page.wait_for_url("**/a/*/")
    saved_url = page.url
    page.reload()

    assert page.url == saved_url
    expect(page.locator("h1")).to_have_text("Browser-made assessment")
    expect(page.locator("#f-oracle-edition")).to_have_value("se2")
    expect(page.locator("#f-oracle-licence-model")).to_have_value("li")
    expect(page.locator("#f-features-apex")).to_be_checked()
    expect(page.locator("#f-features-rac")).not_to_be_checked()
    expect(page.locator("#f-sizing-db-size-gib")).to_have_value("432")
    expect(page.locator("#f-environment-hours-per-month")).to_have_value("600")
    expect(page.locator("#f-environment-region")).to_have_value("eu-west-1")
    page.screenshot(path=str(artifacts / "questionnaire-saved.png"), full_page=False)

    saved = Assessment.objects.get()
    assert (saved.customer, saved.workload["environment"]["hours_per_month"]) == ("ACME", 600)
