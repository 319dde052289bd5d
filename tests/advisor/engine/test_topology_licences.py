"""Active Data Guard is licensed where a database is open read-only while applying redo, never on a mounted copy.

AWS RDS User Guide, "Requirements and considerations for RDS for Oracle replicas": "If the replica is in read-only
mode, make sure that you have an Active Data Guard license. If you place the replica in mounted mode, you don't need
an Active Data Guard license" (oracle-on-aws-features.md, row "Active Data Guard / read replicas": read-only
(needs ADG licence) or mounted (no ADG licence)). Data Guard itself is part of Enterprise Edition; the primary of a
readable standby is licensed for the option too, and an RDS Multi-AZ standby like its primary for every product.

Prices from Oracle's price list (pricing/engine/data/oracle_licences.json): Active Data Guard $11,500 per processor,
support 22 % a year, purchase over 36 months.
"""

from decimal import Decimal
from functools import cache
from pathlib import Path

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.topology import plan_topology
from advisor.engine.workload import parse_workload
from advisor.pages.candidate_words import licence_count_words
from pricing.engine.prices.book import PriceBook
from pricing.offers.files import read_offer_file

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "prices"
C = Decimal("0.01")


@cache
def book() -> PriceBook:
    rows = [row for name in ("AmazonRDS.json", "AmazonEC2.json")
            for row in read_offer_file(FIXTURES / "eu-west-1" / name, region="eu-west-1")]  # fmt: skip
    return PriceBook(rows)


def workload(availability, features=None):
    return parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": availability,
        "features": features or {},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip


def chosen(load, option):
    return next(o for o in recommend(load, book()).options if o.option == option).chosen


def products(candidate):
    return {p.key: p for p in candidate.topology.licence.products}


def cents(x) -> Decimal:
    return Decimal(x).quantize(C, "ROUND_HALF_UP")


def test_a_mounted_rds_dr_replica_is_licensed_without_active_data_guard():
    # primary (single-AZ) + 1 read replica (read-only) + a cross-Region replica in mounted mode: 3 servers,
    # Active Data Guard on 2 of them (the primary and the read replica), none on the mounted DR copy
    load = workload({"multi_az": False, "read_replicas": 1, "cross_region_dr": True, "dr_region": "eu-central-1"})
    plan = plan_topology(load, "rds")
    assert [(m.role, m.open_read_only) for m in plan.members] == [
        ("primary", False), ("read-replica", True), ("dr-standby", False)]  # fmt: skip
    assert (plan.licensed_servers, plan.readable_servers) == (3, 2)
    assert "mounted mode" in plan.members[2].how and "without Active Data Guard" in plan.members[2].how
    rds = chosen(load, "rds")
    per = rds.topology.licence.licences_per_server
    adg, ee = products(rds)["active_data_guard"], products(rds)["ee"]
    assert (ee.servers, ee.required) == (3, 3 * per)
    assert (adg.servers, adg.required, adg.owned) == (2, 2 * per, 0)
    # 2 x per processors of $11,500: bought over 36 months, support 22 % a year
    assert adg.monthly_usd == cents(2 * per * Decimal(11500) / 36) + cents(
        2 * per * Decimal(11500) * Decimal("0.22") / 12
    )
    assert any(n.startswith("Active Data Guard on 2 of the 3 servers") for n in rds.topology.licence.notes)
    assert licence_count_words(rds).endswith(
        f"; Active Data Guard on 2 of them (the primary's and those open read-only) = {2 * per}"
    )


def test_a_dr_copy_alone_needs_no_active_data_guard_at_all():
    # no reads anywhere: the mounted DR replica needs only what the primary has, and Active Data Guard is not licensed
    load = workload({"multi_az": False, "cross_region_dr": True, "dr_region": "eu-central-1"})
    rds = chosen(load, "rds")
    assert [m.plan.role for m in rds.topology.members] == ["primary", "dr-standby"]
    assert set(products(rds)) == {"ee"} and products(rds)["ee"].servers == 2


