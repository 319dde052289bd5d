"""The chosen storage in words, as the results page, the PDF and the recommendation JSON say it: what the gp3 price
includes and that more is charged, in one clause (a storage audit found no page said it). RDS for Oracle gp3: below
200 GiB a fixed 3,000 IOPS and 125 MiB/s; from 200 GiB 12,000 IOPS and 500 MiB/s included (Amazon RDS User Guide,
'Amazon RDS DB instance storage', 2023-06). EBS gp3: 3,000 IOPS and 125 MiB/s included a volume."""

from advisor.engine.recommendation.as_json import configuration_json
from advisor.engine.recommendation.recommender import recommend
from advisor.pages.candidate_words import storage_words
from tests.advisor.engine.test_topology import book, scenario

FROM_200 = "gp3 from 200 GiB includes 12,000 IOPS and 500 MiB/s; only what is provisioned above them is charged"
EBS = "gp3 includes 3,000 IOPS and 125 MiB/s; only what is provisioned above them is charged"


def chosen(workload):
    return {o.option: o.chosen for o in recommend(workload, book()).options if o.chosen is not None}


def small_se2(**sizing):
    workload = scenario("small-oltp-se2")
    availability = workload.availability.model_copy(update={"multi_az": not sizing})
    return workload.model_copy(update={"sizing": workload.sizing.model_copy(update=sizing),
                                       "availability": availability})  # fmt: skip


def test_the_small_se2_scenario_says_what_its_gp3_price_includes_on_rds_and_ec2():
    # 150 GiB grown 15 % a year for 3 years: 229 GiB, at RDS's gp3 baseline from 200 GiB
    found = chosen(small_se2())
    assert storage_words(found["rds"]) == (
        "gp3 229 GiB (12,000 IOPS and 500 MiB/s, included in the gp3 price; more would be charged)"
    )
    assert storage_words(found["ec2"]) == (
        "gp3 229 GiB (3,000 IOPS and 125 MiB/s, included in the gp3 price; more would be charged)"
    )
    assert configuration_json(found["rds"])["storage"]["included"] == FROM_200
    assert configuration_json(found["ec2"])["storage"]["included"] == EBS


def test_below_200_gib_rds_says_the_fixed_iops_though_the_layout_sets_none():
    # 50 GiB, no growth, single-AZ: the layout leaves IOPS unset (they cannot be provisioned), the words still say them
    rds = chosen(small_se2(db_size_gib=50, yearly_growth_pct=0))["rds"]
    assert rds.layout.volumes[0].iops is None
    assert (
        storage_words(rds) == "gp3 50 GiB (3,000 IOPS and 125 MiB/s, fixed below 200 GiB and included in the gp3 price)"
    )
    assert configuration_json(rds)["storage"]["included"] == (
        "gp3 below 200 GiB includes 3,000 IOPS and 125 MiB/s (fixed, nothing extra is charged)"
    )


def test_provisioned_above_the_baseline_says_what_is_included_and_that_the_rest_is_charged():
    # the packaged app: RDS gp3 provisioned to 14,400 IOPS; EC2 8 striped gp3 volumes at their baseline
    found = chosen(scenario("sysdba-one-off-patches"))
    rds = storage_words(found["rds"])
    assert rds.endswith("; the gp3 price includes 12,000 IOPS and 500 MiB/s, the rest is charged)")
    assert storage_words(found["ec2"]) == (
        "8 × gp3 200 GiB (3,000 IOPS and 125 MiB/s each, included in the gp3 price; more would be charged), "
        "striped by ASM"
    )


def test_striped_gp3_above_the_baseline_says_it_a_volume():
    ec2 = chosen(scenario("large-ee-warehouse"))["ec2"]
    words = storage_words(ec2)
    assert words.startswith(f"{len(ec2.layout.volumes)} × gp3 ") and words.endswith(", striped by ASM")
    assert "MiB/s each; the gp3 price includes 3,000 IOPS and 125 MiB/s a volume, the rest is charged)" in words


def test_io2_says_its_iops_and_nothing_about_an_included_baseline():
    found = chosen(scenario("latency-oltp-cross-region-dr"))
    assert any(c.layout.volumes[0].type == "io2" for c in found.values())
    for candidate in found.values():
        volume = candidate.layout.volumes[0]
        if volume.type == "io2":
            assert storage_words(candidate).startswith(f"io2 {volume.size_gib:,.0f} GiB ({volume.iops:,.0f} IOPS")
            assert "included" not in storage_words(candidate)
            assert configuration_json(candidate)["storage"]["included"] is None
