"""The estate as a document for the customer: its HTML twin carries the estate page's totals, the PDF prints (through
Debian's Chromium, read back with poppler-utils), the table stops at the stated number of rows and summarises the
rest, and a running estate has no document yet."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client, override_settings

from advisor.estates.models import Estate
from advisor.estates.pages import document
from tests.advisor.estates.conftest import inventory_csv

pytestmark = pytest.mark.django_db
ARTIFACTS = Path(__file__).resolve().parents[4] / "artifacts"
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, never run


def twenty_rows() -> tuple[str, ...]:
    """20 databases: EE BYOL and SE2 licence-included in turn, growing CPU and size, one EE needing RAC (row 7)."""
    rows = []
    for n in range(1, 21):
        edition, model, owned = ("ee", "byol", 4) if n % 2 else ("se2", "li", 0)
        features = ("rac" if n % 7 == 0 else "partitioning") if edition == "ee" else ""
        rows.append(
            f"DB{n:02d},{edition},{model},{owned},us-east-1,{1 + n % 8},{50 * n},{'yes' if n % 3 else 'no'},{features}"
        )
    return tuple(rows)


def money_cells(html: str, table_id: str) -> list[str]:
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"\$[\d,]+(?:\.\d\d)?", table)


def test_the_html_twin_carries_the_totals_the_estate_page_shows(client: Client, make_estate: Callable[..., Estate]) -> None:  # fmt: skip
    estate = make_estate()
    page = client.get(estate.get_absolute_url()).content.decode()
    assert 'id="estate-pdf"' in page  # "Download PDF" on the estate page
    twin = client.get(f"{estate.get_absolute_url()}report.pdf?format=html&prepared_by=Ann")
    assert twin.status_code == 200
    html = twin.content.decode()
    # the same totals table: every placement's monthly, 1-year, 3-year and committed 3-year figure, in order
    assert money_cells(html, "estate-totals") == money_cells(page, "estate-totals") != []
    best = estate.databases.filter(status="done")
    total = sum(d.recommended_monthly_usd for d in best)  # the three recommended monthly costs, summed
    assert f"${total:,.2f}" in html.split('id="cover-best"', 1)[1].split("</p>", 1)[0]
    for part in ("Totals per placement", "Oracle licences", "Blockers by rule", "Databases", "Sources, price dates",
                 "Disclaimer", "Prepared by", "Ann", 'data-plotly-figure="estate-cost-chart"'):  # fmt: skip
        assert part in html, part
    assert "row 4, peak_cpu: not a number" in html  # the refused row is listed with why


def test_past_the_stated_number_of_rows_the_rest_are_summarised(client: Client, make_estate: Callable[..., Estate],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    estate = make_estate(inventory_csv(twenty_rows()))
    monkeypatch.setattr(document, "MAX_LISTED", 15)
    html = client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode()
    assert html.count("<tr data-row=") == 15
    assert estate.databases.filter(status="done").count() == 20
    costs = sorted((d.recommended_monthly_usd for d in estate.databases.exclude(recommended_monthly_usd=None)),
                   reverse=True)  # fmt: skip
    rest = sum(costs[15:])  # listed costliest first: the cheapest are not listed, their costs summed
    summary = html.split('id="estate-rest"', 1)[1].split("</p>", 1)[0]
    assert "5 more databases not listed" in summary and "(5 done)" in summary and f"${rest:,.2f}" in summary


@override_settings(TASKS=STORED_ONLY)
def test_a_running_estate_has_no_document_yet(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()
    response = client.get(f"{estate.get_absolute_url()}report.pdf")
    assert response.status_code == 409 and "still being assessed (0 of 3 databases)" in response.content.decode()
    with pytest.raises(CommandError, match="still being assessed"):
        call_command("estate_report", "--estate", str(estate.public_id), "--out", "/dev/null")


def test_an_estate_with_nothing_assessed_says_so_rather_than_print_empty_totals(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate(inventory_csv(("Broken,ee,byol,0,us-east-1,many,300,yes,",)))
    html = client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode()
    assert "No database was assessed" in html and 'id="estate-totals"' not in html
    assert "row 2, peak_cpu: not a number" in html


def test_the_command_writes_the_html_twin(tmp_path: Path, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()
    out = tmp_path / "estate.html"
    call_command("estate_report", "--estate", "Test estate", "--out", str(out), "--format", "html")
    assert 'id="estate-totals"' in out.read_text() and estate.name in out.read_text()
    with pytest.raises(CommandError, match="no estate 'Nope'"):
        call_command("estate_report", "--estate", "Nope", "--out", str(out))


def test_the_running_header_and_footer_are_the_estates_own_lines_not_the_page(
    make_estate: Callable[..., Estate],
) -> None:
    estate = make_estate()
    printed = document.estate_document(estate=estate, prepared_by="Jo Reviewer")
    assert "<html" in printed.html and "<html" not in printed.header_html + printed.footer_html
    assert estate.name in printed.header_html and "· estate" in printed.header_html
    assert "Prepared by Jo Reviewer" in printed.footer_html and 'class="pageNumber"' in printed.footer_html


needs_printing = pytest.mark.skipif(
    not Path("/usr/bin/chromium").is_file() or shutil.which("pdftotext") is None,
    reason="Debian's chromium and poppler-utils print and read the PDF (apt-get install chromium poppler-utils)",
)


@pytest.mark.browser
@needs_printing
def test_a_twenty_database_estate_prints(client: Client, make_estate: Callable[..., Estate], **_: Any) -> None:
    estate = make_estate(inventory_csv(twenty_rows()), customer="Example Corp")
    response = client.get(f"{estate.get_absolute_url()}report.pdf?prepared_by=Ann%20Architect")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "estate-20.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    pages = text.count("\f")
    assert 4 <= pages <= 8, pages  # cover, totals and charts, licences and blockers, databases, sources
    placed = [d.recommended_monthly_usd for d in estate.databases.filter(status="done")]
    best = sum(m for m in placed if m is not None)  # a database with nothing recommended is counted apart
    assert f"${best:,.2f}" in text  # the best-per-database monthly total, on the cover and in the totals
    for name in ("DB01", "DB20", "Example Corp", "Ann Architect", f"Page 1 of {pages}", "Disclaimer"):
        assert name in text, name
    # the licences follow the totals' charts on their page rather than leave it two-thirds empty
    sheets = text.split("\f")
    first = {heading: next(i for i, sheet in enumerate(sheets) if heading in sheet)
             for heading in ("Databases by recommended option", "Processor licences (SE2")}  # fmt: skip
    assert len(set(first.values())) == 1, first
    # its price sources by the names users know, not the files and dataset keys they were imported from
    assert "AWS Price List, us-east-1, 2026-07-20 (third-party copy)" in text  # the rows are us-east-1's
    assert "Oracle Cloud Price List, 2026-01-05 (third-party copy)" in text  # Oracle Database@AWS list prices
    assert "AWS bulk offer file" not in text and "VI21" not in text and "@a74cd4c" not in text
    assert "Karpenter" not in text and "oci-pricing-mcp" not in text  # who copied them is the rows' provenance


def test_the_old_price_banner_is_a_note_to_the_reader_not_an_admin_instruction(
    client: Client, admin_user: Any, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate()
    client.force_login(admin_user)  # staff: their own estate page says what to refresh; the document never does
    html = client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode()
    banner = re.search(r'<div class="price-age stale"[^>]*>(.*?)</div>', html, re.S)
    assert banner is not None  # the fixture's eu-west-1 prices are past the site's 180-day limit
    assert "Prices may have changed since" in banner.group(1)
    assert "Prices page" not in html and "an admin can" not in html.lower()


def test_the_licence_chart_on_paper_keeps_its_height_level_names_and_its_legend_above_the_bars(
    make_estate: Callable[..., Estate],
) -> None:
    # angled names under ten products ran into a legend below them, and the paper's usual share of the height left
    # the bars a 60 px strip
    context = document.estate_context(estate=make_estate(), paper="a4", prepared_by="", logo="", on=None)
    layout = context["licence_chart"]["layout"]
    assert layout["meta"]["paper_height_scale"] == 1 and layout["height"] >= 400
    assert layout["xaxis"]["tickangle"] == 0
    assert layout["legend"]["y"] > 1 and layout["legend"]["yanchor"] == "bottom"
    names = [x for trace in context["licence_chart"]["data"] for x in trace["x"]]
    assert names and all(len(line) <= 12 for name in names for line in name.split("<br>") if " " in name)


def _rows(html: str, opening: str) -> dict[int, tuple[str, list[str], str]]:
    """Each database row of the databases table (``opening``: how its ``<tr`` names the row number): its
    recommended option's label, each option's verdict in column order and its blockers count, as the text says them."""
    table = html.split('id="estate-databases"', 1)[1].split("</table>", 1)[0]
    found = {}
    for row, body in re.findall(rf'<tr {opening}(\d+)"[^>]*>(.*?)</tr>', table, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)  # ... recommended, monthly, 4 options, blockers
        verdicts = [re.findall(r'class="verdict[^"]*">(\w+)<', cell) for cell in cells[-5:-1]]
        label = re.sub(r"<[^>]+>", "", cells[-7]).strip()
        found[int(row)] = (label, [v[0] if v else "" for v in verdicts], cells[-1].strip())
    return found


def test_the_document_lists_each_database_as_the_estate_page_does(client: Client, make_estate: Callable[..., Estate]) -> None:  # fmt: skip
    estate = make_estate()
    page = _rows(client.get(estate.get_absolute_url()).content.decode(), 'id="db-row-')
    html = _rows(client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode(), 'data-row="')
    assert page == html
    # the refused row has nothing but its name; Shop (SE2 licence included in eu-west-1) is blocked everywhere but
    # RDS: RDS Custom is BYOL only, EC2 has no licence-included Oracle, Oracle Database@AWS is not in that Region
    assert page[4] == ("", ["", "", "", ""], "")
    assert page[3][:2] == ("Amazon RDS for Oracle", ["caveats", "blocked", "blocked", "blocked"])
    assert int(page[3][2]) >= 3


def _cover_facts(html: str) -> dict[str, str]:
    """The cover's facts as a reader sees them: each term and what it says."""
    facts = re.search(r'<dl class="cover-facts">(.*?)</dl>', html, re.S)
    assert facts is not None
    return {dt: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", dd)).strip()
            for dt, dd in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", facts.group(1), re.S)}  # fmt: skip


def test_the_cover_says_only_what_was_given(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()  # no customer; nobody named as its author in the request or the report settings
    facts = _cover_facts(client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode())
    assert "Customer" not in facts and "Prepared by" not in facts
    assert "—" not in facts.values() and "Date" in facts and "Databases" in facts

    estate.customer = "Example Corp"
    estate.save()
    html = client.get(f"{estate.get_absolute_url()}report.pdf?format=html&prepared_by=Ann%20Architect").content.decode()
    facts = _cover_facts(html)
    assert facts["Customer"] == "Example Corp" and facts["Prepared by"] == "Ann Architect"


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Northwind production estate", "Northwind production estate"),  # says "estate": not followed by it again
        ("Estate of 2026-11-28", "Estate of 2026-11-28"),  # the name an estate gets when none is given
        ("Real ESTATES", "Real ESTATES"),
        ("Datacentre exit", "Datacentre exit: estate"),
        ("Estatefund", "Estatefund: estate"),  # a word that only starts with it
    ],
)
def test_the_documents_title_says_estate_once(name: str, title: str) -> None:
    assert document.estate_title(name) == title


def test_the_title_and_the_chart_captions_read_as_words(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()  # "Test estate"
    html = client.get(f"{estate.get_absolute_url()}report.pdf?format=html").content.decode()
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    assert title is not None and title.group(1).split(" · ")[0] == "Test estate"
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", html, re.S)
    assert len(captions) >= 2
    # the cost chart's subtitle is a line of the caption, not the chart's markup printed as text
    assert all("&lt;" not in c and "<br>" not in c for c in captions)
    assert any('class="caption-note">label: databases placed' in c for c in captions)


def test_the_covers_total_says_its_basis(client: Client, make_estate: Callable[..., Estate]) -> None:
    html = client.get(f"{make_estate().get_absolute_url()}report.pdf?format=html").content.decode()
    cover = html[html.index('id="cover-best"') :]
    cover = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cover[: cover.index("</p>")]))
    assert "a month for" in cover
    assert "(run-rate a month, AWS on-demand, Oracle licences included" in cover
