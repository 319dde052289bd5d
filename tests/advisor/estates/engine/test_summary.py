"""A database's compact summary says what each option deploys as its results page says it: for Oracle Database@AWS
the Exadata servers, the VM cluster's ECPUs (its unit named) and every Data Guard standby priced with it (the golden
large EE warehouse, us-east-1 prices of the committed snapshots); what each total leaves out, a standby the option
cannot build among it; and why a database is or is not on an AWS commitment."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import Recommendation, recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import parse_workload
from advisor.estates.engine.summary import DatabaseSummary, OptionSummary, summary_from_json
from advisor.pages.results import columns
from pricing.engine.prices.book import PriceBook
from pricing.fixtures.files import read_rows
from pricing.offers.files import read_offer_file

PRICES = Path(__file__).resolve().parents[4] / "fixtures" / "prices"
US_EAST_1 = ("ec2-linux-karpenter-2026-07-20.jsonl", "reference-us-east-1.jsonl", "rds-oracle-vi21.jsonl")


@pytest.fixture(scope="module")
def book() -> PriceBook:
    eu_west_1 = read_offer_file(PRICES / "eu-west-1" / "AmazonEC2.json", region="eu-west-1")
    return PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)] + list(eu_west_1))


def warehouse(book: PriceBook, **availability: Any) -> Recommendation:
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    return recommend(workload.model_copy(update={"availability": workload.availability.model_copy(update=availability)}),
                     book)  # fmt: skip


def odb_configuration(found: Recommendation) -> str:
    summary = summary_from_json(recommendation_json(found), edition="ee", licence_model="byol", licences_owned=8)
    odb = summary.option("odb")
    assert odb is not None and odb.monthly_usd is not None  # priced: the configuration is what the cost counts
    return odb.configuration


def results_page_words(found: Recommendation) -> str:
    return next(c.configuration for c in columns(found) if c.option.option == "odb")


def test_the_exadata_configuration_names_its_units_and_every_standby_it_prices(book: PriceBook) -> None:
    found = warehouse(book, multi_az=True, cross_region_dr=True, dr_region="us-west-2")
    said = odb_configuration(found)
    # the shape's minimum servers; 64 ECPUs on the cluster's two VMs (one a database server), which run RAC
    assert said.startswith("Exadata.X11M: 2 database + 3 storage servers (X11M/X11M-HC), a VM cluster of 64 ECPUs "
                           "on 2 VMs (RAC)")  # fmt: skip
    # Multi-AZ and cross-Region DR: each standby is a second infrastructure and VM cluster, priced in the total
    assert "a Data Guard standby of the same size in a second AZ" in said
    assert "a Data Guard standby of the same size in us-west-2" in said
    assert said == results_page_words(found)


def test_without_a_standby_the_configuration_names_none(book: PriceBook) -> None:
    found = warehouse(book, multi_az=False, cross_region_dr=False)
    said = odb_configuration(found)
    assert "64 ECPUs on 2 VMs" in said and "standby" not in said
    assert said == results_page_words(found)


# --- what a total leaves out, and why a database is or is not on a commitment ------------------------------------


def se2_byol_with_multi_az(book: PriceBook) -> dict[str, Any]:
    """The golden small SE2 database brought with its 2 sockets, Multi-AZ asked, its daily change given (so nothing
    but what is not built is left out), in us-east-1: the recommendation's JSON."""
    raw = json.loads((SCENARIO_DIR / "small-oltp-se2.json").read_text())["workload"]
    raw["oracle"] |= {"licence_model": "byol", "processor_licences_owned": 2}
    raw["sizing"]["backup_daily_change_gib"] = 5
    raw["environment"]["region"] = "us-east-1"
    return recommendation_json(recommend(parse_workload(raw), book))


