"""The committed price fixtures: how they are generated from ``../shared`` and how they are read back.

The app prices offline from ``fixtures/prices/`` and never reads ``../shared`` at run time. Generation
(``manage.py build_price_fixtures``) writes:

- ``eu-west-1/AmazonRDS.json``, ``eu-west-1/AmazonEC2.json``: the TC offer files, copied byte for byte and read
  back through the same streaming importer an admin uses (``pricing.offers.files``);
- ``rds-oracle-vi21.jsonl``: RDS for Oracle Single-AZ instance hours from VI21, every region but the ones an offer
  file covers, plus Multi-AZ = 2 x Single-AZ marked estimated;
- ``ec2-linux-oz.jsonl``: EC2 Linux on-demand instance hours from OZ for every AWS region (in eu-west-1 only the
  types the offer file lacks);
- ``reference-us-east-1.jsonl``: us-east-1 prices read from the tables of pricing-notes §4a/§4c/§4d, each row
  citing the table and the keys and dates of its sources;
- ``ec2-linux-karpenter-2026-07-20.jsonl``: EC2 Linux on-demand hours of 2026-07-20 (us-east-1 with the 8th
  generation, and GovCloud) from ``data/aws-2026/karpenter``; newer than OZ, so the price book picks them first;
- ``ec2-reserved-instances.jsonl``: EC2 Linux Reserved Instance effective rates from ``data/aws-commitments``;
- ``rds-database-savings-plans.jsonl``: the RDS for Oracle rates of AWS's Database Savings Plans offer file for
  ap-south-2 (``data/aws-commitments/database-savings-plans-ap-south-2-2026-04``), read as an upload is.

Every row is a ``PriceRow`` (JSON lines, defaults omitted, sorted). Source keys (TC, VI21, OZ, IC, ...) are
those of pricing-notes §4. This module runs the whole build and is the public face of the builders, which live in
modules named for what they hold: ``fixture_vi21``, ``fixture_oz``, ``fixture_reference`` (one per source), and
``fixture_commitments`` (the newer EC2 on-demand and reserved rows), ``price_fixtures`` (the files: locations, writing, reading back, and what the builders share). Pure Python: no
Django.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from pricing.engine.rows import PriceRow
from pricing.fixture_commitments import database_plan_rows, karpenter_rows, reserved_rows
from pricing.fixture_oz import OZ_AS_OF, OZ_FILE, OZ_SOURCE, REGION_CODE, oz_rows
from pricing.fixture_reference import NOTES_FILE, SourceDates, reference_rows
from pricing.fixture_vi21 import ORACLE_ENGINE_CODES, VI21_AS_OF, VI21_FILE, VI21_SOURCE, verify_engine_codes, vi21_rows
from pricing.offers.reader import read_offer_file
from pricing.price_fixtures import (
    DATABASE_PLANS_JSONL,
    DEFAULT_SHARED_DIR,
    JSONL_FILES,
    KARPENTER_JSONL,
    MULTI_AZ_NOTE,
    OFFER_DIR,
    OFFER_FILES,
    OFFER_REGION,
    OFFER_SOURCE,
    OZ_JSONL,
    PRICE_FIXTURE_DIR,
    REFERENCE_JSONL,
    REPO_ROOT,
    RESERVED_JSONL,
    VI21_JSONL,
    BuildReport,
    FixtureGroup,
    FixtureSourceError,
    dump_rows,
    fixture_groups,
    read_rows,
    write_atomically,
    write_text,
)

__all__ = [
    "DATABASE_PLANS_JSONL",
    "DEFAULT_SHARED_DIR",
    "JSONL_FILES",
    "KARPENTER_JSONL",
    "MULTI_AZ_NOTE",
    "NOTES_FILE",
    "OFFER_DIR",
    "OFFER_FILES",
    "OFFER_REGION",
    "OFFER_SOURCE",
    "ORACLE_ENGINE_CODES",
    "OZ_AS_OF",
    "OZ_FILE",
    "OZ_JSONL",
    "OZ_SOURCE",
    "PRICE_FIXTURE_DIR",
    "REFERENCE_JSONL",
    "REGION_CODE",
    "REPO_ROOT",
    "RESERVED_JSONL",
    "VI21_AS_OF",
    "VI21_FILE",
    "VI21_JSONL",
    "VI21_SOURCE",
    "BuildReport",
    "FixtureGroup",
    "FixtureSourceError",
    "SourceDates",
    "build_price_fixtures",
    "build_rows",
    "dump_rows",
    "fixture_groups",
    "oz_rows",
    "read_rows",
    "reference_rows",
    "verify_engine_codes",
    "vi21_rows",
]


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise FixtureSourceError(f"cannot read {path}: {error}") from None


def build_rows(shared_dir: Path, report: BuildReport) -> dict[str, list[PriceRow]]:
    """The JSON-lines fixtures' rows, by file name, from the shared sources."""
    pricing_dir = shared_dir / "data" / "pricing"
    offer_rows = {
        name: list(read_offer_file(pricing_dir / OFFER_DIR / name, region=OFFER_REGION)) for name in OFFER_FILES
    }
    vi21 = _load_json(pricing_dir / VI21_FILE)
    verify_engine_codes(vi21, offer_rows["AmazonRDS.json"])
    oz = _load_json(pricing_dir / OZ_FILE)
    oz_records = oz["data"] if isinstance(oz, dict) else oz
    tc_types = {
        row.attributes["instanceType"]
        for row in offer_rows["AmazonEC2.json"]
        if row.product_family.startswith("Compute Instance")
    }
    try:
        notes = (shared_dir / NOTES_FILE).read_text()
    except OSError as error:
        raise FixtureSourceError(f"cannot read {shared_dir / NOTES_FILE}: {error}") from None
    vi21_rows_ = vi21_rows(vi21, skip_regions={OFFER_REGION})
    report.skipped.append(
        f"VI21 {OFFER_REGION}: the TC offer file prices it (newer, and equal where both have a class)"
    )
    report.unsourced += [
        "RDS Custom for Oracle outside eu-west-1: no shared source has its SKUs",
        "RDS storage, IOPS, throughput, backup and EBS prices outside eu-west-1 and us-east-1: no shared source",
        "Reserved terms of AWS's own (upfront and hourly fee apart): TC dropped them, VI21 gives amortised hourly "
        "rates rather than AWS terms, OZ has none; aws-commitments gives EC2 effective rates only",
    ]
    priced_us_east_1 = {
        (row.attributes["instanceType"], row.attributes["engineCode"])
        for row in vi21_rows_
        if row.region == "us-east-1"
    }
    oz = oz_rows(oz_records, skip={OFFER_REGION: tc_types}, report=report)
    karpenter = karpenter_rows(shared_dir / "data")
    on_demand_regions = {OFFER_REGION} | {r.region for r in oz} | {r.region for r in karpenter}
    return {
        VI21_JSONL: vi21_rows_,
        OZ_JSONL: oz,
        REFERENCE_JSONL: reference_rows(notes, vi21_us_east_1=priced_us_east_1, report=report),
        KARPENTER_JSONL: karpenter,
        RESERVED_JSONL: reserved_rows(shared_dir / "data", on_demand_regions=on_demand_regions, report=report),
        DATABASE_PLANS_JSONL: database_plan_rows(shared_dir / "data", report=report),
    }


def build_price_fixtures(*, shared_dir: Path = DEFAULT_SHARED_DIR, out_dir: Path = PRICE_FIXTURE_DIR) -> BuildReport:
    """Regenerate every price fixture from ``shared_dir``; each file is replaced only once all are built."""
    if not (shared_dir / "data" / "pricing").is_dir():
        raise FixtureSourceError(f"no shared data at {shared_dir / 'data' / 'pricing'}")
    report = BuildReport()
    built = build_rows(shared_dir, report)
    texts = {name: dump_rows(rows) for name, rows in built.items()}
    for name in OFFER_FILES:
        source = shared_dir / "data" / "pricing" / OFFER_DIR / name
        write_atomically(out_dir / OFFER_REGION / name, lambda tmp, source=source: shutil.copyfile(source, tmp))
        report.files[f"{OFFER_REGION}/{name}"] = sum(1 for _ in read_offer_file(source, region=OFFER_REGION))
    for name, text in texts.items():
        write_text(out_dir / name, text)
        report.files[name] = len(built[name])
    return report
