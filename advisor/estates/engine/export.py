"""An estate as files: CSV (one row per database) and XLSX (that sheet, then the totals, licences and blockers).

Pure Python (csv, openpyxl). Money is written as numbers (2 decimals) in USD; each money column's header carries a
note with its basis (a month at the run-rate, or cash as paid over 36 months: ``basis``), and the About sheet says
them again with where the prices come from and as of when. Text that could run as a formula is written as text
(``cells``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from advisor.estates.engine.basis import COLUMNS, TOTALS_BASIS
from advisor.estates.engine.cells import append_as_text, csv_cell
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import LICENCE_MODEL, OPTION_KEYS, OPTION_LABELS, EstateTotals
from config.counting import counted

PRICE_NOTE = ("USD, from the price snapshots each database was assessed against (AWS Price List rows; Oracle "
              "licences at the Oracle Technology Global Price List; Oracle Database@AWS at Oracle's list prices); "
              "each database's full results name every line's source.")  # fmt: skip
NOT_PLACED = "No database placed"  # a placement no database could take: the estate page's words
MONTHLY_BASIS = TOTALS_BASIS["monthly_usd"]  # every database's and option's cost in the Databases sheet
# said on every row of the Databases sheet, since a CSV has no header notes: what each *_monthly_usd figure is
ROW_BASIS = f"USD, {MONTHLY_BASIS}; Oracle Database@AWS at Oracle's list prices"


@dataclass(frozen=True)
class ExportRow:
    row: int
    name: str
    status: str
    error: str
    summary: DatabaseSummary | None
    assumed: str = ""  # the figures its row did not give and the values assumed, in words ("" when none)


def database_header() -> list[str]:
    header = ["row", "name", "status", "error", "recommended", "recommended_monthly_usd"]
    for key in OPTION_KEYS:
        header += [f"{key}_verdict", f"{key}_monthly_usd", f"{key}_configuration", f"{key}_blockers", f"{key}_left_out"]
    # added last, so the columns before them keep their places: whether the recommended total leaves costs out (the
    # recommendation's own left_out column says what), and the monthly figures' basis
    return header + ["prices_as_of", "assumed", "recommended_partial", "monthly_basis"]


def _money(value: Decimal | None) -> Decimal | None:
    return None if value is None else value.quantize(Decimal("0.01"))


def database_rows(rows: list[ExportRow]) -> list[list[Any]]:
    out = []
    for r in rows:
        s = r.summary
        best = s.recommended_option if s else None
        line: list[Any] = [r.row, r.name, r.status, r.error, best.label if best else "",
                           _money(best.monthly_usd) if best else None]  # fmt: skip
        dates: set[str] = set()
        for key in OPTION_KEYS:
            o = s.option(key) if s else None
            if o is None:
                line += ["", None, "", "", ""]
                continue
            dates.update(o.dates)  # the AWS rows' and the licence price lists' dates
            line += [o.verdict, _money(o.monthly_usd), o.configuration or o.unpriced,
                     "; ".join(b.title for b in o.blockers), "; ".join(o.left_out)]  # fmt: skip
        partial = None if best is None else ("yes" if best.left_out else "no")
        out.append([*line, " ".join(sorted(dates)), r.assumed, partial, ROW_BASIS if s else ""])
    return out


def estate_csv(rows: list[ExportRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(database_header())
    for line in database_rows(rows):
        writer.writerow([csv_cell(v) for v in line])
    return buffer.getvalue()


def _totals_rows(totals: EstateTotals) -> list[list[Any]]:
    # the API's names: run-rate a month, a year and three years; cash as paid over three years on-demand and with each
    # database on its best commitment
    out: list[list[Any]] = [["placement", "monthly_usd", "one_year_usd", "three_year_usd", "three_year_cash_usd",
                             "three_year_usd_best_commitments", "databases_on_a_commitment", "databases_placed",
                             "left_out", "left_out_blocked", "left_out_unpriced", "recommended_options",
                             "databases_partial", "databases_on_demand_cheapest", "databases_no_commitment_price",
                             "databases_commitment_not_offered", "best_commitments_note", "databases_not_built_as_asked",
                             "partial_note", "placement_note", "left_out_does_not_fit"]]  # fmt: skip
    for p in totals.placements:
        split = ", ".join(f"{OPTION_LABELS.get(k, k)} {n}" for k, n in p.by_option)
        sums = (p.monthly_usd, p.one_year_usd, p.three_year_usd, p.cash_three_year_usd, p.committed_three_year_usd)
        # no database placed: no total, not a total of 0 (sorted, it would look the cheapest), so the cells stay empty
        money = [_money(v) for v in sums] if p.placed else [None] * len(sums)
        out.append([p.label, *money, p.on_commitment, p.placed, p.left_out, p.blocked, p.unpriced, split, p.partial,
                    p.on_demand_cheapest, sum(n for _, n in p.no_commitment_price),
                    sum(n for _, n in p.commitment_not_offered),
                    p.commitment_words if p.placed else "", p.builds_less, p.partial_words,
                    "" if p.placed else NOT_PLACED, p.no_fit])  # fmt: skip
    return out


def _licence_rows(totals: EstateTotals) -> list[list[Any]]:
    out: list[list[Any]] = [["placement", "product", "metric", "needed", "owned", "to_buy", "freed"]]
    for p in totals.placements:
        for t in p.licences:
            out.append([p.label, t.name, t.metric, t.required, t.owned, t.to_buy, t.freed])
        if p.licence_included:
            included = f"licence included in the price ({counted(p.licence_included, 'database')})"
            out.append([p.label, included, "", 0, "", "", ""])
        if p.builds_less:
            out.append([p.label, p.not_built_words, "", None, "", "", ""])
        if p.licence_not_published:
            out.append([p.label, f"count not published ({counted(p.licence_not_published, 'database')}; the "
                        f"{counted(p.owned_uncounted, 'licence')} they own are not counted)", "", None, "", "", ""])  # fmt: skip
    return out


def _blocker_rows(totals: EstateTotals) -> list[list[Any]]:
    out: list[list[Any]] = [["option", "blocker", "databases", "for example"]]  # the rule's title, not its id
    out += [[b.label, b.title, b.databases, ", ".join(b.examples)] for b in totals.blockers]
    return out


def _basis_of(sheet: str, header: str) -> str:
    """The note on a money column's header: its basis, in the words of the estate page's totals table."""
    if sheet == "Totals":
        return TOTALS_BASIS.get(header, "")
    return MONTHLY_BASIS if sheet == "Databases" and header.endswith("monthly_usd") else ""


def estate_xlsx(rows: list[ExportRow], totals: EstateTotals, *, title: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Font

    book = Workbook()
    sheets = [("Databases", [database_header(), *database_rows(rows)]), ("Totals", _totals_rows(totals)),
              ("Licences", _licence_rows(totals)), ("Blockers", _blocker_rows(totals))]  # fmt: skip
    for index, (name, lines) in enumerate(sheets):
        sheet = book.active if index == 0 else book.create_sheet(name)
        sheet.title = name
        for line in lines:
            append_as_text(sheet, line)  # Decimal cells are written as numbers, text never as a formula
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for heading in sheet[1]:  # a sheet may hold its header alone (nothing assessed yet)
            if "_usd" in str(heading.value or ""):  # money, to the cent
                for row in range(2, sheet.max_row + 1):
                    sheet.cell(row, heading.column).number_format = "#,##0.00"
                if basis := _basis_of(name, str(heading.value)):
                    heading.comment = Comment(basis, "Oracle on AWS Advisor", width=320, height=140)
        sheet.freeze_panes = "A2"
    notes = book.create_sheet("About")
    dates = ", ".join(totals.prices_as_of) or "none"
    for line in ([title], ["Prices", PRICE_NOTE], ["Price rows dated", dates],
                 ["Databases sheet: costs", f"USD, {MONTHLY_BASIS}"],
                 *[[f"Totals sheet: {c.key}", f"USD, {c.words}"] for c in COLUMNS],
                 ["Totals sheet: placement_note", f"{NOT_PLACED}: the option could take none of the databases (the "
                  "rules block it, or no price is held), so it has no total and its money cells are left empty"],
                 ["Totals sheet: left out", "left_out_blocked: the rules block the option; left_out_does_not_fit: "
                  "the option cannot take the database as asked (its capacity, its licensing such as Standard "
                  "Edition 2's vCPU cap, its Regions); left_out_unpriced: a price the option needs is not held"],
                 ["Licences", f"{LICENCE_MODEL}: to buy sums each database's shortfall, freed each database's "
                  "surplus, only for databases placed whose need is known"],
                 ["Licences freed", totals.freed_support_words],
                 ["Databases sheet: assumed", "the figures a database's size and price rest on most that its row "
                  "did not give, and the questionnaire's default assumed for each"],
                 ["Databases sheet: recommended_partial", "yes: the recommended option's total leaves costs out (its "
                  "left_out column says what), so it is a lower bound; no: it counts every cost"],
                 ["Figures assumed", totals.assumed_words or "none: every database's row gives them"]):  # fmt: skip
        append_as_text(notes, line)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
