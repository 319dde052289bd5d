"""The estate's XLSX says each money column's basis on its header (a note) and again on the About sheet, in the
words of the estate page's totals table; a placement that is a lower bound says so, with why its databases stay
on-demand in the best-commitments total and what its licences leave out."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook

from advisor.estates.engine.basis import TOTALS_BASIS
from advisor.estates.engine.export import ExportRow, estate_csv, estate_xlsx
from advisor.estates.engine.summary import DatabaseSummary, OptionSummary, ProductNeed
from advisor.estates.engine.totals import Assessed, estate_totals


def _option(key: str, monthly: str, sockets: int, **fields: object) -> OptionSummary:
    need = ProductNeed(key="se2", name="Database Standard Edition 2", metric="socket", required=sockets)
    return OptionSummary.model_validate({"option": key, "label": key.upper(), "verdict": "viable",
                                         "monthly_usd": Decimal(monthly), "licence_status": "counted",
                                         "licences": (need,), **fields})  # fmt: skip


CRM = DatabaseSummary(edition="se2", licence_model="byol", licences_owned=2, recommended="rds", options=(
    _option("rds", "1244.35", 2, commitment_basis="none-held"),
    _option("ec2", "495.35", 1, commitment_basis="on-demand-cheapest", builds_less=True,
            left_out=("what the workload asks for, not built: Multi-AZ on EC2: no standby",)),
))  # fmt: skip


def _book() -> Workbook:
    totals = estate_totals([Assessed("CRM", CRM)])
    data = estate_xlsx([ExportRow(2, "CRM", "done", "", CRM)], totals, title="Estate: test")
    return load_workbook(io.BytesIO(data))


def test_each_money_column_of_the_totals_carries_its_own_basis() -> None:
    sheet = _book()["Totals"]
    notes = {c.value: c.comment.text for c in sheet[1] if c.comment}
    assert notes == TOTALS_BASIS  # every money column, and only those, in the page's words
    # not one note for all: the run-rate columns are not cash, the cash columns not the run-rate
    assert notes["one_year_usd"] != notes["three_year_cash_usd"] != notes["three_year_usd_best_commitments"]
    assert "run-rate" in notes["three_year_usd"] and "cash as paid" in notes["three_year_cash_usd"]


def test_each_databases_monthly_cost_carries_the_monthly_basis() -> None:
    sheet = _book()["Databases"]
    notes = {c.value: c.comment.text for c in sheet[1] if c.comment}
    assert set(notes) == {"recommended_monthly_usd", "rds_monthly_usd", "rds_custom_monthly_usd", "ec2_monthly_usd",
                          "odb_monthly_usd"}  # fmt: skip
    assert set(notes.values()) == {TOTALS_BASIS["monthly_usd"]}


def test_the_about_sheet_says_each_basis_and_no_longer_calls_every_figure_a_month_on_demand() -> None:
    about = {row[0]: row[1] for row in _book()["About"].iter_rows(values_only=True)}
    for key, words in TOTALS_BASIS.items():
        assert about[f"Totals sheet: {key}"] == f"USD, {words}"
    assert "a month, on-demand" not in about["Prices"]


def test_the_totals_say_why_databases_stay_on_demand_and_which_placement_is_a_lower_bound() -> None:
    sheet = _book()["Totals"]
    header = [c.value for c in sheet[1]]
    rows = {r[0]: dict(zip(header, r, strict=True)) for r in sheet.iter_rows(min_row=2, values_only=True)}
    rds, ec2 = rows["RDS"], rows["EC2"]
    assert (
        rds["best_commitments_note"]
        == "0 of 1 on a commitment; RDS: no commitment price held for 1 database, on-demand"
    )
    assert (rds["databases_no_commitment_price"], rds["databases_partial"], rds["partial_note"]) == (1, 0, None)
    assert rds["databases_commitment_not_offered"] == 0  # Oracle Database@AWS's count: none sold, not none held
    assert ec2["best_commitments_note"] == "0 of 1 on a commitment; on-demand cheapest for 1 database"
    assert (ec2["databases_partial"], ec2["databases_not_built_as_asked"]) == (1, 1)
    assert ec2["partial_note"].startswith("At least: 1 database placed leaves costs out (1 without the standby")


def test_the_licences_of_a_placement_without_the_standby_say_the_need_is_a_lower_bound() -> None:
    lines = list(_book()["Licences"].iter_rows(min_row=2, values_only=True))
    ec2 = [line for line in lines if line[0] == "EC2"]
    assert ec2[0][1:4] == ("Database Standard Edition 2", "socket", 1)  # the primary's socket, no standby's
    assert ec2[1][1].startswith("1 database: what the workload asks for is not built (a standby")
    assert not any("not built" in str(line[1]) for line in lines if line[0] == "RDS")


def test_the_about_sheet_says_what_freed_licences_save_of_their_support_with_oracles_policies_and_date() -> None:
    about = {row[0]: row[1] for row in _book()["About"].iter_rows(values_only=True)}
    said = about["Licences freed"]
    assert said.startswith("Licences freed save their support only as Oracle's support policies allow")
    assert "Matching Service Levels" in said and said.endswith(", as of 2026-06)")


# RDS Custom takes no database (blocked, with no price): the estate page says "No database placed".
CRM_NOT_ON_RDS_CUSTOM = CRM.model_copy(update={"options": (*CRM.options, OptionSummary.model_validate(
    {"option": "rds_custom", "label": "RDS CUSTOM", "verdict": "blocked", "monthly_usd": None,
     "blockers": ({"rule_id": "rdsc-li", "title": "No Licence Included on RDS Custom"},)}))})  # fmt: skip


def test_a_placement_that_took_no_database_has_empty_money_cells_and_says_so_not_zeros() -> None:
    totals = estate_totals([Assessed("CRM", CRM_NOT_ON_RDS_CUSTOM)])
    data = estate_xlsx([ExportRow(2, "CRM", "done", "", CRM_NOT_ON_RDS_CUSTOM)], totals, title="Estate: test")
    sheet = load_workbook(io.BytesIO(data))["Totals"]
    header = [c.value for c in sheet[1]]
    rows = {r[0]: dict(zip(header, r, strict=True)) for r in sheet.iter_rows(min_row=2, values_only=True)}
    money = [h for h in header if h.endswith("_usd") or "_usd_" in h]
    assert len(money) == 5
    custom = rows["RDS CUSTOM"]
    assert [custom[h] for h in money] == [None] * 5  # no total: a 0 would sort as the cheapest placement
    assert (custom["databases_placed"], custom["left_out_blocked"]) == (0, 1)
    assert custom["placement_note"] == "No database placed"
    rds = rows["RDS"]  # the one database, at its RDS monthly cost
    assert rds["monthly_usd"] == 1244.35 and rds["placement_note"] is None


def test_the_csv_leaves_an_options_cost_empty_where_it_has_none() -> None:
    rows = [ExportRow(2, "CRM", "done", "", CRM_NOT_ON_RDS_CUSTOM), ExportRow(3, "Bad", "invalid", "row 3: no", None)]
    lines = list(csv.DictReader(io.StringIO(estate_csv(rows))))
    money = [h for h in lines[0] if h.endswith("_monthly_usd")]
    assert (lines[0]["rds_monthly_usd"], lines[0]["ec2_monthly_usd"]) == ("1244.35", "495.35")
    assert lines[0]["rds_custom_monthly_usd"] == ""  # blocked with no price: empty, not 0
    assert lines[0]["odb_monthly_usd"] == ""  # not assessed for this option at all
    assert [lines[1][h] for h in money] == [""] * len(money)  # a refused row has no cost anywhere


# the RAC system: Oracle Database@AWS, the one option the rules allow, recommended on a total without its backups
BILLING = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=16, recommended="odb", options=(
    OptionSummary.model_validate({"option": "odb", "label": "Oracle Database@AWS", "verdict": "caveats",
                                  "monthly_usd": Decimal("169276.20"),
                                  "left_out": ("backup storage (Autonomous Recovery Service or Amazon S3)",)}),
))  # fmt: skip


def test_the_csv_flags_a_partial_recommended_total_and_says_the_basis_of_its_figures() -> None:
    rows = [ExportRow(2, "CRM", "done", "", CRM), ExportRow(3, "Billing", "done", "", BILLING),
            ExportRow(4, "Bad", "invalid", "row 4: no", None)]  # fmt: skip
    text = estate_csv(rows)
    header = next(csv.reader(io.StringIO(text)))
    # added after the columns that were last, which keep their places
    assert header[-4:] == ["prices_as_of", "assumed", "recommended_partial", "monthly_basis"]
    lines = list(csv.DictReader(io.StringIO(text)))
    crm, billing, bad = lines
    assert (crm["recommended"], crm["recommended_partial"]) == ("RDS", "no")
    assert (billing["recommended_monthly_usd"], billing["recommended_partial"]) == ("169276.20", "yes")
    assert bad["recommended_partial"] == "" and bad["monthly_basis"] == ""  # no figure, no basis
    for line in (crm, billing):  # what every *_monthly_usd figure of the row is, as the XLSX's header notes say it
        assert line["monthly_basis"].startswith(f"USD, {TOTALS_BASIS['monthly_usd']}")
        assert "Oracle Database@AWS at Oracle's list prices" in line["monthly_basis"]
        assert "AWS on-demand" not in line["monthly_basis"]
