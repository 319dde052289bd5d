from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing import refresh_job, services
from pricing.jobs.services import JobBusy
from pricing.models import PriceSnapshot
from pricing.offers.files import PRICING_API_REGIONS
from pricing.refresh.guard import MAX_REMOVED_SHARE, percent

SHARE = percent(MAX_REMOVED_SHARE).replace("%", "%%")  # argparse formats help with %


class Command(BaseCommand):
    help = (
        "Refresh the price snapshot of a region from the AWS Price List Query API (standard boto3 credentials) or "
        "a bulk offer file; print progress and what changed against the current snapshot, then make the new one "
        "current. A new snapshot older than the prices it would replace, or removing more than "
        f"{percent(MAX_REMOVED_SHARE)} of the current rows, is stored but not made current (review it on the Prices "
        "page and make it current there, or use --force); one with the same prices as the current one is not "
        "written. Runs as a price-refresh job like the Prices page's: refused while a refresh of the region is "
        "queued or running. Any failure writes nothing and leaves the current snapshot as it was."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--region", required=True, help="AWS region code, e.g. eu-west-1")
        parser.add_argument(
            "--service", choices=[*PriceSnapshot.Service.values, "all"], default="all", help="default: all"
        )
        parser.add_argument("--offer-file", type=Path, help="import this bulk offer file instead of asking the API")
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would change, write nothing (no job is recorded)"
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help=(
                "make the new snapshots current even when they would wait for review: prices older than those they "
                f"replace, or more than {SHARE} of the current rows removed"
            ),
        )
        parser.add_argument(
            "--endpoint", choices=PRICING_API_REGIONS, default="us-east-1", help="Price List API endpoint region"
        )

    def handle(self, *args: object, **options: object) -> None:
        region = str(options["region"])
        chosen = str(options["service"])
        wanted = list(PriceSnapshot.Service.values) if chosen == "all" else [chosen]
        offer_file: Path | None = options["offer_file"]  # type: ignore[assignment]
        if options["dry_run"]:
            self._dry_run(region, wanted, offer_file, str(options["endpoint"]))
            return
        try:
            job, result = refresh_job.refresh_here(
                region=region,
                services=wanted,
                offer_file=offer_file,
                force=bool(options["force"]),
                endpoint=str(options["endpoint"]),
                echo=self.stdout.write,
            )
        except JobBusy as busy:
            holder = busy.holder
            which = f" (refresh #{refresh_job.refresh_number(holder)})" if holder else ""
            raise CommandError(
                f"a refresh of {region} is already {holder.status if holder else 'queued or running'}{which}; this "
                "one was not started: wait for it to end, or cancel it on the Prices page"
            ) from None
        if result is None:
            raise CommandError(f"refresh of {region} failed: {job.error}")
        held = [item for item in result.services if item.hold]
        if held:
            self.stderr.write(
                self.style.WARNING(
                    f"{', '.join(item.service for item in held)} {region}: stored but NOT made current; see above"
                )
            )

    def _dry_run(self, region: str, wanted: list[str], offer_file: Path | None, endpoint: str) -> None:
        try:
            result = services.prices_refresh(
                region=region,
                services=wanted,
                offer_file=offer_file,
                endpoint=endpoint,
                dry_run=True,
                progress=self.stdout.write,
            )
        except services.RefreshFailed as error:
            raise CommandError(
                f"refresh of {region} failed: {error}\nNothing was written; the current price snapshots are unchanged."
            ) from None
        for item in result.services:
            what = (
                "the same prices as the current snapshot: it would not be written"
                if item.same
                else f"it would be stored but not made current: {item.hold.text()}"
                if item.hold
                else "it would be made current"
            )
            self.stdout.write(
                f"{item.service} {region}: dry run, nothing was written ({len(item.rows)} rows read); {what}"
            )
