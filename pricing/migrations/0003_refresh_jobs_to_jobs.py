"""Price refreshes are jobs of the one job mechanism (pricing.jobs) now: the history of RefreshJob moves to Job rows
(kind price-refresh, locked by region), then RefreshJob goes. A refresh left running ran in a web-server thread that
no longer exists: it is recorded as failed, saying so."""

from django.db import migrations

STALE = (
    "the web server process that ran this refresh (in a thread, before refreshes moved to the task queue) stopped "
    "before it ended; start it again."
)


def forwards(apps, schema_editor):
    RefreshJob = apps.get_model("pricing", "RefreshJob")
    Job = apps.get_model("jobs", "Job")
    for old in RefreshJob.objects.order_by("pk"):
        running = old.status == "running"
        Job.objects.create(
            kind="price-refresh",
            lock=old.region,
            status="failed" if running else old.status,
            params={
                "region": old.region,
                "services": [s for s in old.services.split(",") if s],
                "offer_file_name": old.offer_file_name,
            },
            log=old.progress,
            error=STALE if running else old.error,
            result=old.result,
            requested_by_id=old.requested_by_id,
            created_at=old.created_at,
            started_at=old.created_at,
            heartbeat_at=old.updated_at,
            finished_at=old.finished_at or (old.updated_at if running else None),
        )


def backwards(apps, schema_editor):
    RefreshJob = apps.get_model("pricing", "RefreshJob")
    Job = apps.get_model("jobs", "Job")
    for job in Job.objects.filter(kind="price-refresh").order_by("pk"):
        params = job.params or {}
        RefreshJob.objects.create(
            region=params.get("region", job.lock or ""),
            services=",".join(params.get("services", [])),
            offer_file_name=params.get("offer_file_name", ""),
            status="failed" if job.status == "queued" else job.status,
            progress=job.log,
            error=job.error,
            result=job.result or [],
            requested_by_id=job.requested_by_id,
            finished_at=job.finished_at,
        )
    Job.objects.filter(kind="price-refresh").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("pricing", "0002_refreshjob"),
        ("jobs", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
        migrations.DeleteModel(name="RefreshJob"),
    ]
