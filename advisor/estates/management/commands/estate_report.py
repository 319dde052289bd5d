from pathlib import Path
from typing import Any
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.estates.models import Estate
from advisor.estates.pages import document


def find_estate(key: str) -> Estate:
    """An estate by its id (the UUID in its URL), its number, or its exact name when only one has it."""
    try:
        found = Estate.objects.filter(public_id=UUID(key)).first()
    except ValueError:
        found = Estate.objects.filter(pk=int(key)).first() if key.isdigit() else None
        if found is None:
            named = list(Estate.objects.filter(name=key)[:2])
            if len(named) > 1:
                raise CommandError(f"{len(named)}+ estates are named {key!r}: give the id from its URL") from None
            found = named[0] if named else None
    if found is None:
        raise CommandError(f"no estate {key!r}: give the id from its URL (/estates/<id>/), its number or its name")
    return found


class Command(BaseCommand):
    help = (
        "Write an estate's PDF summary for the customer (the estate page's totals per placement, licences, blockers, "
        "charts, the costliest databases, sources and disclaimer), printed by Debian's Chromium, or its HTML twin."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--estate", required=True, help="the estate: its id (UUID in its URL), number or name")
        parser.add_argument("--out", required=True, help="the file to write")
        parser.add_argument("--format", choices=("pdf", "html"), default="pdf")
        parser.add_argument("--paper", help="a4 or letter (default: the admin's Report settings)")
        parser.add_argument("--prepared-by", default="", help="the name on the cover")

    def handle(self, *args: Any, **options: Any) -> None:
        estate = find_estate(options["estate"])
        try:
            made = document.estate_document(estate=estate, paper=options["paper"], prepared_by=options["prepared_by"])
        except (ValueError, document.EstateRunning) as refused:
            raise CommandError(str(refused)) from None
        out = Path(options["out"])
        if options["format"] == "html":
            out.write_text(made.html, encoding="utf-8")
        else:
            try:
                out.write_bytes(document.estate_pdf(made, keep_browser=False))
            except (document.ChromiumMissing, document.ReportFailed) as failed:
                raise CommandError(str(failed)) from None
        self.stdout.write(f"{out}: {estate.name}, {options['format'].upper()}")