def test_rds_multi_az_standby_carries_the_primarys_licences_and_replicas_are_read_only():
    # primary with its Multi-AZ standby (2 servers, like the primary for every product) + 2 read replicas + mounted
    # DR: 5 servers; Active Data Guard on 2 + 2 = 4
    load = workload({"multi_az": True, "read_replicas": 2, "cross_region_dr": True, "dr_region": "eu-central-1"})
    assert (plan_topology(load, "rds").licensed_servers, plan_topology(load, "rds").readable_servers) == (5, 4)
    rds = chosen(load, "rds")
    per = rds.topology.licence.licences_per_server
    assert products(rds)["active_data_guard"].required == 4 * per and products(rds)["ee"].required == 5 * per


def test_an_ec2_readable_standby_is_licensed_for_active_data_guard():
    # the workload uses Active Data Guard (a readable standby) with Multi-AZ and DR on EC2: the local Data Guard
    # standby opens read-only (Active Data Guard), the DR standby stays mounted
    load = workload(
        {"multi_az": True, "cross_region_dr": True, "dr_region": "eu-central-1"}, {"active_data_guard": True}
    )
    plan = plan_topology(load, "ec2")
    assert [(m.role, m.open_read_only) for m in plan.members] == [
        ("primary", False), ("local-standby", True), ("dr-standby", False)]  # fmt: skip
    assert "open read-only with Active Data Guard" in plan.members[1].how
    assert "mounted" in plan.members[2].how and "without Active Data Guard" in plan.members[2].how
    assert (plan.licensed_servers, plan.readable_servers) == (3, 2)


def test_an_ec2_standby_that_takes_no_reads_is_mounted():
    # Multi-AZ alone, no reads asked: the Data Guard standby is mounted and no Active Data Guard is licensed
    load = workload({"multi_az": True})
    plan = plan_topology(load, "ec2")
    assert [(m.role, m.open_read_only) for m in plan.members] == [("primary", False), ("local-standby", False)]
    assert plan.readable_servers == 1
    ec2 = chosen(load, "ec2")
    assert set(products(ec2)) == {"ee"} and products(ec2)["ee"].servers == 2


def test_a_readable_standby_asked_for_with_only_a_dr_copy_opens_the_dr_copy_and_licenses_it():
    # Active Data Guard asked for, no Multi-AZ and no replicas: the only standby is the DR copy, so it is the one
    # opened read-only; licensed on the primary alone (as before a cost audit) it matched no deployment
    load = workload({"multi_az": False, "cross_region_dr": True, "dr_region": "eu-central-1"}, {"active_data_guard": True})  # fmt: skip
    for platform in ("ec2", "rds"):
        plan = plan_topology(load, platform)
        assert [(m.role, m.open_read_only) for m in plan.members] == [("primary", False), ("dr-standby", True)]
        assert "open read-only" in plan.members[1].how and "the readable standby asked for" in plan.members[1].how
        assert (plan.licensed_servers, plan.readable_servers) == (2, 2)
    rds = chosen(load, "rds")
    per = rds.topology.licence.licences_per_server
    assert products(rds)["active_data_guard"].required == 2 * per == products(rds)["ee"].required


def test_an_rds_multi_az_standby_does_not_serve_reads_so_the_dr_replica_opens_for_them():
    # RDS Multi-AZ's standby takes no reads: with Active Data Guard asked for, the cross-Region replica is read-only
    load = workload({"multi_az": True, "cross_region_dr": True, "dr_region": "eu-central-1"}, {"active_data_guard": True})  # fmt: skip
    plan = plan_topology(load, "rds")
    assert [(m.role, m.servers, m.open_read_only) for m in plan.members] == [
        ("primary", 2, False), ("dr-standby", 1, True)]  # fmt: skip
    assert (plan.licensed_servers, plan.readable_servers) == (3, 3)


def test_a_readable_standby_asked_for_with_no_standby_at_all_says_nothing_would_read():
    plan = plan_topology(workload({"multi_az": False}, {"active_data_guard": True}), "ec2")
    assert [m.role for m in plan.members] == ["primary"]
    assert any("no standby or read replica is built to open read-only" in gap for gap in plan.gaps)


