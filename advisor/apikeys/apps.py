from django.apps import AppConfig


class ApiKeysConfig(AppConfig):
    """Personal API tokens: a signed-in user creates and revokes them; the JSON API accepts them as Bearer keys."""

    name = "advisor.apikeys"
    label = "apikeys"
    verbose_name = "API tokens"
    default_auto_field = "django.db.models.BigAutoField"
