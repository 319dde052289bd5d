"""Several machines: with UPLOADS_S3_BUCKET set, uploads go to an S3 bucket (django-storages), here on moto's
S3-compatible server on 127.0.0.1 (no network). The real path end to end for each kind of upload (AWR reports, a big
import's staged files, an estate's ZIP, a price refresh's offer file): the request writes the file to the bucket, a
task reads it back from there, and what is kept (or removed) is in the bucket, not on this machine's disk."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse
from django_tasks import default_task_backend

from advisor.awr import jobs
from advisor.awr.models import ReportImport
from advisor.estates import report_tasks
from advisor.estates.models import Estate, EstateUpload
from config import uploads
from pricing import refresh_job
from pricing import services as price_services
from pricing.jobs.models import Job
from tests.advisor.awr.samples import JAS, needs_samples
from tests.advisor.awr.uploads import post_upload, raw_files
from tests.advisor.estates.engine.test_report_zip import two_folders
from tests.pricing.offer_data import REGION
from tests.pricing.refresh.test_refresh import changed_rds_upload

pytestmark = [pytest.mark.django_db, needs_samples]

ROOT = Path(__file__).resolve().parents[2]
STATSPACK = (JAS / "sp_70371_70372.txt").read_bytes()
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, run by the test
KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_EC2_METADATA_DISABLED": "true"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def uploads_setting(**env: str) -> dict[str, Any]:
    """The uploads storage the settings module builds from these environment variables (in a fresh process)."""
    script = (
        "import json; from django.conf import settings; print(json.dumps(settings.STORAGES['uploads'], default=str))"
    )
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={"PATH": "/usr/bin:/bin", **env})  # fmt: skip
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.fixture
def bucket(s3_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A new bucket, and the uploads storage pointed at it as a deployment's environment would."""
    for name, value in KEYS.items():
        monkeypatch.setenv(name, value)
    name = f"advisor-uploads-{uuid.uuid4().hex[:12]}"
    s3 = boto3.client("s3", endpoint_url=s3_endpoint, region_name="eu-west-1")
    s3.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
    storage = uploads_setting(UPLOADS_S3_BUCKET=name, UPLOADS_S3_REGION="eu-west-1",
                              UPLOADS_S3_ENDPOINT_URL=s3_endpoint)  # fmt: skip
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage"
    with override_settings(STORAGES={**settings.STORAGES, "uploads": storage}):
        s3.bucket = name
        yield s3


def keys(s3: Any, prefix: str) -> list[str]:
    listed = s3.list_objects_v2(Bucket=s3.bucket, Prefix=prefix)
    return sorted(item["Key"] for item in listed.get("Contents", []))


def body(s3: Any, key: str) -> bytes:
    return bytes(s3.get_object(Bucket=s3.bucket, Key=key)["Body"].read())


def test_without_a_bucket_uploads_go_to_a_local_folder() -> None:
    storage = uploads_setting(UPLOADS_ROOT="/srv/advisor/uploads")
    assert storage["BACKEND"] == "django.core.files.storage.FileSystemStorage"
    assert storage["OPTIONS"]["location"] == "/srv/advisor/uploads"


@override_settings(TASKS=STORED_ONLY)
def test_an_estate_zip_goes_to_the_bucket_and_the_task_reads_it_from_there(
    client: Client, bucket: Any, prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    zipped = two_folders()
    handle = io.BytesIO(zipped)
    handle.name = "estate.zip"
    assert client.post("/estates/new/", {"name": "From AWR", "file": handle}).status_code == 302
    estate = Estate.objects.get()
    upload = EstateUpload.objects.get()
    assert keys(bucket, "uploads/estates/") == [f"uploads/{upload.stored}"]  # the bucket's prefix, then the name
    assert body(bucket, f"uploads/{upload.stored}") == zipped and bytes(upload.data) == b""
    job = Job.objects.get(kind=report_tasks.KIND)
    with django_capture_on_commit_callbacks(execute=True):
        report_tasks.run_reading(job.pk, estate.pk)  # what a worker on another machine does with the task
    job.refresh_from_db()
    assert job.status == "succeeded", job.error
    assert estate.databases.count() == 2 and not EstateUpload.objects.exists()
    assert keys(bucket, "uploads/estates/") == []  # read, then removed from the bucket


def test_an_awr_import_keeps_its_reports_in_the_bucket(
    client: Client, bucket: Any, django_capture_on_commit_callbacks: Any
) -> None:
    response = post_upload(client, raw_files(("sp.txt", STATSPACK)))
    assert response.status_code == 302
    report_import = ReportImport.objects.get()
    kept = report_import.files.get()
    assert keys(bucket, "uploads/awr/") == [f"uploads/{kept.stored}"]
    assert body(bucket, f"uploads/{kept.stored}") == STATSPACK
    download = client.get(reverse("awr:file", args=[report_import.public_id, 0]))
    assert download.status_code == 200 and download.content == STATSPACK
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("awr:delete", args=[report_import.public_id])).status_code == 302
    assert keys(bucket, "uploads/awr/") == []


@override_settings(TASKS=STORED_ONLY)
def test_a_background_awr_import_is_staged_in_the_bucket_and_read_from_there(client: Client, bucket: Any) -> None:
    response = post_upload(client, raw_files(*[(f"sp{i:02d}.txt", STATSPACK) for i in range(17)]))
    assert response.status_code == 302
    staged = keys(bucket, f"uploads/{jobs.STAGED}/")
    manifest = [key for key in staged if key.endswith(jobs.MANIFEST)]
    assert len(staged) == 18 and len(manifest) == 1  # 17 files and the names
    job = Job.objects.get(kind=jobs.KIND)
    jobs.run_import(job.pk, manifest[0].removeprefix("uploads/"))  # a worker elsewhere: it has only the bucket
    job.refresh_from_db()
    assert (job.status, job.result["read"]) == ("succeeded", 17), job.error
    assert keys(bucket, f"uploads/{jobs.STAGED}/") == []  # the staged files are removed once read
    kept = ReportImport.objects.get(public_id=job.result["import"]).files.all()
    assert sorted(f"uploads/{f.stored}" for f in kept) == keys(bucket, "uploads/awr/")
    assert all(uploads.read_bytes(f.stored) == STATSPACK for f in kept)


@override_settings(TASKS=STORED_ONLY)
def test_a_price_refresh_offer_file_goes_to_the_bucket_and_the_task_reads_it_from_there(
    admin_client: Client, bucket: Any, prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    offer = json.dumps(changed_rds_upload()[0]).encode()
    handle = io.BytesIO(offer)
    handle.name = "AmazonRDS.json"
    with django_capture_on_commit_callbacks(execute=True):  # the job row committed: its task is enqueued
        response = admin_client.post(
            reverse("pricing:refresh-start"), {"region": REGION, "service": "AmazonRDS", "offer_file": handle}
        )
    assert response.status_code == 302
    job = Job.objects.get(kind=refresh_job.KIND)
    queued = default_task_backend.get_result(job.task_result_id).kwargs
    assert keys(bucket, f"uploads/{refresh_job.FOLDER}/") == [f"uploads/{queued['offer_file']}"]
    assert body(bucket, f"uploads/{queued['offer_file']}") == offer
    refresh_job.run_refresh(job.pk, queued["offer_file"], local_name=queued["local_name"])  # a worker elsewhere
    job.refresh_from_db()
    assert job.status == "succeeded", job.error
    current = price_services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None and current.origin == "offer-file" and current.source.endswith("(AmazonRDS.json)")
    assert keys(bucket, f"uploads/{refresh_job.FOLDER}/") == []  # read, then removed from the bucket
