"""The parts only the PDF comparison has: its licence assumptions and its appendix, built from the results page's
context (already in a customer's words, see ``advisor.reports.text``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from advisor.engine.host_licences import host_licences
from advisor.engine.odb.option import odb_rates, odb_terms_words
from advisor.engine.recommendation.recommender import Recommendation
from advisor.engine.rules.loader import Finding
from advisor.engine.workload import CHOICE_LABELS, Edition, LicenceCosting, LicenceModel, Workload
from advisor.pages.results import Column
from advisor.reports.text import customer_copy
from pricing.engine.calculator import Line
from pricing.engine.licences.cost import licence_price_list
from pricing.engine.sources.names import dated, source_name

OPTION_LICENCE_MODELS = {"li": "Licence included", "byol": "Bring your own licences (BYOL)"}
BODY_SEVERITIES = ("blocker", "warning")  # findings the body shows; the appendix has the others


@dataclass(frozen=True)
class LicenceRow:
    """One option's licences in the table: servers × licences per server, and what they cost a month."""

    label: str
    licence_model: str
    in_price: bool
    metric: str
    servers: int | None
    per_server: int | None
    monthly_usd: Decimal | None  # None beside a licence model that is not in the price: the licences are not counted
    servers_unit: str = ""  # what a "server" is where it is not one (Oracle Database@AWS's VM clusters)
    in_price_words: str = "in the instance price"

    @property
    def in_all(self) -> int | None:
        return None if self.servers is None or self.per_server is None else self.servers * self.per_server


@dataclass
class LicenceEstimateShown:
    """One distinct licence estimate, with every option it applies to: its lines and sources listed once."""

    labels: list[str]
    notes: tuple[str, ...]
    lines: tuple[Line, ...]
    monthly_usd: Decimal
    # (price source by the name people know it, its dates), each source once: "Oracle Technology Global Price List",
    # "2026-09-15, 2026-08-03", as every cost line names it, not the research notes a price was checked against
    sources: list[tuple[str, str]] = field(default_factory=list)


def dated_source(sources: list[tuple[str, str]], name: str, as_of: str) -> None:
    """Add ``name`` at ``as_of`` to ``sources`` ((name, its dates) pairs): a new pair, or a date more for it (its
    dates newest first)."""
    for n, (known, dates) in enumerate(sources):
        if known == name:
            sources[n] = (known, ", ".join(sorted({*dates.split(", "), as_of}, reverse=True)))
            return
    sources.append((name, as_of))


def _metric_words(metric: str | None, count: int | None) -> str:
    if metric == "nup":
        return "Named User Plus"
    if metric == "socket":
        return "socket" if count == 1 else "sockets"
    return "processor licence" if count == 1 else "processor licences"


