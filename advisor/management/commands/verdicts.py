import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from advisor.engine.rules.loader import evaluate_rules, verdicts_json
from advisor.management.workload_input import read_workload


class Command(BaseCommand):
    help = "Verdict per deployment option for a workload JSON file, with the findings that decide it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--workload", required=True, help="workload JSON file (bare, or as exported), or - for standard input"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        workload = read_workload(str(options["workload"]), refused="invalid workload, no verdict")
        verdicts = evaluate_rules(workload)
        if options["json"]:
            self.stdout.write(json.dumps(verdicts_json(verdicts), indent=2))
            return
        for verdict in verdicts:
            self.stdout.write(f"{verdict.label}: {verdict.verdict_label}")
            for f in verdict.findings:
                self.stdout.write(f"  [{f.severity}] {f.title} ({f.rule_id})")
                self.stdout.write(f"      {f.explanation}")
                if f.workaround:
                    self.stdout.write(f"      workaround: {f.workaround}")
                self.stdout.write(f"      source: {f.source}, {f.source_url} (as of {f.as_of})")
