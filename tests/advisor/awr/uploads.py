"""Posting sample reports to the upload page and the API, as a browser or a script would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from advisor.awr.models import ReportImport


def files_of(*paths: Path) -> list[SimpleUploadedFile]:
    return [SimpleUploadedFile(p.name, p.read_bytes()) for p in paths]


def raw_files(*named: tuple[str, bytes]) -> list[SimpleUploadedFile]:
    return [SimpleUploadedFile(name, data) for name, data in named]


def post_upload(client: Client, files: list[SimpleUploadedFile], *, mask: bool = False, **extra: Any) -> Any:
    data: dict[str, Any] = {"files": files}
    if mask:
        data["mask"] = "on"
    return client.post(reverse("awr:upload"), data, **extra)


def upload(client: Client, *paths: Path, mask: bool = False) -> ReportImport:
    """Upload ``paths``; the import they made (the page redirects to its review)."""
    return upload_files(client, files_of(*paths), mask=mask)


def upload_files(client: Client, files: list[SimpleUploadedFile], *, mask: bool = False) -> ReportImport:
    """Upload ``files``; the import they made (the page redirects to its review)."""
    response = post_upload(client, files, mask=mask)
    assert response.status_code == 302, response.content.decode()[:2000]
    report_import = ReportImport.objects.get(public_id=response["Location"].rstrip("/").rsplit("/", 1)[-1])
    assert response["Location"] == report_import.get_absolute_url()
    return report_import


def assessed_results(client: Client, report_import: ReportImport, name: str) -> tuple[Any, Any, str]:
    """Save the questionnaire as the import pre-filled it, under ``name``: the assessment, the workload saved and the
    assessment's results page."""
    from advisor.engine.workload import Workload
    from advisor.models import Assessment
    from tests.conftest import form_data

    workload = Workload.model_validate(report_import.extraction["prefill"]["workload"])
    client.post(reverse("awr:assessment-new", args=[report_import.public_id]), form_data(workload, name=name))
    assessment = Assessment.objects.get(name=name)
    results = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    return assessment, workload, results
