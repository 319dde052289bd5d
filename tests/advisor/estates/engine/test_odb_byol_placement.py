"""An estate row with Data Guard: Oracle Database@AWS on BYOL is totalled with the processor licences brought for
both VM clusters, and a total that leaves costs out (backup storage, AWS-side networking) is never placed against a
full one: "best placement" stays on EC2 (the golden large EE warehouse with Multi-AZ, us-east-1 prices of the
committed snapshots)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.estates.engine.summary import summary_from_json
from advisor.estates.engine.totals import Assessed, estate_totals
from pricing.engine.prices.book import PriceBook
from pricing.fixtures.files import read_rows
from pricing.offers.files import read_offer_file

PRICES = Path(__file__).resolve().parents[4] / "fixtures" / "prices"
US_EAST_1 = ("ec2-linux-karpenter-2026-07-20.jsonl", "reference-us-east-1.jsonl", "rds-oracle-vi21.jsonl")


def warehouse_with_a_standby(**figures: float) -> dict:
    """The golden warehouse with Multi-AZ as the recommendation's JSON; ``figures`` set sizing (daily change) or IO
    (redo rate) answers."""
    # as the site's book for us-east-1 holds it: eu-west-1's EC2 rows stand in for the snapshot row us-east-1 lacks
    eu_west_1 = read_offer_file(PRICES / "eu-west-1" / "AmazonEC2.json", region="eu-west-1")
    book = PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)] + list(eu_west_1))
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    sizing = {k: v for k, v in figures.items() if k in type(workload.sizing).model_fields}
    io = {k: v for k, v in figures.items() if k not in sizing}
    workload = workload.model_copy(update={
        "availability": workload.availability.model_copy(update={"multi_az": True}),
        "sizing": workload.sizing.model_copy(update=sizing), "io": workload.io.model_copy(update=io),
    })  # fmt: skip
    return recommendation_json(recommend(workload, book))


def test_a_data_guard_database_is_placed_on_ec2_once_exadata_counts_its_licences() -> None:
    # with its redo rate, so EC2's Data Guard traffic between AZs is priced and its total compares with RDS's
    said = warehouse_with_a_standby(redo_mib_s=4)
    odb = next(o for o in said["options"] if o["option"] == "odb")["odb"]
    # 64 ECPUs a VM cluster / 8 ECPUs a licence = 8, on the primary's and the standby's cluster: 16 licences
    assert odb["byol_processor_licences"] == 16 and odb["licences_in_total"]
    # 2 x 14,366.98 of servers and ECPUs + licences for 16 (8 EE owned): EE 10,555.56 + 13,933.33, Partitioning and
    # Advanced Compression 2 x (5,111.11 + 3,373.33), Diagnostics 3,333.33 + 2,200.00, Tuning 2,222.22 + 1,466.67, and
    # RAC (the database runs as RAC instances on each cluster's two VMs) 10,222.22 + 6,746.67
    assert Decimal(odb["monthly_usd"]) == Decimal("28733.96") + Decimal("67648.88") == Decimal("96382.84")

    ec2_json = next(o for o in said["options"] if o["option"] == "ec2")
    (snapshots,) = ec2_json["topology"]["backups"]
    # 8,192 GiB of data, 14-day retention, no daily change given: the first full copy at eu-west-1's $0.05 a GB-month
    assert snapshots["estimated"] and "eu-west-1" in snapshots["note"]
    assert snapshots["monthly_usd"] == "409.60"  # 8,192 x 0.05
    summary = summary_from_json(said, edition="ee", licence_model="byol", licences_owned=8)
    best = estate_totals([Assessed("DW", summary)]).placement("best")

    assert best.by_option == (("ec2", 1),)
    ec2 = summary.option("ec2")
    assert ec2 is not None and ec2.monthly_usd is not None
    # Exadata's partial total is lower, but it is left out of the ranking (not on the same basis), so never placed
    assert Decimal(odb["monthly_usd"]) < ec2.monthly_usd
    assert {o["option"]: o["kind"] for o in said["ranking"]["left_out"]}["odb"] == "partial"
    ee = next(t for t in best.licences if t.key == "ee")
    assert ee.required == 30  # EC2: 15 processor licences a server (15 cores, Optimize CPUs) x primary and standby


def test_a_total_that_leaves_costs_out_is_counted_partial_and_says_what_it_leaves_out() -> None:
    summary = summary_from_json(warehouse_with_a_standby(), edition="ee", licence_model="byol", licences_owned=8)
    ec2, odb = summary.option("ec2"), summary.option("odb")
    assert ec2 is not None and odb is not None
    # no daily change given: the backups after the first full copy; no redo rate: the redo shipped to the standby
    assert any(item.startswith("Backups after the first full copy: no daily change is given") for item in ec2.left_out)
    assert any(item.startswith("Redo rate not given") for item in ec2.left_out)
    # Oracle Database@AWS: what no price held covers, on every deployment
    assert odb.left_out == ("backup storage (Autonomous Recovery Service or Amazon S3)",
                            "AWS-side networking (redo shipped to a standby, traffic to the applications)")  # fmt: skip
    totals = estate_totals([Assessed("DW", summary)])
    assert (totals.placement("ec2").partial, totals.placement("odb").partial) == (1, 1)


def test_a_total_priced_in_full_is_not_partial() -> None:
    said = warehouse_with_a_standby(backup_daily_change_gib=200, redo_mib_s=5)
    summary = summary_from_json(said, edition="ee", licence_model="byol", licences_owned=8)
    ec2 = summary.option("ec2")
    assert ec2 is not None and ec2.monthly_usd is not None and ec2.left_out == ()
    assert estate_totals([Assessed("DW", summary)]).placement("ec2").partial == 0


def test_the_configuration_says_when_optimize_cpus_leaves_vcpus_idle() -> None:
    summary = summary_from_json(warehouse_with_a_standby(), edition="ee", licence_model="byol", licences_owned=8)
    ec2 = summary.option("ec2")
    # r6in.8xlarge with 15 of its 16 cores active (2 threads each): 30 of its 32 vCPUs, as the results page says it
    assert ec2 is not None and ec2.configuration.startswith("r6in.8xlarge (30 of 32 vCPUs active with Optimize CPUs, ")
