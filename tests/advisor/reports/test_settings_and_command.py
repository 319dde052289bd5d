"""The PDF comparison's report settings (the admin's defaults, one row, the logo) and the ``manage.py report``
command."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from advisor.models import Assessment, ReportSettings
from tests.advisor.reports.conftest import SMALL
from tests.advisor.reports.test_pdf import PNG_1PX, report_url

pytestmark = pytest.mark.django_db

# --- report settings ------------------------------------------------------------------------------------------


def test_the_admins_settings_are_the_defaults_and_the_download_overrides_them(
    client: Client, small: Assessment
) -> None:
    ReportSettings(paper_size="letter", prepared_by="Cloud team", logo="data:image/png;base64,AAAA").save()

    text = client.get(report_url(small, format="html")).content.decode()
    assert "paper-letter" in text and "Cloud team" in text and 'src="data:image/png;base64,AAAA"' in text

    text = client.get(report_url(small, format="html", paper="a4", prepared_by="Jane%20Doe")).content.decode()
    assert "paper-a4" in text and "Jane Doe" in text and "Cloud team" not in text


def test_report_settings_are_one_row() -> None:
    ReportSettings(prepared_by="first").save()
    ReportSettings(prepared_by="second").save()
    assert ReportSettings.objects.count() == 1 and ReportSettings.load().prepared_by == "second"


def test_the_admin_takes_a_png_or_svg_logo_and_nothing_else(admin_client: Client) -> None:
    url = reverse("admin:advisor_reportsettings_add")
    fields = {"paper_size": "a4", "prepared_by": "Cloud team"}

    refused = admin_client.post(url, fields | {"logo_file": SimpleUploadedFile("logo.gif", b"GIF89a...")})
    assert refused.status_code == 200 and "Upload a PNG or SVG image." in refused.content.decode()

    saved = admin_client.post(url, fields | {"logo_file": SimpleUploadedFile("logo.png", PNG_1PX)})
    assert saved.status_code == 302
    assert ReportSettings.load().logo == "data:image/png;base64," + base64.b64encode(PNG_1PX).decode()

    change = reverse("admin:advisor_reportsettings_change", args=[1])
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    admin_client.post(change, fields | {"logo_file": SimpleUploadedFile("logo.svg", svg)})
    assert ReportSettings.load().logo.startswith("data:image/svg+xml;base64,")
    admin_client.post(change, fields | {"remove_logo": "on"})
    assert ReportSettings.load().logo == ""


# --- the command -------------------------------------------------------------------------------------------------


def test_the_command_writes_the_html_twin_by_name_or_id(tmp_path: Path, small: Assessment) -> None:
    out = tmp_path / "report.html"
    call_command("report", "--assessment", SMALL.name, "--out", str(out), "--format", "html", stdout=io.StringIO())
    assert "Executive summary" in out.read_text()
    call_command("report", "--assessment", str(small.public_id), "--out", str(out), "--format", "html",
                 "--policy", "cpu_headroom_pct=100", stdout=io.StringIO())  # fmt: skip
    assert "CPU headroom 100" in out.read_text()


def test_the_command_refuses_an_unknown_assessment(tmp_path: Path, db: None) -> None:
    with pytest.raises(CommandError, match="no assessment with id or name 'Nobody'"):
        call_command("report", "--assessment", "Nobody", "--out", str(tmp_path / "x.pdf"))


def test_the_command_lists_what_is_missing(tmp_path: Path, broken: Assessment) -> None:
    with pytest.raises(CommandError, match=r"(?s)cannot be reported on.*sizing\.peak_cpu.*sizing\.db_size_gib"):
        call_command("report", "--assessment", str(broken.public_id), "--out", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_the_command_says_when_chromium_is_missing(tmp_path: Path, small: Assessment, settings) -> None:  # noqa: ANN001
    settings.REPORT_CHROMIUM = "/nonexistent/chromium"
    with pytest.raises(CommandError, match="apt-get install chromium"):
        call_command("report", "--assessment", SMALL.name, "--out", str(tmp_path / "x.pdf"))
