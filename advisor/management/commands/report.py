from pathlib import Path
from typing import Any
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.engine.sizing import SizingPolicy
from advisor.models import Assessment
from advisor.pages.sizing_policy import policy_from
from advisor.reports import pdf as report


def _assessment(ref: str) -> Assessment:
    """By public id, else by exact name (refused when several share it)."""
    try:
        found = Assessment.objects.filter(public_id=UUID(ref)).first()
    except ValueError:
        found = None
    if found is not None:
        return found
    named = list(Assessment.objects.filter(name=ref)[:2])
    if len(named) == 1:
        return named[0]
    if named:
        raise CommandError(f"several assessments are named {ref!r}: give the id (/a/<id>/) instead")
    raise CommandError(f"no assessment with id or name {ref!r}")


class Command(BaseCommand):
    help = "Write an assessment's comparison (the results page as a document) to a PDF, or its HTML twin."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--assessment", required=True, help="the assessment's id (as in /a/<id>/) or name")
        parser.add_argument("--out", required=True, help="file to write")
        parser.add_argument("--paper", choices=sorted(report.PAPERS), help="default: the admin's report settings")
        parser.add_argument("--format", choices=("pdf", "html"), default="pdf", dest="fmt")
        parser.add_argument("--prepared-by", default="", help="default: the admin's report settings")
        parser.add_argument(
            "--policy", action="append", default=[], metavar="FIELD=VALUE",
            help="sizing policy as on the results page, e.g. --policy cpu_headroom_pct=30 (repeatable)",
        )  # fmt: skip

    def handle(self, *args: Any, **options: Any) -> None:
        assessment = _assessment(options["assessment"])
        params: dict[str, str] = {}
        for item in options["policy"]:
            field, sep, value = item.partition("=")
            field = field.strip()
            if not sep or field not in SizingPolicy.model_fields:
                raise CommandError(
                    f"--policy {item!r}: use FIELD=VALUE with FIELD one of {', '.join(SizingPolicy.model_fields)}"
                )
            params[f"policy.{field}"] = value.strip()
            params[f"policy.{field}.present"] = "1"
        policy, problems = policy_from(params)
        try:
            document = report.report_document(
                assessment=assessment, policy=policy, paper=options["paper"],
                prepared_by=options["prepared_by"], problems=problems,
            )  # fmt: skip
        except report.ReportInvalid as invalid:
            lines = "\n".join(f"  {e.path}: {e.message}" for e in invalid.errors)
            raise CommandError(f"{assessment.name!r} cannot be reported on until these are fixed:\n{lines}") from None
        out = Path(options["out"])
        if options["fmt"] == "html":
            out.write_text(document.html, encoding="utf-8")
        else:
            try:
                out.write_bytes(report.report_pdf(document, keep_browser=False))
            except (report.ChromiumMissing, report.ReportFailed) as failed:
                raise CommandError(str(failed)) from None
        self.stdout.write(f"{out} ({out.stat().st_size:,} bytes, {document.paper}): {assessment.name}")
