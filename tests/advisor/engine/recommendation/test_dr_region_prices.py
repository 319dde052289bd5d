"""A DR copy in another Region: the class chosen must be offered there, and a class the DR Region holds no price for
(its copy priced at the primary Region's price, a guess) is compared after the classes priced in both Regions, never
chosen over them for being cheaper on that guess."""

from __future__ import annotations

from decimal import Decimal

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.workload import Workload, parse_workload
from pricing.catalog.availability import offered
from tests.advisor.engine.recommendation.comparison_set import price_book


def ee_with_dr_to(dr_region: str) -> Workload:
    """EE BYOL in us-east-1 with the Diagnostics Pack, 12 vCPUs at peak, 64 GiB of SGA and PGA, 500 GiB, its DR copy in
    ``dr_region``."""
    return parse_workload({
        "schema_version": 1,
        "oracle": {"edition": "ee", "version": "19c", "architecture": "cdb", "pdb_count": 1, "licence_model": "byol",
                   "processor_licences_owned": 0},
        "features": {"diagnostics_pack": True},
        "availability": {"target_availability_pct": 99.95, "rpo_minutes": 5, "rto_minutes": 30, "multi_az": False,
                         "cross_region_dr": True, "dr_region": dr_region, "read_replicas": 0},
        "sizing": {"cpu_metric": "vcpus", "peak_cpu": 12, "average_cpu": 6, "sga_gib": 48, "pga_gib": 16,
                   "db_size_gib": 500, "yearly_growth_pct": 10, "horizon_years": 3, "backup_retention_days": 7,
                   "backup_daily_change_gib": 10},
        "io": {"peak_read_iops": 6000, "peak_write_iops": 2000, "sustained_read_iops": 3000,
               "sustained_write_iops": 1000, "peak_read_mib_s": 150, "peak_write_mib_s": 50, "db_block_size_kib": 8,
               "multiblock_read_kib": 1024, "peak_duration_minutes": 60, "full_scans_drive_peaks": False,
               "latency_sensitivity": "moderate", "redo_mib_s": 2},
        "environment": {"region": "us-east-1", "hours_per_month": 730, "onprem_connections": False,
                        "dba_depth": "balanced", "current_platform": "on-premises"},
    })  # fmt: skip


def option(workload: Workload, name: str):  # type: ignore[no-untyped-def]
    return next(o for o in recommend(workload, price_book()).options if o.option == name)


def dr_instance_line(candidate):  # type: ignore[no-untyped-def]
    member = next(m for m in candidate.topology.members if m.plan.role == "dr-standby")
    return next(line for line in member.lines if line.component == "compute")


def test_an_ec2_class_not_offered_in_the_dr_region_is_not_chosen():
    # cfn-lint's list from the AWS Price List (2026-10-20) has no r6id.4xlarge in sa-east-1: a standby there could not
    # be launched, whatever price the primary's Region gives it
    ec2 = option(ee_with_dr_to("sa-east-1"), "ec2")
    answer = offered(ec2.chosen.instance_class, platform="ec2", region="sa-east-1", edition="ee", licence_model="byol")
    assert answer is None or answer.offered, answer
    line = dr_instance_line(ec2.chosen)
    assert not line.estimated and line.unit_price_usd > Decimal("1.2")  # sa-east-1's own price, dearer than Virginia


def test_an_rds_class_priced_only_at_home_is_compared_after_those_priced_in_the_dr_region():
    # The held sa-east-1 RDS rows (2021) price db.r5.4xlarge but not db.r5b.4xlarge: r5b's replica would stand in at
    # us-east-1's $2.205 an hour where the r5's real sa-east-1 price is $3.888, so r5b looked cheaper on a guess.
    rds = option(ee_with_dr_to("sa-east-1"), "rds")
    chosen = rds.chosen
    assert not chosen.stands_in and not dr_instance_line(chosen).estimated
    guessed = [a for a in rds.alternatives if a.stands_in]
    assert guessed, [a.instance_class for a in rds.alternatives]
    assert any("compared after the classes priced in every Region" in r for r in guessed[0].reasons)
    assert dr_instance_line(guessed[0]).estimated
    priced = [a for a in rds.alternatives if not a.stands_in]
    assert rds.alternatives[: len(priced)] == tuple(priced)  # those priced in both Regions come first


def test_a_dr_region_with_no_prices_at_all_prices_every_class_alike_and_ranks_as_the_primary_does():
    # eu-central-2 holds no RDS for Oracle row: every class's replica stands in alike, so none is put back for it
    rds = option(ee_with_dr_to("eu-central-2"), "rds")
    assert dr_instance_line(rds.chosen).estimated
    assert not rds.chosen.stands_in and not any(a.stands_in for a in rds.alternatives)
