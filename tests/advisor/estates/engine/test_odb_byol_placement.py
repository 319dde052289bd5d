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


def test_a_data_guard_database_is_placed_on_ec2_once_exadata_counts_its_licences() -> None:
    # as the site's book for us-east-1 holds it: eu-west-1's EC2 rows stand in for the snapshot row us-east-1 lacks
    eu_west_1 = read_offer_file(PRICES / "eu-west-1" / "AmazonEC2.json", region="eu-west-1")
    book = PriceBook([row for name in US_EAST_1 for row in read_rows(PRICES / name)] + list(eu_west_1))
    scenario = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json")
    workload = scenario.workload.model_copy(
        update={"availability": scenario.workload.availability.model_copy(update={"multi_az": True})}
    )
    said = recommendation_json(recommend(workload, book))
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
