import uuid

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
