"""The results page (and the PDF, which renders the same context) says the engine's ranking: cheapest of those
priced when an option the rules allow has no price, and why; blocked options out of the headline and the totals
charts, their cost marked as what it would be without the blocker. Price books are built here, so what is priced is
the test's choice, not the snapshots'."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import Recommendation, recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.pages.results import IF_UNBLOCKED, results_context
from pricing.engine.prices.book import PriceBook
from pricing.offers.files import read_offer_file

PRICES = Path(__file__).resolve().parents[3] / "fixtures" / "prices" / "eu-west-1"
TODAY = date(2023, 3, 1)


@cache
def book(*files: str) -> PriceBook:
    return PriceBook([row for name in files for row in read_offer_file(PRICES / name, region="eu-west-1")])


@cache
def latency_on_ec2_prices_only() -> Recommendation:
    """The latency-sensitive OLTP scenario (EE BYOL, Multi-AZ, DR in eu-central-1) with EC2's rows and no RDS row."""
    workload = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json").workload
    return recommend(workload, book("AmazonEC2.json"))


@cache
def small_se2() -> Recommendation:
    """SE2 licence included: EC2 is blocked (no licence-included Oracle there) though cheaper than RDS."""
    workload = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload
    return recommend(workload, book("AmazonRDS.json", "AmazonEC2.json"))


def test_the_headline_says_cheapest_of_those_priced_and_why_the_other_has_no_price() -> None:
    page = results_context(latency_on_ec2_prices_only(), today=TODAY)

    assert page["best"].option.option == "ec2"
    assert page["reasons"][0].startswith("Self-managed Oracle on EC2 is the cheapest of the options priced: $")
    # no RDS row at all in eu-west-1, Multi-AZ or Single-AZ, for EE BYOL: none is held
    assert page["reasons"][1] == (
        "Amazon RDS for Oracle could not be priced: no RDS for Oracle EE BYOL Multi-AZ instance price is held for "
        "eu-west-1, so this option is not priced there."
    )
    assert page["ranking"].scope == "the cheapest of the options priced"


def test_the_json_names_the_unpriced_option_with_its_reason() -> None:
    ranking = recommendation_json(latency_on_ec2_prices_only())["ranking"]

    assert ranking["recommended"] == "ec2" and ranking["runner_up"] is None and ranking["margin_monthly_usd"] is None
    rds = next(o for o in ranking["left_out"] if o["option"] == "rds")
    assert rds["kind"] == "unpriced" and rds["reason"].startswith(
        "No RDS for Oracle EE BYOL Multi-AZ instance price is held"
    )


def test_a_blocked_option_is_not_recommended_even_when_cheapest_and_stays_out_of_the_totals_charts() -> None:
    recommendation = small_se2()
    options = {o.option: o for o in recommendation.options}
    ec2, rds = options["ec2"], options["rds"]
    assert ec2.verdict.verdict == "blocked" and ec2.chosen is not None and rds.chosen is not None
    assert ec2.chosen.total_monthly_usd < rds.chosen.total_monthly_usd  # the case under test: blocked is cheaper

    page = results_context(recommendation, today=TODAY)

    assert page["best"].option.option == "rds"
    assert page["reasons"][0].startswith("Amazon RDS for Oracle is the cheapest option the rules allow: $")
    # of the blocked options, the one with a price (cheaper, so the reader asks why not) is the one said
    assert (
        page["reasons"][1]
        == "Self-managed Oracle on EC2 is blocked: No licence-included Oracle on EC2: bring your own licences."
    )
    charted = {bar["x"][i] for bar in page["cost_chart"]["data"] for i in range(len(bar["x"]))}
    assert charted == {"Amazon RDS for Oracle"}
    assert [trace["name"] for trace in page["cumulative_chart"]["data"]] == ["Amazon RDS for Oracle"]
    column = next(c for c in page["columns"] if c.option.option == "ec2")
    assert column.cost_note == IF_UNBLOCKED == "what it would cost if the blocker were removed"


def warehouse(region: str) -> Recommendation:
    """The large EE BYOL warehouse (Oracle Database@AWS offered in us-east-1, not in eu-west-1)."""
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    workload = workload.model_copy(update={"environment": workload.environment.model_copy(update={"region": region})})
    return recommend(workload, book("AmazonRDS.json", "AmazonEC2.json"))


