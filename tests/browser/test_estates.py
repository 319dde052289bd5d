"""An architect downloads the inventory template, fills it with 20 databases (one of them with a bad cell), uploads
it and watches the estate page's progress bar and per-database statuses move while a worker assesses the batches,
then reads the totals and opens one database's full results."""

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from playwright.sync_api import Page, expect

from advisor.estates import report_tasks, tasks
from advisor.estates.models import Estate
from tests.advisor.awr.samples import needs_samples
from tests.advisor.estates.engine.test_report_zip import two_folders

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # queued; this test is the worker


def twenty_rows(template: str) -> bytes:
    header, example = list(csv.reader(io.StringIO(template)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for n in range(1, 21):
        row = dict(zip(header, example, strict=True))
        row |= {"name": f"DB-{n:02d}", "peak_cpu": str(2 + n % 6), "average_cpu": "1", "db_size_gib": str(100 * n)}
        if n == 17:
            row["peak_read_iops"] = "lots"  # refused: row 18 of the sheet (the header is row 1)
        writer.writerow(row[h] for h in header)
    return out.getvalue().encode()


def run_next_batch(estate: Estate) -> None:
    """What one worker does with one queued task: assess the next batch of queued rows."""
    ids = list(
        estate.databases.filter(status="queued").order_by("row").values_list("pk", flat=True)[: tasks.BATCH_SIZE]
    )
    tasks.run_batch(estate.job_id, ids)


def test_upload_the_template_and_watch_the_estate_reach_its_results(
    live_server: Any, page: Page, artifacts: Path, prices: None
) -> None:
    base = live_server.url
    with override_settings(TASKS=STORED_ONLY):
        page.goto(f"{base}/estates/")
        page.get_by_role("link", name="New estate from an inventory").click()
        template = page.request.get(f"{base}/estates/template.csv").text()
        page.fill("#id_name", "Twenty from the template")
        page.set_input_files("#id_file", files=[{"name": "inventory.csv", "mimeType": "text/csv",
                                                 "buffer": twenty_rows(template)}])  # fmt: skip
        page.click("#estate-upload")
        page.wait_for_url("**/estates/*/")
        estate = Estate.objects.get()

        # Nothing assessed yet: the bar is at 0 of 19, the refused row is listed with its row and column.
        expect(page.locator("#estate-progress-text")).to_have_text("0 of 19 databases assessed (0 %)")
        expect(page.locator("#db-row-18")).to_contain_text("row 18, peak_read_iops: not a number ('lots')")
        expect(page.locator("#db-row-2 .status")).to_have_text("queued")
        page.screenshot(path=str(artifacts / "estate-queued.png"), full_page=False)

        run_next_batch(estate)  # the first 10 rows; the page polls every second and follows
        expect(page.locator("#estate-progress-text")).to_have_text("10 of 19 databases assessed (53 %)")
        expect(page.locator("#db-row-2 .status")).to_have_text("done")
        expect(page.locator("#db-row-20 .status")).to_have_text("queued")
        page.screenshot(path=str(artifacts / "estate-running.png"), full_page=False)

        run_next_batch(estate)  # the other 9
        expect(page.locator("#estate-progress-text")).to_have_text("19 of 19 databases assessed (100 %)")
        expect(page.locator("#estate-totals")).to_be_visible()
        expect(page.locator('#estate-totals tr[data-placement="best"]')).to_contain_text("19 of 19")
        expect(page.locator("#estate-licences")).to_be_visible()
        expect(page.locator(".estate-charts .main-svg").first).to_be_visible()
        page.screenshot(path=str(artifacts / "estate-done.png"), full_page=True)
        page.locator("#estate-totals").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "estate-totals.png"), full_page=False)
        page.locator(".estate-charts").screenshot(path=str(artifacts / "estate-charts.png"))

        # Filter to the refused row, then open a database's full results.
        page.select_option("select[name=status]", "invalid")
        expect(page.locator("#estate-databases tbody tr")).to_have_count(1)
        page.select_option("select[name=status]", "")
        page.get_by_role("link", name="DB-01", exact=True).click()
        expect(page.locator("h1")).to_have_text("DB-01: where it should run")
        expect(page.locator("#recommended-option")).to_be_visible()
        page.screenshot(path=str(artifacts / "estate-database.png"), full_page=False)


@needs_samples
def test_upload_a_zip_of_awr_reports_watch_it_read_then_assessed_and_download_the_pdf(
    live_server: Any, page: Page, artifacts: Path, prices: None
) -> None:
    base = live_server.url
    with override_settings(TASKS=STORED_ONLY):
        page.goto(f"{base}/estates/new/")
        expect(page.locator("#zip-limits")).to_contain_text("128 MiB per ZIP")
        page.screenshot(path=str(artifacts / "estate-new-zip.png"), full_page=True)
        page.fill("#id_name", "Two databases from AWR")
        page.set_input_files("#id_file", files=[{"name": "awr.zip", "mimeType": "application/zip",
                                                 "buffer": two_folders()}])  # fmt: skip
        page.click("#estate-upload")
        page.wait_for_url("**/estates/*/")
        estate = Estate.objects.get()
        expect(page.locator("#estate-reading-text")).to_have_text("Reading the reports: 0 of 3 files read")
        page.screenshot(path=str(artifacts / "estate-zip-reading.png"), full_page=False)

        report_tasks.run_reading(estate.job_id, estate.pk)  # the worker reads the ZIP and queues the assessment
        estate.refresh_from_db()
        expect(page.locator("#estate-progress-text")).to_have_text("0 of 2 databases assessed (0 %)")
        expect(page.locator("#estate-databases")).to_contain_text("ERP")
        run_next_batch(estate)
        expect(page.locator("#estate-progress-text")).to_have_text("2 of 2 databases assessed (100 %)")
        expect(page.locator('#estate-totals tr[data-placement="best"]')).to_contain_text("2 of 2")
        page.screenshot(path=str(artifacts / "estate-zip-done.png"), full_page=True)

        with page.expect_download() as download:
            page.click("#estate-pdf")
        pdf = download.value
        assert pdf.suggested_filename == "two-databases-from-awr-estate.pdf"
        pdf.save_as(str(artifacts / "estate-zip.pdf"))
        assert (artifacts / "estate-zip.pdf").read_bytes().startswith(b"%PDF")
