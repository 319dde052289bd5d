"""What each of an estate's totals is, in one set of words for every place that shows them: the estate page's and
the document's totals tables (the column's title and its basis), the XLSX's Totals sheet (a note on each column's
header) and the totals JSON (``basis``, keyed by the same names as the figures).

Pure Python. The run-rate spreads an Oracle licence purchase over its term; cash as paid counts it when it is paid.
"""

from __future__ import annotations

from dataclasses import dataclass

from pricing.engine.odb_prices import odb_shapes


@dataclass(frozen=True)
class ColumnBasis:
    key: str  # the figure's name in the JSON and the XLSX's header
    title: str  # the column's title on the page and in the document
    words: str  # its basis


# why Oracle Database@AWS is never on an AWS commitment in the best-commitments total, with its sources
_PURCHASE = odb_shapes().purchase
COLUMNS: tuple[ColumnBasis, ...] = (
    ColumnBasis(
        "monthly_usd", "Monthly", "run-rate a month, on-demand: Oracle licence purchases spread over their term"
    ),
    ColumnBasis(
        "one_year_usd",
        "1 year",
        "run-rate over 12 months, on-demand, as each database's results give it: "
        "the monthly figure × 12, with Oracle support rising by an uplift counted as paid in year 1",
    ),
    ColumnBasis(
        "three_year_usd",
        "3 years",
        "run-rate over 36 months, on-demand, as each database's results give "
        "it: the monthly figure × 36, with a licence purchase spread over fewer years counted once and "
        "rising support counted as paid in those years",
    ),
    ColumnBasis(
        "three_year_cash_usd",
        "3 years on-demand",
        "cash as paid over 36 months, on-demand: Oracle licence purchases and support counted when they are paid",
    ),
    ColumnBasis(
        "three_year_usd_best_commitments",
        "3 years, best commitments",
        "cash as paid over 36 months, each database on its best AWS commitment where one is priced and beats "
        "on-demand, and on-demand where none is (no commitment price held for its option in its Region, or "
        "on-demand cheapest): upfront fees, Oracle licence purchases and support counted when they are paid; "
        f"AWS commitments never discount Oracle licences. {_PURCHASE.text} ({_PURCHASE.source}, as of "
        f"{_PURCHASE.as_of})",
    ),
)
TOTALS_BASIS: dict[str, str] = {c.key: c.words for c in COLUMNS}
