from django.core.management.base import BaseCommand

from advisor import services
from advisor.engine.scenarios import load_scenarios


class Command(BaseCommand):
    help = "Create an assessment for each golden scenario in fixtures/scenarios/ that is not saved yet (by name)."

    def handle(self, *args: object, **options: object) -> None:
        created = services.assessments_from_scenarios(load_scenarios())
        self.stdout.write(f"{len(created)} scenario assessment(s) created")
