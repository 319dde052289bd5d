from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing import services
from pricing.fixtures.sources import PRICE_FIXTURE_DIR, FixtureSourceError
from pricing.offers.files import PriceDataInvalid


class Command(BaseCommand):
    help = (
        "Load the committed price fixtures (fixtures/prices/) into price snapshots, one per region and service. "
        "Idempotent: a fixture already stored is skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fixtures", type=Path, default=PRICE_FIXTURE_DIR, help="the fixture directory")

    def handle(self, *args: object, **options: object) -> None:
        try:
            loads = services.prices_load_fixtures(fixture_dir=options["fixtures"])  # type: ignore[arg-type]
        except (FixtureSourceError, PriceDataInvalid, services.SnapshotInvalid, OSError) as error:
            raise CommandError(str(error)) from None
        loaded = [load for load in loads if load.action != "up to date"]
        for load in loaded:
            self.stdout.write(f"{load.service} {load.region}: {load.rows} rows {load.action}")
        self.stdout.write(f"{len(loaded)} price snapshot(s) loaded, {len(loads) - len(loaded)} already up to date")
