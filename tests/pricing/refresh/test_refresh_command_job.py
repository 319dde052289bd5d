"""``manage.py refresh_prices`` runs as the same price-refresh job as the Prices page: it takes the Region's lock (refused
while a refresh of it is queued or running, and the page refuses while it runs) and leaves the same record: a job with
its progress, its outcome and where it was run from. A dry run writes nothing and records nothing."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from pricing import services
from pricing.jobs.models import Job
from tests.pricing.offer_data import REGION, write
from tests.pricing.refresh.test_refresh import changed_rds_upload
from tests.pricing.test_views import text_of

pytestmark = pytest.mark.django_db


def test_the_command_records_a_job_like_the_page_does(prices: None, tmp_path: Path) -> None:
    before = services.snapshot_current(REGION, "AmazonRDS")
    assert before is not None
    path = write(changed_rds_upload()[0], tmp_path / "AmazonRDS.json")

    call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), stdout=io.StringIO())

    job = Job.objects.get()
    current = services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current != before
    assert (job.kind, job.lock, job.status) == ("price-refresh", REGION, "succeeded")
    assert job.params["via"].startswith("the command line (") and job.params["offer_file_name"] == "AmazonRDS.json"
    assert job.result[0]["snapshot"] == current.pk and job.result[0]["outcome"] == "current"
    assert f"AmazonRDS {REGION}: snapshot #{current.pk} (610 rows, as of 2023-02-23) is now current" in job.log
    assert (job.done, job.total) == (3, 3) and job.finished_at is not None


def test_the_command_is_refused_while_a_refresh_of_the_region_is_queued(prices: None, tmp_path: Path) -> None:
    queued = Job.objects.create(kind="price-refresh", lock=REGION, params={"region": REGION, "services": ["AmazonRDS"]})
    before = services.snapshot_current(REGION, "AmazonRDS")
    path = write(changed_rds_upload()[0], tmp_path / "AmazonRDS.json")

    with pytest.raises(CommandError) as refused:
        call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), stdout=io.StringIO())

    assert str(refused.value) == (
        f"a refresh of {REGION} is already queued (refresh #1); this one was not started: wait for it to end, or "
        "cancel it on the Prices page"
    )
    assert services.snapshot_current(REGION, "AmazonRDS") == before
    assert list(Job.objects.all()) == [queued]


def test_the_page_refuses_a_refresh_while_the_command_runs_one(prices: None, tmp_path: Path) -> None:
    staff = Client()
    staff.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    answers: list[Any] = []

    class PageTriedMidway(io.StringIO):
        """The command's output: at its first line (the job is running) an admin asks for a refresh on the page."""

        def write(self, text: str) -> int:
            if not answers:
                answers.append(staff.post(reverse("pricing:refresh-start"), {"region": REGION, "service": "all"}))
            return super().write(text)

    path = write(changed_rds_upload()[0], tmp_path / "AmazonRDS.json")
    call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), stdout=PageTriedMidway())

    (answer,) = answers
    assert answer.status_code == 409
    assert f"a refresh of {REGION} is already running (refresh #1); this one was not started" in text_of(answer)
    assert Job.objects.get().status == "succeeded"  # the command's own, which went on


def test_a_failed_command_refresh_is_recorded_failed_and_frees_the_region(prices: None, tmp_path: Path) -> None:
    path = write({"offerCode": "AmazonS3", "products": {}, "terms": {}}, tmp_path / "s3.json")

    with pytest.raises(CommandError, match=f"refresh of {REGION} failed: .*s3.json is an offer file for AmazonS3"):
        call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), stdout=io.StringIO())

    job = Job.objects.get()
    assert job.status == "failed" and "Nothing was written; the current price snapshots are unchanged." in job.error
    assert "On this page" not in job.error  # the page's hint is for the page
    assert not Job.objects.filter(status__in=Job.ACTIVE).exists()


def test_a_dry_run_records_no_job(prices: None, tmp_path: Path) -> None:
    path = write(changed_rds_upload()[0], tmp_path / "AmazonRDS.json")
    out = io.StringIO()
    call_command("refresh_prices", "--region", REGION, "--offer-file", str(path), "--dry-run", stdout=out)
    assert "dry run, nothing was written" in out.getvalue() and "it would be made current" in out.getvalue()
    assert not Job.objects.exists()