def test_rac_is_never_licensed_on_ec2_servers_that_each_run_a_single_instance():
    # The EC2 option builds one instance per server (RAC on EC2 needs third-party clustering, which is not built, and
    # the rules block EC2 for RAC): counting RAC licences on those servers would price a cluster nobody deploys.
    # RDS refuses RAC from Oracle's price data (not available there), with its source.
    rec = recommend(workload({"multi_az": True}, {"rac": True}), book())
    by_option = {o.option: o for o in rec.options}
    ec2 = by_option["ec2"].chosen
    assert ec2 is not None and ec2.topology.licence is not None
    assert "rac" not in {p.key for p in ec2.topology.licence.products}
    assert any(
        note.startswith("Not priced: Real Application Clusters. Each EC2 server") for note in by_option["ec2"].notes
    )
    rds = by_option["rds"].chosen
    assert rds is not None and "rac" not in {p.key for p in rds.topology.licence.products}


def test_far_sync_on_ec2_licenses_active_data_guard_on_every_member_and_rds_which_lacks_it_none():
    # Oracle's features catalogue (Far Sync): "Requires the Oracle Active Data Guard option". The standby on EC2
    # is mounted, yet the configuration ships its redo through the option and the two swap roles: licensed on both.
    load = workload({"multi_az": True}, {"far_sync": True})
    ec2 = chosen(load, "ec2")
    licensed = products(ec2)
    assert licensed["active_data_guard"].required == licensed["ee"].required
    assert licensed["active_data_guard"].servers == 2
    without = chosen(workload({"multi_az": True}), "ec2")
    assert "active_data_guard" not in products(without)
    # RDS offers no Far Sync (its rules block it): its cost for reference carries no option it cannot run
    assert "active_data_guard" not in products(chosen(load, "rds"))


def test_the_far_sync_instance_on_ec2_is_named_as_a_cost_the_total_leaves_out():
    # a far sync instance is a server of its own (Oracle Data Guard Concepts and Administration): not built here, so
    # the EC2 total says it leaves it out and is partial, not ranked as if complete
    ec2 = chosen(workload({"multi_az": True}, {"far_sync": True}), "ec2")
    assert ec2.topology.partial
    assert any(cost.startswith("The Far Sync instance: a server of its own") for cost in ec2.topology.not_priced)
    without = chosen(workload({"multi_az": True}), "ec2").topology  # partial only for want of a redo rate
    assert not any("Far Sync" in cost for cost in without.not_priced)


def test_the_tuning_pack_is_licensed_with_the_diagnostics_pack_it_needs():
    licensed = products(chosen(workload({"multi_az": False}, {"tuning_pack": True}), "ec2"))
    assert licensed["diagnostics_pack"].required == licensed["tuning_pack"].required == licensed["ee"].required


def test_diagnostics_pack_licences_owned_count_when_the_tuning_pack_brings_it() -> None:
    load = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol", "option_licences_owned": "diagnostics_pack=100"},
        "availability": {"multi_az": False}, "features": {"tuning_pack": True},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    licensed = products(chosen(load, "ec2"))
    assert licensed["diagnostics_pack"].owned == licensed["diagnostics_pack"].required > 0
    assert licensed["diagnostics_pack"].to_buy == 0 and licensed["tuning_pack"].owned == 0


def test_far_sync_on_oracle_database_at_aws_licenses_active_data_guard_on_every_vm_cluster() -> None:
    load = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"}, "features": {"far_sync": True},
        "availability": {"multi_az": False, "cross_region_dr": True, "dr_region": "us-west-2"},
        "environment": {"region": "us-east-1"},
    })  # fmt: skip
    from tests.advisor.engine.recommendation.comparison_set import price_book

    odb = next(o for o in recommend(load, price_book()).options if o.option == "odb").odb
    licensed = {p.key: p for p in odb.byol_licences.products}
    assert licensed["active_data_guard"].servers == licensed["ee"].servers == 2  # primary and DR clusters


