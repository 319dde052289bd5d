"""The Exadata features a workload relies on: Smart Scan, Smart Flash Cache and HCC with its sizes."""

import pytest

from advisor.engine.facts import fact_registry, fact_values
from advisor.engine.workload import FeaturesSection, WorkloadInvalid, parse_workload

HCC = {"hybrid_columnar_compression": True}


def errors_of(features: dict) -> dict[str, str]:
    with pytest.raises(WorkloadInvalid) as caught:
        parse_workload({"features": features})
    return {e.path: e.message for e in caught.value.errors}


def test_a_workload_relies_on_no_exadata_feature_unless_told() -> None:
    features = FeaturesSection()
    assert (features.exadata_smart_scan, features.exadata_flash_cache, features.hybrid_columnar_compression) == (
        False,
        False,
        False,
    )
    assert features.hcc_compressed_gib is None and features.hcc_uncompressed_gib is None


def test_hcc_sizes_are_in_gib_and_explained() -> None:
    for name in ("hcc_compressed_gib", "hcc_uncompressed_gib"):
        extra = FeaturesSection.model_fields[name].json_schema_extra
        assert extra["unit"] == "GiB", name  # type: ignore[index]
        assert "GET_COMPRESSION_RATIO" in extra["help"] or "DBA_SEGMENTS" in extra["help"], name  # type: ignore[index]


@pytest.mark.parametrize("size", [0, -5, 1_048_577])
def test_hcc_sizes_out_of_range_name_the_field(size: float) -> None:
    assert "features.hcc_compressed_gib" in errors_of({**HCC, "hcc_compressed_gib": size})


def test_hcc_sizes_without_hcc_ticked_are_refused() -> None:
    errors = errors_of({"hcc_compressed_gib": 100, "hcc_uncompressed_gib": 400})
    assert "Hybrid Columnar Compression ticked" in errors["features.hcc_compressed_gib"]
    assert "Hybrid Columnar Compression ticked" in errors["features.hcc_uncompressed_gib"]


def test_decompressed_segments_cannot_be_smaller_than_stored() -> None:
    errors = errors_of({**HCC, "hcc_compressed_gib": 100, "hcc_uncompressed_gib": 99})
    assert errors == {"features.hcc_uncompressed_gib": errors["features.hcc_uncompressed_gib"]}
    assert "100 GiB" in errors["features.hcc_uncompressed_gib"]


def test_the_growth_fact_is_the_decompressed_size_less_the_stored_one() -> None:
    fact = fact_registry()["derived.hcc_growth_gib"]
    assert (fact.type, fact.unit) == ("float", "GiB")
    # 400 GiB decompressed - 100 GiB stored = 300 GiB more
    both = parse_workload({"features": {**HCC, "hcc_compressed_gib": 100, "hcc_uncompressed_gib": 400}})
    assert fact_values(both)["derived.hcc_growth_gib"] == 300
    # only the stored size: the growth is unknown, not zero
    stored_only = parse_workload({"features": {**HCC, "hcc_compressed_gib": 100}})
    assert fact_values(stored_only)["derived.hcc_growth_gib"] is None


def test_every_exadata_field_is_a_fact_rules_may_test() -> None:
    registry = fact_registry()
    for name in (
        "exadata_smart_scan",
        "exadata_flash_cache",
        "hybrid_columnar_compression",
        "hcc_compressed_gib",
        "hcc_uncompressed_gib",
    ):
        assert f"features.{name}" in registry, name
    assert registry["features.exadata_smart_scan"].type == "bool"
    assert registry["features.hcc_uncompressed_gib"].type == "float"
