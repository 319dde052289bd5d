"""An architect fills a questionnaire, opens the results, changes an answer and watches them update, downloads
the PDF of what the page shows (saving nothing), then saves with Enter."""

import subprocess
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, Route, expect

from advisor.models import Assessment

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
    page.wait_for_url("**/a/*/results/")  # saving goes to the results

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

    # "Download PDF" prints what the page shows: the changed answer, not the saved one, and saves nothing.
    printed: list[tuple[str, int, bytes]] = []

    def keep(route: Route) -> None:  # the response is an attachment: read it on its way to the new tab
        response = route.fetch()
        printed.append((route.request.post_data or "", response.status, response.body()))
        route.fulfill(response=response)

    page.context.route("**/report.pdf", keep)
    page.fill("input[name=prepared_by]", "Jane Doe")
    with page.context.expect_page():
        page.get_by_role("button", name="Download PDF").click()
    for _ in range(120):
        if printed:
            break
        page.wait_for_timeout(250)
    assert printed, "no report was requested"
    posted, status, pdf = printed[0]
    form = parse_qs(posted)
    assert status == 200 and pdf.startswith(b"%PDF-")
    assert form["sizing.peak_cpu"] == ["6"] and form["prepared_by"] == ["Jane Doe"] and "csrfmiddlewaretoken" in form
    (artifacts / "results-download.pdf").write_bytes(pdf)
    text = " ".join(subprocess.run(["pdftotext", "-layout", str(artifacts / "results-download.pdf"), "-"],
                                   check=True, capture_output=True, text=True).stdout.split())  # fmt: skip
    assert "Answers changed on the results page, not saved" in text and "Jane Doe" in text
    assert "needs 7.2 vCPUs" in text and rds_total.inner_text() in text
    saved = Assessment.objects.get(name="Results in a browser")
    assert saved.workload["sizing"]["peak_cpu"] == 2

    # Enter in an answer still saves the answers (the download button is not the form's default button).
    page.press("#f-sizing-peak-cpu", "Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved “Results in a browser”")
    expect(page).to_have_url(f"{base}/a/{saved.public_id}/results/")
    saved.refresh_from_db()
    assert saved.workload["sizing"]["peak_cpu"] == 6
