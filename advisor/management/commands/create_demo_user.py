import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERNAME = "demo"


class Command(BaseCommand):
    help = "Create the ordinary (not staff) user 'demo' if it does not exist, and print how to sign in as it."

    def add_arguments(self, parser: object) -> None:
        parser.add_argument("--password", default="", help="Password to set (default: a new random one each run)")  # type: ignore[attr-defined]

    def handle(self, *args: object, **options: object) -> None:
        users = get_user_model()
        user = users.objects.filter(username=DEMO_USERNAME).first()
        password = str(options.get("password") or "") or secrets.token_urlsafe(9)
        if user is None:
            user = users.objects.create_user(DEMO_USERNAME, email="demo@example.com", password=password)
        else:  # a fresh password every run, so what is printed always works
            user.set_password(password)
            user.save(update_fields=["password"])
        self.stdout.write(f"Sign in as: {DEMO_USERNAME} / {password}")