def test_multitenant_licences_owned_count_where_five_pdbs_license_it_on_rds_and_ec2():
    # 5 PDBs exceed the 3 user-created PDBs Oracle 19c allows without Multitenant, so Multitenant is licensed on every
    # server as the edition is; 64 Multitenant licences owned cover whatever the deployment needs: none is bought
    load = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol", "architecture": "cdb", "pdb_count": 5,
                   "processor_licences_owned": 64, "option_licences_owned": "multitenant=64"},
        "availability": {"multi_az": True},
        "environment": {"region": "eu-west-1"},
    })  # fmt: skip
    for option in ("rds", "ec2"):
        products = {p.key: p for p in chosen(load, option).topology.licence.products}
        multitenant, edition = products["multitenant"], products["ee"]
        assert multitenant.required == edition.required > 0
        assert (multitenant.owned, multitenant.to_buy) == (multitenant.required, 0)


# --- an option the workload runs with no list price held --------------------------------------------------------
# The price list held gives no list price for Real Application Testing, OLAP or GoldenGate (the copy of Oracle's
# Technology Global Price List used, checked 2026-11-22; its transcription lists only "GoldenGate Application
# Adapters" and "Management Pack for Oracle GoldenGate", other products). An option is licensed like the database.


def test_an_option_with_no_list_price_makes_the_total_partial_naming_its_licences():
    # EC2, single-AZ: one server; the licences it would need are the database's, counted on the same server
    ec2 = chosen(workload({"multi_az": False}, {"olap": True}), "ec2")
    licence = ec2.topology.licence
    assert licence is not None and "olap" not in {p.key for p in licence.products}  # no price: not in the lines
    ee = products(ec2)["ee"].required
    assert ec2.topology.partial
    (words,) = [item for item in ec2.topology.not_priced if "OLAP" in item]
    assert words == (
        "Oracle OLAP licences: no list price held (Oracle Technology Global Price List, 2026-11-22); the "
        f"{ee} processor licences it needs here, as many as the database's, are neither bought nor supported in this "
        "total"
    )
    assert [(u.key, u.licences) for u in ec2.topology.unpriced_licences] == [("olap", ee)]
    # a customer reads it among what the total does not price, not as a note naming the price list's keys
    option = next(o for o in recommend(workload({"multi_az": False}, {"olap": True}), book()).options
                  if o.option == "ec2")  # fmt: skip
    assert not any("OLAP" in note or "rac_one_node" in note for note in option.notes)


def test_several_options_with_no_list_price_are_one_item_counted_like_the_database_on_every_server():
    # RDS Multi-AZ: the primary and its standby are licensed alike, so each option counts both servers
    rds = chosen(workload({"multi_az": True}, {"olap": True, "real_application_testing": True,
                                               "goldengate": True}), "rds")  # fmt: skip
    ee = products(rds)["ee"]
    assert ee.servers == 2
    (words,) = [item for item in rds.topology.not_priced if item.startswith("Oracle ")]
    assert words.startswith("Oracle Real Application Testing, OLAP and GoldenGate licences: no list price held")
    # GoldenGate runs where it is installed (a hub of its own beside RDS): its count is not said as the database's
    assert (f"the {ee.required} processor licences Real Application Testing and OLAP each need here, as many as the "
            "database's, and GoldenGate's, on the processors it runs on, are neither bought nor supported") in words  # fmt: skip


def test_totals_that_leave_out_the_same_options_licences_are_compared_on_the_costs_priced_so_far():
    # RDS and EC2 both license OLAP, for which no list price is held: neither total is the full one, so they are
    # ranked alike, each gap said beside them, rather than nothing being recommended
    rec = recommend(workload({"multi_az": False}, {"olap": True}), book())
    gapped = {g.option for g in rec.ranking.unpriced_licences}
    assert {"ec2", "rds"} <= {r.option for r in rec.ranking.ranked} and {"ec2", "rds"} <= gapped
    assert rec.ranking.scope.endswith("on the costs priced so far")
    assert all("OLAP" not in left.reason for left in rec.ranking.left_out)
    # without OLAP the same totals are ranked, with nothing said of licences
    plain = recommend(workload({"multi_az": False}), book())
    assert "ec2" in {r.option for r in plain.ranking.ranked} and plain.ranking.unpriced_licences == ()
