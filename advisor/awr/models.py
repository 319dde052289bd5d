"""Uploaded AWR / Statspack / AWR-Miner reports and what was read from them, kept with the assessment they fed.

An import belongs to its owner (and optionally a team) until an assessment is created from it; from then on it
belongs to that assessment: whoever may see the assessment sees its reports, and deleting the assessment deletes
them (``advisor.awr.access``). The extraction is the engine's ``ImportResult`` as JSON, so the review page can be
opened again without reading the reports again. With masking, names are replaced before anything is stored.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.urls import reverse

from config import uploads


class ReportImport(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="awr_imports")
    team = models.ForeignKey(
        "accounts.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="awr_imports"
    )
    assessment = models.ForeignKey(
        "advisor.Assessment",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="awr_imports",
        help_text="the assessment created from (or attached to) these reports; they are deleted with it",
    )
    masked = models.BooleanField(default=False, help_text="host, instance and database names were replaced")
    database = models.CharField(max_length=200, blank=True, help_text="the database's name as shown (masked)")
    extraction = models.JSONField(help_text="what was read: the import engine's result (ImportResult)")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"AWR import {self.public_id} ({self.database or 'database not named'})"

    def get_absolute_url(self) -> str:
        return reverse("awr:review", kwargs={"public_id": self.public_id})


class ReportFile(models.Model):
    """One uploaded file: its name as uploaded (masked on request), detected kind, size, digest and bytes; a file
    that could not be read keeps no bytes, only why. The bytes are in the uploads storage (``stored``, removed with
    the row); rows kept before that hold them in ``content`` (``services.kept_bytes`` reads either)."""

    report_import = models.ForeignKey(ReportImport, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=255)
    kind = models.CharField(max_length=20, blank=True)
    size = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64)
    stored = models.CharField(max_length=255, blank=True, help_text="the kept bytes' name in the uploads storage")
    content = models.BinaryField(blank=True, default=b"", help_text="the kept bytes of a row saved before storage")
    error = models.TextField(blank=True)
    warnings = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["report_import", "position"]
        constraints = [models.UniqueConstraint(fields=["report_import", "position"], name="awr_file_position")]

    def __str__(self) -> str:
        return self.name


@receiver(post_delete, sender=ReportFile, dispatch_uid="awr-file-removed-with-its-row")
def _remove_stored_file(sender: type, instance: ReportFile, **_: object) -> None:
    """A deleted row's file goes once the deletion is committed (an import, its assessment or its owner deleted)."""
    uploads.delete_on_commit([instance.stored])
