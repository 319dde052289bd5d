"""The committed price fixtures: regenerated from ../shared they are unchanged, and their prices are the ones the
reference text states (pricing-notes §4a, §4b, §4c, §4d are quoted below, never recomputed by the generator)."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from pricing.engine.rows import PriceRow
from pricing.fixture_sources import (
    DEFAULT_SHARED_DIR,
    JSONL_FILES,
    PRICE_FIXTURE_DIR,
    BuildReport,
    FixtureSourceError,
    build_price_fixtures,
    fixture_groups,
    read_rows,
    reference_rows,
    verify_engine_codes,
)
from pricing.offers.files import read_offer_file

SHARED = DEFAULT_SHARED_DIR
needs_shared = pytest.mark.skipif(not (SHARED / "data" / "pricing").is_dir(), reason="../shared is not here")


@cache
def committed(name: str) -> tuple[PriceRow, ...]:
    return tuple(read_rows(PRICE_FIXTURE_DIR / name))


def one(name: str, **match: str) -> PriceRow:
    found = [
        r
        for r in committed(name)
        if all(getattr(r, k, None) == v or r.attributes.get(k) == v for k, v in match.items())
    ]
    assert len(found) == 1, (match, [r.sku for r in found])
    return found[0]


@needs_shared
def test_committed_fixtures_are_what_the_generator_makes_from_shared(tmp_path: Path) -> None:
    build_price_fixtures(shared_dir=SHARED, out_dir=tmp_path)

    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made == sorted(
        [Path("eu-west-1/AmazonRDS.json"), Path("eu-west-1/AmazonEC2.json"), *(Path(n) for n in JSONL_FILES)]
    )
    for relative in made:
        assert (tmp_path / relative).read_bytes() == (PRICE_FIXTURE_DIR / relative).read_bytes(), (
            f"fixtures/prices/{relative} is stale: run manage.py build_price_fixtures --shared ../shared"
        )


@needs_shared
def test_the_vi21_engine_codes_are_checked_against_the_tc_rows() -> None:
    records = json.loads((SHARED / "data/pricing/ec2instances-info-rds-2021-08-03.json").read_text())
    offer_rows = list(read_offer_file(PRICE_FIXTURE_DIR / "eu-west-1/AmazonRDS.json", region="eu-west-1"))

    assert verify_engine_codes(records, offer_rows) > 100
    swapped = copy.deepcopy(records)
    for record in swapped:
        prices = record["pricing"].get("eu-west-1", {})
        if "19" in prices and "20" in prices:
            prices["19"], prices["20"] = prices["20"], prices["19"]
    with pytest.raises(FixtureSourceError, match="engine codes do not match"):
        verify_engine_codes(swapped, offer_rows)


@needs_shared
def test_a_changed_reference_table_stops_the_generator() -> None:
    notes = (SHARED / "reference/pricing-notes.md").read_text()
    changed = notes.replace("| gp2 $/GB-mo | 0.115 / 0.23 (IC 2026) |", "| gp2 $/GB-mo | about 0.12 (IC 2026) |")
    assert changed != notes

    with pytest.raises(FixtureSourceError, match="'gp2 \\$/GB-mo': us-east-1 cell changed"):
        reference_rows(changed, vi21_us_east_1=set(), report=BuildReport())


def test_vi21_us_east_1_rows_are_the_prices_of_pricing_notes_4a() -> None:
    # pricing-notes §4a, us-east-1 columns: BYOL (EE or SE2) and SE2 LI, Single-AZ.
    expected = {
        ("db.t3.large", "5"): "0.136",
        ("db.m5.xlarge", "5"): "0.342",
        ("db.m5.xlarge", "19"): "0.342",
        ("db.m5.xlarge", "20"): "0.876",
        ("db.r5.xlarge", "5"): "0.466",
        ("db.r5.xlarge", "20"): "0.964",
        ("db.r5.2xlarge", "5"): "0.932",
        ("db.r5.2xlarge", "20"): "1.928",
        ("db.t3.large", "20"): "0.300",
    }
    for (instance_type, code), price in expected.items():
        row = one(
            "rds-oracle-vi21.jsonl",
            region="us-east-1",
            instanceType=instance_type,
            engineCode=code,
            deploymentOption="Single-AZ",
        )
        assert row.price_usd == Decimal(price), (instance_type, code)
        assert not row.estimated and row.as_of.isoformat() == "2021-08-03"
    edition = one(
        "rds-oracle-vi21.jsonl",
        region="us-east-1",
        instanceType="db.m5.xlarge",
        engineCode="20",
        deploymentOption="Single-AZ",
    )
    assert (edition.attributes["databaseEdition"], edition.attributes["licenseModel"]) == (
        "Standard Two",
        "License included",
    )


def test_multi_az_instance_hours_are_marked_estimated() -> None:
    row = one(
        "rds-oracle-vi21.jsonl",
        region="us-east-1",
        instanceType="db.r5.xlarge",
        engineCode="5",
        deploymentOption="Multi-AZ",
    )

    assert row.price_usd == Decimal("0.932")  # pricing-notes §4a: 0.932 *(inferred)*
    assert row.estimated and "2 x Single-AZ" in row.estimate_note
    vi21 = committed("rds-oracle-vi21.jsonl")
    assert all(r.estimated == (r.attributes["deploymentOption"] == "Multi-AZ") for r in vi21)
    assert not any(r.region == "eu-west-1" for r in vi21)  # eu-west-1 comes from the TC offer file


def test_reference_rows_quote_pricing_notes_4c_and_4d_for_us_east_1() -> None:
    name = "reference-us-east-1.jsonl"
    # (sku suffix, unit, price, source) as the tables state them; $ per 1M I/O become $ per I/O.
    expected = {
        "4c-us-east-1-gp2-storage": ("GB-Mo", "0.10", "pricing-notes §4c (IC 2024-07-01)"),
        "4c-us-east-1-gp3-throughput": ("GiBps-mo", "40.96", "pricing-notes §4c (IC 2024-07-01; RULES26 2026-08)"),
        "4c-us-east-1-io1-iops": ("IOPS-Mo", "0.065", "pricing-notes §4c (IC 2024-07-01)"),
        "4c-us-east-1-io2-iops-tier3": ("IOPS-Mo", "0.03185", "pricing-notes §4c (RULES26 2026-08)"),
        "4c-us-east-1-standard-io": ("IOs", "0.00000005", "pricing-notes §4c (IC 2024-07-01)"),
        "4d-us-east-1-gp2-storage-single-az": ("GB-Mo", "0.115", "pricing-notes §4d (IC 2026-05-03)"),
        "4d-us-east-1-gp3-storage-readable-standbys": (
            "GB-Mo",
            "0.345",
            "pricing-notes §4d (IC 2026-05-03; LIVE26 2026-07-28)",
        ),
        "4d-us-east-1-gp3-iops-multi-az": ("IOPS-Mo", "0.04", "pricing-notes §4d (IC 2026-05-03; LIVE26 2026-07-28)"),
        "4d-us-east-1-gp3-throughput-single-az": ("MBPS-Mo", "0.08", "pricing-notes §4d (C1 2026-07)"),
        "4d-us-east-1-io2-iops-single-az": (
            "IOPS-Mo",
            "0.10",
            "pricing-notes §4d (LIVE26 2026-07-28; RULES26 2026-08)",
        ),
        "4d-us-east-1-magnetic-io": ("IOs", "0.0000001", "pricing-notes §4d (IC 2026-05-03)"),
        "4d-us-east-1-backup-storage": ("GB-Mo", "0.095", "pricing-notes §4d (IC 2026-05-03; LIVE26 2026-07-28)"),
        "4d-us-east-1-performance-insights-ltr-m5": ("vCPU-Months", "3.815", "pricing-notes §4d (IC 2026-05-03)"),
    }
    rows = {r.sku.removeprefix("REF-"): r for r in committed(name)}
    for suffix, (unit, price, source) in expected.items():
        row = rows[suffix]
        assert (row.unit, row.price_usd, row.source) == (unit, Decimal(price), source), suffix
        assert not row.estimated, suffix


def test_inferred_and_derived_reference_prices_are_estimated() -> None:
    rows = {r.sku.removeprefix("REF-"): r for r in committed("reference-us-east-1.jsonl")}
    # "~0.16 *(inferred)*", "Multi-AZ ×2 *(inferred)*" in §4d; io2 and magnetic Multi-AZ are derived here.
    for suffix, price in {
        "4d-us-east-1-gp3-throughput-multi-az": "0.16",
        "4d-us-east-1-io1-storage-multi-az": "0.25",
        "4d-us-east-1-io1-iops-multi-az": "0.20",
        "4d-us-east-1-io2-iops-multi-az": "0.20",
        "4d-us-east-1-magnetic-storage-multi-az": "0.20",
    }.items():
        assert rows[suffix].price_usd == Decimal(price), suffix
        assert rows[suffix].estimated and rows[suffix].estimate_note, suffix
    # §4a: db.r6i.xlarge BYOL 0.466 (C1, 2026-07) is read; db.r6i.2xlarge 0.932 is inferred.
    assert rows["4a-us-east-1-db.r6i.xlarge-5-single-az"].price_usd == Decimal("0.466")
    assert not rows["4a-us-east-1-db.r6i.xlarge-5-single-az"].estimated
    assert rows["4a-us-east-1-db.r6i.2xlarge-19-single-az"].estimated
    assert all(r.estimated for k, r in rows.items() if "multi-az" in k and k.startswith("4a"))
    assert not any("snapshot" in k for k in rows)  # §4c has no us-east-1 EBS snapshot price ("–")


def test_oz_rows_are_the_prices_of_pricing_notes_4b() -> None:
    # pricing-notes §4b, us-east-1 (OZ 2024-04).
    for instance_type, price in {"m5.xlarge": "0.192", "r5.2xlarge": "0.504", "r6i.2xlarge": "0.504"}.items():
        row = one("ec2-linux-oz.jsonl", region="us-east-1", instanceType=instance_type)
        assert row.price_usd == Decimal(price) and row.as_of.isoformat() == "2024-04-04"
    oz = committed("ec2-linux-oz.jsonl")
    regions = {r.region for r in oz}
    # OZ lists 31 AWS regions, and Local Zones / Wavelength zones (us-east-1-bos-1, us-east-1-wl1-atl1) that are not.
    assert len(regions) == 31 and {"us-gov-east-1", "il-central-1", "ca-west-1"} <= regions
    assert not any("-wl1" in r or r.startswith("us-east-1-") for r in regions)
    assert not any(r.price_usd == 0 for r in oz)  # OZ's "0" is no price (p5.48xlarge in us-east-1)
    eu = {r.attributes["instanceType"] for r in oz if r.region == "eu-west-1"}
    assert eu and not eu & {"m5.xlarge", "r5.2xlarge", "r6i.2xlarge"}  # those come from the TC offer file


def test_fixture_groups_make_one_snapshot_per_region_and_service() -> None:
    groups = {(g.region, g.service): g for g in fixture_groups()}

    # ap-south-2: the Database Savings Plans rates alone (no shared source prices its RDS on demand)
    rds_regions = {r.region for r in committed("rds-oracle-vi21.jsonl")} | {"eu-west-1", "ap-south-2"}
    ec2_regions = {r.region for r in committed("ec2-linux-oz.jsonl")}
    assert {k for k in groups if k[1] == "AmazonRDS"} == {(r, "AmazonRDS") for r in rds_regions}
    assert {k for k in groups if k[1] == "AmazonEC2"} == {(r, "AmazonEC2") for r in ec2_regions}
    eu_rds = groups[("eu-west-1", "AmazonRDS")]
    assert eu_rds.files == ("eu-west-1/AmazonRDS.json",)
    assert eu_rds.as_of.isoformat() == "2023-02-23"
    assert all("TC: cycloidio/terracost" in r.source for r in eu_rds.rows)
    us_rds = groups[("us-east-1", "AmazonRDS")]
    assert us_rds.files == ("rds-oracle-vi21.jsonl", "reference-us-east-1.jsonl")
    assert us_rds.as_of.isoformat() == "2021-08-03"  # the oldest row's date
