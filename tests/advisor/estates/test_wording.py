"""What the estate page, its PDF and its exports say: badges that keep to one line, a placement that took no
database said so, counted nouns in the right number, and one file-name style for every download."""

import csv
import html
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from openpyxl import load_workbook

from advisor.estates.models import Estate
from advisor.estates.pages import document
from tests.advisor.estates.conftest import inventory_csv

pytestmark = pytest.mark.django_db

ONE_SE2 = ("Shop,se2,li,0,eu-west-1,2,150,yes,",)  # licence included: only RDS takes it
TWO_SE2 = (*ONE_SE2, "Till,se2,li,0,eu-west-1,2,100,yes,")
CSS = Path(__file__).resolve().parents[3] / "static" / "css" / "estates.css"


def _page(client: Client, estate: Estate) -> str:
    return client.get(estate.get_absolute_url()).content.decode()


def test_every_status_badge_is_kept_on_one_line(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()
    page = _page(client, estate)
    badges = re.findall(r'<span class="status ([^"]*)">([^<]*)</span>', page)
    assert badges, "the page shows status badges"
    assert all("nowrap" in classes.split() for classes, _ in badges)
    cells = re.findall(r'<td class="([^"]*)"><span class="status ', page)
    assert cells and all("nowrap" in c.split() for c in cells)
    css = CSS.read_text()
    assert re.search(r"\.nowrap \{[^}]*white-space:nowrap", css)
    # as wide as "cancelled", the longest status, so "queued" is never squeezed into two lines
    assert re.search(r"\.status \{[^}]*white-space:nowrap;[^}]*min-width:9\.5ch", css)


def test_a_placement_that_took_no_database_says_so_not_zero_dollars(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate(inventory_csv(ONE_SE2))
    page = _page(client, estate)
    row = re.search(r'<tr data-placement="ec2">(.*?)</tr>', page, re.S)
    assert row is not None
    assert "No database placed" in row.group(1)
    assert "$0" not in row.group(1) and "0 of 1" not in row.group(1)
    taken = re.search(r'<tr data-placement="rds">(.*?)</tr>', page, re.S)
    assert taken is not None and "1 of 1" in taken.group(1) and "No database placed" not in taken.group(1)
    html = client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode()
    row = re.search(r'<tr data-placement="ec2">(.*?)</tr>', html, re.S)
    assert row is not None and "No database placed" in row.group(1) and "$0" not in row.group(1)


def test_the_cost_chart_labels_an_empty_placement_and_wraps_long_names(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    from advisor.estates import services
    from advisor.estates.pages import charts

    estate = make_estate(inventory_csv(ONE_SE2))
    figure = charts.cost_by_placement(services.estate_totals_of(services.estate_rows(estate)))
    bar = figure["data"][0]
    # RDS alone takes a licence-included SE2 database: RDS Custom, EC2 and Oracle Database@AWS place none
    assert bar["text"].count("no database<br>placed") == 3 and sum(t.startswith("1 of 1") for t in bar["text"]) == 2
    assert [c[1] for c in bar["customdata"]].count("no database placed") == 3  # the hover says it too
    assert any("<br>" in x for x in bar["x"])  # long names on several lines under their bar, not cut or tilted
    assert figure["layout"]["xaxis"]["automargin"] is True


@pytest.mark.parametrize(("rows", "said"), [(ONE_SE2, "1 database"), (TWO_SE2, "2 databases")])
def test_counts_of_databases_read_right_on_the_page_pdf_and_exports(
    client: Client, make_estate: Callable[..., Estate], rows: tuple[str, ...], said: str
) -> None:
    n = len(rows)
    estate = make_estate(inventory_csv(rows))
    page = _page(client, estate)
    assert f"{n} of {said} assessed (100 %)" in page
    assert f"{said}: licence included in the price." in page
    html = client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode()
    assert re.search(rf"a month for {n} of\s+{said}\s+<span", html)
    assert f"{said}: licence included in the price." in html
    book = load_workbook(io.BytesIO(client.get(estate.get_absolute_url() + "export.xlsx").content))
    products = [r[1] for r in book["Licences"].iter_rows(min_row=2, values_only=True)]
    assert f"licence included in the price ({said})" in products
    text = client.get(estate.get_absolute_url() + "export.csv").content.decode()
    assert len(list(csv.DictReader(io.StringIO(text)))) == n


def test_every_estate_download_is_named_customer_name_kind(
    client: Client, make_estate: Callable[..., Estate], monkeypatch: Any
) -> None:
    estate = make_estate(inventory_csv(ONE_SE2), customer="Société Générale / EMEA")
    monkeypatch.setattr(document, "estate_pdf", lambda made: b"%PDF-1.7 stand-in")  # no Chromium needed here
    expected = "societe-generale-emea-test-estate"  # "Test estate": the kind is not said twice
    for path, extension in (("export.csv", "csv"), ("export.xlsx", "xlsx"), ("report.pdf", "pdf")):
        response = client.get(estate.get_absolute_url() + path)
        assert response.status_code == 200, path
        assert response["Content-Disposition"] == f'attachment; filename="{expected}.{extension}"'


def test_without_a_customer_the_name_starts_with_the_estate(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate(inventory_csv(ONE_SE2))
    response = client.get(estate.get_absolute_url() + "export.csv")
    assert response["Content-Disposition"] == 'attachment; filename="test-estate.csv"'
    template = client.get("/estates/template.xlsx")
    assert template["Content-Disposition"] == 'attachment; filename="estate-inventory-template.xlsx"'


def test_no_licence_chart_when_every_database_is_licence_included(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate(inventory_csv(ONE_SE2))
    assert 'id="estate-licence-chart"' not in _page(client, estate)
    html = client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode()
    assert 'id="estate-licence-chart"' not in html and 'id="estate-cost-chart"' in html
    byol = make_estate(inventory_csv(("ERP,ee,byol,4,us-east-1,4,300,yes,partitioning",)))
    assert 'id="estate-licence-chart"' in _page(client, byol)


def test_a_placement_left_out_for_one_reason_says_it_once(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate(inventory_csv(ONE_SE2))
    row = re.search(r'<tr data-placement="ec2">(.*?)</tr>', _page(client, estate), re.S)
    assert row is not None and row.group(1).rstrip().endswith("<td>1 blocked</td>")


def test_bar_names_on_paper_wrap_shorter_than_on_the_page(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate(inventory_csv(ONE_SE2))
    made = document.estate_document(estate=estate, paper=None, prepared_by="")
    names = re.search(r'<script id="estate-cost-chart" type="application/json">(.*?)</script>', made.html, re.S)
    assert names is not None
    bars = json.loads(names.group(1))["data"][0]["x"]
    assert "Amazon RDS<br>Custom for<br>Oracle" in bars  # lines of about 10 characters on paper


def test_the_upload_message_counts_one_refused_row_in_the_singular(
    client: Client, prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    handle = io.BytesIO(inventory_csv())  # one row of four is refused (peak_cpu "many")
    handle.name = "estate.csv"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/estates/new/", {"name": "Datacentre exit", "file": handle}, follow=True)
    assert "1 row was refused (listed below); the other 3 are being assessed." in response.content.decode()


# SE2 brought with Multi-AZ, the data changed a day given: RDS builds and prices the standby; EC2 cannot (SE2 has no
# Data Guard), so its totals leave the standby out and are lower bounds. No reservation price is held for RDS there.
SE2_WITH_STANDBY = (
    b"name,edition,licence_model,processor_licences_owned,region,peak_cpu,db_size_gib,multi_az,"
    b"sizing.backup_daily_change_gib\n"
    b"CRM,se2,byol,2,us-east-1,2,100,yes,5\nLegacy,se2,byol,1,us-east-1,1,50,yes,2\n"
)


def _row(html: str, placement: str) -> str:
    row = re.search(rf'<tr data-placement="{placement}"[^>]*>(.*?)</tr>', html, re.S)
    assert row is not None, placement
    return row.group(1)


def test_a_placement_without_the_standby_asked_for_is_marked_at_least_on_the_page_and_in_the_pdf(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate(SE2_WITH_STANDBY)
    page = _page(client, estate)
    html = client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode()
    for said in (page, html):
        ec2, rds = _row(said, "ec2"), _row(said, "rds")
        assert len(re.findall(r"≥(?:</abbr>)?\$", ec2)) == 5  # each of its five figures
        assert "2 partial, 2 without the standby, replicas or DR copy asked for" in ec2
        assert "≥" not in rds  # RDS builds and prices each standby
        assert "2 databases: what the workload asks for is not built (a standby" in said  # beside the licences
    title = re.search(r'<abbr class="partial-cost" title="([^"]*)">≥</abbr>\$', _row(page, "ec2"))
    assert title is not None and "2 without the standby, read replicas or DR copy asked for" in title.group(1)


def test_the_best_commitments_column_says_when_no_commitment_price_is_held(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate(SE2_WITH_STANDBY)
    for said in (
        _page(client, estate),
        client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode(),
    ):
        line = re.search(r'<div class="sub commitment-count">([^<]*)</div>', _row(said, "rds"))
        assert line is not None
        assert line.group(1) == "0 of 2 on a commitment; RDS: no commitment price held for 2 databases, on-demand"


def test_each_totals_column_says_its_basis_on_the_page_and_in_the_pdf(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    from django.utils.html import escape

    from advisor.estates.engine.basis import COLUMNS

    estate = make_estate(SE2_WITH_STANDBY)
    for said in (
        _page(client, estate),
        client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode(),
    ):
        head = said.split('id="estate-totals"', 1)[1].split("</thead>", 1)[0]
        basis = said.split('id="totals-basis"', 1)[1].split("</ul>", 1)[0]
        for column in COLUMNS:
            assert f">{column.title}<" in head, column.title  # the column the words explain is in the table
            assert f"<strong>{escape(column.title)}</strong>: {escape(column.words)}." in basis, column.title


def test_freed_licences_say_oracles_support_policies_decide_what_they_save(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    # a licence surplus does not simply stop its support: Oracle's matching service levels and repricing apply
    estate = make_estate()
    for said in (
        _page(client, estate),
        client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode(),
    ):
        text = html.unescape(re.sub(r"\s+", " ", said.split('id="estate-licences"', 1)[0].rsplit("<p", 1)[1]))
        assert "Licences freed save their support only as Oracle's support policies allow" in text
        assert "Matching Service Levels" in text and "Pricing Following Reduction of Licenses" in text
        assert "as of 2026-06" in text  # the date of the policies as the data holds them, not a year in a template


def test_the_cost_chart_marks_a_placement_whose_total_is_a_lower_bound(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    from advisor.estates import services
    from advisor.estates.pages import charts

    # SE2 with Multi-AZ on EC2: no standby built for either database, so EC2's bar is at least its height
    estate = make_estate(SE2_WITH_STANDBY)
    figure = charts.cost_by_placement(services.estate_totals_of(services.estate_rows(estate)))
    labels = dict(zip([c[0] for c in figure["data"][0]["customdata"]], figure["data"][0]["text"], strict=True))
    assert labels["Self-managed Oracle on EC2"] == "2 of 2<br>≥ 2 partial"
    assert labels["Amazon RDS for Oracle"] == "2 of 2"  # builds the standbys: complete, no mark
    assert "≥: at least, some costs left out" in figure["layout"]["title"]["text"]


def test_licences_owned_in_the_estate_say_each_metric_apart_on_the_page_and_in_the_pdf(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    # ERP owns 24 EE processor licences, HR 50 EE Named User Plus (for 50 named users), Shop 2 SE2 sockets
    header = (
        "name,edition,licence_model,processor_licences_owned,licence_metric,named_users,region,peak_cpu,db_size_gib"
    )
    rows = ("ERP,ee,byol,24,processor,,us-east-1,4,300", "HR,ee,byol,50,nup,50,us-east-1,2,100",
            "Shop,se2,byol,2,processor,,us-east-1,2,100")  # fmt: skip
    estate = make_estate("\n".join([header, *rows]).encode())
    said = "(owned in the estate: EE 24 (processor), EE 50 (Named User Plus), SE2 2 (socket))"
    for page in (_page(client, estate),
                 client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode()):  # fmt: skip
        assert said in html.unescape(" ".join(page.split()))
        assert "EE 74" not in page


def test_a_database_past_se2s_limits_is_said_not_to_fit_not_to_lack_a_price(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    # SE2 BYOL at a peak of 7 vCPUs, 8.4 with the policy's headroom: past Standard Edition 2's 8 vCPUs on RDS and EC2
    # (a peak past 8 is a rule's blocker instead); Oracle Database@AWS is EE only
    estate = make_estate(inventory_csv(("Big,se2,byol,0,us-east-1,7,300,yes,",)))
    for page in (
        _page(client, estate),
        client.get(estate.get_absolute_url() + "report.pdf?format=html").content.decode(),
    ):
        for placement in ("rds", "ec2", "best"):
            row = re.search(rf'<tr data-placement="{placement}"[^>]*>(.*?)</tr>', page, re.S)
            assert row is not None and "<td>1 do not fit</td>" in row.group(1), placement
            assert "not priced" not in row.group(1)
        said = html.unescape(" ".join(page.split()))
        assert "none fits: Standard Edition 2 may be licensed on instances of at most 8 vCPUs" in said
        assert "none priced in full" not in said
