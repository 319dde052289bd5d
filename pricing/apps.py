from django.apps import AppConfig


class PricingConfig(AppConfig):
    name = "pricing"
    verbose_name = "Pricing"

    def ready(self) -> None:
        from pricing import refresh_job
        from pricing.jobs.kinds import register_kind

        # a refresh whose worker died leaves its upload behind: removed once the job layer marks it failed
        register_kind(refresh_job.KIND, on_reaped=refresh_job.on_reaped)
