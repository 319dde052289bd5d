"""The workload contract: defaults, ranges, units and the cross-field rules, with readable errors."""

import json

import pytest

from advisor.engine.workload import (
    FeaturesSection,
    Workload,
    WorkloadInvalid,
    accepted_values,
    edition_constraints,
    parse_workload,
    parse_workload_json,
    regions,
    workload_json_schema,
)


def errors_of(data: object) -> dict[str, str]:
    with pytest.raises(WorkloadInvalid) as caught:
        parse_workload(data)
    return {e.path: e.message for e in caught.value.errors}


def test_the_defaults_are_a_valid_workload() -> None:
    workload = parse_workload({})
    assert workload == Workload()
    assert workload.environment.hours_per_month == 730


def test_a_workload_survives_a_json_round_trip() -> None:
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"}, "sizing": {"db_size_gib": 250}})
    again = parse_workload_json(json.dumps(workload.model_dump(mode="json")))
    assert again == workload
    assert again.sizing.db_size_gib == 250


def test_out_of_range_numbers_say_the_field_label_and_the_bound_in_plain_words() -> None:
    errors = errors_of({"environment": {"hours_per_month": 800}, "oracle": {"pdb_count": -1},
                        "io": {"redo_mib_s": 100_001, "peak_duration_minutes": 0}, "sizing": {"horizon_years": 11}})  # fmt: skip
    # the bound carries the field's unit, singular for 1
    assert errors["environment.hours_per_month"] == "Hours running per month must be 744 hours or less."
    assert errors["oracle.pdb_count"] == "Pluggable databases must be 0 PDBs or more."
    assert errors["io.redo_mib_s"] == "Redo generated, average must be 100,000 MiB/s or less."
    assert errors["io.peak_duration_minutes"] == "How long peaks last must be 1 minute or more."
    assert errors["sizing.horizon_years"] == "Planning horizon must be 10 years or less."


def test_every_kind_of_error_reads_as_a_sentence_about_the_field() -> None:
    errors = errors_of(
        {
            "io": {"peak_read_iops": -1, "peak_write_iops": "many", "peak_read_mib_s": "fast"},
            "sizing": {"peak_cpu": 0, "buffer_cache_hit_pct": 100},
            "features": {"rac": "maybe"},
            "oracle": {"character_set": "A"},
        }
    )
    assert errors == {
        "io.peak_read_iops": "Peak read IOPS must be 0 or more.",  # the label says IOPS: not said twice
        "io.peak_write_iops": "Peak write IOPS must be a whole number from 0 to 10,000,000 IOPS.",
        "io.peak_read_mib_s": "Peak read throughput must be a number from 0 to 1,000,000 MiB/s.",
        "sizing.peak_cpu": "Peak CPU used must be more than 0 vCPUs.",
        "sizing.buffer_cache_hit_pct": "Buffer cache hit ratio today must be less than 100 %.",  # "(optional)" dropped
        "features.rac": "Real Application Clusters (RAC) must be true or false.",
        "oracle.character_set": "Character set must be at least 2 characters long.",
    }
    assert not any("should" in message or "Input" in message for message in errors.values())


def test_unknown_choices_list_what_is_accepted() -> None:
    errors = errors_of({"oracle": {"edition": "xe"}, "io": {"db_block_size_kib": 12}})
    assert "one of 'ee' (Enterprise Edition (EE)), 'se2' (Standard Edition 2 (SE2))" in errors["oracle.edition"]
    assert "one of 2, 4, 8, 16, 32 KiB" in errors["io.db_block_size_kib"]


def test_unknown_keys_are_refused_rather_than_ignored() -> None:
    errors = errors_of({"oracle": {"editon": "ee"}, "colour": "blue"})
    assert set(errors) == {"oracle.editon", "colour"}
    assert "Unknown field" in errors["colour"]


def test_an_unknown_region_is_refused() -> None:
    errors = errors_of({"environment": {"region": "eu-atlantis-1"}, "availability": {"dr_region": "mars-1"}})
    assert "Unknown AWS region 'eu-atlantis-1'" in errors["environment.region"]  # our own sentence, kept
    assert (
        errors["availability.dr_region"]
        == "Unknown AWS region 'mars-1'. Accepted: an AWS region code such as us-east-1."
    )


def test_se2_with_rac_is_refused_and_says_why() -> None:
    errors = errors_of({"oracle": {"edition": "se2"}, "features": {"rac": True}})
    assert "Standard Edition 2 with 19c" in errors["features.rac"]


@pytest.mark.parametrize("feature", [item.feature for item in edition_constraints().enterprise_only_features])
def test_se2_cannot_ask_for_an_enterprise_only_feature(feature: str) -> None:
    errors = errors_of({"oracle": {"edition": "se2"}, "features": {feature: True}})
    assert "Enterprise Edition only" in errors[f"features.{feature}"]


