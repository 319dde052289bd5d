"""The topology each option deploys, priced as built: standbys, DR copies, read replicas, redo, licences once.

Totals are worked out by hand from the price rows (eu-west-1 offer files of 2023-02-23; eu-central-1 EC2 hours from
ec2instances.info 2024-04-04) and Oracle's price list in pricing/engine/data/oracle_licences.json (EE 47,500,
Diagnostics Pack 7,500, Active Data Guard 11,500, Advanced Security 15,000 per processor; support 22 % a year;
purchases amortised over 36 months)."""

from decimal import Decimal
from functools import cache
from pathlib import Path

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.sizing import SizingPolicy
from advisor.engine.topology import plan_topology
from advisor.engine.workload import parse_workload
from pricing.engine.prices.book import PriceBook
from pricing.engine.rows import PriceRow
from pricing.offers.files import read_offer_file

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "prices"
C = Decimal("0.01")


@cache
def book() -> PriceBook:
    rows = [row for name in ("AmazonRDS.json", "AmazonEC2.json")
            for row in read_offer_file(FIXTURES / "eu-west-1" / name, region="eu-west-1")]  # fmt: skip
    with (FIXTURES / "ec2-linux-oz.jsonl").open() as lines:
        rows += [PriceRow.model_validate_json(line) for line in lines if '"region":"eu-central-1"' in line]
    return PriceBook(rows)


def scenario(stem):
    workload = load_scenario(SCENARIO_DIR / f"{stem}.json").workload
    return workload.model_copy(update={"environment": workload.environment.model_copy(update={"region": "eu-west-1"})})


def options(workload, policy=None):
    return {o.option: o for o in recommend(workload, book(), policy=policy).options}


def cents(x) -> Decimal:
    return Decimal(x).quantize(C)


def test_an_ec2_data_guard_standby_licenses_two_servers_not_three():
    # sysdba-one-off-patches: EE BYOL, Multi-AZ, 4 processor licences owned, Diagnostics Pack.
    # r4.4xlarge with Optimize CPUs 5 cores = 10 vCPUs = 5 processor licences a server; primary + standby = 10.
    ec2 = options(scenario("sysdba-one-off-patches"))["ec2"].chosen
    assert [m.plan.role for m in ec2.topology.members] == ["primary", "local-standby"]
    licence = ec2.topology.licence
    assert licence.servers == 2 and licence.licences_per_server == 5
    assert {p.key: p.required for p in licence.products} == {"ee": 10, "diagnostics_pack": 10}
    # per server: r4.4xlarge 1.1856/h x 730 = 865.49; 8 gp3 volumes of 200 GiB at 0.088 = 8 x 17.60
    per_server = cents(Decimal("1.1856") * 730) + 8 * cents(200 * Decimal("0.088"))
    # EE: buy 10 - 4 owned = 6: 6 x 47,500 / 36; support on all 10: 10 x 47,500 x 0.22 / 12
    ee = cents(6 * Decimal(47500) / 36) + cents(10 * Decimal(47500) * Decimal("0.22") / 12)
    diagnostics = cents(10 * Decimal(7500) / 36) + cents(10 * Decimal(7500) * Decimal("0.22") / 12)
    # the primary's EBS snapshots, 14-day retention: the first full copy of the 1,200 GiB database at the eu-west-1
    # snapshot row's 0.05 USD per GB-month = 60.00 (a lower bound: no daily change is given)
    snapshots = cents(1200 * Decimal("0.05"))
    assert ec2.total_monthly_usd == 2 * per_server + ee + diagnostics + snapshots == Decimal("22155.91")
    # no redo rate in this scenario: the Data Guard traffic to the standby in the second AZ is listed, not invented
    assert ec2.topology.partial and not ec2.topology.transfer
    assert any(u.startswith("Redo rate not given: the Data Guard traffic") for u in ec2.topology.needs_input)