def licence_assumptions(workload: Workload, recommendation: Recommendation) -> dict[str, Any]:
    """What the licence figures rest on: the answers, the policy rule, a row per option, and each distinct
    estimate's notes and lines once (options priced alike share them instead of repeating them)."""
    price_list = customer_copy(licence_price_list())
    se2 = workload.oracle.edition == Edition.SE2
    rule = price_list.socket_rule if se2 else price_list.processor_rule
    nup = workload.oracle.licence_metric.value == "nup"
    rows: list[LicenceRow] = []
    estimates: dict[tuple[Any, ...], LicenceEstimateShown] = {}
    included: list[str] = []
    for option in recommendation.options:
        chosen = option.chosen
        if option.odb is not None and (odb_row := odb_licence_row(option.label, option.odb)) is not None:
            rows.append(odb_row)
        if chosen is None:
            continue
        topology = chosen.topology
        licence, model = topology.licence, topology.licence_model
        in_price = model == "li"  # the licence is in the instance price: its source is the instance line
        rows.append(
            LicenceRow(
                label=option.label,
                licence_model=OPTION_LICENCE_MODELS.get(model, model),
                in_price=in_price,
                metric=_metric_words(licence.metric if licence else None, licence.licences_per_server if licence else None),
                servers=licence.servers if licence else None,
                per_server=licence.licences_per_server if licence else None,
                monthly_usd=None if in_price else topology.licence_monthly_usd,
            )
        )  # fmt: skip
        if in_price:
            included.append(option.label)
            continue
        lines = topology.licence_lines
        quoted = f"(source: {dated(rule)})"  # the policy is quoted once, above the table (with its date)
        notes = tuple(
            n.replace(quoted, "(Oracle's cloud policy, quoted above)") for n in (licence.notes if licence else ())
        )
        key = (notes, tuple((ln.name, ln.quantity, ln.unit_price_usd, ln.monthly_usd, ln.price_source) for ln in lines))
        shown = estimates.get(key)
        if shown is None:
            shown = estimates[key] = LicenceEstimateShown([], notes, lines, topology.licence_monthly_usd)
            for line in lines:  # a support line cites the product's source and the support rate's: each once
                for part in line.price_source.split("; support: "):
                    dated_source(shown.sources, source_name(part), line.as_of)
        shown.labels.append(option.label)
    return {
        "edition": CHOICE_LABELS[Edition][workload.oracle.edition.value],
        "licence_model": CHOICE_LABELS[LicenceModel][workload.oracle.licence_model.value],
        "owned": workload.oracle.processor_licences_owned,
        "owned_basis": owned_basis(workload),
        "options_owned": workload.oracle.option_licences_owned,
        "discount_pct": workload.oracle.licence_discount_pct,
        "support_uplift_pct": workload.oracle.support_uplift_pct,
        "costing": CHOICE_LABELS[LicenceCosting][workload.oracle.licence_costing.value],
        "odb_terms": odb_terms_words(odb_rates(workload)),
        "metric": "Named User Plus licences" if nup else "sockets" if se2 else "processor licences",
        "rule": rule,
        "support_rate": price_list.support_rate,
        "price_list": price_list.nup_rule if nup else price_list.price_list,  # its title and date
        "rows": rows,
        "estimates": list(estimates.values()),
        "compared": licences_compared(list(estimates.values())),
        "included": included,
    }


def odb_licence_row(label: str, odb: Any) -> LicenceRow | None:
    """Oracle Database@AWS's licences in the table, as its total counts them: licence included in its ECPU price, or
    the licences brought for every VM cluster (not counted where no ECPU-per-licence ratio is held); None unpriced."""
    if odb.monthly_usd is None:
        return None
    if not (odb.total_byol_usd is not None and odb.monthly_usd == odb.total_byol_usd):  # as its column reads it
        return LicenceRow(
            label, OPTION_LICENCE_MODELS["li"], True, "", None, None, None, in_price_words="in the ECPU price"
        )
    estimate = odb.byol_licences if odb.licences_in_total else None
    if estimate is None:
        return LicenceRow(label, OPTION_LICENCE_MODELS["byol"], False, _metric_words(None, None), None, None, None)
    clusters = "VM cluster" if estimate.servers == 1 else "VM clusters"
    return LicenceRow(label, OPTION_LICENCE_MODELS["byol"], False,
                      _metric_words(estimate.metric, estimate.licences_per_server), estimate.servers,
                      estimate.licences_per_server, estimate.monthly_usd, servers_unit=clusters)  # fmt: skip


# "Oracle Partitioning support: 72 processor licence(s) at 22% a year of $11,500.00 (16 owned, 56 bought)"
_LINE_NAME = re.compile(
    r"^(?P<product>[^:]+): (?P<count>\d+) (?P<metric>[a-z ]+?\(s\)) (?P<terms>.*?)(?: \((?P<split>[^()]*)\))?$"
)

_NOTE_SOURCE = re.compile(r" \(source: (.*)\)$")  # a note's closing "(source: …)"


@dataclass
class LicenceProductRow:
    """One Oracle product (its licences or their support) across the options: the same price and terms printed
    once, with each option's count and monthly cost in its column (None where an option does not buy it)."""

    product: str
    terms: str
    note: str
    cells: list[tuple[str, Decimal] | None]