def test_ec2_without_the_standby_se2_cannot_build_says_so_among_what_its_total_leaves_out(book: PriceBook) -> None:
    said = se2_byol_with_multi_az(book)
    summary = summary_from_json(said, edition="se2", licence_model="byol", licences_owned=2)
    rds, ec2 = summary.option("rds"), summary.option("ec2")
    assert rds is not None and ec2 is not None and rds.monthly_usd is not None and ec2.monthly_usd is not None
    # SE2 has no Data Guard: EC2 prices one server where RDS prices its Multi-AZ pair
    (item,) = ec2.left_out
    assert item.startswith("what the workload asks for, not built: Multi-AZ on EC2") and "no Data Guard" in item
    assert ec2.builds_less
    assert (rds.left_out, rds.builds_less) == ((), False)  # its standby is built and priced
    # the ranking leaves EC2 out for the same reason: the estate counts it partial, never complete
    assert {o["option"]: o["kind"] for o in said["ranking"]["left_out"]}["ec2"] == "partial"


def test_with_no_reservation_price_held_a_database_is_on_demand_for_want_of_a_price(book: PriceBook) -> None:
    # the committed us-east-1 snapshots hold on-demand rows only for these classes: nothing to compare with
    summary = summary_from_json(se2_byol_with_multi_az(book), edition="se2", licence_model="byol", licences_owned=2)
    for key in ("rds", "ec2"):
        option = summary.option(key)
        assert option is not None
        assert (option.commitment, option.committed_36_months_usd, option.commitment_basis) == ("", None, "none-held")


def _priced(key: str, **extra: Any) -> dict[str, Any]:
    cost = {"total_monthly_usd": "500.00", "partial": False, "prices_as_of": [], "price_sources": []}
    return {"option": key, "label": key, "verdict": "viable", "findings": [], "cost": cost, "odb": None,
            "configuration": None, "topology": {"members": [], "not_priced": [], "not_built": []}, "unmet": [],
            "unpriced_reason": None, "commitments": None} | extra  # fmt: skip


def of(summary: DatabaseSummary, key: str) -> OptionSummary:
    option = summary.option(key)
    assert option is not None
    return option


def _commitments(best: str, *priced: tuple[str, str]) -> dict[str, Any]:
    totals = [{"commitment": "on-demand", "label": "On-Demand", "priced": True, "total_36_months_usd": "18000.00"}]
    totals += [
        {"commitment": key, "label": key.upper(), "priced": True, "total_36_months_usd": usd} for key, usd in priced
    ]
    totals.append({"commitment": "unheld", "label": "UNHELD", "priced": False, "total_36_months_usd": None})
    return {"best_36_months": best, "totals": totals}


def test_on_demand_cheapest_is_told_apart_from_no_commitment_price_held_and_from_none_sold() -> None:
    options = [
        _priced("rds", commitments=_commitments("on-demand")),  # only on-demand priced
        _priced("ec2", commitments=_commitments("on-demand", ("ri-1yr", "19000.00"))),  # priced, and dearer
        _priced("rds_custom", commitments=_commitments("ri-3yr", ("ri-3yr", "15000.00"))),  # priced, and cheaper
        # Oracle Database@AWS is bought by private offer: AWS sells no commitment for it, so none is missing
        _priced("odb", commitments=None),
    ]
    summary = summary_from_json({"options": options, "ranking": {}}, edition="ee", licence_model="li", licences_owned=0)
    said = {o.option: (o.commitment_basis, o.commitment, o.committed_36_months_usd) for o in summary.options}
    assert said == {"rds": ("none-held", "", None), "ec2": ("on-demand-cheapest", "", None),
                    "rds_custom": ("commitment", "RI-3YR", Decimal("15000.00")), "odb": ("not-offered", "", None)}  # fmt: skip