def test_cross_region_dr_is_an_instance_in_the_dr_region_with_the_redo_shipped_to_it():
    # latency-oltp-cross-region-dr on EC2: Multi-AZ, DR in eu-central-1, 1 read replica, redo 4 MiB/s, EE BYOL with
    # ADG, TDE (Advanced Security), Diagnostics Pack, 8 licences owned. r5b.4xlarge (16 vCPUs = 8 licences) on one
    # io2 volume of 1,556 GiB with 39,600 IOPS (the instance store left unused: with it, a class whose NVMe disks
    # serve the reads is cheaper). The local standby opens read-only (ADG) and is read replica 1.
    no_store = SizingPolicy(use_instance_store=False)
    ec2 = options(scenario("latency-oltp-cross-region-dr"), no_store)["ec2"].chosen
    members = ec2.topology.members
    assert [(m.plan.role, m.plan.region) for m in members] == [
        ("primary", "eu-west-1"), ("local-standby", "eu-west-1"), ("dr-standby", "eu-central-1")]  # fmt: skip
    io2 = cents(1556 * Decimal("0.138")) + cents(32000 * Decimal("0.072")) + cents(7600 * Decimal("0.0504"))
    home = cents(Decimal("1.336") * 730) + io2
    dr = cents(Decimal("1.424") * 730) + io2  # eu-central-1 hours; its io2 at eu-west-1's rows, marked estimated
    assert members[0].monthly_usd == members[1].monthly_usd == home
    assert members[2].monthly_usd == dr
    assert all(line.estimated for line in members[2].lines if "EBS" in line.name)
    # 4 MiB/s x 3,600 s x 730 h = 10,512,000 MiB / 1,024 MiB per GB (AWS's GB is 2^30 bytes) = 10,265.625 GB,
    # at 0.02 USD/GB out of eu-west-1 = 205.3125 = 205.31; to the standby in the second AZ the same GB are charged out
    # of one zone and into the other at 0.01 each: 2 x 10,265.625 = 20,531.25 GB x 0.01 = 205.31
    redo, cross_az = ec2.topology.transfer
    assert redo.quantity == Decimal("10265.625") and redo.monthly_usd == Decimal("205.31")
    assert cross_az.quantity == Decimal("20531.25") and cross_az.monthly_usd == Decimal("205.31")
    assert cross_az.estimated and "Availability Zone" in cross_az.name
    # EBS snapshots, 35-day retention: the 900 GiB full copy x 0.05 = 45.00, a lower bound (no daily change given)
    (snapshots,) = ec2.topology.backups
    assert snapshots.quantity == 900 and snapshots.monthly_usd == Decimal("45.00") and "lower bound" in snapshots.name
    # EE, Advanced Security and Diagnostics Pack on 3 servers x 8 = 24 (8 EE owned); Active Data Guard only on the
    # primary and the standby open read-only, 2 x 8 = 16: the DR standby is mounted and needs none
    licences = sum(
        cents(to_buy * Decimal(price) / 36) + cents(required * Decimal(price) * Decimal("0.22") / 12)
        for price, required, to_buy in ((47500, 24, 16), (11500, 16, 16), (15000, 24, 24), (7500, 24, 24))
    )
    assert ec2.topology.licence.servers == 3
    assert {p.key: (p.servers, p.required) for p in ec2.topology.licence.products}["active_data_guard"] == (2, 16)
    assert ec2.total_monthly_usd == 2 * home + dr + Decimal("205.31") * 2 + Decimal("45.00") + licences


