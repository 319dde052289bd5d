"""Newer prices and commitments from ``../shared/data``: the on-demand Linux rates the AWS Price List gave Karpenter on 2026-07-20
(us-east-1, with the 8th generation, and GovCloud), and the published EC2 Reserved Instance rates of
``aws-commitments/`` (Standard 1- and 3-year All Upfront for 28 Intel families in 6 Regions as of 2026-05, and all 12
options of x2iedn.32xlarge as of 2025-06), and the RDS for Oracle rates of AWS's Database Savings Plans offer file
for ap-south-2 (2026-04-22). Pure Python: no Django.

The reserved rows keep what the source publishes, an *effective* hourly rate (hourly fee + upfront fee / hours in
the term): they are ``Reserved`` rows with AWS's term attributes and ``RateBasis: effective``, never an invented
split into upfront and hourly fee (``engine/commitments.py`` derives the All Upfront fee, which has no hourly fee,
and says the split is not published for the others). A reserved row is written only where an on-demand row of the
same Region exists in the fixtures, so no snapshot holds reservations it cannot compare with on-demand.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import date
from pathlib import Path

from pricing.engine.rows import PriceRow
from pricing.offers.database_plan import read_database_plans
from pricing.offers.report import PriceDataInvalid
from pricing.price_fixtures import BuildReport, FixtureSourceError, source_price

KARPENTER_FILE = "aws-2026/karpenter/ec2-linux-ondemand-2026-07-20.csv"  # under shared/data/
KARPENTER_SOURCE = (
    "AWS Price List via Karpenter, {region}, {as_of} (aws/karpenter-provider-aws "
    "pkg/providers/pricing/{file} @6fc13b52)"
)
RESERVED_FILE = "aws-commitments/ec2_reserved_instances.csv"
RESERVED_SOURCE = "AWS Price List via Vantage (instances.vantage.sh), {region}, {as_of} ({repo} {path} @{commit})"
RESERVED_DESCRIPTION = (
    "effective hourly rate as published by the source: hourly fee + upfront fee / hours in the term; the upfront "
    "and hourly fee are not published apart"
)
METAL_NOTE = (
    "; for .metal sizes the source's on-demand rate is about 10% below the 2026-07-20 Price List "
    "(the source's own cross-check), so this rate may be out of date"
)
LINUX = {
    "operatingSystem": "Linux",
    "tenancy": "Shared",
    "preInstalledSw": "NA",
    "licenseModel": "No License required",
    "capacitystatus": "Used",
}
OPTION_SLUG = {"No Upfront": "no-upfront", "Partial Upfront": "partial-upfront", "All Upfront": "all-upfront"}


def _read_csv(path: Path, columns: Iterable[str]) -> list[dict[str, str]]:
    try:
        with path.open(newline="") as handle:
            reader = csv.DictReader(handle)
            missing = set(columns) - set(reader.fieldnames or ())
            if missing:
                raise FixtureSourceError(f"{path}: no column(s) {', '.join(sorted(missing))}")
            return list(reader)
    except OSError as error:
        raise FixtureSourceError(f"cannot read {path}: {error}") from None


def _family(instance_type: str) -> str:
    metal = instance_type.endswith(".metal") or ".metal-" in instance_type
    return "Compute Instance (bare metal)" if metal else "Compute Instance"


def _date(text: str, where: str) -> date:
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        raise FixtureSourceError(f"{where}: {text!r} is not a date") from None


def karpenter_rows(data_dir: Path) -> list[PriceRow]:
    """One on-demand row per Region and instance type, as Karpenter's generated table gives it."""
    records = _read_csv(data_dir / KARPENTER_FILE, ("region", "instance_type", "usd_per_hour", "generated_at"))
    rows: dict[tuple[str, str], PriceRow] = {}
    for n, record in enumerate(records, 2):
        region, instance_type = record["region"], record["instance_type"]
        where = f"{KARPENTER_FILE}:{n}"
        as_of = _date(record["generated_at"], where)
        price = source_price(record["usd_per_hour"], where)
        if price <= 0:
            raise FixtureSourceError(f"{where}: {instance_type} {region} price {price} is no price")
        row = PriceRow(
            service="AmazonEC2",
            region=region,
            sku=f"KARPENTER-{region}-{instance_type}",
            product_family=_family(instance_type),
            attributes={**LINUX, "instanceType": instance_type, "regionCode": region},
            unit="Hrs",
            price_usd=price,
            source=KARPENTER_SOURCE.format(region=region, as_of=as_of.isoformat(), file=record["source_file"]),
            as_of=as_of,
        )
        if rows.setdefault((region, instance_type), row) != row:
            raise FixtureSourceError(f"{where}: {instance_type} {region} is listed twice with different prices")
    return list(rows.values())


