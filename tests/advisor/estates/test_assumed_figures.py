"""A database whose row leaves its size blank is still assessed at the questionnaire's documented defaults, but never
quietly: its row says which figures were assumed on the page, in the PDF, in the CSV and XLSX exports and in the API,
and the totals say how many databases rest on such figures."""

import csv
import html
import io
import re
from collections.abc import Callable

import pytest
from django.test import Client
from openpyxl import load_workbook

from advisor.estates.models import Estate

pytestmark = pytest.mark.django_db

# Short gives its name and edition only; Full gives every figure the row is asked for
HEADER = ("name,edition,region,peak_cpu,db_size_gib,sga_gib,pga_gib,peak_read_iops,peak_write_iops,peak_read_mib_s,"
          "peak_write_mib_s,multi_az")  # fmt: skip
ROWS = ("Short,ee", "Full,ee,us-east-1,2,150,8,2,3000,1000,100,30,no")
# the questionnaire's defaults (the template's documentation), one per figure Short leaves blank
SHORT_SAYS = ("Not given, so assumed: peak CPU 4 vCPUs; database size 100 GiB; SGA 8 GiB; PGA 2 GiB; peak read IOPS "
              "3,000; peak write IOPS 1,000; peak read throughput 100 MiB/s; peak write throughput 30 MiB/s; Multi-AZ "
              "yes")  # fmt: skip
TOTALS_SAY = ("1 of 2 databases assessed rests on figures their rows do not give, the questionnaire's defaults "
              "assumed (peak CPU for 1, database size for 1, SGA for 1, PGA for 1, peak read IOPS for 1, peak write "
              "IOPS for 1, peak read throughput for 1, peak write throughput for 1, Multi-AZ for 1): each database's "
              "row says which")  # fmt: skip


@pytest.fixture
def estate(make_estate: Callable[..., Estate]) -> Estate:
    return make_estate("\n".join([HEADER, *ROWS]).encode())


def _text(page: bytes) -> str:
    return html.unescape(" ".join(page.decode().split()))


def _row(page: str, name: str) -> str:
    found = re.search(rf"<tr [^>]*>\s*(?:<td class=\"num\">\d+</td>\s*)?<td class=\"name\">(?:<a [^>]*>)?{name}.*?</tr>",
                      page)  # fmt: skip
    assert found, name
    return found.group(0)


def test_the_page_and_the_pdf_say_what_each_row_assumed_and_how_many_rest_on_it(client: Client, estate: Estate) -> None:
    assert estate.databases.filter(status="done").count() == 2
    for page in (_text(client.get(estate.get_absolute_url()).content),
                 _text(client.get(estate.get_absolute_url() + "report.pdf?format=html").content)):  # fmt: skip
        assert SHORT_SAYS in _row(page, "Short")
        assert "Not given" not in _row(page, "Full")
        assert TOTALS_SAY in page


def test_the_exports_and_the_api_say_it_for_each_database(client: Client, estate: Estate) -> None:
    said = {r["name"]: r["assumed"] for r in csv.DictReader(io.StringIO(
        client.get(estate.get_absolute_url() + "export.csv").content.decode()))}  # fmt: skip
    assert said == {"Short": SHORT_SAYS[0].lower() + SHORT_SAYS[1:], "Full": ""}
    book = load_workbook(io.BytesIO(client.get(estate.get_absolute_url() + "export.xlsx").content), read_only=True)
    header, *rows = book["Databases"].iter_rows(values_only=True)
    assert {r[1]: r[header.index("assumed")] for r in rows} == {"Short": said["Short"], "Full": None}
    about = dict(r[:2] for r in book["About"].iter_rows(values_only=True) if len(r) > 1)
    assert about["Figures assumed"] == TOTALS_SAY
    body = client.get(f"/api/v1/estates/{estate.public_id}/databases").json()
    short = next(d for d in body if d["name"] == "Short")
    assert short["assumed"][:2] == [{"figure": "peak CPU", "value": "4 vCPUs"},
                                    {"figure": "database size", "value": "100 GiB"}]  # fmt: skip
    totals = client.get(f"/api/v1/estates/{estate.public_id}").json()["totals"]
    assert totals["databases_on_assumed_figures"] == 1
    assert totals["assumed_figures"]["peak CPU"] == 1 and totals["assumed_note"] == TOTALS_SAY