def test_se2_can_use_the_features_every_edition_has() -> None:
    workload = parse_workload(
        {"oracle": {"edition": "se2"}, "features": {"spatial": True, "native_network_encryption": True, "apex": True}}
    )
    assert workload.features.spatial


def test_every_conflict_is_reported_at_once() -> None:
    errors = errors_of(
        {
            "oracle": {"edition": "se2", "version": "26ai", "pdb_count": 4},
            "sizing": {"peak_cpu": 2, "average_cpu": 3},
            "io": {"db_block_size_kib": 8, "multiblock_read_kib": 100},
        }
    )
    assert {"oracle.version", "oracle.pdb_count", "sizing.average_cpu", "io.multiblock_read_kib"} <= set(errors)
    assert "no Standard Edition 2 build of 26ai" in errors["oracle.version"]
    assert "Accepted with SE2: 1 to 3" in errors["oracle.pdb_count"]


@pytest.mark.parametrize(
    ("block", "multiblock", "valid"),
    [(8, 1024, True), (16, 1024, True), (8, 100, False), (32, 16, False), (4, 4, True)],
)
def test_the_multiblock_read_must_be_whole_blocks(block: int, multiblock: int, valid: bool) -> None:
    data = {"io": {"db_block_size_kib": block, "multiblock_read_kib": multiblock}}
    if valid:
        assert parse_workload(data).io.multiblock_read_kib == multiblock
    else:
        assert f"multiple of {block} KiB" in errors_of(data)["io.multiblock_read_kib"]


def test_the_multiblock_help_names_the_whole_block_rule_it_is_checked_by() -> None:
    """The help and the accepted text say what validation accepts, not just the field's 2 to 1,024 bounds."""
    field = workload_json_schema()["$defs"]["IOSection"]["properties"]["multiblock_read_kib"]
    assert "a multiple of the block size from one block up to 1,024 KiB" in field["help"]
    assert accepted_values("io.multiblock_read_kib") == "a multiple of the block size, from one block up to 1,024 KiB"
    for block in (2, 32):  # the rule's edges hold for the smallest and the largest block size
        assert parse_workload({"io": {"db_block_size_kib": block, "multiblock_read_kib": block}})
        assert parse_workload({"io": {"db_block_size_kib": block, "multiblock_read_kib": 1024}})
    assert "io.multiblock_read_kib" in errors_of({"io": {"db_block_size_kib": 32, "multiblock_read_kib": 16}})
    assert "io.multiblock_read_kib" in errors_of({"io": {"db_block_size_kib": 32, "multiblock_read_kib": 48}})


def test_21c_and_26ai_are_container_databases_only() -> None:
    errors = errors_of({"oracle": {"version": "21c", "architecture": "non-cdb", "pdb_count": 0}})
    assert "only the multitenant (CDB) architecture" in errors["oracle.architecture"]
    assert parse_workload({"oracle": {"version": "19c", "architecture": "non-cdb", "pdb_count": 0}})


def test_pdb_count_follows_the_architecture() -> None:
    assert "enter 0" in errors_of({"oracle": {"architecture": "non-cdb", "pdb_count": 2}})["oracle.pdb_count"]
    assert "1 or more" in errors_of({"oracle": {"architecture": "cdb", "pdb_count": 0}})["oracle.pdb_count"]


def test_sustained_io_cannot_exceed_the_peak() -> None:
    errors = errors_of({"io": {"peak_read_iops": 100, "sustained_read_iops": 200}})
    assert "cannot exceed the peak (100)" in errors["io.sustained_read_iops"]


def test_the_redo_rate_cannot_exceed_the_peak_write_throughput() -> None:
    # redo is written to the redo logs, so it is part of the writes: 31 MiB/s of redo within 30 MiB/s of writes is not
    errors = errors_of({"io": {"peak_write_mib_s": 30, "redo_mib_s": 31}})
    assert "cannot exceed the peak write throughput (30 MiB/s)" in errors["io.redo_mib_s"]
    assert "Accepted: 0 to 30 MiB/s" in errors["io.redo_mib_s"]
    assert parse_workload({"io": {"peak_write_mib_s": 30, "redo_mib_s": 30}}).io.redo_mib_s == 30


def test_a_days_changed_blocks_cannot_exceed_the_database() -> None:
    errors = errors_of({"sizing": {"db_size_gib": 100, "backup_daily_change_gib": 101}})
    assert "cannot exceed the database (100 GiB). Accepted: 0 to 100 GiB." in errors["sizing.backup_daily_change_gib"]
    assert parse_workload({"sizing": {"db_size_gib": 100, "backup_daily_change_gib": 5}}).sizing.backup_daily_change_gib


