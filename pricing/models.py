from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KT

# AWS publishes prices with 10 decimals ("0.0000001100" per I/O); the integer part covers 3-year upfront fees.
PRICE_DIGITS = {"max_digits": 24, "decimal_places": 10}


class PriceSnapshot(models.Model):
    """The prices of one service in one region as read at one time. Snapshots are kept; exactly one per region
    and service is current (the database enforces it), and an admin can switch back to an older one."""

    class Service(models.TextChoices):
        RDS = "AmazonRDS", "Amazon RDS"
        EC2 = "AmazonEC2", "Amazon EC2"

    class Origin(models.TextChoices):
        FIXTURE = "fixture", "committed fixture"
        API = "api", "Price List Query API"
        OFFER_FILE = "offer-file", "bulk offer file"

    region = models.CharField(max_length=32)
    service = models.CharField(max_length=16, choices=Service.choices)
    source = models.CharField(max_length=500)
    as_of = models.DateField(help_text="the date of the prices (a snapshot is no newer than its oldest row)")
    origin = models.CharField(max_length=16, choices=Origin.choices)
    content_hash = models.CharField(max_length=64, help_text="sha256 of the rows, to tell identical snapshots")
    row_count = models.PositiveIntegerField()
    is_current = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["region", "service", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["region", "service"], condition=Q(is_current=True), name="pricing_one_current_snapshot"
            )
        ]
        indexes = [models.Index(fields=["region", "service", "is_current"], name="pricing_snapshot_lookup")]

    def __str__(self) -> str:
        current = ", current" if self.is_current else ""
        return f"{self.service} {self.region} #{self.pk} as of {self.as_of}{current}"


class PriceRecord(models.Model):
    """One ``PriceRow`` of a snapshot, column for column."""

    snapshot = models.ForeignKey(PriceSnapshot, on_delete=models.CASCADE, related_name="records")
    service = models.CharField(max_length=16, choices=PriceSnapshot.Service.choices)
    region = models.CharField(max_length=32)
    sku = models.CharField(max_length=100)
    product_family = models.CharField(max_length=100)
    attributes = models.JSONField()
    term = models.CharField(max_length=16)
    term_attributes = models.JSONField(default=dict)
    unit = models.CharField(max_length=50)
    price_usd = models.DecimalField(**PRICE_DIGITS)
    begin_range = models.DecimalField(**PRICE_DIGITS, default=0)
    end_range = models.DecimalField(**PRICE_DIGITS, null=True, blank=True, help_text="empty = Inf")
    description = models.TextField(blank=True)
    source = models.CharField(max_length=500)
    as_of = models.DateField()
    estimated = models.BooleanField(default=False)
    estimate_note = models.TextField(blank=True)
    rds_custom = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["snapshot", "product_family"], name="pricing_record_family"),
            models.Index(fields=["region", "service", "product_family"], name="pricing_record_lookup"),
            models.Index(fields=["sku"], name="pricing_record_sku"),
            models.Index(KT("attributes__instanceType"), name="pricing_record_instance_type"),
            models.Index(KT("attributes__usagetype"), name="pricing_record_usagetype"),
            models.Index(KT("attributes__volumeApiName"), name="pricing_record_volume_api"),
        ]

    def __str__(self) -> str:
        return f"{self.sku} {self.product_family} {self.price_usd} USD/{self.unit}"
