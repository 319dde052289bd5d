import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.engine.workload import WorkloadInvalid
from advisor.management.workload_input import parse_workload_file, read_workload_text


class Command(BaseCommand):
    help = (
        "Validate a workload JSON file (a bare workload, or {name, customer, project, description?, workload} as "
        "exported) against the workload schema; exits non-zero with field paths if invalid."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="workload JSON file (either shape), or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the normalised workload (or errors) as JSON")

    def handle(self, *args: object, **options: object) -> None:
        text = read_workload_text(str(options["path"]))
        try:
            document = parse_workload_file(text)
        except WorkloadInvalid as invalid:
            if options["json"]:
                self.stdout.write(json.dumps({"errors": [e.__dict__ for e in invalid.errors]}, indent=2))
            raise CommandError(
                "invalid workload:\n" + "\n".join(f"  {e.path}: {e.message}" for e in invalid.errors)
            ) from None
        workload = document.workload
        if options["json"]:
            self.stdout.write(json.dumps({"workload": workload.model_dump(mode="json")}, indent=2))
        else:
            named = f" ({document.meta.name})" if document.meta and document.meta.name else ""
            self.stdout.write(
                f"valid workload: {workload.oracle.edition.value} {workload.oracle.version.value}, "
                f"{workload.sizing.db_size_gib:g} GiB in {workload.environment.region}{named}"
            )
