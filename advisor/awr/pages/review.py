"""The review page's rows: the stored extraction laid out per metric (value, unit, average / peak / P95,
per-instance figures, provenance), what was not found, per-file errors and warnings, flags and Exadata findings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.awr.engine import metrics
from advisor.awr.engine.aggregation import label
from advisor.awr.engine.detect import KIND_WORDS, Kind
from advisor.awr.engine.figures import Provenance
from advisor.awr.engine.importer import ImportResult
from advisor.awr.models import ReportImport
from advisor.awr.services import import_result, provenance_line
from advisor.engine.facts import fact_registry
from advisor.engine.workload import SECTIONS


def number(value: float | int | None) -> str:
    """Figures as a reader expects them: thousands separated, at most 2 decimals (4 significant digits below 1)."""
    if value is None:
        return "—"
    if abs(value) >= 1 or value == 0:
        text = f"{value:,.2f}".rstrip("0").rstrip(".")
        return text
    return f"{value:.4g}"


def shown_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return number(value)
    return str(value)


@dataclass(frozen=True)
class Source:
    file: str
    section: str
    row: str
    printed: str

    @property
    def line(self) -> str:
        return provenance_line(Provenance(file=self.file, section=self.section, row=self.row, printed=self.printed))


def _sources(provenance: Any) -> tuple[Source, ...]:
    return tuple(Source(p.file, p.section, p.row, p.printed) for p in provenance)


@dataclass(frozen=True)
class RateRow:
    metric: str
    label: str
    unit: str
    average: str
    peak: str
    p95: str
    windows: int
    minutes: str
    per_instance: tuple[tuple[str, str], ...]
    sources: tuple[Source, ...]
    note: str


@dataclass(frozen=True)
class FactRow:
    metric: str
    label: str
    unit: str
    value: str
    per_instance: tuple[tuple[str, str], ...]
    sources: tuple[Source, ...]
    note: str


@dataclass(frozen=True)
class PrefillRow:
    path: str
    title: str
    value: str
    source: str
    sources: tuple[Source, ...]
    caveat: str = ""  # a peak answer holding an average: why, and the ask to confirm it or enter the peak


def _value_words(path: str, value: Any) -> str:
    """A pre-filled answer as the questionnaire says it: a choice's label ('Enterprise Edition (EE)'), else the
    number or text as shown."""
    fact = fact_registry().get(path)
    if fact is not None and fact.choice_labels and str(value) in fact.choice_labels:
        return fact.choice_labels[str(value)]
    return shown_value(value)


def field_titles() -> dict[str, str]:
    return {f"{key}.{name}": info.title or name for key, model in SECTIONS for name, info in model.model_fields.items()}


def _order(metric: str) -> tuple[int, str]:
    order = list(metrics.RATES)
    return (order.index(metric) if metric in order else len(order), metric)


def _instances(values: dict[str, float]) -> tuple[tuple[str, str], ...]:
    return tuple((f"#{inst}" if inst.isdigit() else inst, number(v)) for inst, v in sorted(values.items()))


def review_rows(result: ImportResult) -> dict[str, Any]:
    agg = result.aggregation
    titles = field_titles()
    rates, facts, not_found = [], [], []
    if agg is not None:
        for metric in sorted(agg.rates, key=_order):
            s = agg.rates[metric]
            rates.append(
                RateRow(
                    metric=metric,
                    label=s.label,
                    unit=s.unit,
                    average=number(s.average),
                    peak="—" if s.windows == 1 else number(s.peak),  # one average: no peak
                    p95=number(s.p95),
                    windows=s.windows,
                    minutes=number(s.minutes),
                    per_instance=_instances(s.per_instance),
                    sources=_sources(s.sources),
                    note=s.note,
                )
            )
        for metric, fig in agg.facts.items():
            name, unit = label(metric)
            facts.append(
                FactRow(
                    metric=metric,
                    label=name,
                    unit=unit or fig.unit,
                    value=shown_value(fig.value),
                    per_instance=_instances(fig.per_instance),
                    sources=_sources(fig.provenance),
                    note=fig.note,
                )
            )
        not_found = [label(m)[0] + (f": {agg.unknown[m]}" if m in agg.unknown else "") for m in agg.not_found]
    prefilled, skipped, findings = [], [], []
    if result.prefill is not None:
        prefilled = [
            PrefillRow(
                f.path,
                titles.get(f.path, f.path),
                _value_words(f.path, f.value),
                f.source,
                _sources(f.provenance),
                f.caveat.message if f.caveat else "",
            )
            for f in result.prefill.fields
        ]
        skipped = [(path, titles.get(path, path), reason) for path, reason in result.prefill.not_prefilled.items()]
        findings = [
            {
                "code": f.code,
                "title": f.title or "An Exadata feature the target loses",
                "severity": f.severity,
                "message": f.message,
                "sources": _sources(f.provenance),
            }
            for f in result.prefill.findings
        ]
    return {
        "identity": agg.identity if agg else None,
        "rates": rates,
        "facts": facts,
        "not_found": not_found,
        "flags": list(agg.flags) if agg else [],
        "warnings": list(agg.warnings) if agg else [],
        "prefilled": prefilled,
        "averages_for_peaks": [row.title for row in prefilled if row.caveat],
        "not_prefilled": skipped,
        "findings": findings,
    }


@dataclass(frozen=True)
class FileRow:
    position: int
    name: str
    kind: str
    size: str
    error: str
    warnings: tuple[str, ...]
    archive: bool = False  # a ZIP, not read: the estate import reads those


def size_words(size: int) -> str:
    for unit, factor in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if size >= factor:
            return f"{size / factor:,.1f} {unit}"
    return f"{size:,} bytes"


def review_context(report_import: ReportImport) -> dict[str, Any]:
    result = import_result(report_import)
    archives = {e.file for e in result.errors if e.archive}
    files = [
        FileRow(
            position=f.position,
            name=f.name,
            kind=KIND_WORDS[Kind(f.kind)] if f.kind in set(Kind) else "",
            size=size_words(f.size),
            error=f.error,
            warnings=tuple(f.warnings),
            archive=bool(f.error) and f.name in archives,
        )
        for f in report_import.files.defer("content")
    ]
    return {
        "report_import": report_import,
        "result": result,
        "files": files,
        "files_read": sum(1 for f in files if not f.error),
        **review_rows(result),
    }
