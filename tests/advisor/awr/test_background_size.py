"""An upload of few but large files goes to the task worker too, so no request holds a web worker for long."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from advisor.awr import jobs
from advisor.awr.engine import limits
from advisor.awr.jobs import KIND
from pricing.jobs.models import Job
from tests.advisor.awr.uploads import post_upload, raw_files

pytestmark = pytest.mark.django_db


def test_the_size_bound_reads_about_as_long_as_sixteen_sample_reports() -> None:
    # 150-180 ms per 1.5-2.2 MB report: 32 MiB is about 15-21 such reports, i.e. about 3 s like the 16-file bound
    assert limits.READ_WHILE_YOU_WAIT_BYTES.value == 32 * 1024 * 1024
    assert limits.READ_WHILE_YOU_WAIT.value == 16


def test_two_files_over_the_total_size_go_to_the_background(
    client: Client, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    monkeypatch.setattr(limits, "READ_WHILE_YOU_WAIT_BYTES", limits.Limit(1000, "1000 bytes", "test"))
    files = raw_files(("a.txt", b"x" * 600), ("b.txt", b"y" * 600))  # 1,200 bytes in all, two files only
    with django_capture_on_commit_callbacks(execute=True):
        response = post_upload(client, files)
    job = Job.objects.get(kind=KIND)
    assert response.status_code == 302 and response["Location"] == reverse("awr:job", args=[job.pk])


def test_a_small_upload_is_still_read_while_you_wait() -> None:
    small = raw_files(("a.txt", b"x" * 600), ("b.txt", b"y" * 600))
    assert not jobs.in_background(small)  # 2 files, 1,200 bytes: under both bounds
    assert jobs.in_background(raw_files(*[(f"{n}.txt", b"x") for n in range(17)]))  # 17 files: over the count
