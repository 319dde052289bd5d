"""An hour's report on the pages: the review page, the questionnaire and the results mark each peak answer that holds
the hour's average, in plain words, and ask for the peak; several hourly reports give peaks and no mark."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from advisor.engine.workload import Workload
from tests.advisor.awr.samples import JAS, needs_samples
from tests.advisor.awr.test_aggregate import hour
from tests.advisor.awr.test_views import row
from tests.advisor.awr.uploads import assessed_results, raw_files, upload, upload_files
from tests.conftest import form_data

pytestmark = [pytest.mark.django_db, needs_samples]

AWR = JAS / "awrrpt_1_2668_2669.txt"
HOUR = "the average of the 60.25 minutes the report covers, snaps 2668-2669 (04-Feb-23 19:00:39 to 04-Feb-23 20:00:54)"


def words(text: str) -> str:
    """The text as read: tags dropped (inline ones join their words), entities resolved, spaces squeezed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def banner(body: str) -> str:
    match = re.search(r'<div class="average-not-peak" id="averages-not-peaks" role="note">(.*?)</div>', body, re.S)
    assert match, "no banner"
    return words(match.group(1))


def field_html(body: str, dom_id: str) -> str:
    """The questionnaire field whose input is ``dom_id``: from its label to the next field."""
    start = body.index(f'<label for="{dom_id}"')
    return body[start : body.index('<div class="field ', start)]


def test_the_review_page_marks_each_peak_that_is_the_hours_average(client: Client) -> None:
    body = client.get(upload(client, AWR).get_absolute_url()).content.decode()
    said = banner(body)
    assert said.startswith(
        "Averages, not peaks Peak CPU used, Peak read IOPS, Peak read throughput, Peak write IOPS, Peak write "
        "throughput are pre-filled with averages: the reports hold no peak for them."
    )
    assert "Confirm each or enter the peak in the questionnaire" in said
    cpu = html.unescape(row(body, "prefill-sizing.peak_cpu"))
    # Time Model DB CPU 1,234.8 s + background cpu time 16.5 s over 60.25 min (3,615 s) = 0.34614, rounded up
    assert cpu.startswith(f"Peak CPU used 0.35 average, not a peak This is {HOUR}, not a peak; ")
    assert "Keep it only if that was the busiest time; otherwise enter the peak." in cpu
    assert "its busiest slot, 19:00:39 (4.4 min), ran at 3.57 times the window's average" in cpu
    assert "CPU headroom (20% by default)" in cpu
    assert row(body, "prefill-io.peak_write_iops").startswith(
        "Peak write IOPS 43 average, not a peak This is the average"
    )
    for path in ("sizing.average_cpu", "io.sustained_read_iops", "io.redo_mib_s"):
        assert "not a peak" not in row(body, f"prefill-{path}").lower(), path  # these ask for an average
    for hidden in ("sizing.peak_cpu", "caveat", "peak_printed", "ash_busiest_slot"):
        assert hidden not in said, hidden  # the reader's words, not our names


def test_several_hourly_reports_are_not_marked(client: Client) -> None:
    text = AWR.read_text()
    seconds = ("1,084.5", "5,422.5", "3,253.5")  # Time Model DB CPU over 3,615 s: 0.3, 1.5 and 0.9 per second
    files = raw_files(*[(f"h{i}.txt", hour(text, begin=2668 + i, cpu_s=c)) for i, c in enumerate(seconds)])
    body = client.get(upload_files(client, files).get_absolute_url()).content.decode()
    assert 'id="averages-not-peaks"' not in body and "average, not a peak" not in body
    # the busiest hour 1.5 + background cpu time 16.5 s / 3,615 s (0.00456) = 1.50456, rounded up
    assert row(body, "prefill-sizing.peak_cpu").startswith("Peak CPU used 1.51 ")


def test_the_questionnaire_marks_the_peak_fields_until_the_user_changes_them(client: Client) -> None:
    report_import = upload(client, AWR)
    url = reverse("awr:assessment-new", args=[report_import.public_id])
    body = client.get(url).content.decode()
    said = banner(body)
    assert said.startswith("Averages, not peaks The reports hold no peak for Peak CPU used, Peak read IOPS,")
    assert "Confirm each or enter the peak before saving" in said
    assert '<a href="#f-sizing-peak-cpu">Peak CPU used</a>' in body
    cpu = field_html(body, "f-sizing-peak-cpu")
    assert 'class="average-not-peak-input"' in cpu and 'aria-describedby="caution-f-sizing-peak-cpu ' in cpu
    assert "average, not a peak" in words(cpu) and f"This is {HOUR}, not a peak" in words(cpu)
    assert "average, not a peak" not in words(field_html(body, "f-sizing-average-cpu"))
    # the user enters the peak; another answer is invalid, so the page comes back: the entered peak is the user's own
    # and unmarked, the other peaks still hold the hour's averages and stay marked
    data = form_data(Workload.model_validate(report_import.extraction["prefill"]["workload"]), name="BPSC")
    data["sizing.peak_cpu"], data["sizing.sga_gib"] = "1.2", "-1"
    again = client.post(url, data)
    assert again.status_code == 422
    page = again.content.decode()
    assert "average, not a peak" not in words(field_html(page, "f-sizing-peak-cpu"))
    assert "average, not a peak" in words(field_html(page, "f-io-peak-read-iops"))
    assert '<a href="#f-sizing-peak-cpu">' not in banner(page)


def test_the_results_say_the_cpu_was_sized_from_the_hours_average(client: Client, prices: None) -> None:
    _, _, results = assessed_results(client, upload(client, AWR), "BPSC")
    # Time Model DB CPU 1,234.8 s + background cpu time 16.5 s over 3,615 s = 0.34614, rounded up to 0.35
    said = (
        "Sized from an average, not a peak: Peak CPU used (0.35 vCPUs), Peak read IOPS (110 IOPS), Peak read "
        "throughput (1.2 MiB/s), Peak write IOPS (43 IOPS), Peak write throughput (0.6 MiB/s) are as pre-filled from "
        f"the imported reports, {HOUR}; the reports hold no peak for them, so the options above are sized for those "
        "averages. Enter the peaks in the questionnaire to size for them."
    )
    assert said in words(results)
    first = results.index("imported-note")
    assert "average-not-peak" in results[first : first + 60]  # marked, and said before how the CPU was read
    assert words(results).index(said) < words(results).index("Peak CPU used, 0.35 vCPUs, is as pre-filled")
