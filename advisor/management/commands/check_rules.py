import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.engine.rules.loader import (
    OPTIONS,
    SCHEMA_FILE,
    SEVERITY_ORDER,
    RuleSetInvalid,
    load_rules,
    rule_file_schema,
)


class Command(BaseCommand):
    help = "Validate the rule files (shape, then meaning) and the committed JSON Schema; print a summary."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--write-schema", action="store_true", help=f"regenerate {SCHEMA_FILE.name}")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rules = load_rules()
        except RuleSetInvalid as invalid:
            raise CommandError(str(invalid)) from None
        schema = rule_file_schema()
        if options["write_schema"]:
            SCHEMA_FILE.write_text(json.dumps(schema, indent=2) + "\n")
            self.stdout.write(f"wrote {SCHEMA_FILE}")
        elif json.loads(SCHEMA_FILE.read_text()) != schema:
            raise CommandError(f"{SCHEMA_FILE.name} is out of date: run python manage.py check_rules --write-schema")
        rows = {row.id for row in rules.feature_rows}
        self.stdout.write(f"{len(rules.rules)} rules valid; {len(rows)} reference rows")
        for option, label in OPTIONS.items():
            mine = rules.for_option(option)
            counts = ", ".join(
                f"{sum(1 for r in mine if r.rule.severity == s)} {s}"
                for s in sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.get)
            )
            uncovered = sorted(rows - {row for r in mine for row in r.rule.covers})
            gap = f"; rows not covered: {', '.join(uncovered)}" if uncovered else "; every reference row covered"
            self.stdout.write(f"  {label}: {len(mine)} rules ({counts}){gap}")
