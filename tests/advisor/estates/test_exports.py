"""Estate exports carry inventory text as text: names that look like formulas never come back live (issue 27)."""

import csv
import io
from collections.abc import Callable

from django.test import Client
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
