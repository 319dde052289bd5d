import json
import time
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.access import visible_assessments
from advisor.engine.workload import WorkloadInvalid, parse_workload
from advisor.estates.assessing.database import summary_of
from advisor.estates.engine.as_json import summary_json, totals_json
from advisor.estates.engine.columns import MAX_FILE_BYTES, assumed_words
from advisor.estates.engine.inventory import (
    InvalidRow,
    Inventory,
    InventoryRefused,
    InventoryRow,
    RowError,
    read_inventory,
)
from advisor.estates.engine.report_estate import read_report_zip
from advisor.estates.engine.report_zip import MAX_ZIP_BYTES, looks_like_report_zip
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import LICENCE_MODEL, Assessed, estate_totals
from advisor.estates.forms import assessment_ids
from advisor.models import Assessment
from config.counting import counted


class Command(BaseCommand):
    help = (
        "Assess every database of an inventory (CSV or XLSX, one row per database) or of a ZIP of AWR / Statspack / "
        "AWR-Miner reports (one folder per database, or grouped by DBID), or saved assessments (--assessments ID ..., "
        "--owner USER to take only those the user may see), here, in this process, and print "
        "each database's recommended option and cost, the totals per placement, licences and blockers. Saves nothing. "
        "Exits 1 when a row was refused or failed (the others are still assessed and printed), 2 when the file (or an id) is."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="the inventory: .csv (UTF-8) or .xlsx; or a .zip of reports")
        parser.add_argument("--assessments", nargs="+", metavar="ID",
                            help="instead of a file: saved assessments' ids (UUIDs), each assessed as its results page "
                                 "does")  # fmt: skip
        parser.add_argument("--owner", metavar="USER",
                            help="with --assessments: only assessments this user (username) may see are taken")  # fmt: skip
        parser.add_argument("--mask", action="store_true", help="a ZIP of reports: mask the names they print")
        parser.add_argument("--json", action="store_true", help="print JSON (the API's shapes)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["assessments"] is not None:
            if options["file"]:
                raise CommandError("give a file or --assessments, not both", returncode=2)
            inventory = self._from_assessments(options["assessments"], options["owner"])
            self._assess(inventory, "saved assessments", as_json=options["json"])
            return
        if options["owner"]:
            raise CommandError("--owner goes with --assessments", returncode=2)
        if not options["file"]:
            raise CommandError("give the inventory file (or --assessments ID ...)", returncode=2)
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file", returncode=2)
        zipped = path.suffix.lower() == ".zip"
        largest = MAX_ZIP_BYTES.value if zipped else MAX_FILE_BYTES
        if path.stat().st_size > largest:
            raise CommandError(f"{path}: {path.stat().st_size:,} bytes; at most {largest:,}", returncode=2)
        try:
            data = path.read_bytes()
            if looks_like_report_zip(data, path.name):
                inventory = self._from_reports(data, path.name, mask=options["mask"])
            else:
                inventory = read_inventory(data, path.name)
        except InventoryRefused as refused:
            raise CommandError(f"{path}: " + "; ".join(refused.problems), returncode=2) from None
        self._assess(inventory, path.name, as_json=options["json"])

    def _assess(self, inventory: Inventory, source: str, *, as_json: bool) -> None:
        results: list[dict[str, Any]] = []
        assessed: list[Assessed] = []
        failed = 0
        started = time.perf_counter()
        for row in inventory.rows:
            try:
                summary: DatabaseSummary = summary_of(row.workload)
            except Exception as error:  # one database's failure does not stop the others
                failed += 1
                results.append({"row": row.row, "name": row.name, "status": "failed",
                                "error": f"{type(error).__name__}: {error}", "result": None})  # fmt: skip
                continue
            assessed.append(Assessed(row.name, summary, tuple(figure for figure, _ in row.assumed)))
            results.append({"row": row.row, "name": row.name, "status": "done", "error": None,
                            "assumed": [{"figure": f, "value": v} for f, v in row.assumed],
                            "result": summary_json(summary)})  # fmt: skip
        for bad in inventory.invalid:
            results.append({"row": bad.row, "name": bad.name, "status": "invalid",
                            "error": bad.words, "result": None})  # fmt: skip
        results.sort(key=lambda r: r["row"])
        totals = estate_totals(assessed)
        if as_json:
            self.stdout.write(json.dumps({"file": source, "ignored_columns": list(inventory.ignored_columns),
                                          "defaulted_columns": list(inventory.defaulted_columns),
                                          "databases": results, "totals": totals_json(totals)}, indent=2))  # fmt: skip
        else:
            self._text(results, assessed, totals, inventory, time.perf_counter() - started)
        if inventory.invalid or failed:
            raise CommandError(f"{len(inventory.invalid)} row(s) refused, {failed} failed; the other "
                               f"{len(assessed)} were assessed", returncode=1)  # fmt: skip

    def _from_assessments(self, given: list[str], owner: str | None) -> Inventory:
        """The saved assessments as inventory rows (row = position given); any id not found (or, with ``owner``,
        not visible to that user) refuses the command before anything is assessed."""
        ids, errors = assessment_ids(given)
        if errors:
            raise CommandError("; ".join(f"{e['path']}: {e['message']}" for e in errors), returncode=2)
        rows = Assessment.objects.all()
        if owner is not None:
            user = get_user_model().objects.filter(**{get_user_model().USERNAME_FIELD: owner}).first()
            if user is None:
                raise CommandError(f"--owner {owner!r}: no such user", returncode=2)
            rows = visible_assessments(user)
        found = {str(a.public_id): a for a in rows.filter(public_id__in=ids)}
        missing = [i for i in ids if i not in found]
        if missing:
            whose = f" that {owner} may see" if owner is not None else ""
            raise CommandError(f"no saved assessment{whose} with id {', '.join(missing[:20])}", returncode=2)
        valid: list[InventoryRow] = []
        invalid: list[InvalidRow] = []
        for number, one in enumerate((found[i] for i in ids), start=1):
            try:
                valid.append(InventoryRow(number, one.name, parse_workload(one.workload)))
            except WorkloadInvalid as problem:
                invalid.append(InvalidRow(number, one.name, tuple(RowError(number, e.path, e.message)
                                                                  for e in problem.errors)))  # fmt: skip
        return Inventory("assessments", tuple(valid), tuple(invalid), (), ())

    def _from_reports(self, data: bytes, file_name: str, *, mask: bool) -> Inventory:
        """The ZIP's databases as inventory rows (row = position), each read through the AWR import engine."""
        found = read_report_zip(data, mask=mask, file_name=file_name)
        for note in found.notes + tuple(n for d in found.databases for n in d.notes):
            self.stderr.write(f"note: {note}")
        rows = [InventoryRow(n, d.name, d.workload) for n, d in enumerate(found.databases, 1) if d.workload]
        invalid = [InvalidRow(n, d.name, (RowError(n, d.source, d.error),))
                   for n, d in enumerate(found.databases, 1) if d.workload is None]  # fmt: skip
        return Inventory("reports", tuple(rows), tuple(invalid), (), ())

    def _text(self, results: list[dict[str, Any]], assessed: list[Assessed], totals: Any, inventory: Any,
              seconds: float) -> None:  # fmt: skip
        best = {a.name: a.summary.recommended_option for a in assessed}
        for r in results:
            if r["status"] != "done":
                self.stdout.write(f"row {r['row']} {r['name'] or '(no name)'}: {r['status']}: {r['error']}")
                continue
            option = best[r["name"]]
            where = f"{option.label} ${option.monthly_usd:,} a month" if option else "no option recommended"
            self.stdout.write(f"row {r['row']} {r['name']}: {where}")
            if r.get("assumed"):
                self.stdout.write(f"    {assumed_words(r['assumed'])}")
        if inventory.ignored_columns:
            self.stdout.write("Ignored columns: " + ", ".join(inventory.ignored_columns))
        self.stdout.write(
            f"\n{counted(len(assessed), 'database')} assessed in {seconds:.1f} s. Monthly, on-demand (USD):"
        )
        if totals.assumed:
            self.stdout.write(f"  {totals.assumed_words}")
        for p in totals.placements:
            left = f" (left out: {p.left_out_words})" if p.left_out else ""
            partial = (f"; {p.partial} of the {p.placed} placed leave costs out, so a lower bound"
                       if p.partial else "")  # fmt: skip
            total = f"{'≥' if p.partial else ''}${p.monthly_usd:,}" if p.placed else "no database placed"
            self.stdout.write(f"  {p.label}: {total}{left}{partial}")
            if p.builds_less:
                self.stdout.write(f"    {p.not_built_words}")
            for t in p.licences:
                self.stdout.write(
                    f"    {t.name}: {t.required} needed, {t.owned} owned, {t.to_buy} to buy, {t.freed} freed"
                )
            if p.licence_not_published:
                self.stdout.write(f"    {counted(p.licence_not_published, 'database')}: licence count not published (their "
                                  f"{counted(p.owned_uncounted, 'licence')} owned are not counted as freed)")  # fmt: skip
        self.stdout.write(f"Licences: {LICENCE_MODEL}.")
        for b in totals.blockers[:10]:
            self.stdout.write(f"  blocker {b.rule_id} ({b.label}): {counted(b.databases, 'database')}")
