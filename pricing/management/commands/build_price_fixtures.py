from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing.fixtures.sources import (
    DEFAULT_SHARED_DIR,
    PRICE_FIXTURE_DIR,
    FixtureSourceError,
    build_price_fixtures,
)
from pricing.offers.files import PriceDataInvalid


class Command(BaseCommand):
    help = "Regenerate the committed price fixtures under fixtures/prices/ from the shared source data."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED_DIR, help="path to shared/")
        parser.add_argument("--out", type=Path, default=PRICE_FIXTURE_DIR, help="where to write (fixtures/prices)")

    def handle(self, *args: object, **options: object) -> None:
        try:
            report = build_price_fixtures(shared_dir=options["shared"], out_dir=options["out"])  # type: ignore[arg-type]
        except (FixtureSourceError, PriceDataInvalid) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(report.text())
