"""Assessments saved before accounts existed go to the first superuser (by id). With no superuser they stay
ownerless, which only staff can see; running the same logic again later is safe (advisor.accounts.ownership)."""

from django.db import migrations


def give_to_first_superuser(apps, schema_editor):
    from advisor.accounts.ownership import give_ownerless_to_first_superuser

    give_ownerless_to_first_superuser(apps.get_model("advisor", "Assessment"), apps.get_model("auth", "User"))


class Migration(migrations.Migration):
    dependencies = [
        ("advisor", "0003_owner_team_sharelink"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(give_to_first_superuser, migrations.RunPython.noop)]
