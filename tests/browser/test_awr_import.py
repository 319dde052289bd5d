"""An architect uploads AWR reports in a real browser: the RAC global report with AWR-Miner output of another
database (one file read, the other refused with its reason), reviews the figures, opens the pre-filled
questionnaire, saves it; then drops the AWR-Miner file on the drop zone alone, masked, and sees its peaks and P95."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from advisor.awr.models import ReportImport
from advisor.models import Assessment
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_samples]

SHOTS = Path("/tmp")


def test_upload_review_prefill_and_save(live_server: object, page: Page, prices: None) -> None:
    csp_refusals: list[str] = []  # the Content-Security-Policy forbids inline scripts: the pages must need none
    page.on("console", lambda m: csp_refusals.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{live_server.url}/import/awr/")  # type: ignore[attr-defined]
    expect(page.locator("h1")).to_have_text("Import AWR / Statspack reports")
    page.set_input_files("#id_files", [str(AZURE / "AWR_DBW.html"), str(MINER / "dbcsi_awr_sample01.out")])
    expect(page.locator("#chosen-files li")).to_have_count(2)
    expect(page.locator("#chosen-files")).to_contain_text("AWR_DBW.html · 2.1 MiB")  # 2,191,571 bytes / 2^20
    page.screenshot(path=str(SHOTS / "awr-upload.png"), full_page=True)
    page.click("#awr-submit")

    page.wait_for_url("**/import/awr/*/")
    expect(page.locator(".messages")).to_contain_text("Read 1 of 2 files")
    expect(page.locator("h1")).to_have_text("Figures read from 1 of 2 files of DBW")
    refused = page.locator("tr.file-error")
    expect(refused).to_contain_text("dbcsi_awr_sample01.out")
    expect(refused).to_contain_text("upload the reports of one database at a time")
    # README "DBW IO Profile (Global)": 5,030.50 reads/s; RAC per-instance CPUs 92 and 92
    expect(page.locator("#rate-read_iops")).to_contain_text("5,030.5")
    expect(page.locator("#rate-read_iops")).to_contain_text("IO Profile (Global) · Total Requests (Reads/s): 5,030.50")
    expect(page.locator("#fact-host_cpus")).to_contain_text("#1: 92")
    expect(page.locator("#fact-host_cpus")).to_contain_text("#2: 92")
    expect(page.locator("#finding-exadata-flash")).to_be_visible()
    page.screenshot(path=str(SHOTS / "awr-review-dbw.png"), full_page=False)
    page.locator("#rates").screenshot(path=str(SHOTS / "awr-review-dbw-rates.png"))
    page.locator("#facts").screenshot(path=str(SHOTS / "awr-review-dbw-facts.png"))
    page.locator("#prefill").screenshot(path=str(SHOTS / "awr-review-dbw-prefill.png"))

    page.click("#create-assessment")
    page.wait_for_url("**/import/awr/*/assessment/")
    expect(page.locator("#f-name")).to_have_value("DBW (from AWR import)")
    expect(page.locator("#f-io-peak-read-iops")).to_have_value("5031")  # 5,030.50 rounded up
    cpu_field = page.locator(".field", has=page.locator("#f-sizing-peak-cpu"))
    expect(cpu_field.locator(".prefill-source")).to_contain_text("AWR_DBW.html · Time Model")
    expect(page.locator("#verdicts")).to_contain_text("Oracle Database@AWS")
    page.screenshot(path=str(SHOTS / "awr-prefilled-top.png"), full_page=False)
    page.locator("#s-sizing").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "awr-prefilled-questionnaire.png"), full_page=False)

    page.fill("#f-name", "DBW from the browser")
    page.click("text=Save assessment")
    page.wait_for_url("**/a/*/results/")
    assessment = Assessment.objects.get(name="DBW from the browser")
    assert ReportImport.objects.get().assessment == assessment
    page.click("text=Imported reports")
    page.wait_for_url("**/import/awr/*/")
    expect(page.locator(".page-head")).to_contain_text("Kept with the assessment DBW from the browser")
    assert csp_refusals == []


def test_drop_awr_miner_output_masked(live_server: object, page: Page) -> None:
    page.goto(f"{live_server.url}/import/awr/")  # type: ignore[attr-defined]
    data = base64.b64encode((MINER / "dbcsi_awr_sample01.out").read_bytes()).decode()
    page.evaluate(
        """([name, data]) => {
            const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name));
            const zone = document.getElementById('drop-zone');
            zone.dispatchEvent(new DragEvent('dragover', {dataTransfer: transfer, bubbles: true, cancelable: true}));
            zone.dispatchEvent(new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true}));
        }""",
        ["dbcsi_awr_sample01.out", data],
    )
    expect(page.locator("#chosen-files")).to_contain_text("dbcsi_awr_sample01.out")
    page.check("#id_mask")
    page.click("#awr-submit")
    page.wait_for_url("**/import/awr/*/")
    expect(page.locator(".page-head")).to_contain_text("names masked")
    expect(page.locator(".page-head")).to_contain_text("database-1")
    expect(page.locator(".page-head")).not_to_contain_text("ORA12C")
    # snaps 17-19: average 0.01224, peak 0.021 (snap 18's cpu_per_s, the busiest window; its one-minute maximum .707
    # is not the peak), P95 0.0193 DB CPU s/s (worked in tests/advisor/awr/test_views.py)
    expect(page.locator("#rate-db_cpu_per_s")).to_contain_text("0.01224")
    expect(page.locator("#rate-db_cpu_per_s")).to_contain_text("0.021")
    expect(page.locator("#rate-db_cpu_per_s")).to_contain_text("0.0193")
    page.screenshot(path=str(SHOTS / "awr-review-miner-masked.png"), full_page=False)


def test_seventeen_files_are_read_in_the_background(live_server: object, page: Page) -> None:
    page.goto(f"{live_server.url}/import/awr/")  # type: ignore[attr-defined]
    report = (JAS / "sp_70371_70372.txt").read_bytes()
    page.set_input_files(
        "#id_files", [{"name": f"sp{i:02d}.txt", "mimeType": "text/plain", "buffer": report} for i in range(17)]
    )
    expect(page.locator("#chosen-files li")).to_have_count(17)
    page.click("#awr-submit")
    page.wait_for_url("**/import/awr/jobs/*/")
    # the tests' task backend runs the job at once, so the page shows it ended
    expect(page.locator("#awr-job")).to_contain_text("Succeeded: 17 of 17 files read")
    expect(page.locator("#awr-job")).to_contain_text("reading file 17 of 17: sp16.txt")
    page.screenshot(path=str(SHOTS / "awr-background-job.png"), full_page=False)
    page.click("text=See the figures read")
    page.wait_for_url("**/import/awr/*/")
    expect(page.locator("h1")).to_have_text("Figures read from 17 files of CLINPRD")


def test_files_that_cannot_be_read_are_named_with_the_reason(live_server: object, page: Page) -> None:
    page.goto(f"{live_server.url}/import/awr/")  # type: ignore[attr-defined]
    page.set_input_files(
        "#id_files",
        [
            {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"meeting notes\n"},
            {"name": "photo.png", "mimeType": "image/png", "buffer": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
        ],
    )
    page.click("#awr-submit")
    summary = page.locator(".error-summary")
    expect(summary).to_contain_text("Nothing was saved: 2 problems")
    expect(summary).to_contain_text("notes.txt: not an AWR or Statspack report")
    expect(summary).to_contain_text("photo.png: binary file")
    page.screenshot(path=str(SHOTS / "awr-upload-errors.png"), full_page=False)
    assert ReportImport.objects.count() == 0
