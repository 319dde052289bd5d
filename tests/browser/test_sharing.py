"""Sign in, create an assessment, share it, and open the link in a private window: read-only results, no data
without the link, and nothing once the link is revoked."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from advisor.models import ShareLink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_in_share_and_open_the_link_in_a_private_window(
    live_server: object, anon_page: Page, browser: object, artifacts: Path, prices: None, user: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1300, "height": 1000})  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/")
    page.wait_for_url("**/accounts/login/**")  # anonymous: the sign-in page, no list
    page.fill("#id_login", "alice")
    page.fill("#id_password", "alice-password-1")
    page.screenshot(path=str(artifacts / "share-0-sign-in.png"))
    page.click("button[type=submit]")
    expect(page.locator("header nav")).to_contain_text("Sign out (alice)")

    page.goto(f"{base}/assessments/new/")
    page.fill("#f-name", "Shared in a browser")
    page.fill("#f-customer", "ACME")
    page.select_option("#f-oracle-edition", "se2")
    page.select_option("#f-oracle-licence-model", "li")
    page.fill("#f-sizing-peak-cpu", "2")
    page.fill("#f-sizing-average-cpu", "1")
    page.click("text=Save assessment")
    page.wait_for_url("**/a/*/results/")
    page.click("#share-link")
    page.select_option("#id_days", "1")
    page.click("#share-create button[type=submit]")
    url = page.locator(".share-url").first.input_value()
    assert url.startswith(f"{base}/s/")
    page.screenshot(path=str(artifacts / "share-1-panel.png"), full_page=True)

    anon_page.goto(url)  # a private window: no session
    expect(anon_page.locator("h1")).to_contain_text("Shared in a browser")
    expect(anon_page.locator("#recommended-option")).to_be_visible()
    expect(anon_page.locator("#results-answers")).to_have_count(0)
    expect(anon_page.locator("header nav")).to_contain_text("Sign in")
    anon_page.screenshot(path=str(artifacts / "share-2-private-window.png"), full_page=False)
    anon_page.goto(f"{base}/")
    anon_page.wait_for_url("**/accounts/login/**")

    page.click(".share-links button:has-text('Revoke')")
    expect(page.locator(".share-links")).to_contain_text("revoked")
    assert ShareLink.objects.get().revoked_at is not None
    anon_page.goto(url)
    expect(anon_page.locator("h1")).to_have_text("This share link no longer works")
    anon_page.screenshot(path=str(artifacts / "share-3-revoked.png"))
    context.close()