def licences_compared(estimates: list[LicenceEstimateShown]) -> dict[str, Any] | None:
    """Two or more distinct estimates buy the same products at the same price, on the same count basis: one table,
    a row per product and a column per estimate, instead of each estimate's list repeating the products. The
    notes every estimate has are said once; the sources of all lines listed once. None for fewer than two."""
    if len(estimates) < 2:
        return None
    rows: dict[tuple[str, str, str], LicenceProductRow] = {}
    for n, estimate in enumerate(estimates):
        for line in estimate.lines:
            found = _LINE_NAME.match(" ".join(line.name.split()))
            if found:
                product, terms = found["product"], f"{found['metric']} {found['terms']}"
                count = found["count"] + (f" ({found['split']})" if found["split"] else "")
            else:
                product, terms, count = line.name, "", f"{line.quantity.normalize():f}"
            key = (product, terms, line.note or "")
            row = rows.get(key)
            if row is None:
                row = rows[key] = LicenceProductRow(product, terms, line.note or "", [None] * len(estimates))
            row.cells[n] = (count, line.monthly_usd)
    common = [note for note in estimates[0].notes if all(note in e.notes for e in estimates[1:])]
    # a source every estimate's notes quote, in the same words: said once under the table, not in each note
    quoted = [[_NOTE_SOURCE.search(note) for note in e.notes if note not in common] for e in estimates]
    note_sources = [
        found[1] for found in quoted[0] if found and all(any(m and m[1] == found[1] for m in q) for q in quoted[1:])
    ]
    own_notes = [
        [_NOTE_SOURCE.sub("", note) if (m := _NOTE_SOURCE.search(note)) and m[1] in note_sources else note
         for note in e.notes if note not in common]
        for e in estimates
    ]  # fmt: skip
    sources: list[tuple[str, str]] = []  # a source quoted at several dates is named once, with its dates
    for estimate in estimates:
        for source, as_of in estimate.sources:
            for date in as_of.split(", "):
                dated_source(sources, source, date)
    return {
        "rows": list(rows.values()),
        "common_notes": common,
        "own_notes": own_notes,
        "note_sources": note_sources,
        "sources": sources,
    }


def owned_basis(workload: Workload) -> str:
    """The source host's suggestion behind the licences owned, in words ("" when the host gives none)."""
    found = host_licences(workload.source_host, edition=workload.oracle.edition)
    if found is None or found.licences is None:
        return ""
    if found.licences == workload.oracle.processor_licences_owned:
        return f"suggested from the source host: {found.basis}"
    return f"the source host suggests {found.licences}: {found.basis}"


def appendix(columns: list[Column]) -> list[dict[str, Any]]:
    """Per option: every cost line with its price source, Oracle Database@AWS's pricing notes, the alternatives and
    the cheaper classes that do not fit, the search's notes, and the findings the body leaves out (costs and what
    to know), each with its source."""
    out = []
    for c in columns:
        findings: list[Finding] = [f for f in c.option.verdict.findings if f.severity not in BODY_SEVERITIES]
        chosen, odb = c.option.chosen, c.option.odb
        odb_notes: list[str] = []
        if odb is not None:
            odb_notes = [*odb.reasons, *unpriced_once(odb.unpriced)]  # type: ignore[attr-defined]
            note = odb.byol_licence_note  # type: ignore[attr-defined]
            if note and note not in c.option.notes:  # else it is under the search's notes already
                odb_notes.append(note)
        lines = chosen.topology.lines if chosen is not None else ()
        aws_lines = tuple(line for line in lines if line.category != "licence")  # licences: their own section
        # the source, and why lines are estimated, said once over the lines they apply to, not after each of them
        by_source: dict[tuple[str, str], list[Line]] = {}
        for line in aws_lines:
            why = (f"estimated: {line.note}" if line.note else "estimated") if line.estimated else ""
            by_source.setdefault((source_name(line.price_source, str(line.as_of or "")), why), []).append(line)
        if findings or lines or odb_notes or c.alternatives or c.option.rejected_cheaper or c.option.notes:
            out.append(
                {"column": c, "lines": aws_lines, "by_source": list(by_source.items()),
                 "licence_lines": len(lines) - len(aws_lines), "odb_notes": odb_notes, "findings": findings}
            )  # fmt: skip
    return out


def unpriced_once(unpriced: tuple[str, ...] | list[str]) -> list[str]:
    """What is not priced, each reason once: "Standby in us-west-2: <the primary's reason>" joins the primary's
    line, which names every part it applies to, instead of repeating the reason for each standby."""
    groups: dict[str, list[str]] = {}
    for item in unpriced:
        base = next((b for b in groups if item.endswith(f": {b}") and item != b), item)
        groups.setdefault(base, [])
        if base != item:
            groups[base].append(item[: -len(base) - 2])
    return [
        f"Not priced{' (the primary; ' + '; '.join(p[:1].lower() + p[1:] for p in parts) + ')' if parts else ''}: {base}"
        for base, parts in groups.items()
    ]