def test_every_golden_scenario_still_validates_with_the_redo_rule() -> None:
    from advisor.engine.scenarios import SCENARIO_DIR, load_scenario

    for path in sorted(SCENARIO_DIR.glob("*.json")):
        assert load_scenario(path).workload.io.redo_mib_s in (None, 4), path


def test_row_by_row_across_a_link_needs_an_onprem_connection() -> None:
    errors = errors_of({"environment": {"row_by_row_across_link": True}})
    assert "environment.row_by_row_across_link" in errors


def test_the_dr_region_must_differ_from_the_primary() -> None:
    errors = errors_of({"environment": {"region": "eu-west-1"}, "availability": {"dr_region": "eu-west-1"}})
    assert "must differ" in errors["availability.dr_region"]
    assert parse_workload({"availability": {"cross_region_dr": True, "dr_region": "eu-central-1"}})


def test_malformed_json_is_an_error_not_a_crash() -> None:
    with pytest.raises(WorkloadInvalid) as caught:
        parse_workload_json("{not json")
    assert caught.value.errors[0].path == "(file)"
    with pytest.raises(WorkloadInvalid):
        parse_workload_json("[1, 2]")


def test_every_number_in_the_schema_has_a_unit_and_every_field_a_why() -> None:
    schema = workload_json_schema()
    for name, definition in schema["$defs"].items():
        for field, spec in definition.get("properties", {}).items():
            assert spec.get("help"), f"{name}.{field} has no help text"
            if spec.get("type") in ("integer", "number"):
                assert spec.get("unit"), f"{name}.{field} has no unit"


def test_the_questionnaire_asks_for_every_feature_the_issue_lists() -> None:
    wanted = {
        "rac",
        "user_managed_data_guard",
        "active_data_guard",
        "far_sync",
        "asm",
        "database_vault",
        "oracle_jvm",
        "unified_auditing_pure",
        "sysdba_access",
        "host_access",
        "one_off_patches",
        "goldengate",
        "oem_agent",
        "oem_repository",
        "smart_flash_cache",
        "hugepages",
        "tde",
        "native_network_encryption",
        "spatial",
        "olap",
        "label_security",
        "apex",
        "oracle_text",
        "partitioning",
        "advanced_compression",
        "in_memory",
        "real_application_testing",
        "extproc",
        "utl_file_directories",
        "database_links",
        "s3_integration",
        "kerberos_ad",
        "statspack",
    }
    assert wanted <= set(FeaturesSection.model_fields)


def test_regions_come_from_the_catalog_with_their_source() -> None:
    eu_west_1 = regions()["eu-west-1"]
    assert eu_west_1.name == "Europe (Ireland)"
    assert "botocore" in eu_west_1.source


@pytest.mark.parametrize("blank", [{}, {"pdb_count": ""}, {"pdb_count": "  "}])
def test_a_non_cdb_left_without_a_pdb_count_has_none(blank: dict) -> None:
    workload = parse_workload({"oracle": {"architecture": "non-cdb", **blank}})
    assert workload.oracle.pdb_count == 0


def test_a_cdb_left_without_a_pdb_count_keeps_one_pdb() -> None:
    assert parse_workload({"oracle": {"architecture": "cdb"}}).oracle.pdb_count == 1


def test_true_or_false_where_a_figure_is_asked_is_refused_not_read_as_one_or_zero() -> None:
    errors = errors_of({"features": {"hcc_compressed_gib": True}, "sizing": {"peak_cpu": True},
                        "oracle": {"pdb_count": False}})  # fmt: skip
    assert errors["features.hcc_compressed_gib"] == "HCC segments, stored must be a number."
    assert errors["sizing.peak_cpu"].startswith("Peak CPU used must be a number")
    assert errors["oracle.pdb_count"].startswith("Pluggable databases must be a whole number")
    assert parse_workload({"features": {"rac": True}}).features.rac is True  # a yes/no field still takes them
    # a choice says what it takes
    choice = errors_of({"io": {"db_block_size_kib": True}, "oracle": {"edition": False}})
    assert choice["io.db_block_size_kib"] == "Block size (db_block_size): choose one of 2, 4, 8, 16, 32 KiB."
    assert choice["oracle.edition"] == (
        "Edition: choose one of 'ee' (Enterprise Edition (EE)), 'se2' (Standard Edition 2 (SE2))."
    )  # the value the API takes and the words the questionnaire shows


def test_a_blank_region_is_said_to_be_required_not_unknown() -> None:
    assert errors_of({"environment": {"region": ""}})["environment.region"].startswith("AWS region is required.")


def test_a_choice_refused_names_each_value_with_the_words_the_questionnaire_shows() -> None:
    message = errors_of({"sizing": {"cpu_metric": "cores"}})["sizing.cpu_metric"]
    assert message == ("CPU figures measured as: choose one of 'vcpus' (vCPUs busy (OS view)), 'db-cpu-per-second' "
                       "(DB CPU seconds per second (AWR)).")  # fmt: skip
