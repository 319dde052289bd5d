"""The reference data behind the engine: every fact sourced and dated, and internally consistent."""

from decimal import Decimal

from pricing.engine.calculator import HOURS_PER_MONTH, aws_rules
from pricing.engine.licences.cost import licence_price_list


def test_stated_support_is_22_percent_of_list():
    prices = licence_price_list()
    stated = [p for p in prices.products if p.support_usd_per_year is not None]
    assert {p.key for p in stated} == {
        "ee",
        "se2",
        "rac",
        "active_data_guard",
        "multitenant",
        "partitioning",
        "advanced_security",
        "in_memory",
    }
    for product in stated:
        assert product.support_usd_per_year == product.licence_usd * prices.support_rate.value, product.key


def test_uncaptured_prices_stay_unpriced():
    prices = licence_price_list()
    assert {p.key for p in prices.products if p.licence_usd is None} == {
        "real_application_testing",
        "olap",
        "goldengate",
    }


def test_every_rule_is_sourced_and_dated():
    rules = aws_rules()
    entries = [
        rules.hours_per_month,
        *rules.licence_models,
        *rules.deployments,
        *rules.rds_oracle_storage,
        *rules.rds_custom_oracle_storage,
        rules.rds_additional_volumes,
        *rules.ebs_volumes,
        rules.ebs_io2_iops_tiers,
        rules.rds_free_tier,
    ]
    prices = licence_price_list()
    entries += [
        *prices.products,
        prices.processor_rule,
        prices.socket_rule,
        prices.standby_rule,
        prices.multitenant_rule,
    ]
    for entry in entries:
        assert len(entry.source) > 20 and entry.as_of[:2] in ("20",), entry


def test_730_hours_a_month():
    assert HOURS_PER_MONTH == Decimal(730)


def test_oracle_gp3_threshold_is_200_gib():
    gp3 = next(r for r in aws_rules().rds_oracle_storage if r.type == "gp3")
    assert (gp3.below_gib, gp3.iops.included, gp3.throughput.included) == (200, 12000, 500)


def test_every_price_equivalence_names_its_source_with_an_address_and_a_date():
    from pricing.engine.prices.equivalence import equivalences

    rows = equivalences().rows
    assert [(r.service, r.volume_type, r.priced_as) for r in rows] == [("AmazonRDS", "io2", "io1")]
    for rule in rows:
        assert "https://aws.amazon.com/blogs/database/" in rule.source and rule.as_of == "2024-03"


def test_database_savings_plans_coverage_is_read_from_the_offer_file_and_dated():
    from pricing.engine.commitments.database_savings_plans import database_savings_plans

    data = database_savings_plans()
    cover = data.coverage
    assert (cover.platform, cover.licence_models, cover.families) == ("rds", ("byol",), ("db.r7i", "db.r8i", "db.m8i"))
    assert cover.commitments == ("savings-plan-database-1yr-no-upfront",)
    assert "AWSDatabaseSavingsPlans" in cover.source and cover.as_of == data.multi_az.as_of == "2026-04-22"
