"""Every page works under the Content-Security-Policy: htmx updates, plotly draws, and the browser reports no
violation (it would log one to the console and fire ``securitypolicyviolation``)."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import ConsoleMessage, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Playwright's init scripts are not subject to the page's policy, so this listener sees every violation.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile}:${e.lineNumber} sample=${e.sample}`);
});
"""


@pytest.fixture
def violations(page: Page) -> Iterator[list[str]]:
    seen: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        text = message.text
        if "Content Security Policy" in text or text.startswith("securitypolicyviolation"):
            seen.append(f"{page.url}: {text}")

    page.add_init_script(REPORT_VIOLATIONS)
    page.on("console", keep)
    yield seen


def sign_in_as_staff(page: Page, base: str) -> None:
    """A session cookie for a staff user, whatever sign-in flow the pages use."""
    user = get_user_model().objects.create_user(
        username="csp-staff", email="csp-staff@example.com", password="unused-9f3k", is_staff=True, is_superuser=True
    )
    client = Client()
    client.force_login(user, backend=settings.AUTHENTICATION_BACKENDS[-1])
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])


def test_the_collector_sees_a_violation(live_server: object, page: Page, violations: list[str]) -> None:
    """The check can fail: an inline script injected into a page is refused and reported."""
    page.goto(f"{live_server.url}/iolimits")  # type: ignore[attr-defined]
    page.evaluate("""() => { const s = document.createElement("script"); s.textContent = "window.ran = 1";
                              document.head.append(s); }""")
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.ran") is None
    assert any("script-src" in v for v in violations), violations


def test_every_page_works_under_the_policy(
    live_server: object, page: Page, violations: list[str], artifacts: Path, prices: None
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    response = page.goto(f"{base}/iolimits")
    assert response is not None and "default-src 'self'" in (response.headers.get("content-security-policy") or "")
    sign_in_as_staff(page, base)

    # Questionnaire: the htmx validation shows an inline error; then save and land on the results.
    page.goto(f"{base}/assessments/new/")
    page.fill("#f-name", "Under the policy")
    page.select_option("#f-oracle-edition", "se2")
    page.select_option("#f-oracle-licence-model", "li")
    page.select_option("#f-environment-region", "eu-west-1")
    page.fill("#f-environment-hours-per-month", "900")
    expect(page.locator("#err-environment-hours-per-month")).to_contain_text(
        "Hours running per month must be 744 hours or less."
    )
    page.fill("#f-environment-hours-per-month", "730")
    expect(page.locator("#err-environment-hours-per-month")).to_be_empty()
    page.fill("#f-sizing-peak-cpu", "2")
    page.fill("#f-sizing-average-cpu", "1")
    page.click("text=Save assessment")
    page.wait_for_url("**/a/*/results/")

    # Results: all three charts drawn, and redrawn after an htmx preview.
    for chart in ("cost-chart", "capacity-chart", "cumulative-chart"):
        expect(page.locator(f'[data-plotly-figure="{chart}"] .main-svg').first).to_be_visible()
    page.screenshot(path=str(artifacts / "csp-results.png"), full_page=False)
    report_html = page.url.replace("/results/", "/report.pdf?format=html")

    # The report's HTML twin: its scripts are static files too (every <details> opened, charts drawn).
    page.goto(report_html)
    expect(page.locator(".chart .main-svg").first).to_be_visible()
    assert page.evaluate("() => [...document.querySelectorAll('details')].every(d => d.open)")

    # IO limits: chart drawn, then redrawn after an htmx swap.
    page.goto(f"{base}/iolimits")
    expect(page.locator(".chart .main-svg").first).to_be_visible()
    page.fill("#io-size_gib", "1000")
    page.press("#io-size_gib", "Tab")
    expect(page).to_have_url(re.compile(r"size_gib=1000"))
    expect(page.locator(".chart .main-svg").first).to_be_visible()

    # Estimate: htmx update of the bill.
    page.goto(f"{base}/estimate")
    page.fill("#est-storage_gib", "1000")
    page.press("#est-storage_gib", "Tab")
    expect(page.locator("#bill")).to_contain_text("1,000 GiB")

    # Rules: the htmx filter.
    page.goto(f"{base}/rules")
    expect(page.locator("#rule-rows")).to_be_visible()

    # Prices, as staff.
    page.goto(f"{base}/prices/")
    expect(page.locator("main")).to_contain_text("eu-west-1")
    page.screenshot(path=str(artifacts / "csp-prices.png"), full_page=False)

    page.wait_for_timeout(300)  # late violations (plotly's resize, htmx's settle) reach the console
    assert violations == [], "\n".join(violations)


def test_the_api_docs_and_the_admin_work_under_the_policy(
    live_server: object, page: Page, violations: list[str]
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    page.goto(f"{base}/api/v1/docs")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()  # Swagger UI drew the operations
    sign_in_as_staff(page, base)
    page.goto(f"{base}/admin/")
    expect(page.locator("#site-name")).to_be_visible()
    page.wait_for_timeout(300)
    assert violations == [], "\n".join(violations)
