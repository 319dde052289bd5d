from django.apps import AppConfig


class EstatesConfig(AppConfig):
    """Estates: many databases from one inventory, each assessed by the same recommender as a background task."""

    name = "advisor.estates"
    label = "estates"
    verbose_name = "Estates"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from advisor.estates import tasks
        from pricing.jobs.kinds import register_kind

        register_kind(tasks.KIND, stale_after=tasks.STALE_AFTER, on_reaped=tasks.on_run_reaped)