def test_an_unpriced_member_and_a_gap_of_oracle_database_at_aws_are_left_out_too() -> None:
    member = {"label": "Cross-Region replica in us-west-2", "unpriced": "no rows for us-west-2"}
    rds = _priced("rds", topology={"members": [{"label": "Primary", "unpriced": None}, member], "not_priced": [],
                                   "not_built": []})  # fmt: skip
    odb = _priced("odb", cost=None, odb={"monthly_usd": "900.00", "not_priced": ["backup storage"],
                                         "lacking": [["replicas", "2 read replicas on Oracle Database@AWS: not built"]]})  # fmt: skip
    summary = summary_from_json({"options": [rds, odb], "ranking": {}}, edition="ee", licence_model="li",
                                licences_owned=0)  # fmt: skip
    assert of(summary, "rds").left_out == (
        "the Cross-Region replica in us-west-2 could not be priced (no rows for us-west-2)",
    )
    assert not of(summary, "rds").builds_less  # it is built, only not priced
    assert of(summary, "odb").left_out == (
        "what the workload asks for, not built: 2 read replicas on Oracle Database@AWS: not built",
        "backup storage",
    )
    assert of(summary, "odb").builds_less


def test_a_total_the_ranking_leaves_out_as_partial_is_never_complete_here() -> None:
    # the ranking says why it does not compare the total; nothing else in the option's JSON names it
    ranking = {"left_out": [{"option": "ec2", "kind": "partial", "reason": "Oracle licences you bring are not counted"},
                            {"option": "rds", "kind": "blocked", "reason": "a rule"}]}  # fmt: skip
    summary = summary_from_json({"options": [_priced("ec2"), _priced("rds")], "ranking": ranking}, edition="ee",
                                licence_model="byol", licences_owned=0)  # fmt: skip
    assert of(summary, "ec2").left_out == ("Oracle licences you bring are not counted",)
    assert of(summary, "rds").left_out == ()  # blocked is not partial: its total is complete


def test_a_database_whose_workload_runs_an_option_with_no_list_price_is_counted_partial(book: PriceBook) -> None:
    # OLAP has no list price in the price list held: every total that licenses the database leaves its licences out,
    # so the estate never counts the database as complete on any placement that licenses it
    raw = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    olap = raw.model_copy(update={"features": raw.features.model_copy(update={"olap": True}),
                                  "availability": raw.availability.model_copy(update={"multi_az": False,
                                                                                      "cross_region_dr": False})})  # fmt: skip
    summary = summary_from_json(recommendation_json(recommend(olap, book)), edition="ee", licence_model="byol",
                                licences_owned=8)  # fmt: skip
    for key in ("rds", "ec2"):
        option = summary.option(key)
        assert option is not None and option.monthly_usd is not None
        assert any(item.startswith("Oracle OLAP licences: no list price held") for item in option.left_out), key


# --- an option that cannot take a database, told apart from one whose price is not held -----------------------------


def test_an_se2_database_past_the_licensing_cap_does_not_fit_rather_than_lacks_a_price(book: PriceBook) -> None:
    # SE2 BYOL at a peak of 7 vCPUs: the need (8.4 vCPUs with the policy's headroom) is past SE2's 8 vCPUs, so RDS
    # and EC2 price nothing, in the licensing rule's words (a peak past 8 is a rule's blocker instead); RDS Custom has
    # no SE2 BYOL Multi-AZ price held in us-east-1: a price missing
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "byol"}, "sizing": {"peak_cpu": 7},
                               "environment": {"region": "us-east-1"}})  # fmt: skip
    summary = summary_from_json(recommendation_json(recommend(workload, book)), edition="se2", licence_model="byol",
                                licences_owned=0)  # fmt: skip
    rds, custom, ec2 = summary.option("rds"), summary.option("rds_custom"), summary.option("ec2")
    assert rds is not None and custom is not None and ec2 is not None
    assert (rds.monthly_usd, rds.does_not_fit, ec2.monthly_usd, ec2.does_not_fit) == (None, True, None, True)
    assert rds.unpriced.startswith("Standard Edition 2 may be licensed on instances of at most 8 vCPUs")
    assert (custom.does_not_fit, custom.unpriced.startswith("No RDS Custom for Oracle SE2 BYOL")) == (False, True)
    assert summary.fits_none  # every option the rules allow is past its limits (ODB is blocked: EE only)
    assert summary.none_recommended == "none fits: " + rds.unpriced
