"""The estate as a document for the customer: the estate page's figures (the same totals, licences, blockers and
charts, from ``services.estate_totals_of``) rendered through ``templates/estates/estate_report.html`` and printed by
the single-assessment PDF's printer (``advisor.reports.printer``: Debian's Chromium through Playwright, the charts
kept as vector graphics, the browser kept warm).

The databases table lists at most ``MAX_LISTED`` databases, the costliest first; the rest are summarised in one line
(how many, by status, and their monthly cost), and the CSV/XLSX exports list them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.html import strip_tags

from advisor.estates import services
from advisor.estates.engine.basis import COLUMNS as BASIS_COLUMNS
from advisor.estates.engine.export import PRICE_NOTE
from advisor.estates.engine.listing import TableRow, table_rows
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import OPTION_KEYS
from advisor.estates.models import Estate, EstateDatabase
from advisor.estates.pages import charts
from advisor.models import ReportSettings
from advisor.reports.pdf import PRODUCT_NAME, paper_from
from advisor.reports.printer import ChromiumMissing, ReportDocument, ReportFailed, rendered_document, report_pdf
from config.counting import counted
from config.file_names import export_filename
from pricing.engine.sources.names import named_sources

__all__ = ["ChromiumMissing", "EstateRunning", "ReportFailed", "estate_document", "estate_pdf"]

# Databases listed in the PDF: 60 rows fill about three A4 pages at the table's type size, enough for a customer to
# read; the others are summarised in a line and every database is in the CSV and XLSX exports.
MAX_LISTED = 60


class EstateRunning(Exception):
    """The estate is still being read or assessed: its totals are not final, so there is no document yet."""


@dataclass(frozen=True)
class Rest:
    """The databases not listed: how many, how many of them were assessed, and their recommended monthly cost."""

    count: int
    assessed: int
    monthly_usd: Decimal
    statuses: tuple[tuple[str, int], ...]


PAPER_LABEL_CHARS = 10  # a bar's name on paper, half a page wide: lines of about this many characters
LICENCE_CHART_HEIGHT = 420  # the licence chart alone across the page: room for the bars, wrapped names and legend
LICENCE_LABEL_CHARS = 12  # a product's name under its bars, up to ten products across the page


def estate_title(name: str) -> str:
    """The document's title: the estate's name, followed by "estate" unless the name says so already ("Northwind
    production estate", "Estate of 2026-11-28" are not followed by it again)."""
    return name if re.search(r"\bestates?\b", name, re.IGNORECASE) else f"{name}: estate"


def estate_filename(estate: Estate, extension: str = "pdf") -> str:
    """The PDF's, CSV's and XLSX's name: ``<customer>-<name>-estate.<ext>``."""
    return export_filename(customer=estate.customer, name=estate.name, kind="estate", extension=extension)


def _cost(entry: tuple[EstateDatabase, DatabaseSummary | None]) -> tuple[int, Decimal, int]:
    row, summary = entry
    best = summary.recommended_option if summary else None
    if best is None or best.monthly_usd is None:
        return (1, Decimal(0), row.row)
    return (0, -best.monthly_usd, row.row)


def _listed(
    rows: list[tuple[EstateDatabase, DatabaseSummary | None]],
) -> tuple[list[TableRow[EstateDatabase]], Rest | None]:
    ordered = sorted(rows, key=_cost)
    shown = table_rows(ordered[:MAX_LISTED])
    others = ordered[MAX_LISTED:]
    if not others:
        return shown, None
    best = [s.recommended_option for _, s in others if s and s.recommended_option]
    statuses: dict[str, int] = {}
    for db, _ in others:
        statuses[db.status] = statuses.get(db.status, 0) + 1
    monthly = sum((b.monthly_usd or Decimal(0) for b in best), Decimal("0.00"))
    return shown, Rest(len(others), len(best), monthly, tuple(sorted(statuses.items())))


def estate_context(*, estate: Estate, paper: str, prepared_by: str, logo: str, on: date) -> dict[str, Any]:
    progress = services.estate_progress(estate)
    if progress.running:
        raise EstateRunning(f"“{estate.name}” is still being {'read' if progress.reading else 'assessed'} "
                            f"({progress.finished} of {counted(progress.queued_total, 'database')}): its totals are not final")  # fmt: skip
    rows = services.estate_rows(estate)
    totals = services.estate_totals_of(rows)
    labels = {p.placement: p.label for p in totals.placements}
    best = totals.placement("best") if totals.databases else None
    listed, rest = _listed(rows)
    context: dict[str, Any] = {
        "estate": estate, "progress": progress, "totals": totals, "best": best, "labels": labels,
        "best_split": [(labels.get(k, k), n) for k, n in best.by_option] if best else [],
        "listed": listed, "rest": rest, "max_listed": MAX_LISTED, "option_keys": OPTION_KEYS,
        "not_assessed": [(db, db.error) for db, s in rows if s is None],
        "price_note": PRICE_NOTE, "totals_basis": BASIS_COLUMNS, "product_name": PRODUCT_NAME, "prepared_by": prepared_by, "logo": logo,
        "generated_on": on, "paper": paper, "document_title": estate_title(estate.name),
    }  # fmt: skip
    context["price_sources"] = grouped_sources(totals.price_sources)
    context["price_age"] = services.estate_price_age(rows)
    if totals.databases:
        licences = charts.licence_need(totals)
        context |= {"cost_chart": _on_paper(charts.cost_by_placement(totals), label_chars=PAPER_LABEL_CHARS),
                    "option_chart": _on_paper(charts.databases_by_option(totals), label_chars=PAPER_LABEL_CHARS),
                    "licence_chart": _licences_on_paper(licences) if licences else None}  # fmt: skip
    return context


def _on_paper(figure: dict[str, Any], height: int = 330, label_chars: int | None = None) -> dict[str, Any]:
    """The page's figure for a half or whole column of paper: its title goes to the figure's caption (HTML wraps,
    plotly cuts), the height shrinks to keep two charts and a table on one page; ``label_chars``: the bars' names
    wrapped onto shorter lines, in a smaller type, to fit under bars half a page wide."""
    layout = dict(figure.get("layout") or {})
    title = layout.pop("title", None)
    layout |= {"height": height, "margin": {**(layout.get("margin") or {}), "t": 24, "r": 10}}
    if label_chars:
        traces = [{**t, "x": [charts.wrapped(str(x).replace("<br>", " "), label_chars) for x in t.get("x") or ()],
                   "textfont": {"size": 9}} for t in figure.get("data") or ()]  # fmt: skip
        figure = {**figure, "data": traces}
        layout["xaxis"] = {**(layout.get("xaxis") or {}), "tickfont": {"size": 9}}
    text = title.get("text", "") if isinstance(title, dict) else str(title or "")
    caption, _, note = text.partition("<br>")  # plotly's line break and subtitle, as the caption's words
    return {**figure, "layout": layout, "caption": caption, "caption_note": strip_tags(note).strip()}


def _licences_on_paper(figure: dict[str, Any]) -> dict[str, Any]:
    """The licence chart across the page: up to ten products' names wrapped level under their bars (angled, they
    ran into the legend), the legend above the plot, and drawn at its full height (not the paper's usual share,
    which squeezed the bars to a strip)."""
    paper = _on_paper(figure, height=LICENCE_CHART_HEIGHT, label_chars=LICENCE_LABEL_CHARS)
    layout = paper["layout"]
    layout["xaxis"] = {**layout.get("xaxis", {}), "tickangle": 0}
    layout["legend"] = {"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom", "font": {"size": 10}}
    layout["margin"] = {**layout.get("margin", {}), "t": 60}
    layout["meta"] = {**(layout.get("meta") or {}), "paper_height_scale": 1}
    return paper


def grouped_sources(sources: tuple[str, ...]) -> list[tuple[str, int]]:
    """Each price source once, by the name users know it ("AWS Price List, eu-west-1, 2023-02-23"), with how many of
    the price rows (SKUs) behind the totals it gave."""
    return [(name, rows) for name, rows, _ in named_sources(sources)]


def estate_document(*, estate: Estate, paper: str | None = None, prepared_by: str | None = None,
                    on: date | None = None) -> ReportDocument:  # fmt: skip
    """The document as HTML with its running header and footer. ``EstateRunning`` while the estate runs;
    ``ValueError`` for a paper other than a4 or letter. Defaults are the admin's Report settings."""
    defaults = ReportSettings.load()
    chosen = paper_from(paper, str(defaults.paper_size)) or "a4"
    context = estate_context(estate=estate, paper=chosen, prepared_by=(prepared_by or "").strip() or defaults.prepared_by,
                             logo=defaults.logo, on=on or timezone.localdate())  # fmt: skip
    return rendered_document("estates/estate_report.html", context, paper=chosen, filename=estate_filename(estate))


def estate_pdf(document: ReportDocument, *, keep_browser: bool = True) -> bytes:
    """Printed by the assessment PDF's printer: ``ChromiumMissing`` when Chromium is not installed,
    ``ReportFailed`` when it could not print."""
    return report_pdf(document, keep_browser=keep_browser)
