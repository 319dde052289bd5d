"""The PDF comparison: /a/<uuid>/report.pdf, its HTML twin, the report command and the admin's report settings.

The figures the document must carry are read from the results page's HTML in the same test, never from the code
under test. Tests marked ``browser`` print through Debian's Chromium and read the PDF with poppler-utils.
"""

from __future__ import annotations

import base64
import html
import io
import logging
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from advisor import services
from advisor.models import Assessment
from advisor.reports import pdf as report
from tests.advisor.reports.conftest import SMALL
from tests.conftest import form_data

pytestmark = pytest.mark.django_db

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts"
PNG_1PX = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def report_url(assessment: Assessment, **params: str) -> str:
    url = reverse("advisor:assessment-report", args=[assessment.public_id])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def page_figures(client: Client, assessment: Assessment, query: str = "") -> dict[str, object]:
    """What the results page shows: the recommended option, each priced option's total, the price dates."""
    body = client.get(reverse("advisor:assessment-results", args=[assessment.public_id]) + query).content.decode()
    prices_row = re.search(r'<tr class="price-dates"><th scope="row">Prices</th><td colspan="\d"><span '
                           r'class="aws-price-dates">([^<]+)</span>\.', body)  # fmt: skip
    assert prices_row is not None
    return {
        "recommended": html.unescape(re.search(r'id="recommended-option">([^<]+)<', body).group(1)),  # type: ignore[union-attr]
        # a blocked option's total carries a note: what it would cost if the blocker were removed
        "totals": dict(
            re.findall(r'data-option="(\w+)">(\$[\d,.]+)(?:<br><span class="cost-note">[^<]*</span>)?</td>', body)
        ),
        "price_dates": html.unescape(prices_row.group(1)),  # the table's one line dating every option's prices
    }


def one_line(text: str) -> str:
    return " ".join(text.split())


def words(markup: str) -> str:
    """The text a reader sees in an HTML document, on one line."""
    blocks = re.sub(r"</?(?:t[dhr]|li|p|div|h\d|d[dlt]|br|[uo]l|table|section|blockquote|summary)\b[^>]*>", " ", markup)
    return one_line(html.unescape(re.sub(r"<[^>]+>", "", blocks)))


# --- the HTML twin and bad input (no browser needed) -------------------------------------------------------


def test_the_html_twin_carries_the_results_page_figures(client: Client, small: Assessment) -> None:
    shown = page_figures(client, small)
    assert shown["recommended"] == "Amazon RDS for Oracle" and set(shown["totals"]) == {"rds", "ec2"}  # type: ignore[arg-type]

    response = client.get(report_url(small, format="html"))

    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    markup = response.content.decode()
    text = words(markup)
    assert f"Recommended: {shown['recommended']}," in text
    for total in shown["totals"].values():  # type: ignore[attr-defined]
        assert total in text
    # one line dates the prices: the cover, the banner, the table, the price section and the disclaimer say it
    assert shown["price_dates"] == "Prices as of 2023-02-23 (AWS Price List, eu-west-1)"  # both offer files' dump
    assert text.count(str(shown["price_dates"])) == 5
    assert "on the Prices page" not in text  # the admin's instruction is for staff on the web page only
    for part in ("Executive summary", "What decides it", "Licence assumptions",
                 "Price data and disclaimer", "Oracle on AWS Advisor", SMALL.customer):  # fmt: skip
        assert part in text
    # the same charts as the page, from the same figures; the answers panel and htmx are not in a document
    assert 'data-plotly-figure="cost-chart"' in markup and 'data-plotly-figure="capacity-chart"' in markup
    assert 'id="results-answers"' not in markup and "htmx" not in markup
    # the eu-west-1 rows are from 2023-02-23, past the site's 180-day limit: the document says so in its summary
    assert 'class="price-age stale"' in markup and "Old prices. Prices as of 2023-02-23" in text
    assert markup.count('class="price-age stale"') == 1  # said once, in the summary, not again in the comparison


def test_the_document_states_licence_assumptions_and_every_finding_with_its_source(
    client: Client, small: Assessment
) -> None:
    markup = client.get(report_url(small, format="html")).content.decode()
    text = words(markup)
    assert "Edition Standard Edition 2 (SE2)" in text and "Licences already owned 0 sockets" in text
    assert "each set of 4 vCPUs (or fewer) counts as 1 socket" in text  # Oracle's cloud policy, as priced
    assert "Oracle Database Standard Edition 2 support: 1 socket licence(s)" in text  # the EC2 BYOL lines
    recommendation = services.recommendation_for(SMALL.workload)
    for option in recommendation.options:
        for finding in option.verdict.findings:
            assert one_line(finding.title) in text and html.escape(finding.source_url) in markup


