from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing.engine.odb_prices import DATA_DIR
from pricing.fixtures.odb import OdbSourceError, import_odb
from pricing.fixtures.sources import DEFAULT_SHARED_DIR


class Command(BaseCommand):
    help = (
        "Regenerate pricing/engine/data/odb_prices.json and odb_regions.json (Oracle Database@AWS list prices and "
        "Regions) from shared/data/odb-and-cpu-options/."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--shared", type=Path, default=DEFAULT_SHARED_DIR, help="path to shared/ (default ../shared)"
        )
        parser.add_argument("--out", type=Path, default=DATA_DIR, help="where to write (pricing/engine/data)")

    def handle(self, *args: object, **options: object) -> None:
        try:
            report = import_odb(shared_dir=options["shared"], out_dir=options["out"])  # type: ignore[arg-type]
        except OdbSourceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(report.text())
