"""A Multi-AZ standby on Oracle Database@AWS needs a second Availability Zone where the service runs. AWS's Oracle
Database@AWS User Guide, "How Oracle Database@AWS works" (read 2026-11-29), lists one zone for Canada (Central),
cac1-az4, and one for Asia Pacific (Sydney), apse2-az4; Oracle's Regional Availability page (undated copy) gives
Sydney's as apse2-az2. There the standby cannot be built: it is neither built nor priced, the option says so and
marks the standby as not built (what the ranking reads), and only a cross-Region standby the workload asked for
stands in its place.

Money worked by hand from Oracle's list of 2026-01-05 (as in test_odb): 16 vCPUs = 32 ECPUs on 2 VMs, the minimum
X11M infrastructure of 2 database + 3 storage servers at $2.9032 an hour for 730 hours (4,238.67 + 6,358.01) and
32 x 0.0807 x 730 = 1,885.15 of ECPUs: 12,481.83 a VM cluster; 4 Enterprise Edition licences (5,277.78 + 3,483.33)
and 4 of RAC (2,555.56 + 1,686.67) each: 25,485.17 for one, 50,970.33 for two.
"""

from decimal import Decimal

from advisor.engine.odb.exadata import recommend_odb
from advisor.engine.odb.option import odb_recommendation
from advisor.engine.odb.words import odb_words
from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.sizing import Need
from advisor.engine.workload import parse_workload
from pricing.engine.odb_prices import odb_regions, odb_shapes

NEED = Need(vcpus=16, memory_gib=256, storage_gib=5120, block_kib=8, scan_kib=1024, sustained_iops=0, peak_iops=0,
            peak_mib_s=0, peak_minutes=30)  # fmt: skip


def odb(**change):
    need = dict(vcpus_needed=16, memory_gib_needed=256, storage_gib_needed=5120, edition="ee", licence_model="byol",
                region="ca-central-1", cross_region_dr=False, dr_region=None, hours_per_month=Decimal(730),
                multi_az=True)  # fmt: skip
    return recommend_odb(**(need | change))


def test_aws_lists_one_zone_in_canada_central_and_sydney_and_two_elsewhere():
    zones = odb_shapes().availability_zones
    assert zones.of("ca-central-1") == ("cac1-az4",) and zones.of("ap-southeast-2") == ("apse2-az4",)
    assert zones.of("us-east-1") == ("use1-az4", "use1-az6") and zones.of("eu-west-1") is None
    assert zones.document == "AWS, Oracle Database@AWS User Guide, How Oracle Database@AWS works"
    assert {region for region in odb_regions().codes() if zones.of(region) is None} == set()
    # Oracle's list differs on Sydney's zone, and both give one: the difference is said with the data
    assert odb_regions().get("ap-southeast-2").az_ids == ("apse2-az2",)
    assert "apse2-az2" in zones.note and "apse2-az4" in zones.note


def test_multi_az_in_canada_central_builds_and_prices_no_standby_and_says_the_need_is_not_met():
    result = odb()
    assert result.local_standby is None and result.standby is None
    assert not any(line.copy == "standby" for line in result.lines)
    assert result.total_byol_usd == Decimal("25485.17")  # one VM cluster, not the 50,970.33 of two
    assert result.byol_processor_licences == 4
    ((kind, words),) = result.lacking
    assert kind == "standby"
    assert words.startswith("Multi-AZ on Oracle Database@AWS: not built; in Canada (Central) the service can be used "
                            "in one Availability Zone (cac1-az4; AWS, Oracle Database@AWS User Guide, How Oracle "
                            "Database@AWS works, as of 2026-11-29)")  # fmt: skip
    assert words.endswith("the availability asked for is not met")
    assert "another Region" not in words and "cross-Region" not in words  # no topology the workload did not ask for
    assert "second AZ" not in odb_words(result)


def test_sydney_has_one_zone_too():
    result = odb(region="ap-southeast-2")
    assert result.local_standby is None and "(apse2-az4;" in result.lacking[0][1]


def test_a_region_with_two_zones_still_builds_the_standby_in_the_second():
    result = odb(region="us-east-1")
    assert result.local_standby == result.infrastructure and result.lacking == ()
    assert result.total_byol_usd == Decimal("50970.33")
    assert "a Data Guard standby of the same size in a second AZ" in odb_words(result)


def test_the_cross_region_standby_asked_for_is_built_and_said_to_stand_in_for_the_one_not_built():
    result = odb(cross_region_dr=True, dr_region="us-east-1")
    assert result.local_standby is None and result.standby.region == "us-east-1"
    assert result.total_byol_usd == Decimal("50970.33")  # the primary and the DR copy
    words = result.lacking[0][1]
    assert "the cross-Region standby in us-east-1 asked for is built and priced" in words


def test_a_readable_standby_asked_for_in_a_one_zone_region_points_to_a_dr_copy_not_a_second_zone():
    result = odb(options_byol=("active_data_guard",))
    (words,) = [r for r in result.reasons if r.startswith("Active Data Guard is asked for")]
    assert words.endswith("ask for a DR copy in another Region.") and "second Availability Zone" not in words


def test_the_option_keeps_both_the_standby_and_the_replicas_it_does_not_build():
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"},
                               "availability": {"multi_az": True, "read_replicas": 1},
                               "environment": {"region": "ca-central-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    option = odb_recommendation(workload, NEED, "Oracle Database@AWS", verdict)
    assert [kind for kind, _ in option.odb.lacking] == ["standby", "replicas"]
    assert any(note.startswith("Multi-AZ on Oracle Database@AWS: not built") for note in option.notes)


def test_the_verdict_warns_of_no_multi_az_standby_in_a_one_zone_region_and_says_no_second_exadata_cost_there():
    one_zone = {r for r in odb_regions().codes() if len(odb_shapes().availability_zones.of(r) or ()) == 1}
    assert one_zone == {"ca-central-1", "ap-southeast-2"}
    for region in sorted(one_zone):
        workload = parse_workload({"environment": {"region": region}, "availability": {"multi_az": True}})
        (verdict,) = [v for v in evaluate_rules(workload) if v.option == "odb"]
        said = {f.rule_id: f.severity for f in verdict.findings}
        assert said.get("odb-one-zone-region") == "warning" and "odb-single-az-exadata" not in said
    # two zones: the second Exadata is the cost of Multi-AZ, and nothing warns
    workload = parse_workload({"environment": {"region": "us-east-1"}, "availability": {"multi_az": True}})
    (verdict,) = [v for v in evaluate_rules(workload) if v.option == "odb"]
    said = {f.rule_id: f.severity for f in verdict.findings}
    assert said.get("odb-single-az-exadata") == "cost" and "odb-one-zone-region" not in said