def test_the_sizing_policy_in_the_url_is_the_one_reported(client: Client, small: Assessment) -> None:
    text = client.get(report_url(small, format="html", **{"policy.cpu_headroom_pct": "100"})).content.decode()
    assert "CPU headroom 100" in text and "4.0 vCPUs" in text  # 2 vCPUs at peak x 2.0, as the page says

    bad = client.get(report_url(small, **{"policy.cpu_headroom_pct": "-5"}))
    assert bad.status_code == 422 and "policy.cpu_headroom_pct" in bad.content.decode()


def test_an_invalid_workload_explains_what_is_missing_instead_of_a_document(client: Client, broken: Assessment) -> None:
    for fmt in ("pdf", "html"):
        response = client.get(report_url(broken, format=fmt))

        assert response.status_code == 422
        body = response.content.decode()
        assert "the PDF is made only from a complete, valid workload" in body
        assert f'href="/a/{broken.public_id}/#f-sizing-peak-cpu">sizing.peak_cpu</a>' in body
        assert f'href="/a/{broken.public_id}/#f-sizing-db-size-gib">sizing.db_size_gib</a>' in body
        assert "Executive summary" not in body


def test_an_unknown_assessment_is_404(client: Client, db: None) -> None:
    response = client.get("/a/00000000-0000-4000-8000-000000000000/report.pdf")
    assert response.status_code == 404


