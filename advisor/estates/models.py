import uuid

from django.conf import settings
from django.db import models
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.urls import reverse

from config import uploads


class Estate(models.Model):
    """Many databases assessed together, owned like an assessment (owner and optional team). Its databases are
    assessed in the background; ``job`` is the run (pricing.jobs) that pages poll for progress."""

    class Source(models.TextChoices):
        CSV = "csv", "CSV inventory"
        XLSX = "xlsx", "XLSX inventory"
        ASSESSMENTS = "assessments", "saved assessments"
        REPORTS = "reports", "AWR reports (ZIP)"

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=200)
    customer = models.CharField(max_length=200, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices)
    file_name = models.CharField(max_length=255, blank=True)
    ignored_columns = models.JSONField(default=list, blank=True, help_text="headers that map to no workload field")
    defaulted_columns = models.JSONField(default=list, blank=True, help_text="documented columns the file lacks")
    notes = models.JSONField(default=list, blank=True, help_text="files of a ZIP of reports left out, and why")
    masked = models.BooleanField(default=False, help_text="names printed in the reports were masked")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="estates")
    team = models.ForeignKey("accounts.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="estates")
    job = models.ForeignKey("jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("estates:estate-detail", kwargs={"public_id": self.public_id})


class EstateDatabase(models.Model):
    """One row of the inventory: queued until a worker takes it, then done (``summary``) or failed (``error``);
    invalid when the row itself was refused (``error`` names the row and column); cancelled when the estate was."""

    class Status(models.TextChoices):
        INVALID = "invalid", "invalid"
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"
        CANCELLED = "cancelled", "cancelled"

    PENDING = (Status.QUEUED, Status.RUNNING)

    estate = models.ForeignKey(Estate, on_delete=models.CASCADE, related_name="databases")
    row = models.PositiveIntegerField(help_text="the row as the spreadsheet numbers it (the header is row 1)")
    name = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    workload = models.JSONField(null=True, blank=True)
    summary = models.JSONField(null=True, blank=True, help_text="advisor.estates.engine.summary.DatabaseSummary")
    error = models.TextField(blank=True)
    assumed = models.JSONField(
        default=list, blank=True, help_text='figures its row left blank and the values assumed: [{"figure", "value"}]'
    )
    assessment = models.ForeignKey(
        "advisor.Assessment", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recommended = models.CharField(max_length=16, blank=True, help_text="the recommended option, for sorting")
    recommended_monthly_usd = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True, help_text="how long its assessment took")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["row"]
        constraints = [models.UniqueConstraint(fields=["estate", "row"], name="estate_row_once")]
        indexes = [models.Index(fields=["estate", "status"], name="estate_db_status")]

    def __str__(self) -> str:
        return f"{self.name} (row {self.row})"


class EstateUpload(models.Model):
    """A ZIP of reports waiting for the worker that reads it (``advisor.estates.report_tasks``), which deletes it
    once read: the reports are parsed in the background, never in the request. The ZIP is in the uploads storage
    (``stored``, removed with the row), so any task machine reads it; a row saved before that holds it in ``data``."""

    estate = models.OneToOneField(Estate, on_delete=models.CASCADE, related_name="upload")
    file_name = models.CharField(max_length=255, blank=True)
    stored = models.CharField(max_length=255, blank=True, help_text="the ZIP's name in the uploads storage")
    data = models.BinaryField(blank=True, default=b"", help_text="the ZIP of a row saved before storage")
    mask = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)


@receiver(post_delete, sender=EstateUpload, dispatch_uid="estate-zip-removed-with-its-row")
def _remove_stored_zip(sender: type, instance: EstateUpload, **_: object) -> None:
    """A deleted upload's ZIP goes once the deletion is committed (read, cancelled, or the estate deleted)."""
    uploads.delete_on_commit([instance.stored])
