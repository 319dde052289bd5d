"""Licence estimates are answered once per shape: the same estimate (or the same problems) every time, kept apart by
every input that changes the bill, and priced afresh when a config cannot be kept."""

from decimal import Decimal

import pytest

from pricing.engine.licences.cost import LicenceConfig, LicenceInvalid, estimate_licences, licence_price_list

EC2_16 = dict(edition="ee", platform="ec2", licence_model="byol", deployment="single-az", instance_class="r5.4xlarge",
              vcpus=16)  # fmt: skip


def test_the_same_shape_gives_the_same_estimate_once_priced():
    first = estimate_licences(LicenceConfig(), **EC2_16)
    assert estimate_licences(LicenceConfig(), **EC2_16) is first
    assert first.instance_vcpus == 16 and first.monthly_usd > 0


def test_every_input_that_changes_the_bill_keeps_its_own_estimate():
    eight = estimate_licences(LicenceConfig(), **{**EC2_16, "vcpus": 8, "instance_class": "r5.2xlarge"})
    sixteen = estimate_licences(LicenceConfig(), **EC2_16)
    discounted = estimate_licences(LicenceConfig(discount_pct=Decimal("50")), **EC2_16)
    assert (eight.instance_vcpus, sixteen.instance_vcpus) == (8, 16)
    assert abs(eight.monthly_usd * 2 - sixteen.monthly_usd) <= Decimal("0.02")  # each line rounded to cents
    assert discounted.monthly_usd < sixteen.monthly_usd


def test_a_config_refused_once_is_refused_again_with_the_same_problems():
    config = LicenceConfig(options=("no-such-option",))
    with pytest.raises(LicenceInvalid) as first:
        estimate_licences(config, **EC2_16)
    with pytest.raises(LicenceInvalid) as again:
        estimate_licences(config, **EC2_16)
    assert again.value is not first.value and again.value.problems == first.value.problems
    assert any(p.field.startswith("licences.options") for p in again.value.problems)


def test_owned_licences_given_per_product_are_priced_each_time_and_alike():
    config = LicenceConfig(owned_processor_licences={"ee": 4})
    first = estimate_licences(config, **EC2_16)
    again = estimate_licences(config, **EC2_16)
    assert again is not first and again == first


def test_another_price_list_is_not_answered_from_the_first_ones_estimate():
    prices = licence_price_list()
    dearer = prices.model_copy(
        update={"support_rate": prices.support_rate.model_copy(update={"value": Decimal("0.5")})}
    )
    usual = estimate_licences(LicenceConfig(), **EC2_16, prices=prices)
    assert estimate_licences(LicenceConfig(), **EC2_16, prices=dearer).monthly_usd > usual.monthly_usd
