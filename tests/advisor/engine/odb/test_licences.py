"""Oracle Database@AWS on BYOL counts the Oracle licences like every other option, worked by hand on the golden
large EE warehouse (us-east-1, EE BYOL, 8 processor licences owned; Partitioning, Advanced Compression, the
Diagnostics and Tuning Packs; no standby). BYOL covers Enterprise Edition and the options the database runs, and on a
VM cluster of two or more VMs Oracle's tooling runs the database as RAC instances on every VM: Real Application
Clusters ($23,000 a processor) is licensed although the warehouse does not need it (a single instance would have one
VM's half of the ECPUs, less than the need).

Licences: 8 ECPUs per processor licence (Oracle's service description), the stricter reading of 4 priced beside it.
The need: 24 peak vCPUs x 1.2 headroom = 28.8 vCPUs = 14.4 OCPUs at 2 vCPUs each = 57.6 ECPUs at 4 per OCPU,
rounded up to a multiple of 8 = 64 ECPUs on an X11M with the minimum 2 database and 3 storage servers (16,000 GiB =
17.2 TB fits one storage server's 64 TB for database files). Oracle's list (the price list held): Enterprise Edition
$47,500 a processor, Partitioning and Advanced Compression $11,500, Diagnostics Pack $7,500, Tuning Pack $5,000;
support 22 % a year of the net price; purchases spread over 3 years (36 months). Each line is rounded to cents.
"""

from decimal import Decimal
from functools import cache
from pathlib import Path

from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from pricing.engine.prices.book import PriceBook
from pricing.fixtures.files import read_rows

PRICES = Path(__file__).resolve().parents[4] / "fixtures" / "prices"
US_EAST_1 = ("ec2-linux-karpenter-2026-07-20.jsonl", "reference-us-east-1.jsonl", "rds-oracle-vi21.jsonl")


def cents(value):
    return Decimal(value).quantize(Decimal("0.01"), "ROUND_HALF_UP")


@cache
def options():
    book = PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)])
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    return {o.option: o for o in recommend(workload, book).options}


def buy(licences, price):
    return cents(Decimal(licences) * price / 36)


def support(licences, price):
    return cents(Decimal(licences) * price * Decimal("0.22") / 12)


def test_the_warehouse_needs_8_processor_licences_on_exadata_at_8_ecpus_each():
    odb = options()["odb"].odb
    assert odb.infrastructure.compute == 64
    # 64 ECPUs / 8 ECPUs per licence (Oracle's service description) = 8, a whole number (a part licence rounds up)
    assert odb.byol_processor_licences == 8 and odb.licences_in_total
    products = {p.key: (p.required, p.owned, p.to_buy) for p in odb.byol_licences.products}
    assert products == {"ee": (8, 8, 0), "partitioning": (8, 0, 8), "advanced_compression": (8, 0, 8),
                        "diagnostics_pack": (8, 0, 8), "tuning_pack": (8, 0, 8), "rac": (8, 0, 8)}  # fmt: skip
    assert odb.runs_rac and odb.infrastructure.vms == 2


def test_the_licences_are_priced_like_ec2s_and_added_to_the_byol_total():
    odb = options()["odb"].odb
    ee = support(8, 47500)  # 6,966.67: all 8 owned, nothing bought, support on all 8
    partitioning = buy(8, 11500) + support(8, 11500)  # 2,555.56 + 1,686.67
    compression = buy(8, 11500) + support(8, 11500)
    diagnostics = buy(8, 7500) + support(8, 7500)  # 1,666.67 + 1,100.00
    tuning = buy(8, 5000) + support(8, 5000)  # 1,111.11 + 733.33
    rac = buy(8, 23000) + support(8, 23000)  # 5,111.11 + 3,373.33: the VM cluster runs RAC on its two VMs
    licences = ee + partitioning + compression + diagnostics + tuning + rac
    assert licences == Decimal("28546.68")
    # 2 database + 3 storage servers at 2.9032/h x 730 = 4,238.67 + 6,358.01; 64 ECPUs x 0.0807 x 730 = 3,770.30
    infrastructure_and_ecpus = (
        cents(2 * Decimal("2.9032") * 730) + cents(3 * Decimal("2.9032") * 730) + cents(64 * Decimal("0.0807") * 730)
    )
    assert infrastructure_and_ecpus == Decimal("14366.98")
    assert odb.total_byol_usd == odb.monthly_usd == infrastructure_and_ecpus + licences == Decimal("42913.66")
    licence_lines = [line for line in odb.lines if line.kind == "licence"]
    assert sum(line.monthly_usd for line in licence_lines) == licences
    assert all(line.licence_model == "byol" for line in licence_lines)
    assert licence_lines[0].name.startswith("Oracle Database Enterprise Edition support: 8 processor licence(s)")


def test_counted_so_exadata_is_cheaper_than_ec2_but_not_ranked_against_it():
    ec2 = options()["ec2"].chosen
    # EC2: r6in.8xlarge with Optimize CPUs at 15 cores x 2 threads = 30 vCPUs = 15 licences, 8 of them owned
    assert (ec2.instance_class, ec2.cores) == ("r6in.8xlarge", 15)
    ec2_licences = (buy(7, 47500) + support(15, 47500) + 2 * (buy(15, 11500) + support(15, 11500))
                    + buy(15, 7500) + support(15, 7500) + buy(15, 5000) + support(15, 5000))  # fmt: skip
    assert ec2.topology.licence_monthly_usd == ec2_licences == Decimal("46852.78")
    # 8 licences on Exadata against EC2's 15: ODB's 42,913.66 in all is below EC2's licences alone, but its total
    # leaves out backup storage and AWS-side networking, so it is not ranked against EC2's full bill
    assert options()["odb"].odb.total_byol_usd < ec2_licences < ec2.total_monthly_usd


