"""A database's compact summary says what each option deploys as its results page says it: for Oracle Database@AWS
the Exadata servers, the VM cluster's ECPUs (its unit named) and every Data Guard standby priced with it (the golden
large EE warehouse, us-east-1 prices of the committed snapshots)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import Recommendation, recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.estates.engine.summary import summary_from_json
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
