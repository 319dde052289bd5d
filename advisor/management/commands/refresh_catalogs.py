from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.catalog.refresh import DEFAULT_CATALOG, RefreshFailed, aws_clients, refresh_catalog


class Command(BaseCommand):
    help = (
        "Refresh instance limits in fixtures/catalog/instances.json from EC2 DescribeInstanceTypes and RDS "
        "DescribeOrderableDBInstanceOptions (Oracle engines), print what changed, and write the file unless --dry-run."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--region", default="us-east-1", help="AWS region to ask (default us-east-1)")
        parser.add_argument("--dry-run", action="store_true", help="print the change report, write nothing")
        parser.add_argument("--catalog", type=Path, default=DEFAULT_CATALOG, help="the instances.json to refresh")

    def handle(self, *args: object, **options: object) -> None:
        region = str(options["region"])
        try:
            ec2, rds = aws_clients(region)
            report = refresh_catalog(
                ec2=ec2,
                rds=rds,
                catalog_path=options["catalog"],  # type: ignore[arg-type]
                region=region,
                today=date.today().isoformat(),
                dry_run=bool(options["dry_run"]),
            )
        except RefreshFailed as error:
            raise CommandError(str(error)) from None
        self.stdout.write(report.text())
