import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from advisor import services
from advisor.engine.odb.exadata import OdbResult
from advisor.engine.odb.words import odb_words
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.basis import BYOL_LICENCES_NOT_COUNTED, odb_not_counted
from advisor.engine.recommendation.price_leads import price_lead_words
from advisor.engine.recommendation.ranking_words import ranking_words
from advisor.management.workload_input import read_workload
from pricing.engine.sources.json_words import customer_json


class Command(BaseCommand):
    help = (
        "Per deployment option: verdict, findings, the right-sized configuration, need vs capacity, cost, alternatives."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--workload", required=True, help="workload JSON file (bare, or as exported), or - for standard input"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        workload = read_workload(str(options["workload"]), refused="invalid workload, no recommendation")
        result = services.recommendation_for(workload)
        if options["json"]:
            self.stdout.write(json.dumps(customer_json(recommendation_json(result)), indent=2, default=str))
            return
        for o in result.options:
            self.stdout.write(f"{o.label}: {o.verdict_label}")
            odb = o.odb
            if isinstance(odb, OdbResult) and odb.monthly_usd is not None:
                left_out = odb_not_counted(odb)  # partial like a topology's total: its backups and networking
                self.stdout.write(f"  {odb_words(odb)}: ${odb.monthly_usd:,} a month"
                                  + (" (partial: some costs are not priced)" if left_out else ""))  # fmt: skip
                for item in left_out:
                    self.stdout.write(f"  {item}" if item == BYOL_LICENCES_NOT_COUNTED else f"  not priced: {item}")
            if o.chosen is None:
                for line in o.unmet or o.notes:
                    self.stdout.write(f"  {line}")
                continue
            c = o.chosen
            volume = c.layout.volumes[0]
            self.stdout.write(
                f"  {c.instance_class} ({c.vcpus} vCPUs, {c.memory_gib:g} GiB), {c.deployment}, "
                f"{len(c.layout.volumes)} x {volume.type} {volume.size_gib:,g} GiB"
                f"{f' {volume.iops:,g} IOPS' if volume.iops else ''}: ${c.total_monthly_usd:,} a month"
                + (" (partial: some costs are not priced)" if c.topology.partial else "")
            )
            for line in (*c.topology.backups, *c.topology.transfer):
                self.stdout.write(f"  {line.name}: ${line.monthly_usd:,}")
            for item in c.topology.not_priced:
                self.stdout.write(f"  not priced: {item}")
            for alternative in o.alternatives:
                self.stdout.write(f"  or {alternative.instance_class}: ${alternative.total_monthly_usd:,} a month")
        self.stdout.write("Recommendation:")
        for said in (*ranking_words(result.ranking), *price_lead_words(result.ranking, result.options)):
            self.stdout.write(f"  {said}")
