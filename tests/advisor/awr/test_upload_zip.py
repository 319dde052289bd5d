"""A ZIP given to the single-database AWR import is refused saying what is accepted and where a ZIP goes: the
estate import, linked from the upload page's error and from the file's row on the review page."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from advisor.awr.models import ReportImport
from tests.advisor.awr.samples import JAS, needs_samples
from tests.advisor.awr.uploads import files_of, post_upload, raw_files

pytestmark = [pytest.mark.django_db, needs_samples]


def zipped(*paths: Path) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in paths:
            archive.write(path, f"DB1/{path.name}")
    return packed.getvalue()


def test_a_zip_alone_is_refused_with_a_link_to_the_estate_import(client: Client) -> None:
    response = post_upload(client, raw_files(("reports.zip", zipped(JAS / "awrrpt_1_2668_2669.txt"))))
    assert response.status_code == 422
    body = response.content.decode()
    summary = body.split('class="error-summary"')[1].split("</div>")[0]
    assert "reports.zip: a ZIP archive (an Excel workbook is one too), not a report" in summary
    assert "AWR-Miner output" in summary  # what is accepted
    link = summary.split('id="zip-to-estate"')[1].split("</p>")[0]
    assert f'<a href="{reverse("estates:estate-new")}">create an estate from it</a>' in link
    assert ReportImport.objects.count() == 0


def test_any_other_refusal_carries_no_estate_link(client: Client) -> None:
    response = post_upload(client, raw_files(("b.bin", b"\x00\x01\x02" * 10)))
    assert response.status_code == 422 and 'id="zip-to-estate"' not in response.content.decode()


def test_a_zip_beside_readable_reports_is_listed_with_a_link_to_the_estate_import(client: Client) -> None:
    files = files_of(JAS / "awrrpt_1_2668_2669.txt") + raw_files(("more.zip", zipped(JAS / "sp_70371_70372.txt")))
    response = post_upload(client, files)
    assert response.status_code == 302
    body = client.get(ReportImport.objects.get().get_absolute_url()).content.decode()
    zip_row = next(r for r in body.split("<tr") if "more.zip" in r)
    assert "a ZIP archive" in zip_row and f'href="{reverse("estates:estate-new")}"' in zip_row
    report_row = next(r for r in body.split("<tr") if "awrrpt_1_2668_2669.txt" in r)
    assert "estate" not in report_row