def test_the_json_carries_option_basis_runner_up_and_the_margin_between_the_two_totals() -> None:
    said = recommendation_json(warehouse("eu-west-1"))
    totals = {o["option"]: Decimal(o["cost"]["total_monthly_usd"]) for o in said["options"] if o["cost"]}
    ranking = said["ranking"]

    assert ranking["recommended"] == "ec2" and ranking["runner_up"]["option"] == "rds"
    assert ranking["basis"] == "monthly run-rate, AWS on-demand and Oracle licences included"
    assert ranking["monthly_usd"] == str(totals["ec2"]) and ranking["runner_up"]["monthly_usd"] == str(totals["rds"])
    # RDS less EC2 (on the 2023-02-23 rows: 56,598.46 - 50,593.98 = 6,004.48), over EC2's total: 11.87 % -> 11.9
    margin = totals["rds"] - totals["ec2"]
    assert Decimal(ranking["margin_monthly_usd"]) == margin
    assert Decimal(ranking["margin_pct"]) == (margin * 100 / totals["ec2"]).quantize(Decimal("0.1"))


def test_oracle_database_at_aws_alone_priced_is_recommended_alone_saying_its_total_is_partial() -> None:
    recommendation = warehouse("us-east-1")  # the book holds no us-east-1 AWS rows: only ODB's list prices price it
    odb = next(o for o in recommendation.options if o.option == "odb")
    assert odb.verdict.verdict != "blocked" and odb.odb is not None and odb.odb.monthly_usd is not None
    # its BYOL total counts the processor licences brought ...
    assert odb.odb.licences_in_total and odb.odb.byol_licences is not None
    assert odb.odb.monthly_usd == odb.odb.total_byol_usd

    ranking = recommendation.ranking
    page = results_context(recommendation, today=TODAY)

    # ... but no price is held for its backups and networking: with no other option priced there is nothing to rank
    # it against, so it is recommended alone and the headline says its total is partial
    assert ranking.recommended is not None and ranking.recommended.option == "odb" and ranking.runner_up is None
    assert ranking.partial_alone.startswith("backup storage (Autonomous Recovery Service or Amazon S3) and AWS-side")
    assert ranking.scope.startswith("the only option the rules allow that could be priced (its total is partial: ")
    column = next(c for c in page["columns"] if c.option.option == "odb")
    assert column.not_priced == odb.odb.not_priced and len(column.not_priced) == 2
    assert page["reasons"][0].startswith("Oracle Database@AWS is the only option the rules allow that could be priced")


def test_a_partial_total_is_never_recommended_beside_a_full_one_nor_two_partial_ones_against_each_other() -> None:
    from advisor.engine.recommendation.ranking import rank_options
    from tests.advisor.engine.recommendation.test_ranking import option  # the recommender's shapes, made by hand

    backups = ("backup storage is not priced",)
    beside_full = rank_options(options=(option("ec2", "900.00", no_price=backups), option("rds", "1000.00")))
    assert beside_full.recommended is not None and beside_full.recommended.option == "rds"
    assert not beside_full.partial_alone
    two_partial = rank_options(options=(option("ec2", "900.00", no_price=backups),
                                        option("rds", "1000.00", no_price=backups)))  # fmt: skip
    assert two_partial.recommended is None and not two_partial.partial_alone


def test_the_prices_row_dates_oracle_s_price_lists_beside_aws_s_where_the_totals_read_them() -> None:
    # EE BYOL on EC2: the total counts licences from Oracle's Technology Global Price List (held as of 2026-09-15)
    context = results_context(latency_on_ec2_prices_only(), today=TODAY)
    assert context["other_price_dates"][0] == (
        "Oracle licences: Oracle Technology Global Price List (USD list prices; processor metric), as of 2026-09-15"
    )
    # SE2: Oracle Database@AWS (Enterprise Edition only) is not priced, so its list is not named
    assert not any("Oracle Database@AWS" in d for d in results_context(small_se2(), today=TODAY)["other_price_dates"])


def test_nothing_priced_draws_no_empty_charts_and_says_why() -> None:
    workload = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload
    context = results_context(recommend(workload, PriceBook([])), today=TODAY)
    assert context["priced_any"] is False
    assert results_context(small_se2(), today=TODAY)["priced_any"] is True
