from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing import services
from pricing.models import PriceSnapshot
from pricing.offers.files import PRICING_API_REGIONS


class Command(BaseCommand):
    help = (
        "Refresh the price snapshot of a region from the AWS Price List Query API (standard boto3 credentials) or "
        "a bulk offer file; print progress and what changed against the current snapshot, then make the new one "
        "current. Any failure writes nothing and leaves the current snapshot as it was."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--region", required=True, help="AWS region code, e.g. eu-west-1")
        parser.add_argument(
            "--service", choices=[*PriceSnapshot.Service.values, "all"], default="all", help="default: all"
        )
        parser.add_argument("--offer-file", type=Path, help="import this bulk offer file instead of asking the API")
        parser.add_argument("--dry-run", action="store_true", help="print what would change, write nothing")
        parser.add_argument(
            "--endpoint", choices=PRICING_API_REGIONS, default="us-east-1", help="Price List API endpoint region"
        )

    def handle(self, *args: object, **options: object) -> None:
        region = str(options["region"])
        chosen = str(options["service"])
        wanted = tuple(PriceSnapshot.Service.values) if chosen == "all" else (chosen,)
        try:
            client = None if options["offer_file"] else services.pricing_client(str(options["endpoint"]))
            result = services.prices_refresh(
                region=region,
                services=wanted,
                offer_file=options["offer_file"],  # type: ignore[arg-type]
                client=client,
                endpoint=str(options["endpoint"]),
                dry_run=bool(options["dry_run"]),
                progress=self.stdout.write,
            )
        except services.RefreshFailed as error:
            raise CommandError(
                f"refresh of {region} failed: {error}\nNothing was written; the current price snapshots are unchanged."
            ) from None
        for item in result.services:
            if result.dry_run:
                self.stdout.write(f"{item.service} {region}: dry run, nothing was written ({len(item.rows)} rows read)")
                continue
            assert item.snapshot is not None
            previous = f"; the previous one (#{item.previous.pk}) is kept" if item.previous else ""
            self.stdout.write(
                f"{item.service} {region}: snapshot #{item.snapshot.pk} ({item.snapshot.row_count} rows, as of "
                f"{item.snapshot.as_of}) is now current{previous}"
            )
