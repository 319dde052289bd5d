from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Job(models.Model):
    """One piece of background work (a price refresh, later an estate's assessments) as its worker reports it.

    A job is queued when a task is enqueued for it, running once a worker claims it, then succeeded or failed. While
    it runs the worker writes progress and a heartbeat; a running job whose heartbeat is older than
    ``pricing.jobs.services.HEARTBEAT_TIMEOUT`` is marked failed ("the worker stopped responding at …"), so no job
    stays running for ever. Jobs that must not overlap share a ``lock`` (e.g. the region a refresh writes): the
    database allows at most one queued or running job per kind and lock, so two requests cannot both start one."""

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        SUCCEEDED = "succeeded", "succeeded"
        FAILED = "failed", "failed"

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    kind = models.CharField(max_length=40, help_text="what the job does, e.g. price-refresh")
    lock = models.CharField(
        max_length=100,
        null=True,
        blank=True,
        help_text="jobs of one kind with the same lock never overlap (e.g. the region a price refresh writes)",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    params = models.JSONField(default=dict, blank=True, help_text="what the job was asked to do")
    done = models.PositiveIntegerField(default=0, help_text="steps done")
    total = models.PositiveIntegerField(null=True, blank=True, help_text="steps in all, when known")
    log = models.TextField(blank=True, help_text="progress lines, oldest first (the last ones when there were many)")
    error = models.TextField(blank=True)
    result = models.JSONField(default=dict, blank=True)
    task_result_id = models.CharField(max_length=64, blank=True, help_text="the django-tasks result id")
    worker = models.CharField(max_length=64, blank=True, help_text="the worker that claimed it")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True, help_text="the worker's last sign of life")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "lock"],
                condition=Q(status__in=["queued", "running"]) & Q(lock__isnull=False),
                name="jobs_one_active_per_lock",
            )
        ]
        indexes = [models.Index(fields=["kind", "status"], name="jobs_kind_status")]

    def __str__(self) -> str:
        lock = f" {self.lock}" if self.lock else ""
        return f"{self.kind}{lock} #{self.pk}: {self.status}"

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def log_lines(self) -> list[str]:
        return self.log.splitlines()
