from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing.fixtures.cpu_options import DEFAULT_SHARED_DIR, CpuOptionsImportInvalid, import_cpu_options


class Command(BaseCommand):
    help = "Regenerate pricing/engine/data/cpu_options.json (Optimize CPUs core counts) from the shared AWS documents."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--shared", type=Path, default=DEFAULT_SHARED_DIR, help="path to shared/ (default ../shared)"
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            written = import_cpu_options(shared_dir=options["shared"])  # type: ignore[arg-type]
        except (FileNotFoundError, CpuOptionsImportInvalid) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{written.path}: {written.ec2_rows} EC2 rows, {written.rds_rows} RDS rows, "
            f"{written.preconfigured_rows} preconfigured RDS classes"
        )
