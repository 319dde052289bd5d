from django.apps import AppConfig


class EstatesConfig(AppConfig):
    """Estates: many databases from one inventory, each assessed by the same recommender as a background task."""

    name = "advisor.estates"
    label = "estates"
    verbose_name = "Estates"
    default_auto_field = "django.db.models.BigAutoField"