def test_without_chromium_the_download_says_so_and_the_log_says_what_to_install(
    client: Client, small: Assessment, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.REPORT_CHROMIUM = "/nonexistent/chromium"

    with caplog.at_level(logging.ERROR, logger="advisor.reports.views"):
        response = client.get(report_url(small))

    assert response.status_code == 503
    message = response.content.decode()
    assert message.startswith("The PDF cannot be printed now: Chromium") and "tell the site's administrator" in message
    # the reader is not told our server's paths, commands or files: the administrator's log is
    for ours in ("/nonexistent/chromium", "apt-get", "README", "make test"):
        assert ours not in message, ours
    logged = caplog.text
    assert "not installed at /nonexistent/chromium" in logged and "apt-get install chromium" in logged


def test_a_pdf_that_fails_to_print_is_said_in_the_readers_words(caplog: pytest.LogCaptureFixture) -> None:
    from types import SimpleNamespace

    from advisor.reports.views import pdf_download

    def fails(document: object) -> bytes:
        raise report.ReportFailed("Chromium at /usr/bin/chromium did not start: crashed")

    with caplog.at_level(logging.ERROR, logger="advisor.reports.views"):
        response = pdf_download(SimpleNamespace(filename="acme-billing-comparison.pdf"), fails)

    assert response.status_code == 503
    message = response.content.decode()
    assert message.startswith("The PDF could not be printed this time. Please try again")
    assert "/usr/bin" not in message and "Chromium at" not in message
    assert "acme-billing-comparison.pdf not printed: Chromium at /usr/bin/chromium did not start" in caplog.text


def test_an_unknown_paper_or_format_is_refused(client: Client, small: Assessment) -> None:
    assert client.get(report_url(small, paper="a3")).status_code == 400
    assert client.get(report_url(small, format="docx")).status_code == 400


def test_the_results_page_offers_the_download_of_its_answers_form(client: Client, small: Assessment) -> None:
    url = reverse("advisor:assessment-results", args=[small.public_id]) + "?policy.cpu_headroom_pct=30"
    body = client.get(url).content.decode()
    button = re.search(r"<button[^>]*>Download PDF</button>", body, re.S)
    assert button is not None
    # the download submits the answers form (answers, policy and its CSRF token) to the report, in a new tab
    for attribute in ('form="results-answers"', 'type="submit"', f'formaction="/a/{small.public_id}/report.pdf"',
                      'formmethod="post"', 'formtarget="_blank"'):  # fmt: skip
        assert attribute in button.group(0)
    form = re.search(r'<form id="results-answers".*?</form>', body, re.S).group(0)  # type: ignore[union-attr]
    assert 'name="csrfmiddlewaretoken"' in form and 'name="policy.cpu_headroom_pct" value="30"' in form
    for name in ("prepared_by", "paper"):
        assert re.search(rf'<(?:input|select) form="results-answers" name="{name}"', body)
    # Enter in an answer still saves: the form's first submit button (in document order) has no formaction
    first = re.search(r'<button form="results-answers"[^>]*>', body).group(0)  # type: ignore[union-attr]
    assert "formaction" not in first and "hidden" in first


def changed_answers(**sizing: object) -> dict[str, str]:
    """What the results page's answers form posts after the user changed ``sizing`` answers there."""
    workload = SMALL.workload.model_copy(update={"sizing": SMALL.workload.sizing.model_copy(update=sizing)})
    return form_data(workload, name=SMALL.name, customer=SMALL.customer, project=SMALL.project) | {"next": "results"}


def preview_figures(client: Client, assessment: Assessment, data: dict[str, str]) -> dict[str, str]:
    """What the results page shows for answers changed on it (its htmx preview): each priced option's total."""
    url = reverse("advisor:assessment-results-preview", args=[assessment.public_id])
    return dict(re.findall(r'data-option="(\w+)">(\$[\d,.]+)</td>', client.post(url, data).content.decode()))


def test_posted_answers_are_the_ones_reported_and_nothing_is_saved(client: Client, small: Assessment) -> None:
    saved = (small.workload, small.updated_at)
    data = changed_answers(peak_cpu=6, average_cpu=3)  # 6 x 1.2 = 7.2 vCPUs: db.m5.xlarge no longer fits
    shown = preview_figures(client, small, data)
    assert shown and shown != page_figures(client, small)["totals"]

    response = client.post(report_url(small), data | {"format": "html", "prepared_by": "Jane Doe", "paper": "letter"})

    assert response.status_code == 200
    markup = response.content.decode()
    text = words(markup)
    assert "needs 7.2 vCPUs" in text
    assert "needs 7.2 vCPUs" not in words(client.get(report_url(small, format="html")).content.decode())  # saved
    for total in shown.values():
        assert total in text
    cover = words(re.search(r'<section class="report-cover".*?</section>', markup, re.S).group(0))  # type: ignore[union-attr]
    assert "Answers changed on the results page, not saved" in cover
    assert "from answers changed on the results page of the assessment" in text
    assert "paper-letter" in markup and "Jane Doe" in text
    small.refresh_from_db()
    assert (small.workload, small.updated_at) == saved and Assessment.objects.count() == 1


def test_a_posted_region_and_policy_are_the_ones_reported(client: Client, small: Assessment) -> None:
    data = changed_answers() | {"environment.region": "us-east-1", "policy.cpu_headroom_pct": "100",
                                "policy.burst_may_cover_peaks.present": "1"}  # fmt: skip
    text = words(client.post(report_url(small, format="html"), data).content.decode())
    assert "Region us-east-1" in text and "Region eu-west-1" not in text
    # the prices' line names the Region the rows were read for
    assert re.search(r"Prices as of \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(AWS Price List, us-east-1\)", text)
    # eu-west-1 is named only as the Region whose EBS snapshot row stands in (us-east-1's rows hold none)
    assert "no us-east-1 price held for EBS snapshots: estimated at eu-west-1's price" in text
    assert "CPU headroom 100" in text and "4.0 vCPUs" in text
    assert "Answers changed on the results page, not saved" in text
    small.refresh_from_db()
    assert small.region == "eu-west-1" and small.workload["environment"]["region"] == "eu-west-1"


def test_posting_the_saved_answers_is_not_called_unsaved(client: Client, small: Assessment) -> None:
    text = words(client.post(report_url(small, format="html"), changed_answers()).content.decode())
    assert "Executive summary" in text and "not saved" not in text
    assert "from the answers saved in the assessment" in text


def test_invalid_posted_answers_get_the_page_naming_each_field(client: Client, small: Assessment) -> None:
    data = changed_answers() | {"sizing.db_size_gib": "", "sizing.peak_cpu": "-1", "policy.cpu_headroom_pct": "-5"}
    for fmt in ("pdf", "html"):
        response = client.post(report_url(small), data | {"format": fmt})

        assert response.status_code == 422
        body = response.content.decode()
        assert "the PDF is made only from a complete, valid workload" in body and "Executive summary" not in body
        for path in ("sizing.db_size_gib", "sizing.peak_cpu", "policy.cpu_headroom_pct"):
            assert f">{path}</a>:" in body
    small.refresh_from_db()
    assert small.workload == SMALL.workload.model_dump(mode="json")


def test_the_posted_download_needs_the_pages_csrf_token(small: Assessment, user: Any) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    data = changed_answers(peak_cpu=6, average_cpu=3) | {"format": "html"}

    assert browser.post(report_url(small), data).status_code == 403

    page = browser.get(reverse("advisor:assessment-results", args=[small.public_id])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    response = browser.post(report_url(small), data | {"csrfmiddlewaretoken": token})
    assert response.status_code == 200 and "needs 7.2 vCPUs" in response.content.decode()


def test_the_posted_download_refuses_an_unknown_paper_or_format(client: Client, small: Assessment) -> None:
    assert client.post(report_url(small), changed_answers() | {"paper": "a3"}).status_code == 400
    assert client.post(report_url(small, format="docx"), changed_answers()).status_code == 400


# --- the PDF, printed by Chromium ---------------------------------------------------------------------------


def poppler(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


@pytest.mark.browser
def test_the_pdf_says_what_the_results_page_says(client: Client, small: Assessment) -> None:
    shown = page_figures(client, small)

    response = client.get(report_url(small, prepared_by="Jane%20Doe"))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="example-regional-retailer-small-oltp-on-se2-comparison.pdf"'
    )
    assert response.content.startswith(b"%PDF-")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / "report-small-oltp-se2.pdf"
    pdf.write_bytes(response.content)
    info = poppler("pdfinfo", str(pdf))
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    assert pages >= 6 and "(A4)" in info

    layout = poppler("pdftotext", "-layout", str(pdf), "-")
    assert f"Recommended: {shown['recommended']}," in one_line(layout)
    for total in shown["totals"].values():  # type: ignore[attr-defined]
        assert total in layout
    assert str(shown["price_dates"]) in one_line(layout)
    # the cover, the running header and "page X of Y" on every page
    first = poppler("pdftotext", "-layout", "-f", "1", "-l", "1", str(pdf), "-")
    assert SMALL.name in first and SMALL.customer in first and "Jane Doe" in first and f"Page 1 of {pages}" in first
    last = poppler("pdftotext", "-layout", "-f", str(pages), "-l", str(pages), str(pdf), "-")
    assert f"Page {pages} of {pages}" in last and SMALL.name in last
    assert str(shown["price_dates"]) in one_line(first) and str(shown["price_dates"]) in one_line(last)  # footer
    # the charts are vector graphics: their titles are text and there is no raster image in the file
    assert (
        "Monthly cost by component (USD, run-rate)" in layout
        and "Cumulative cost over 36 months, cash as paid (USD)" in layout
    )
    assert len(poppler("pdfimages", "-list", str(pdf)).splitlines()) == 2  # the listing's two header lines

    for first_page, name in ((1, "report-page1"), (4, "report-page4")):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(first_page), "-l", str(first_page), "-singlefile",
                        str(pdf), str(ARTIFACTS / name)], check=True)  # fmt: skip
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 5_000


