"""Oracle Database@AWS as one option of a recommendation: what the workload asks for that it does not build is said
and marked, so the ranking does not compare it with options that build it."""

from advisor.engine.odb.option import odb_recommendation
from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.sizing import Need
from advisor.engine.workload import parse_workload

NEED = Need(vcpus=16, memory_gib=256, storage_gib=5120, block_kib=8, scan_kib=1024, sustained_iops=0, peak_iops=0,
            peak_mib_s=0, peak_minutes=30)  # fmt: skip


def _option(**availability):
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"},
                               "features": {"active_data_guard": True}, "availability": availability,
                               "environment": {"region": "us-east-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    return odb_recommendation(workload, NEED, "Oracle Database@AWS", verdict)


def test_read_replicas_asked_for_are_not_built_and_said_to_be_missing():
    option = _option(read_replicas=2, multi_az=True)
    assert option.odb.local_standby is not None  # the Multi-AZ standby is built
    ((kind, words),) = option.odb.lacking
    assert kind == "replicas" and words.startswith("2 read replicas on Oracle Database@AWS: not built")
    assert words + "." in option.notes


def test_without_replicas_nothing_is_missing():
    option = _option(read_replicas=0, multi_az=True)
    assert option.odb.lacking == ()
    assert not any("read replica" in note for note in option.notes)


def test_rac_licences_owned_count_on_a_cluster_that_runs_rac_though_the_workload_does_not_ask_for_it():
    # 16 vCPUs = 8 OCPUs = 32 ECPUs, a multiple of 8 with at least 8 per VM on 2 VMs: 32 ECPUs / 8 per processor
    # licence = 4 licences for the one VM cluster (no standby), and RAC runs on a VM cluster of two or more VMs; 8 RAC licences owned
    # cover the 4 needed, so none is bought (the surplus is said, not counted)
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol", "processor_licences_owned": 4,
                                          "option_licences_owned": "rac=8"},
                               "availability": {"multi_az": False}, "environment": {"region": "us-east-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    option = odb_recommendation(workload, NEED, "Oracle Database@AWS", verdict)
    rac = next(p for p in option.odb.byol_licences.products if p.key == "rac")
    assert (rac.required, rac.owned, rac.to_buy) == (4, 4, 0)


def _adg(**availability):
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"}, "availability": availability,
                               "features": {"active_data_guard": True}, "environment": {"region": "us-east-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    option = odb_recommendation(workload, NEED, "Oracle Database@AWS", verdict)
    return option, {p.key: p for p in option.odb.byol_licences.products}


def test_a_readable_standby_asked_for_with_only_a_dr_copy_opens_the_dr_copy_and_licenses_it():
    # 32 ECPUs / 8 per licence = 4 per VM cluster; primary and the standby in us-west-2 open read-only: 2 x 4 = 8
    option, products = _adg(multi_az=False, cross_region_dr=True, dr_region="us-west-2")
    assert (products["ee"].required, products["active_data_guard"].required) == (8, 8)
    assert any("the standby in us-west-2 opens read-only" in reason for reason in option.odb.reasons)


def test_a_readable_standby_asked_for_with_no_standby_is_licensed_on_the_primary_and_said():
    option, products = _adg(multi_az=False)
    assert products["active_data_guard"].required == 4
    assert any("no standby is built to open read-only" in reason for reason in option.odb.reasons)


def test_read_replicas_oracle_database_at_aws_does_not_build_license_no_active_data_guard():
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"},
                               "availability": {"multi_az": False, "read_replicas": 1},
                               "environment": {"region": "us-east-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    option = odb_recommendation(workload, NEED, "Oracle Database@AWS", verdict)
    assert "active_data_guard" not in {p.key for p in option.odb.byol_licences.products}
    assert option.odb.lacking  # the replica is said not to be built


def test_an_option_with_no_list_price_is_listed_as_not_priced_and_the_other_licences_still_counted():
    # OLAP has no list price held: Oracle Database@AWS licenses it all the same, listed among what its total does not
    # price as on the other options, while Enterprise Edition's licences stay in the BYOL total (they were all dropped)
    from advisor.engine.recommendation.recommender import recommend
    from advisor.engine.scenarios import load_scenarios
    from tests.advisor.engine.recommendation.test_recommender import book

    base = next(s for s in load_scenarios() if "warehouse" in s.name.lower()).workload
    olap = base.model_copy(update={"features": base.features.model_copy(update={"olap": True})})

    def odb(workload):
        return next(o for o in recommend(workload, book()).options if o.option == "odb").odb

    without, with_olap = odb(base), odb(olap)
    assert with_olap.licences_in_total and with_olap.monthly_usd == without.monthly_usd
    licences = with_olap.byol_licences.licences_per_server * with_olap.byol_licences.servers
    (gap,) = [item for item in with_olap.not_priced if "OLAP" in item]
    assert gap.startswith("Oracle OLAP licences: no list price held (Oracle Technology Global Price List")
    assert f"the {licences} processor licences it needs here" in gap
