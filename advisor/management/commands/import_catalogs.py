from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.catalog.build import DEFAULT_SHARED_DIR, CatalogInvalid, import_all


class Command(BaseCommand):
    help = "Regenerate the committed catalogs under fixtures/catalog/ from the shared source data."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED_DIR, help="path to shared/")
        parser.add_argument("--as-of", help="the day the sources were read (YYYY-MM-DD, default today)")

    def handle(self, *args: object, **options: object) -> None:
        try:
            written = import_all(shared_dir=options["shared"], as_of=options["as_of"])  # type: ignore[arg-type]
        except (FileNotFoundError, CatalogInvalid) as error:
            raise CommandError(str(error)) from None
        for catalog in written:
            self.stdout.write(f"{catalog.path}: {catalog.rows} rows")
