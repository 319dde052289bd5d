from django.apps import AppConfig


class AwrConfig(AppConfig):
    """AWR, Statspack and AWR-Miner import: figures with provenance, mapped to a pre-filled workload."""

    name = "advisor.awr"
    label = "awr"
    verbose_name = "AWR / Statspack import"
    default_auto_field = "django.db.models.BigAutoField"
