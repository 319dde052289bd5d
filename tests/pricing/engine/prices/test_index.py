"""A reserved term of AWS's own split is read whole or refused: a Partial or All Upfront term whose hourly row is held
without its upfront fee (unit ``Quantity``) row cannot be priced, and the refusal says which row is missing."""

from __future__ import annotations

import pytest

from pricing.engine.calculator import EstimateInvalid, estimate
from pricing.engine.prices.book import PriceBook
from pricing.engine.prices.terms import TermIncomplete
from tests.pricing.engine.commitments.test_comparison import RDS, rds_reserved_row
from tests.pricing.engine.eu_west_1_rows import ALL

LOOKUP = {
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
}


@pytest.mark.parametrize("option", ["Partial Upfront", "All Upfront"])
def test_an_upfront_term_without_its_quantity_row_is_refused_each_time_it_is_asked(option: str) -> None:
    commitment = f"reserved-3yr-{option.lower().replace(' ', '-')}"
    book = PriceBook([*ALL, rds_reserved_row(option, "Hrs", "0.10", "X.HRS")])

    for _ in range(2):  # the second answer is the kept refusal, raised again as the same kind
        with pytest.raises(TermIncomplete) as refused:
            book.rds_instance(**LOOKUP, commitment=commitment)
        assert refused.value.field == "commitment"
        assert f"{commitment} for " in refused.value.message
        assert "the prices held give its hourly fee (SKU X.HRS) but not that upfront fee" in (refused.value.message)


def test_a_no_upfront_term_needs_no_quantity_row() -> None:
    book = PriceBook([*ALL, rds_reserved_row("No Upfront", "Hrs", "0.20", "X.NU.HRS", lease="1yr")])

    price = book.rds_instance(**LOOKUP, commitment="reserved-1yr-no-upfront")

    assert price.upfront is None and price.hourly.sku == "X.NU.HRS"


def test_a_bill_under_such_a_term_is_refused_on_its_commitment_field() -> None:
    book = PriceBook([*ALL, rds_reserved_row("All Upfront", "Hrs", "0", "X.AU.HRS")])

    with pytest.raises(EstimateInvalid) as refused:
        estimate({**RDS, "commitment": "reserved-3yr-all-upfront"}, book)

    (problem,) = refused.value.problems
    assert problem.field == "commitment" and "but not that upfront fee" in problem.message


def test_the_commitments_offered_leave_out_a_term_held_without_its_upfront_fee_row() -> None:
    rows = [
        rds_reserved_row("All Upfront", "Hrs", "0", "X.AU.HRS"),
        rds_reserved_row("No Upfront", "Hrs", "0.2", "X.NU", lease="1yr"),
    ]
    book = PriceBook([*ALL, *rows])

    offered = book.instance_commitments(platform="rds", **LOOKUP)

    assert offered == ("on-demand", "reserved-1yr-no-upfront")  # not reserved-3yr-all-upfront, which cannot be priced
