import uuid
from typing import Self

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
    edition = models.CharField(max_length=8)
    version = models.CharField(max_length=8)
    region = models.CharField(max_length=32)
    db_size_gib = models.FloatField()
    peak_cpu = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["name"]), models.Index(fields=["customer"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("advisor:assessment-detail", kwargs={"public_id": self.public_id})


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
