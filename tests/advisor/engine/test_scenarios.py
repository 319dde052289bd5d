from advisor.engine.scenarios import load_scenarios


def test_every_golden_scenario_is_a_valid_workload_with_a_unique_name() -> None:
    scenarios = load_scenarios()
    names = [s.name for s in scenarios]
    assert len(scenarios) == 5
    assert len(set(names)) == len(names)


def test_the_scenarios_cover_the_cases_the_recommender_must_handle() -> None:
    by_name = {s.name: s.workload for s in load_scenarios()}
    assert by_name["Small OLTP on SE2"].oracle.edition.value == "se2"
    assert by_name["Large EE data warehouse"].io.full_scans_drive_peaks
    assert by_name["RAC-dependent billing system"].features.rac
    sysdba = by_name["Packaged app needing SYSDBA and one-off patches"].features
    assert sysdba.sysdba_access and sysdba.one_off_patches
    latency = by_name["Latency-sensitive OLTP with cross-region DR"]
    assert latency.availability.cross_region_dr and latency.io.latency_sensitivity.value == "high"