def test_rds_prices_read_replicas_and_a_cross_region_replica_as_instances():
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": True, "cross_region_dr": True, "dr_region": "eu-central-1", "read_replicas": 2},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    plan = plan_topology(workload, "rds")
    assert [(m.role, m.deployment, m.servers) for m in plan.members] == [
        ("primary", "multi-az", 2), ("read-replica", "single-az", 1), ("read-replica", "single-az", 1),
        ("dr-standby", "single-az", 1)]  # fmt: skip
    rds = options(workload)["rds"].chosen
    assert len(rds.topology.members) == 4 and rds.topology.licence.servers == 5
    assert rds.topology.members[3].plan.region == "eu-central-1"
    # no redo rate given: the transfer to the DR Region is said to be unpriced, never derived from datafile writes
    assert rds.topology.transfer == () and rds.topology.partial
    assert ("Redo rate not given: the transfer to the DR Region (eu-central-1) is not priced; enter the redo rate "
            "from AWR") in rds.topology.needs_input  # fmt: skip


def test_rds_counts_the_cross_region_replica_among_the_five_replicas_of_a_source():
    # RDS for Oracle: at most five replicas from one source, read-only and mounted together (RDS User Guide, Overview
    # of RDS for Oracle replicas; API Reference, CreateDBInstanceReadReplica): 5 read replicas and DR elsewhere build
    # 4 in the Region and the mounted one in the DR Region, and the fifth read replica is said not to be built
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": False, "cross_region_dr": True, "dr_region": "us-west-2", "read_replicas": 5},
        "environment": {"region": "us-east-1"},
    })  # fmt: skip
    plan = plan_topology(workload, "rds")
    assert [m.role for m in plan.members] == ["primary", *["read-replica"] * 4, "dr-standby"]
    assert plan.licensed_servers == 6
    ((kind, words),) = plan.lacking
    assert kind == "replicas" and words in plan.gaps
    assert words.startswith("5 read replicas asked: RDS allows 5 replicas per source, read-only and mounted together")
    assert words.endswith("counting the cross-Region replica in us-west-2; 4 built")
    four = workload.model_copy(update={"availability": workload.availability.model_copy(update={"read_replicas": 4})})
    assert len(plan_topology(four, "rds").members) == 6 and not plan_topology(four, "rds").lacking