@pytest.mark.browser
def test_the_pdf_follows_the_policy_and_the_paper_asked_for(client: Client, small: Assessment) -> None:
    query = "?policy.cpu_headroom_pct=100"
    shown = page_figures(client, small, query)

    response = client.get(report_url(small, paper="letter", **{"policy.cpu_headroom_pct": "100"}))

    assert response.status_code == 200
    path = ARTIFACTS / "report-small-oltp-se2-letter.pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    path.write_bytes(response.content)
    assert "(letter)" in poppler("pdfinfo", str(path))
    layout = poppler("pdftotext", "-layout", str(path), "-")
    for total in shown["totals"].values():  # type: ignore[attr-defined]
        assert total in layout
    assert "4.0 vCPUs" in layout


@pytest.mark.browser
def test_the_command_writes_the_pdf(tmp_path: Path, small: Assessment) -> None:
    out = tmp_path / "small.pdf"
    stdout = io.StringIO()
    call_command("report", "--assessment", SMALL.name, "--out", str(out), "--paper", "letter", stdout=stdout)
    assert out.read_bytes().startswith(b"%PDF-") and "(letter)" in poppler("pdfinfo", str(out))
    assert str(out) in stdout.getvalue()


def test_report_pdf_refuses_a_missing_browser_before_starting_anything(small: Assessment) -> None:
    document = report.report_document(assessment=small)
    with pytest.raises(report.ChromiumMissing, match="apt-get install chromium"):
        report.report_pdf(document, executable="/nonexistent/chromium")


def test_the_running_header_and_footer_are_the_documents_own_lines_not_the_page(small: Assessment) -> None:
    document = report.report_document(assessment=small, prepared_by="Jo Reviewer")
    assert "<html" in document.html and "<html" not in document.header_html + document.footer_html
    assert small.name in words(document.header_html) and "· comparison" in document.header_html
    assert "Prepared by Jo Reviewer" in document.footer_html and 'class="pageNumber"' in document.footer_html


def test_the_document_says_the_cores_measured_spread_and_follows_the_credit_switch(
    client: Client, small: Assessment
) -> None:
    # a 10,000-per-thread source host: db.r5.large (r5.large, 14,578.0) does 46 % more per thread, beyond r5's
    # spread between sizes, (14,661.3 - 13,655.1) / 13,655.1 = 7.37 % -> "7.4 %" (r5.12xlarge against r5.metal)
    data = changed_answers(source_coremark_per_thread=10000)
    text = words(client.post(report_url(small, format="html"), data).content.decode())
    assert (
        "sizes of this family differ by up to 7.4 % in the measurements; smaller differences are not credited" in text
    )
    assert "more than the 7.4 % by which sizes of r5 differ in the measurements → CPU need 2.4 → 1.6 vCPUs" in text
    off = words(client.post(report_url(small, format="html"), data | {"policy.credit_faster_cores.present": "1"})
                .content.decode())  # fmt: skip
    assert "Credit a faster core: no" in off and "the sizing policy does not credit a faster core" in off
