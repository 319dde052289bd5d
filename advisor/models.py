import secrets
import uuid
from typing import Self

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse


class Assessment(models.Model):
    """A named workload an architect saved. The workload is stored as validated JSON (the
    engine's ``Workload``); the columns beside it exist so lists can be searched and sorted."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=200)
    customer = models.CharField(max_length=200, blank=True)
    project = models.CharField(max_length=200, blank=True)
    workload = models.JSONField()
    # The sizing policy saved from the results page (the engine's ``SizingPolicy``, as JSON); empty: the defaults.
    policy = models.JSONField(default=dict, blank=True)
    edition = models.CharField(max_length=8)
    version = models.CharField(max_length=8)
    region = models.CharField(max_length=32)
    db_size_gib = models.FloatField()
    peak_cpu = models.FloatField()
    # Null only for rows saved before accounts existed and no superuser to give them to: staff alone see those.
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="assessments")
    team = models.ForeignKey(
        "accounts.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="assessments"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["name"]), models.Index(fields=["customer"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("advisor:assessment-detail", kwargs={"public_id": self.public_id})


def new_share_token() -> str:
    return secrets.token_urlsafe(32)


class ShareLink(models.Model):
    """A read-only link to one assessment's results and PDF for someone without an account; it stops working
    when it expires or its owner revokes it. The token is random (256 bits) and only ever compared whole."""

    token = models.CharField(max_length=64, unique=True, default=new_share_token, editable=False)
    assessment = models.ForeignKey(Assessment, on_delete=models.CASCADE, related_name="share_links")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Share link to {self.assessment}"


LOGO_MAX_BYTES = 256 * 1024
LOGO_PREFIXES = ("data:image/png;base64,", "data:image/svg+xml;base64,")


def validate_logo_data_uri(value: str) -> None:
    """The logo is kept in the database as a ``data:`` URI (no media storage, no Pillow): PNG or SVG only."""
    if value and not value.startswith(LOGO_PREFIXES):
        raise ValidationError("The logo must be a PNG or SVG image (a data:image/png or data:image/svg+xml URI).")
    if len(value) > LOGO_MAX_BYTES * 4 // 3 + 64:
        raise ValidationError(f"The logo must be at most {LOGO_MAX_BYTES // 1024} KiB.")


class ReportSettings(models.Model):
    """How the PDF comparison looks unless the download says otherwise; one row, edited in the admin."""

    class PaperSize(models.TextChoices):
        A4 = "a4", "A4"
        LETTER = "letter", "US Letter"

    paper_size = models.CharField(max_length=8, choices=PaperSize.choices, default=PaperSize.A4)
    prepared_by = models.CharField(
        max_length=200, blank=True, help_text="Shown on the cover unless the download names someone else."
    )
    logo = models.TextField(
        blank=True,
        validators=[validate_logo_data_uri],
        help_text="PNG or SVG shown on the cover, stored as a data: URI.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "report settings"
        verbose_name_plural = "report settings"

    def __str__(self) -> str:
        return "Report settings"

    def save(self, *args: object, **kwargs: object) -> None:
        self.pk = 1  # a singleton: every save writes the one row
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def load(cls) -> Self:
        """The row, or unsaved defaults when an admin has not set any."""
        return cls.objects.filter(pk=1).first() or cls(pk=1)