def test_ec2_multi_az_plus_dr_builds_two_standbys_and_replicas_beyond_the_readable_standby():
    workload = parse_workload({
        "availability": {"multi_az": True, "cross_region_dr": True, "dr_region": "eu-central-1", "read_replicas": 2},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    roles = [m.role for m in plan_topology(workload, "ec2").members]
    assert roles == ["primary", "local-standby", "read-replica", "dr-standby"]


def test_ec2_read_replicas_beyond_the_standby_are_each_sent_the_redo_across_zones():
    # Multi-AZ with 3 read replicas on EC2: the local standby is read replica 1, replicas 2 and 3 are Active Data
    # Guard standbys in another zone than the primary's, each sent the redo: 3 copies of 2 MiB/s x 3,600 s x 730 h /
    # 1,024 = 5,132.8125 GB, charged out of one zone and into the other at 0.01 USD/GB each way (AWS EC2 On-Demand
    # pricing, data transfer within a Region): 3 x 5,132.8125 x 2 = 30,796.875 GB = 307.97
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": True, "read_replicas": 3},
        "io": {"redo_mib_s": 2},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    ec2 = options(workload)["ec2"].chosen
    assert [m.plan.role for m in ec2.topology.members] == ["primary", "local-standby", "read-replica", "read-replica"]
    (cross_az,) = ec2.topology.transfer
    assert cross_az.quantity == Decimal("30796.875") and cross_az.monthly_usd == Decimal("307.97")
    assert cross_az.name.startswith("Redo shipped to the Data Guard standby and 2 read replicas each in another "
                                    "Availability Zone than the primary's: 2 MiB/s of redo = 5,132.8 GB a month each")  # fmt: skip


def test_ec2_read_replicas_without_a_redo_rate_say_their_traffic_is_not_priced():
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": False, "read_replicas": 1},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    ec2 = options(workload)["ec2"].chosen
    assert ec2.topology.transfer == () and ec2.topology.partial
    assert ("Redo rate not given: the Data Guard traffic to 1 read replica in a second Availability Zone is not "
            "priced; enter the redo rate from AWR") in ec2.topology.needs_input  # fmt: skip


def test_se2_builds_no_data_guard_standby_on_ec2_and_says_so():
    workload = parse_workload({
        "oracle": {"edition": "se2", "licence_model": "byol"},
        "availability": {"multi_az": True, "cross_region_dr": True, "dr_region": "eu-central-1"},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    ec2 = plan_topology(workload, "ec2")
    assert [m.role for m in ec2.members] == ["primary"]
    assert any("Standard Edition 2 has no Data Guard" in gap for gap in ec2.gaps)
    rds = plan_topology(workload, "rds")  # RDS Multi-AZ is storage replication: SE2 keeps it; DR = backups
    assert [m.role for m in rds.members] == ["primary", "dr-backups"]


def test_se2_replicated_backups_are_counted_as_the_primarys_backups_with_no_free_allowance_in_the_dr_region():
    # 200 GiB, 7-day retention, 10 GiB changed a day: a first full copy + 6 days of changes = 260 GiB, all billed in
    # the DR Region (no DB instance runs there: "standard charges apply to storage in the destination Region"), not
    # the allocated storage, which holds the horizon's growth and has nothing to do with what the backups keep
    workload = parse_workload({
        "oracle": {"edition": "se2", "licence_model": "byol"},
        "availability": {"multi_az": False, "cross_region_dr": True, "dr_region": "eu-central-1"},
        "sizing": {"db_size_gib": 200, "backup_retention_days": 7, "backup_daily_change_gib": 10},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    rds = options(workload)["rds"].chosen.topology
    backups = next(m for m in rds.members if m.plan.role == "dr-backups")
    (line,) = backups.lines
    assert line.quantity == Decimal(200 + 6 * 10)
    assert "no free allowance there" in line.name and "first full copy of 200 GiB" in line.name
    assert line.monthly_usd == cents(line.quantity * line.unit_price_usd)


def test_hours_per_month_price_instance_hours_but_not_storage_or_licences():
    always = parse_workload({"environment": {"region": "eu-west-1"}})
    office = always.model_copy(update={"environment": always.environment.model_copy(update={"hours_per_month": 260})})
    a, b = options(always)["ec2"].chosen, options(office)["ec2"].chosen
    assert a.instance_class == b.instance_class
    hours = [line for line in b.topology.lines if line.component == "compute"]
    assert hours and all(line.quantity == 260 for line in hours)
    assert b.topology.licence_monthly_usd == a.topology.licence_monthly_usd
    assert b.total_monthly_usd < a.total_monthly_usd


def test_the_capacity_table_shows_the_vcpus_optimize_cpus_leaves_running():
    ec2 = options(scenario("sysdba-one-off-patches"))["ec2"].chosen
    vcpus = next(d for d in ec2.capacity.dimensions if d.name == "vCPUs")
    assert vcpus.capacity == 10 == ec2.effective_vcpus and ec2.vcpus == 16


def test_a_larger_buffer_cache_that_holds_the_hot_set_is_weighed_against_more_iops():
    # 25,000 peak read IOPS at a 90 % hit ratio; a 100 GiB hot set. Cached at the policy's 99 %: reads x 1/10.
    workload = parse_workload({
        "environment": {"region": "eu-west-1"},
        "sizing": {"peak_cpu": 6, "average_cpu": 3, "sga_gib": 24, "pga_gib": 8, "db_size_gib": 800,
                   "hot_set_gib": 100, "buffer_cache_gib": 16, "buffer_cache_hit_pct": 90, "yearly_growth_pct": 0},
        "io": {"peak_read_iops": 25000, "sustained_read_iops": 20000, "peak_write_iops": 2000,
               "sustained_write_iops": 1000, "peak_read_mib_s": 200, "peak_write_mib_s": 30},
    })  # fmt: skip
    ec2 = options(workload)["ec2"]
    cached = [c for c in (ec2.chosen, *ec2.alternatives) if c.caching]
    assert cached, "no candidate caches the hot set"
    reads = next(d for d in cached[0].capacity.dimensions if d.name.startswith("IOPS"))
    # (25,000 x 0.1 + 2,000) x 1.2 headroom = 5,400 IOPS instead of 32,400
    assert round(reads.need) == 5400
    # SGA 24 - 16 + 100 = 108 GiB, + PGA 8 = 116 x 1.1 / 0.75 = 170.1 GiB of instance memory
    assert cached[0].memory_gib >= 170.1
    assert "reads drop from 30,000 to 3,000 IOPS" in cached[0].caching


def test_rds_custom_says_which_rows_it_lacks_when_it_cannot_be_priced():
    rds_custom = options(scenario("latency-oltp-cross-region-dr"))["rds_custom"]
    assert rds_custom.chosen is None
    assert "Multi-AZ" in rds_custom.unpriced_reason and "eu-west-1" in rds_custom.unpriced_reason


def dr_workload(**io):
    return parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": False, "cross_region_dr": True, "dr_region": "eu-central-1"},
        "sizing": {"db_size_gib": 6144, "yearly_growth_pct": 0, "backup_retention_days": 35},
        "io": {"peak_write_iops": 5000, "sustained_write_iops": 5000, "peak_write_mib_s": 200, **io},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip


def test_redo_of_2_mib_s_to_a_dr_region_is_priced_from_the_redo_rate():
    # 2 MiB/s x 3,600 s x 730 h = 5,256,000 MiB; / 1,024 MiB per GB (AWS counts a GB as 2^30 bytes, the unit of the
    # inter-Region row) = 5,132.8125 GB a month; x 0.02 USD/GB out of eu-west-1 = 102.65625 = 102.66 USD
    ec2 = options(dr_workload(redo_mib_s=2))["ec2"].chosen
    (redo,) = ec2.topology.transfer
    assert redo.quantity == Decimal("5132.8125") and redo.unit_price_usd == Decimal("0.02")
    assert redo.monthly_usd == Decimal("102.66") and redo.as_of == "2024-09-24"
    assert "eu-west-1 → eu-central-1" in redo.name
    assert not any(u.startswith("Redo rate") for u in ec2.topology.needs_input)
    assert not redo.estimated  # EC2 sends the redo itself: the Region pair's rate is the one AWS bills


def test_an_rds_cross_region_replicas_redo_is_marked_estimated_and_says_why():
    # RDS bills a cross-Region replica's traffic as data transfer out of the source Region; no source gives an RDS
    # rate of its own, so the Region pair's rate is applied by inference: the line says so
    rds = options(dr_workload(redo_mib_s=2))["rds"].chosen
    (redo,) = rds.topology.transfer
    assert redo.monthly_usd == Decimal("102.66") and redo.estimated
    assert redo.note.startswith("priced at the Region pair's inter-Region rate, as for EC2")
    assert "no separate RDS rate was available" in redo.note


def test_a_6_tb_database_without_a_redo_rate_ships_nothing_invented():
    # before: 5,000 sustained write IOPS x 8 KiB = 40.96 MB/s of datafile writes stood in for redo, x 3,600 s x 730 h
    # = 107,643 GB a month; Data Guard ships redo, not datafile writes, so without a redo rate nothing is invented
    ec2 = options(dr_workload())["ec2"].chosen
    assert ec2.topology.transfer == ()
    assert ec2.topology.partial
    assert ("Redo rate not given: the transfer to the DR Region (eu-central-1) is not priced; enter the redo rate "
            "from AWR") in ec2.topology.needs_input  # fmt: skip


def test_ec2_snapshots_for_35_days_count_the_full_copy_and_each_day_of_changes():
    # eu-west-1 EBS:SnapshotUsage row: 0.05 USD per GB-month (2023-02-23). 35 daily snapshots of a 500 GiB database
    # changing 10 GiB a day keep the first full copy and 34 days of changes: 500 + 34 x 10 = 840 GiB x 0.05 = 42.00
    workload = parse_workload({
        "sizing": {"db_size_gib": 500, "backup_retention_days": 35, "backup_daily_change_gib": 10},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    ec2 = options(workload)["ec2"].chosen
    (snapshots,) = ec2.topology.backups
    assert snapshots.quantity == 840 and snapshots.unit_price_usd == Decimal("0.05")
    assert snapshots.monthly_usd == Decimal("42.00") and snapshots.as_of == "2023-02-23"
    assert snapshots.component == "backup" and snapshots in ec2.topology.lines
    assert not any(u.startswith("Backups after") for u in ec2.topology.needs_input)
    # without the daily change only the full copy is priced, 500 x 0.05 = 25.00, and it is said to be a lower bound
    bare = workload.model_copy(update={"sizing": workload.sizing.model_copy(update={"backup_daily_change_gib": None})})
    (lower,) = options(bare)["ec2"].chosen.topology.backups
    assert lower.monthly_usd == Decimal("25.00") and "lower bound" in lower.name


def test_rds_backup_beyond_the_free_allowance_is_on_the_bill():
    # RDS keeps 500 + 34 x 20 = 1,180 GiB of backups for 35 days; the allocated storage is free, the rest is billed
    # at the eu-west-1 RDS:ChargedBackupUsage row, 0.095 USD per GB-month
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": True},
        "sizing": {"db_size_gib": 500, "yearly_growth_pct": 0, "backup_retention_days": 35,
                   "backup_daily_change_gib": 20},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    rds = options(workload)["rds"].chosen
    allocated = rds.layout.volumes[0].size_gib
    (backup,) = rds.topology.backups
    assert backup.quantity == 1180 - allocated > 0 and backup.unit_price_usd == Decimal("0.095")
    assert backup.monthly_usd == cents((1180 - Decimal(allocated)) * Decimal("0.095"))
    # the transaction logs RDS keeps for point-in-time restore take space not published: said, not counted
    assert "transaction logs RDS keeps beside the snapshots for point-in-time restore are not counted" in backup.note
    # Multi-AZ replication is not charged by AWS: said, with its source, not priced as transfer
    assert rds.topology.transfer == ()
    assert any(n.startswith("Multi-AZ: Amazon RDS does not charge") for n in rds.topology.notes)


def test_rds_read_replicas_in_the_region_add_their_storage_to_the_free_backup_allowance():
    # The allowance is the Region's database storage (AWS Database Blog, 'Demystifying Amazon RDS backup storage
    # costs'): a primary and 2 read replicas of the same allocated storage give 3 x that free. 500 + 34 x 20 = 1,180
    # GiB kept fits inside it, where the primary's allocation alone leaves 1,180 - allocated GiB billed.
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "features": {"active_data_guard": True},
        "availability": {"read_replicas": 2},
        "sizing": {"db_size_gib": 500, "yearly_growth_pct": 0, "backup_retention_days": 35,
                   "backup_daily_change_gib": 20},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    rds = options(workload)["rds"].chosen
    assert [m.plan.role for m in rds.topology.members] == ["primary", "read-replica", "read-replica"]
    allocated = rds.layout.volumes[0].size_gib
    assert 1180 - allocated > 0  # the primary's allowance alone would bill some
    (backup,) = rds.topology.backups
    assert backup.quantity == max(0, 1180 - 3 * allocated) and backup.monthly_usd == cents(
        max(Decimal(0), 1180 - 3 * Decimal(allocated)) * Decimal("0.095"))  # fmt: skip
    assert f"3 DB instances × {allocated:,.0f} GiB" in backup.name
