"""``python manage.py import_awr FILE... [--json] [--mask]``: what the reports show, and the pre-filled workload."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.awr.engine import limits
from advisor.awr.engine.aggregation import label
from advisor.awr.engine.importer import ImportResult, UploadRejected, import_files
from advisor.awr.engine.upload import unique_names


def _read(path: str) -> bytes:
    """The file's bytes, never more than one byte over the per-file limit (so the limit is enforced, not read)."""
    with open(path, "rb") as handle:
        return handle.read(limits.MAX_FILE_BYTES.value + 1)


def read_files(paths: list[str]) -> list[tuple[str, bytes]]:
    """Each file by its base name, repeated names told apart as the upload page does (``awr.html (2)``): the import
    tells files apart by name, so a/awr.html and b/awr.html must not share one."""
    return list(zip(unique_names([Path(p).name for p in paths]), (_read(p) for p in paths), strict=True))


def _where(provenance: Any) -> str:
    return f"{provenance.file} / {provenance.section} / {provenance.row}: '{provenance.printed}'"


class Command(BaseCommand):
    help = (
        "Read AWR (HTML or text, instance or RAC global), Statspack, AWR-Miner (dbcsi_*.out) and dbspace files of "
        "one database: per-metric figures with provenance, what was not found, per-file errors and the pre-filled "
        "workload fields. Exits non-zero only when no file could be read."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", help="report files (the kind is detected from the content)")
        parser.add_argument("--json", action="store_true", help="print one JSON document")
        parser.add_argument("--mask", action="store_true", help="replace host, instance and database names")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = [p for p in options["files"] if not Path(p).is_file()]
        if missing:
            raise CommandError(f"no such file: {', '.join(missing)}")
        try:
            result = import_files(read_files(options["files"]), mask=options["mask"])
        except UploadRejected as rejected:
            raise CommandError(str(rejected)) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.model_dump(mode="json"), indent=2, sort_keys=True))
        else:
            self._print(result)
        if not result.files:
            raise CommandError("no file could be read: " + "; ".join(f"{e.file}: {e.message}" for e in result.errors))

    def _print(self, result: ImportResult) -> None:
        out = self.stdout.write
        for read in result.files:
            out(f"read {read.file}: {read.kind_words}")
            for warning in read.warnings:
                out(f"  warning: {warning}")
        for error in result.errors:
            out(f"NOT READ {error.file}: {error.message}")
        agg = result.aggregation
        if agg is None:
            return
        out(
            f"\ndatabase {agg.identity.db_name or '?'} (DBID {agg.identity.dbid or '?'}), instances "
            f"{', '.join(agg.identity.instances) or '?'}, hosts {', '.join(agg.identity.hosts) or '?'}"
        )
        for flag in agg.flags:
            out(f"NOTE: {flag}")
        out("\nrates (average / peak / P95 over the windows):")
        for metric, s in agg.rates.items():
            p95 = f"{s.p95:,.4g}" if s.p95 is not None else "-"
            per = "; ".join(f"I# {k}: {v:,.4g}" for k, v in sorted(s.per_instance.items()))
            out(
                f"  {s.label} ({metric}): {s.average:,.4g} / {s.peak:,.4g} / {p95} {s.unit}"
                f" over {s.windows} window(s){f' [{per}]' if per else ''}"
            )
            out(f"      from {_where(s.sources[0])}")
        out("\nfacts:")
        for metric, f in agg.facts.items():
            name, unit = label(metric)
            per = "; ".join(f"I# {k}: {v:,.6g}" for k, v in sorted(f.per_instance.items()))
            out(f"  {name} ({metric}): {f.value} {unit}{f' [{per}]' if per else ''}{f' ({f.note})' if f.note else ''}")
            if f.provenance:
                out(f"      from {_where(f.provenance[0])}")
        out("\nnot found: " + (", ".join(label(m)[0] for m in agg.not_found) or "nothing"))
        for warning in agg.warnings:
            out(f"warning: {warning}")
        if result.prefill is None:
            return
        out("\npre-filled workload fields:")
        for field in result.prefill.fields:
            out(f"  {field.path} = {field.value}  ({field.source})")
            if field.caveat is not None:
                out(f"      AVERAGE, NOT A PEAK: {field.caveat.message}")
        out("not pre-filled (questionnaire defaults kept):")
        for path, reason in result.prefill.not_prefilled.items():
            out(f"  {path}: {reason}")
        for finding in result.prefill.findings:
            out(f"\nFINDING [{finding.code}] {finding.message}")
