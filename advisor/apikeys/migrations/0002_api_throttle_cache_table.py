"""The API rate limiter's counts live in a database cache table (``settings.CACHES["api-throttle"]``), so every web
worker process shares them; this creates the table wherever the schema is migrated (tests included)."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):  # noqa: ARG001 (the migration signature)
    # no table names: the command creates the tables of every database cache in settings.CACHES (``api_throttle``)
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):  # noqa: ARG001
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name('api_throttle')}")


class Migration(migrations.Migration):
    dependencies = [("apikeys", "0001_initial")]
    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
