"""Licences counted by the caller's own rule (Exadata's ECPUs per licence) are priced exactly like vCPU-counted ones:
list price less the discount, owned licences sunk but supported, 22 % a year of support, purchase over the term.

Enterprise Edition lists at $47,500 a processor and Partitioning at $11,500 (the price list held)."""

from decimal import Decimal

import pytest

from pricing.engine.licences.cost import LicenceConfig, LicenceInvalid, estimate_counted_licences


def test_three_licences_on_each_of_two_servers_with_a_discount_and_two_owned():
    config = LicenceConfig(servers=2, discount_pct=Decimal(10), owned_processor_licences=2, options=("partitioning",))
    estimate = estimate_counted_licences(config, edition="ee", platform="odb", licences_per_server=3,
                                         rule_text="12 ECPUs / 4 per licence = 3", compute=12)  # fmt: skip
    ee, partitioning = estimate.products
    assert (ee.required, ee.owned, ee.to_buy) == (6, 2, 4)
    # EE net 47,500 x 0.9 = 42,750: buy 4 x 42,750 / 36 = 4,750.00; support 6 x 42,750 x 0.22 / 12 = 4,702.50
    # Partitioning net 11,500 x 0.9 = 10,350: buy 6 x 10,350 / 36 = 1,725.00; support 6 x 10,350 x 0.22 / 12 = 1,138.50
    assert [line.monthly_usd for line in estimate.lines] == [Decimal("4750.00"), Decimal("4702.50"),
                                                             Decimal("1725.00"), Decimal("1138.50")]  # fmt: skip
    assert estimate.monthly_usd == Decimal("12316.00")
    assert estimate.notes[0] == "12 ECPUs / 4 per licence = 3"


def test_bad_terms_are_refused_naming_the_field():
    with pytest.raises(LicenceInvalid) as refused:
        estimate_counted_licences(LicenceConfig(discount_pct=Decimal(120)), edition="ee", platform="odb",
                                  licences_per_server=1, rule_text="", compute=4)  # fmt: skip
    assert refused.value.problems[0].field == "licences.discount_pct"
