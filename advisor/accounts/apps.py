from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Who may sign in and which team they belong to; the rules on what they may see live in ``advisor.access``."""

    name = "advisor.accounts"
    label = "accounts"
    verbose_name = "Accounts and teams"
    default_auto_field = "django.db.models.BigAutoField"