def reserved_rows(data_dir: Path, *, on_demand_regions: set[str], report: BuildReport) -> list[PriceRow]:
    """EC2 Linux reserved rows at the source's effective rate; where two sources give the same offering, the newer
    (they agree to the last digit where both have it, README 'Checks run')."""
    columns = ("region", "instance_type", "term_years", "offering_class", "purchase_option", "effective_hourly_usd")
    records = _read_csv(data_dir / RESERVED_FILE, (*columns, "as_of", "source_repo", "source_path", "source_commit"))
    chosen: dict[tuple[str, ...], tuple[date, PriceRow]] = {}
    skipped: set[str] = set()
    for n, record in enumerate(records, 2):
        where = f"{RESERVED_FILE}:{n}"
        region, instance_type = record["region"], record["instance_type"]
        if record.get("operating_system") != "Linux" or record.get("tenancy") != "Shared":
            raise FixtureSourceError(f"{where}: not Linux shared tenancy")
        if record["upfront_usd"] or record["hourly_usd"]:
            raise FixtureSourceError(f"{where}: the source now splits upfront and hourly fee: import them as such")
        if region not in on_demand_regions:
            skipped.add(region)
            continue
        option = record["purchase_option"]
        years, offering = record["term_years"], record["offering_class"]
        if option not in OPTION_SLUG or years not in ("1", "3") or offering not in ("standard", "convertible"):
            raise FixtureSourceError(f"{where}: unknown term {years} {offering} {option}")
        as_of = _date(record["as_of"], where)
        description = RESERVED_DESCRIPTION + (METAL_NOTE if ".metal" in instance_type else "")
        row = PriceRow(
            service="AmazonEC2",
            region=region,
            sku=f"RI-{region}-{instance_type}-{years}yr-{offering}-{OPTION_SLUG[option]}",
            product_family=_family(instance_type),
            attributes={**LINUX, "instanceType": instance_type, "regionCode": region},
            term="Reserved",
            term_attributes={
                "LeaseContractLength": f"{years}yr",
                "OfferingClass": offering,
                "PurchaseOption": option,
                "RateBasis": "effective",
            },
            unit="Hrs",
            price_usd=source_price(record["effective_hourly_usd"], where),
            description=description,
            source=RESERVED_SOURCE.format(
                region=region,
                as_of=as_of.isoformat(),
                repo=record["source_repo"],
                path=record["source_path"],
                commit=record["source_commit"][:8],
            ),
            as_of=as_of,
        )
        key = (region, instance_type, years, offering, option)
        kept = chosen.get(key)
        if kept is None or as_of > kept[0]:
            chosen[key] = (as_of, row)
    if skipped:
        report.skipped.append(
            f"EC2 reserved rows of {', '.join(sorted(skipped))}: no on-demand EC2 fixture there to compare with"
        )
    report.unsourced += [
        "RDS for Oracle reserved prices: no shared source newer than VI21 2021-08-03, whose reserved values are keyed "
        "by engine only (Single-AZ and Multi-AZ collapse) and too sparse to label (aws-commitments/README.md)",
        "EC2 Instance and Compute Savings Plans rates: no shared source; a Savings Plans region file uploaded prices "
        "them",
        "EC2 reserved No/Partial Upfront and convertible terms other than x2iedn.32xlarge, and 8th-generation "
        "(m8i, r8i, x8i ...) reservations: not in the shared sources",
    ]
    return [row for _, row in chosen.values()]


DATABASE_PLANS_DIR = "aws-commitments/database-savings-plans-ap-south-2-2026-04"  # under shared/data/
DATABASE_PLANS_FILE = "AWSDatabaseSavingsPlans-ap-south-2-index.csv"
DATABASE_PLANS_REGION = "ap-south-2"
DATABASE_PLANS_SOURCE = (
    "AWS Price List, Database Savings Plans offer file ap-south-2, version {version} (as republished unchanged by "
    "timfanda35/aws-pricing-list-loader files/{file} @88d7d013)"
)


def database_plan_rows(data_dir: Path, *, report: BuildReport) -> list[PriceRow]:
    """The RDS for Oracle rates of AWS's Database Savings Plans offer file for ap-south-2, read by the same reader as
    an admin's upload (``pricing.offers.database_plan``)."""
    path = data_dir / DATABASE_PLANS_DIR / DATABASE_PLANS_FILE
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()[:10]
        version = next(line.split(",", 1)[1].strip() for line in lines if line.startswith("Version,"))
    except (OSError, StopIteration) as error:
        raise FixtureSourceError(f"cannot read the version of {path}: {error}") from None
    source = DATABASE_PLANS_SOURCE.format(version=version, file=DATABASE_PLANS_FILE)
    try:
        rows = read_database_plans(path, region=DATABASE_PLANS_REGION, source=source)
    except PriceDataInvalid as error:
        raise FixtureSourceError(str(error)) from None
    report.unsourced.append(
        "RDS for Oracle on-demand prices in ap-south-2: no shared source, so its Database Savings Plans rates stand "
        "without an on-demand price to compare with until a refresh brings the Region's RDS prices"
    )
    return rows
