"""Option licences owned, per product or for every option, from one line of text."""

import pytest

from advisor.engine.licence_terms import parse_owned_options


def test_a_bare_number_owns_that_many_of_every_option():
    owned = parse_owned_options("8")
    assert owned.owned(("partitioning", "diagnostics_pack")) == {"partitioning": 8, "diagnostics_pack": 8}


def test_products_are_owned_one_by_one_and_override_the_number():
    owned = parse_owned_options("8, tuning_pack=0, partitioning = 16")
    assert owned.owned(("partitioning", "tuning_pack", "diagnostics_pack")) == {
        "partitioning": 16,
        "tuning_pack": 0,
        "diagnostics_pack": 8,
    }


def test_empty_owns_nothing():
    assert parse_owned_options("").owned(("partitioning",)) == {"partitioning": 0}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("partitionning=8", "'partitionning' is not an Oracle option in the price list"),
        ("eight", "is not a count or product=count"),
        ("partitioning=-1", "is not a count or product=count"),
        ("²", "is not a count or product=count"),
        ("999999", "999,999 licences; accepted: 0 to 100,000 a product"),
    ],
)
def test_anything_else_is_refused_saying_what_is_accepted(text, says):
    with pytest.raises(ValueError, match=says):
        parse_owned_options(text)
