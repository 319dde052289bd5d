"""Why an option has no price: only what the price book can know about the workload's own Region is said."""

from __future__ import annotations

from advisor.engine.recommendation.unpriced import unpriced_reason
from advisor.engine.workload import parse_workload
from pricing.engine.prices.book import PriceBook
from tests.pricing.engine import eu_west_1_rows as eu

EE_BYOL = {"oracle": {"edition": "ee", "licence_model": "byol"}}


def workload(region: str):
    return parse_workload({**EE_BYOL, "environment": {"region": region}})


def test_a_region_with_single_az_rows_only_says_so_for_a_multi_az_ask() -> None:
    book = PriceBook([eu.RDS_M5_XL_EE_BYOL_SAZ])

    said = unpriced_reason(book, workload("eu-west-1"), "rds", "byol", "multi-az")

    assert said == (
        "No RDS for Oracle EE BYOL Multi-AZ instance price is held for eu-west-1 (Single-AZ prices only), so this"
        " option is not priced there."
    )
    assert "snapshot" not in said and "refresh" not in said  # customers' words: what is held, not how we fill it


def test_a_region_the_book_does_not_hold_is_named_without_listing_the_book_s_other_regions() -> None:
    book = PriceBook([eu.RDS_M5_XL_EE_BYOL_SAZ])  # a book holds the Regions one recommendation reads, not all priced

    said = unpriced_reason(book, workload("eu-central-1"), "rds", "byol", "single-az")

    assert said == "No price is held for eu-central-1, so this option is not priced there."
    assert "eu-west-1" not in said


def test_nothing_in_either_deployment_adds_nothing_about_other_deployments() -> None:
    book = PriceBook([eu.RDS_M5_XL_EE_BYOL_SAZ])

    said = unpriced_reason(book, workload("eu-west-1"), "rds-custom", "byol", "multi-az")

    assert said.startswith("No RDS Custom for Oracle EE BYOL Multi-AZ instance price is held for")
    assert "Single-AZ" not in said


def test_an_se2_need_past_its_eight_vcpu_licence_cap_is_told_the_cap_not_a_catalog_shortfall() -> None:
    from advisor.engine.recommendation.recommender import recommend
    from tests.advisor.engine.recommendation.comparison_set import price_book

    load = parse_workload({"oracle": {"edition": "se2", "licence_model": "byol"},
                           "sizing": {"peak_cpu": 10, "average_cpu": 5}})  # fmt: skip
    options = {o.option: o for o in recommend(load, price_book()).options}
    for key in ("rds", "ec2"):
        said = options[key].unpriced_reason
        # 10 vCPUs at peak with the policy's headroom: a need of 12, past the 8 vCPUs SE2 may be licensed on
        assert said.startswith("Standard Edition 2 may be licensed on instances of at most 8 vCPUs, and the need is "
                               "12 vCPUs (Oracle, Licensing Oracle Software in the Cloud Computing Environment")  # fmt: skip
        assert said.endswith("Enterprise Edition, or a smaller need, would fit")
    assert "not se2" not in options["odb"].unpriced_reason
