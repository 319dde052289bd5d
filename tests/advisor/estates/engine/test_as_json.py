"""The estate's totals as JSON say each figure's basis beside it, why databases stay on-demand in the
best-commitments total, and which placements are lower bounds and why."""

from decimal import Decimal

from advisor.estates.engine.as_json import totals_json
from advisor.estates.engine.summary import DatabaseSummary, OptionSummary
from advisor.estates.engine.totals import Assessed, estate_totals


def _option(key: str, monthly: str, **fields: object) -> OptionSummary:
    return OptionSummary.model_validate({"option": key, "label": key.upper(), "verdict": "viable",
                                         "monthly_usd": Decimal(monthly), **fields})  # fmt: skip


# SE2 with Multi-AZ: RDS prices its standby but holds no reservation price; EC2 builds no standby and has a
# 3-year reservation that beats on-demand
CRM = DatabaseSummary(edition="se2", licence_model="li", licences_owned=0, recommended="rds", options=(
    _option("rds", "1244.35", commitment_basis="none-held"),
    _option("ec2", "495.35", commitment_basis="commitment", commitment="Reserved 3yr All Upfront",
            committed_36_months_usd=Decimal("14323.79"), builds_less=True,
            left_out=("what the workload asks for, not built: Multi-AZ on EC2: no standby",)),
))  # fmt: skip
SAID = totals_json(estate_totals([Assessed("CRM", CRM)]))


def test_each_total_of_a_placement_has_its_basis_named_by_the_same_key() -> None:
    money = [k for k in SAID["placements"][0] if "_usd" in k]
    assert set(SAID["basis"]) == set(money)
    assert SAID["basis"]["monthly_usd"].startswith("run-rate a month")
    assert SAID["basis"]["three_year_cash_usd"].startswith("cash as paid")
    # the price note no longer claims one basis for every figure
    assert "a month" not in SAID["prices"] and "on-demand" not in SAID["prices"]


def test_a_placement_says_why_its_databases_are_not_on_a_commitment() -> None:
    rds = next(p for p in SAID["placements"] if p["placement"] == "rds")
    assert (rds["on_commitment"], rds["on_demand_cheapest"], rds["no_commitment_price"]) == (0, 0, {"rds": 1})
    assert (
        rds["best_commitments_note"]
        == "0 of 1 on a commitment; RDS: no commitment price held for 1 database, on-demand"
    )
    assert rds["three_year_usd_best_commitments"] == rds["three_year_cash_usd"]  # on-demand: nothing else held


def test_a_placement_without_the_standby_asked_for_says_it_is_a_lower_bound() -> None:
    ec2 = next(p for p in SAID["placements"] if p["placement"] == "ec2")
    assert (ec2["partial"], ec2["not_built_as_asked"]) == (1, 1)
    assert ec2["partial_note"].startswith("At least: 1 database placed leaves costs out (1 without the standby")
    assert ec2["not_built_note"].startswith("1 database: what the workload asks for is not built")
    assert ec2["three_year_usd_best_commitments"] == "14323.79" and ec2["on_commitment"] == 1
    rds = next(p for p in SAID["placements"] if p["placement"] == "rds")
    assert (rds["partial"], rds["partial_note"], rds["not_built_note"]) == (0, None, None)


def test_the_licences_freed_carry_oracles_support_policy_beside_them() -> None:
    note = SAID["licences_freed_note"]
    assert "terminating those licences" in note and "may then be repriced" in note
    assert "Oracle Software Technical Support Policies" in note and "as of 2026-06" in note


def test_a_placement_that_took_no_database_has_no_totals_rather_than_totals_of_0() -> None:
    # RDS Custom blocked for the only database: nothing placed there, and 0 would read, and sort, as the cheapest
    blocked = CRM.model_copy(update={"options": (*CRM.options, _option("rds_custom", "900.00", verdict="blocked"))})
    said = totals_json(estate_totals([Assessed("CRM", blocked)]))
    custom = next(p for p in said["placements"] if p["placement"] == "rds_custom")
    assert custom["placed"] == 0
    money = [k for k in custom if k.endswith("_usd") or "_usd_" in k]
    assert money and all(custom[k] is None for k in money), {k: custom[k] for k in money}
    assert custom["placement_note"] == "No database placed"
    placed = next(p for p in said["placements"] if p["placed"])
    assert placed["placement_note"] is None and placed["monthly_usd"] is not None


def test_oracle_database_at_aws_is_counted_apart_as_no_aws_commitment_sold() -> None:
    on_odb = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=8, recommended="odb",
                             options=(_option("odb", "9000.00", commitment_basis="not-offered"),))  # fmt: skip
    odb = next(p for p in totals_json(estate_totals([Assessed("DW", on_odb)]))["placements"] if p["placement"] == "odb")
    assert (odb["no_commitment_price"], odb["commitment_not_offered"]) == ({}, {"odb": 1})
    assert odb["best_commitments_note"] == (
        "0 of 1 on a commitment; Oracle Database@AWS: no AWS Reserved Instance or Savings Plan applies for 1 database "
        "(bought by private offer)"
    )


def test_licences_owned_are_said_per_edition_and_metric_never_named_user_plus_added_to_processors() -> None:
    # ERP owns 24 EE processor licences, HR 50 EE Named User Plus, CRM 2 SE2 sockets
    erp = CRM.model_copy(update={"edition": "ee", "licence_model": "byol", "licences_owned": 24})
    hr = erp.model_copy(update={"licences_owned": 50, "licence_metric": "nup"})
    crm = CRM.model_copy(update={"licence_model": "byol", "licences_owned": 2})
    said = totals_json(estate_totals([Assessed("ERP", erp), Assessed("HR", hr), Assessed("CRM", crm)]))
    assert said["owned"] == {"ee": 24, "se2": 2}  # processor licences (SE2: sockets), as before: 74 no longer
    assert said["owned_by_metric"] == {"ee": {"processor": 24, "Named User Plus": 50}, "se2": {"socket": 2}}
