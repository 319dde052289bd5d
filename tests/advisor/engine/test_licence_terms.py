"""Option licences owned, per product or for every option, from one line of text."""

import pytest

from advisor.engine.licence_terms import parse_owned_options, with_owned
from pricing.engine.licences.contract import LicenceConfig


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


# Owned option licences count for every product a deployment licenses, including those licensing adds on its own:
# Multitenant once the PDBs exceed the 3 user-created PDBs Oracle 19c allows without it (Oracle Database Licensing
# Information User Manual, 19c), an option's prerequisite, RAC on a VM cluster of two or more VMs.


def test_multitenant_owned_counts_where_the_pdbs_license_it():
    config = LicenceConfig(options=(), pdbs=5, db_version="19c", owned_processor_licences=12)
    owned = with_owned(config, "ee", parse_owned_options("multitenant=12"))
    assert owned.owned_processor_licences == {"ee": 12, "multitenant": 12}


def test_multitenant_owned_is_not_counted_where_the_pdbs_do_not_license_it():
    config = LicenceConfig(options=(), pdbs=2, db_version="19c", owned_processor_licences=12)
    owned = with_owned(config, "ee", parse_owned_options("multitenant=12"))
    assert owned.owned_processor_licences == 12  # the edition's alone: nothing else is licensed


def test_a_number_owns_every_product_licensed_including_a_prerequisite_and_rac_added_by_the_caller():
    config = LicenceConfig(options=("tuning_pack", "rac"), owned_processor_licences=4)
    owned = with_owned(config, "ee", parse_owned_options("8, rac=2"))
    assert owned.owned_processor_licences == {"ee": 4, "tuning_pack": 8, "rac": 2, "diagnostics_pack": 8}
