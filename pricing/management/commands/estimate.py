import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from pricing.engine.calculator import EstimateInvalid
from pricing.engine.cash_flow import licence_cash, run_rate_total, run_rate_totals_basis
from pricing.engine.licences.cost import licence_price_list
from pricing.engine.sources.names import named_sources, source_name
from pricing.pages import estimate as estimate_page


class Command(BaseCommand):
    help = (
        "Monthly cost of one Oracle deployment on AWS from a config file (the public contract of POST "
        "/api/v1/estimate): every line with its price row and date, the AWS bill, Oracle licences and the total."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--config", required=True, help="the config JSON file; - reads standard input")
        parser.add_argument("--json", action="store_true", help="print the JSON answer of POST /api/v1/estimate")

    def handle(self, *args: Any, **options: Any) -> None:
        name = str(options["config"])
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text()
        except OSError as error:
            raise CommandError(f"cannot read --config {name}: {error.strerror or error}") from None
        try:
            data = json.loads(text)
        except ValueError as error:
            raise CommandError(f"--config {name} is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise CommandError(
                f"--config {name}: expected a JSON object (the estimate config), not {type(data).__name__}"
            )
        try:
            answer = estimate_page.estimate_run(data)
        except EstimateInvalid as invalid:
            lines = [f"  {p.field}: {p.message}" for p in invalid.problems]
            count = len(invalid.problems)
            raise CommandError(
                f"invalid configuration ({count} problem{'s' if count != 1 else ''}):\n" + "\n".join(lines)
            ) from None
        if options["json"]:
            self.stdout.write(json.dumps(estimate_page.estimate_json(answer), indent=2))
        else:
            self.stdout.write(render_text(answer))


def _usd(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def render_text(answer: estimate_page.EstimateAnswer) -> str:
    result = answer.estimate
    cfg = answer.config
    snapshots = (
        "; ".join(f"{s.service} {s.region} snapshot #{s.id} ({s.origin_label})" for s in answer.snapshots)
        + f" (rows as of {result.price_snapshot})"
    )
    price_list = licence_price_list().price_list
    out = [
        f"{estimate_page.PLATFORMS[cfg.platform]} · {cfg.region} · {cfg.instance_class} · "
        f"{cfg.edition.upper()} {cfg.licence_model.upper()} · {cfg.deployment} · {cfg.commitment} · "
        f"{result.hours_per_month} hours a month",
        f"Prices: {snapshots}",
        "",
    ]
    width = 64
    header = f"{'Line':<{width}}  {'Quantity':>10}  {'Unit':<18} {'Unit price':>13}  {'Monthly':>12}"
    out += [header, "-" * len(header)]
    for line in result.lines:
        mark = " *" if line.estimated else ""
        name = line.name
        if len(name) > width:
            out.append(name)
            name = ""
        out.append(
            f"{name:<{width}}  {estimate_page.quantity_text(line.quantity):>10}  {line.unit:<18} "
            f"{estimate_page.plain(line.unit_price_usd):>13}  {_usd(line.monthly_usd):>12}{mark}"
        )
        out.append(f"    {source_name(line.price_source, line.as_of)}")
        if line.note:
            out.append(f"    {'estimated: ' if line.estimated else 'note: '}{line.note}")
    out.append("-" * len(header))
    years, licence = result.total_monthly_usd, licence_cash(result.licence)
    cash = estimate_page.estimate_cash(answer)
    basis = f"   {cash.run_rate_basis}" if cash is not None else "   run-rate"
    totals_basis = f"   {run_rate_totals_basis(licence)}"
    label = 30
    out += [
        f"{'AWS, monthly':<{label}}{_usd(result.aws_monthly_usd):>14}   prices: {snapshots}",
        f"{'Oracle licences, monthly':<{label}}{_usd(result.licence_monthly_usd):>14}   {price_list.title} "
        f"(as of {price_list.as_of})",
        f"{'Total, monthly':<{label}}{_usd(result.total_monthly_usd):>14}{basis}",
        f"{'Total, 1 year (12 months)':<{label}}{_usd(run_rate_total(years, 12, licence)):>14}{totals_basis}",
        f"{'Total, 3 years (36 months)':<{label}}{_usd(run_rate_total(years, 36, licence)):>14}{totals_basis}",
    ]
    if cash is not None:
        out += [
            f"{f'Cash as paid, year {year}':<{label}}{'not known' if paid is None else _usd(paid):>14}   "
            f"{cash.cash_basis}"
            for year, paid in enumerate(cash.cash_year_usd, start=1)
        ]
        out.append(f"{'Cash as paid, 3 years':<{label}}{_usd(cash.cash_36_months_usd):>14}   {cash.cash_basis}")
        out += [f"  - {reason}" for reason in cash.reasons]
    if result.estimated:
        out.append("\n* estimated: derived rather than read from the price list (the line says how)")
    licence = result.licence
    if result.notes:
        out.append("\nnotes:")
        out += [f"  - {note}" for note in result.notes]
    out.append("\nsources:")
    out += [f"  {name}" for name, _rows, _full in named_sources(result.price_sources)]
    if licence is not None and licence.products:
        out.append(f"  {price_list.title} (as of {price_list.as_of})")
    return "\n".join(out)
