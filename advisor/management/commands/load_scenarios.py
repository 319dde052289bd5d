from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from advisor import services
from advisor.engine.scenarios import load_scenarios
from advisor.management.commands.create_demo_user import DEMO_USERNAME


class Command(BaseCommand):
    help = (
        "Create an assessment for each golden scenario in fixtures/scenarios/ that is not saved yet (by name), "
        "owned by the demo user when there is one (`manage.py create_demo_user`)."
    )

    def add_arguments(self, parser: object) -> None:
        parser.add_argument("--owner", default=DEMO_USERNAME, help="Username that owns them (default: demo)")  # type: ignore[attr-defined]

    def handle(self, *args: object, **options: object) -> None:
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        created = services.assessments_from_scenarios(load_scenarios(), owner=owner)
        whose = f"owned by {owner.get_username()}" if owner else "without an owner (staff only see them)"
        self.stdout.write(f"{len(created)} scenario assessment(s) created, {whose}")
