"""An architect ticks answers and watches the verdict per option change, in a real browser."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_verdicts_follow_the_answers(live_server: object, page: Page, artifacts: Path) -> None:
    page.goto(f"{live_server.url}/assessments/new/")  # type: ignore[attr-defined]
    rds = page.locator("#verdict-rds")
    expect(rds).to_be_visible()
    expect(rds).not_to_contain_text("RAC is not available")

    page.check("#f-features-rac")
    expect(rds.locator(".verdict")).to_have_text("Blocked")
    expect(rds).to_contain_text("RAC is not available on RDS for Oracle")
    expect(page.locator("#verdict-strip")).to_contain_text("Blocked")
    page.locator("#verdicts").screenshot(path=str(artifacts / "verdicts-rac.png"))

    # An invalid answer withdraws the verdicts rather than showing a partial one.
    page.fill("#f-environment-hours-per-month", "900")
    expect(page.locator("#verdicts")).to_contain_text("Verdicts appear when every answer is valid")
    page.fill("#f-environment-hours-per-month", "730")
    expect(rds.locator(".verdict")).to_have_text("Blocked")
