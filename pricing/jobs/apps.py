from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "pricing.jobs"
    label = "jobs"
    verbose_name = "Background jobs"
