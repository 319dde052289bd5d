"""Oracle's Processor Core Factor Table as data: each family sourced and dated, found from a CPU model's name."""

from decimal import Decimal

from pricing.engine.licences.core_factors import core_factor_table


def test_every_family_names_its_source_and_date() -> None:
    table = core_factor_table()
    assert table.families
    for family in table.families:
        assert "Core Factor Table" in family.source or "core-factor table" in family.source, family.key
        assert family.as_of[:4].isdigit()


def test_intel_xeon_and_amd_count_half_a_licence_per_core_and_ibm_power_a_whole_one() -> None:
    table = core_factor_table()
    assert table.family_of_model("Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz").factor == Decimal("0.5")  # type: ignore[union-attr]
    assert table.family_of_model("AMD EPYC 7R13").key == "amd"  # type: ignore[union-attr]
    assert table.family_of_model("IBM POWER9").factor == Decimal("1.0")  # type: ignore[union-attr]


def test_a_processor_no_entry_names_has_no_factor() -> None:
    assert core_factor_table().family_of_model("Ampere Altra Q80-30") is None
