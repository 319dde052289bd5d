"""Estate exports carry inventory text as text: names that look like formulas never come back live (issue 27)."""

import csv
import io
import re
from collections.abc import Callable

from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from openpyxl import load_workbook

from advisor.estates.models import Estate
from tests.advisor.estates.conftest import inventory_csv

NAMES = ['"=HYPERLINK(""http://evil.example"",""click"")"', "+SUM(1)", "-2+3", "@cmd"]


def _estate(make_estate: Callable[..., Estate]) -> Estate:
    rows = tuple(f"{name},se2,li,0,us-east-1,2,150,no," for name in NAMES)
    return make_estate(inventory_csv(rows))


def test_the_csv_export_quotes_names_that_would_run_as_formulas(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = _estate(make_estate)
    text = client.get(estate.get_absolute_url() + "export.csv").content.decode()
    names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
    assert names == ['\'=HYPERLINK("http://evil.example","click")', "'+SUM(1)", "'-2+3", "'@cmd"]


def test_the_xlsx_export_writes_those_names_as_strings_and_money_as_numbers(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = _estate(make_estate)
    book = load_workbook(io.BytesIO(client.get(estate.get_absolute_url() + "export.xlsx").content))
    sheet = book["Databases"]
    header = [c.value for c in sheet[1]]
    names = [sheet.cell(row, header.index("name") + 1) for row in range(2, sheet.max_row + 1)]
    assert [c.value for c in names] == ['=HYPERLINK("http://evil.example","click")', "+SUM(1)", "-2+3", "@cmd"]
    assert {c.data_type for c in names} == {"s"}
    money = [sheet.cell(row, header.index("recommended_monthly_usd") + 1) for row in range(2, sheet.max_row + 1)]
    assert {c.data_type for c in money} == {"n"} and all(c.value is not None for c in money)


def test_the_xlsx_totals_say_every_figure_the_page_and_the_api_say_money_formatted_to_the_cent(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = _estate(make_estate)
    book = load_workbook(io.BytesIO(client.get(estate.get_absolute_url() + "export.xlsx").content))
    sheet = book["Totals"]
    header = [c.value for c in sheet[1]]
    said = client.get(f"/api/v1/estates/{estate.public_id}").json()["totals"]["placements"]
    money = [h for h in header if "_usd" in h]
    # the same names as the API: run-rate, cash as paid on-demand, cash as paid on the best commitments
    assert money == ["monthly_usd", "one_year_usd", "three_year_usd", "three_year_cash_usd",
                     "three_year_usd_best_commitments"]  # fmt: skip
    for row, placement in zip(range(2, sheet.max_row + 1), said, strict=True):
        for name in money:
            cell = sheet.cell(row, header.index(name) + 1)
            assert cell.number_format == "#,##0.00", name
            if placement["placed"]:
                assert f"{cell.value:.2f}" == placement[name], (placement["placement"], name)
            else:  # no database placed: no total, as the page says, rather than a 0 that sorts as the cheapest
                assert cell.value is None, (placement["placement"], name)


def test_the_exported_exadata_configuration_is_what_the_results_page_says_standby_and_units_included(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    estate = make_estate()  # ERP (row 2): Enterprise Edition with Multi-AZ in us-east-1, where Exadata is offered
    text = client.get(estate.get_absolute_url() + "export.csv").content.decode()
    erp = next(row for row in csv.DictReader(io.StringIO(text)) if row["name"] == "ERP")
    said = erp["odb_configuration"]
    assert re.search(r"\d+ database \+ \d+ storage servers .*a VM cluster of \d+ ECPUs on \d+ VMs", said)
    assert said.endswith("; a Data Guard standby of the same size in a second AZ")  # priced in its total
    book = load_workbook(io.BytesIO(client.get(estate.get_absolute_url() + "export.xlsx").content))
    sheet = book["Databases"]
    header = [c.value for c in sheet[1]]
    (exported,) = [r for r in sheet.iter_rows(min_row=2, values_only=True) if r[header.index("name")] == "ERP"]
    assert exported[header.index("odb_configuration")] == said
    # the database's own results page says the same of Oracle Database@AWS
    page = client.get(reverse("estates:estate-database", args=[estate.public_id, 2])).content.decode()
    assert f"<p>{escape(said)}</p>" in page