def test_the_other_reading_is_priced_and_said_not_to_change_the_ranking():
    odb = options()["odb"]
    # 4 ECPUs per licence (the stricter reading): 64 / 4 = 16 licences, 8 EE owned and 8 bought, 16 of each option
    licences = (buy(8, 47500) + support(16, 47500) + 2 * (buy(16, 11500) + support(16, 11500))
                + buy(16, 7500) + support(16, 7500) + buy(16, 5000) + support(16, 5000)
                + buy(16, 23000) + support(16, 23000))  # fmt: skip
    assert licences == Decimal("67648.88")
    assert odb.odb.byol_other_reading_usd == Decimal("14366.98") + licences == Decimal("82015.86")
    ec2 = options()["ec2"].chosen.total_monthly_usd
    assert odb.odb.byol_other_reading_usd > ec2
    assert (
        "Under the other reading (4 ECPUs per licence) Oracle Database@AWS on BYOL would cost $82,015.86 a month "
        f"and would not be the cheapest (Self-managed Oracle on EC2 is ${ec2:,.2f})"
    ) in " ".join(odb.notes)
    assert any("BYOL counts 8 Oracle Database Enterprise Edition processor licences" in n for n in odb.notes)


def test_cash_as_paid_buys_the_licences_in_month_1_and_bills_exadata_monthly():
    from advisor.engine.odb.option import odb_cash_flow

    flow = odb_cash_flow(options()["odb"].odb)
    # bought in month 1: no EE (8 owned); Partitioning and Advanced Compression 8 x 11,500 each = 184,000;
    # Diagnostics 8 x 7,500 = 60,000; Tuning 8 x 5,000 = 40,000; RAC 8 x 23,000 = 184,000: 468,000.00
    purchase = Decimal(2 * 8 * 11500 + 8 * 7500 + 8 * 5000 + 8 * 23000)
    # support at the start of each year on all 8: 22 % x 8 x (47,500 + 2 x 11,500 + 7,500 + 5,000 + 23,000)
    support_year = Decimal("0.22") * 8 * (47500 + 2 * 11500 + 7500 + 5000 + 23000)
    exadata_year = Decimal("14366.98") * 12  # the servers and ECPUs as billed, 12 months
    assert flow.cash_year_usd == (exadata_year + purchase + support_year, exadata_year + support_year,
                                  exadata_year + support_year)  # fmt: skip
    assert flow.run_rate_monthly_usd == Decimal("42913.66")  # the total: licences spread over 3 years


def test_active_data_guard_is_licensed_on_the_readable_standby_not_on_the_mounted_dr_copy():
    book = PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)])
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    workload = workload.model_copy(update={
        "availability": workload.availability.model_copy(
            update={"multi_az": True, "cross_region_dr": True, "dr_region": "us-west-2"}),
        "features": workload.features.model_copy(update={"active_data_guard": True}),
    })  # fmt: skip
    odb = {o.option: o for o in recommend(workload, book).options}["odb"].odb
    required = {p.key: p.required for p in odb.byol_licences.products}
    # three VM clusters of 64 ECPUs = 8 licences each: the primary, the standby in a second AZ (open read-only with
    # Active Data Guard) and the standby in us-west-2 (mounted)
    assert required["ee"] == required["rac"] == 24
    assert required["active_data_guard"] == 16  # the primary's and the readable standby's, not the mounted copy's


def test_a_workload_that_needs_rac_has_it_licensed_on_every_vm_cluster():
    book = PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)])
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    workload = workload.model_copy(update={"features": workload.features.model_copy(update={"rac": True})})
    odb = {o.option: o for o in recommend(workload, book).options}["odb"]
    required = {p.key: p.required for p in odb.odb.byol_licences.products}
    assert required["rac"] == required["ee"] == 8  # like any option: 64 ECPUs / 8 per licence
    assert odb.odb.byol_without_rac_usd is None  # needed, so no total without it is offered
    assert not any(note.startswith("RAC is licensed although") for note in odb.notes)


def test_rac_licensed_as_deployed_is_said_with_its_source_and_why_a_single_instance_is_not_priced():
    odb = options()["odb"]
    note = next(n for n in odb.notes if n.startswith("RAC is licensed although the workload does not need it"))
    assert "Each database is configured with Oracle RAC database instances running on every node" in note
    # 64 ECPUs on 2 VMs: a single instance would have one VM's 32 of the 57.6 the warehouse needs
    assert "A single-instance database would run on one VM, which holds 32 of the 57.6 ECPUs needed" in note
    assert odb.odb.byol_without_rac_usd is None
    counted = next(n for n in odb.notes if n.startswith("BYOL counts"))
    assert "(Partitioning, Advanced Compression, Diagnostics Pack, Tuning Pack, Real Application Clusters)" in counted


def test_an_option_without_a_list_price_is_said_in_words_not_by_the_configs_field():
    # OLAP has no list price in the copy of Oracle's price list used, so the BYOL licences cannot be counted: the
    # note says why as a reader reads it, without the licence config's path ("licences.options[0]: ...")
    from advisor.engine.odb.licences import count_byol_licences
    from pricing.engine.odb_prices import odb_shapes

    counted = count_byol_licences(compute=64, compute_unit="ECPU", clusters=1, shapes=odb_shapes(), options=("olap",))
    assert counted.estimate is None
    assert counted.note.startswith("BYOL licences for the VM cluster's 64 ECPUs could not be counted: OLAP has no")
    assert "licences." not in counted.note and "options[" not in counted.note
