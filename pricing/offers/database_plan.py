"""AWS's Database Savings Plans offer file of one Region (``AWSDatabaseSavingsPlans``), read into RDS for Oracle
price rows: the same offer as JSON (``index.json``: ``products[]`` of productFamily ``DatabaseSavingsPlans`` and
``terms.savingsPlan[]`` whose ``rates`` discount one RDS product SKU each) or as AWS's CSV (``index.csv``: five
header lines, then one line per rate with the plan's and the discounted product's columns).

A rate is kept when it discounts RDS for Oracle instance hours (``discountedServiceCode`` AmazonRDS, operation
``CreateDBInstance:<engine code>`` of an Oracle engine, unit Hrs). It becomes a ``SavingsPlan`` row keyed by the
discounted (on-demand) SKU with the plan's terms (``LeaseContractLength``, ``PurchaseOption``, ``SavingsPlanType``
``DatabaseSavingsPlans``). Its product attributes are those of the Region's on-demand row of that SKU where one is
held, else read from the rate itself: the class (``DiscountedInstanceType``), edition and licence model (the engine
code) and deployment (the usage type: ``InstanceUsage`` Single-AZ, ``Multi-AZUsage`` Multi-AZ). So the rates price
a Region whose on-demand RDS rows are not held (yet). Anything that cannot be read is reported with its plan SKU and
the whole file is refused (``PriceDataInvalid``). Pure Python: no Django.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import ijson

from pricing.engine.commitments.terms import DATABASE_PLAN_TYPE
from pricing.engine.rows import PriceRow
from pricing.fixtures.vi21 import ORACLE_ENGINE_CODES
from pricing.offers.report import ImportReport, InvalidItem, PriceDataInvalid
from pricing.offers.rows import date_of
from pricing.offers.savings_plans import lease_length, usd_rate

OFFER_CODES = ("AWSDatabaseSavingsPlans", "AmazonDatabaseSavingsPlans")  # the JSON's and the CSV's header
PURCHASE_TERMS = {("1", "year"): "1yr", ("3", "year"): "3yr"}
DEPLOYMENT_OF_USAGE = (("-Multi-AZUsage:", "Multi-AZ"), ("-InstanceUsage:", "Single-AZ"))
NO_ROWS = (
    "no Database Savings Plans rate for RDS for Oracle instance hours of {region} in the file: it holds rates "
    "for RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i where AWS offers them"
)


def _oracle(operation: str) -> tuple[str, str] | None:
    """(databaseEdition, licenseModel) of an Oracle ``CreateDBInstance:0005`` operation; None for other engines."""
    head, _, code = operation.partition(":")
    if head != "CreateDBInstance" or not code.isdigit():
        return None
    return ORACLE_ENGINE_CODES.get(str(int(code)))


def _deployment(usage_type: str) -> str | None:
    return next((d for marker, d in DEPLOYMENT_OF_USAGE if marker in usage_type), None)


def _row(
    rate: dict[str, Any],
    plan: dict[str, str],
    plan_sku: str,
    *,
    region: str,
    held: dict[str, PriceRow],
    source: str,
    as_of: date,
    report: ImportReport,
) -> PriceRow | None:
    """One kept rate as a row; None when it does not discount RDS for Oracle instance hours of ``region``."""
    report.price_dimensions_read += 1
    operation, usage = str(rate.get("discountedOperation", "")), str(rate.get("discountedUsageType", ""))
    if rate.get("discountedServiceCode") != "AmazonRDS" or rate.get("unit") != "Hrs":
        return None
    if rate.get("discountedRegionCode", region) not in (region, ""):
        return None
    engine = _oracle(operation)
    if engine is None:
        return None
    sku = str(rate.get("discountedSku", ""))
    price = usd_rate(rate)
    if isinstance(price, str) or not sku:
        report.add_invalid(InvalidItem(plan_sku, price if isinstance(price, str) else "a rate without discountedSku"))
        return None
    own = held.get(sku)
    if own is not None:
        attributes = dict(own.attributes)
    else:
        deployment, instance = _deployment(usage), str(rate.get("discountedInstanceType", ""))
        if deployment is None or not instance.startswith("db."):
            why = f"rate for {sku} ({usage}) names no db.* class or deployment, and no on-demand row of it is held"
            report.add_invalid(InvalidItem(plan_sku, why))
            return None
        edition, licence = engine
        attributes = {
            "databaseEngine": "Oracle",
            "databaseEdition": edition,
            "licenseModel": licence,
            "deploymentOption": deployment,
            "instanceType": instance,
            "usagetype": usage,
            "operation": operation,
            "regionCode": region,
        }
    description = (
        f"{plan['SavingsPlanType']} {plan['LeaseContractLength']} {plan['PurchaseOption']} rate for {usage} "
        f"({operation}), plan SKU {plan_sku}"
    )
    return PriceRow(
        service="AmazonRDS",
        region=region,
        sku=sku,
        product_family="Database Instance",
        attributes=attributes,
        term="SavingsPlan",
        term_attributes=dict(plan),
        unit="Hrs",
        price_usd=price,
        description=description,
        source=source,
        as_of=as_of,
    )


def _plan(option: Any, lease: str | None, plan_sku: str, report: ImportReport) -> dict[str, str] | None:
    if option not in ("No Upfront", "Partial Upfront", "All Upfront") or lease is None:
        report.add_invalid(InvalidItem(plan_sku, f"purchase option {option!r} or term {lease!r} unknown"))
        return None
    return {"SavingsPlanType": DATABASE_PLAN_TYPE, "PurchaseOption": str(option), "LeaseContractLength": lease}


# --- the CSV form ----------------------------------------------------------------------------------------------


def _csv_records(path: Path) -> tuple[dict[str, str], Iterator[dict[str, str]]]:
    """The five header lines (FormatVersion ... OfferCode) and the rate records after them."""
    handle = io.StringIO(path.read_text(encoding="utf-8-sig"))
    reader = csv.reader(handle)
    header = {}
    for line in reader:
        if len(line) >= 2 and line[0] in ("FormatVersion", "Disclaimer", "Publication Date", "Version", "OfferCode"):
            header[line[0]] = line[1]
            if line[0] == "OfferCode":
                break
    columns = next(reader, [])
    return header, (dict(zip(columns, line, strict=False)) for line in reader)


def _csv_rows(path: Path, *, region: str, held: dict[str, PriceRow], source: str | None,
              report: ImportReport) -> list[PriceRow]:  # fmt: skip
    header, records = _csv_records(path)
    if header.get("OfferCode") not in OFFER_CODES:
        raise PriceDataInvalid(
            str(path), [InvalidItem("-", f"OfferCode {header.get('OfferCode')!r} is not {OFFER_CODES[0]}")]
        )
    version = header.get("Version", "")
    published = date_of(header.get("Publication Date"))
    source = source or f"AWS Price List, Database Savings Plans offer file {region}, version {version}"
    rows = []
    for record in records:
        report.term_entries_read += 1
        plan_sku = record.get("SKU", "?")
        lease = PURCHASE_TERMS.get((record.get("LeaseContractLength", ""), record.get("LeaseContractLengthUnit", "")))
        plan = _plan(record.get("PurchaseOption"), lease, plan_sku, report)
        if plan is None:
            continue
        rate = {
            "discountedSku": record.get("DiscountedSKU"),
            "discountedServiceCode": record.get("DiscountedServiceCode"),
            "discountedUsageType": record.get("DiscountedUsageType"),
            "discountedOperation": record.get("DiscountedOperation"),
            "discountedRegionCode": record.get("DiscountedRegionCode", region),
            "discountedInstanceType": record.get("DiscountedInstanceType", ""),
            "rateCode": record.get("RateCode"),
            "unit": record.get("Unit"),
            "discountedRate": {"price": record.get("DiscountedRate"), "currency": record.get("Currency")},
        }
        when = published or date_of(record.get("EffectiveDate"))
        if when is None:
            report.add_invalid(InvalidItem(plan_sku, "no publication or effective date"))
            continue
        found = _row(rate, plan, plan_sku, region=region, held=held, source=source, as_of=when, report=report)
        if found is not None:
            rows.append(found)
    return rows


# --- the JSON form -----------------------------------------------------------------------------------------------


def _first(path: Path, key: str) -> Any:
    with path.open("rb") as handle:
        return next(ijson.items(handle, key), None)


def _json_plans(path: Path, report: ImportReport) -> dict[str, dict[str, str]]:
    plans = {}
    with path.open("rb") as handle:
        for product in ijson.items(handle, "products.item"):
            report.products_read += 1
            if not isinstance(product, dict) or product.get("productFamily") != DATABASE_PLAN_TYPE:
                continue
            found = product.get("attributes")
            attributes: dict[str, Any] = found if isinstance(found, dict) else {}
            sku = str(product.get("sku", "?"))
            plan = _plan(attributes.get("purchaseOption"), attributes.get("purchaseTerm"), sku, report)
            if plan is not None:
                report.products_kept += 1
                plans[sku] = plan
    return plans


def _json_rows(path: Path, *, region: str, held: dict[str, PriceRow], source: str | None,
               report: ImportReport) -> list[PriceRow]:  # fmt: skip
    version = _first(path, "version")
    published = date_of(_first(path, "publicationDate"))
    source = source or f"AWS Price List, Database Savings Plans offer file {region}, version {version}"
    plans = _json_plans(path, report)
    rows = []
    with path.open("rb") as handle:
        for term in ijson.items(handle, "terms.savingsPlan.item"):
            report.term_entries_read += 1
            plan_sku = term.get("sku") if isinstance(term, dict) else None
            plan = plans.get(str(plan_sku))
            if plan is None:
                continue
            if lease_length(term) != plan["LeaseContractLength"]:
                report.add_invalid(InvalidItem(str(plan_sku), "leaseContractLength is not the plan's term"))
                continue
            when = published or date_of(term.get("effectiveDate"))
            if when is None:
                report.add_invalid(InvalidItem(str(plan_sku), "no publication or effective date"))
                continue
            for rate in term.get("rates") or ():
                if isinstance(rate, dict):
                    found = _row(rate, plan, str(plan_sku), region=region, held=held, source=source, as_of=when,
                                 report=report)  # fmt: skip
                    rows += [found] if found is not None else []
    return rows


# --- both ----------------------------------------------------------------------------------------------------------


def is_database_plan_file(path: Path | str) -> bool:
    """Whether a file is AWS's Database Savings Plans offer (JSON: its plans are of productFamily
    ``DatabaseSavingsPlans``; CSV: its OfferCode header)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            start = handle.read(4096)
        if start.lstrip().startswith(b"{"):
            with path.open("rb") as handle:
                return any(
                    isinstance(p, dict) and p.get("productFamily") == DATABASE_PLAN_TYPE
                    for p in ijson.items(handle, "products.item")
                )
        return any(code.encode() in start for code in OFFER_CODES) and b"OfferCode" in start
    except (OSError, ijson.JSONError):
        return False


def read_database_plans(
    path: Path | str,
    *,
    region: str,
    rds_rows: Iterable[PriceRow] = (),
    source: str | None = None,
    report: ImportReport | None = None,
) -> list[PriceRow]:
    """The Database Savings Plans rates of ``region`` for RDS for Oracle instance hours, as ``SavingsPlan`` rows
    (JSON or CSV form). ``rds_rows``: the Region's held RDS rows, whose on-demand rows lend their attributes to the
    rates keyed by their SKUs. Raises ``PriceDataInvalid`` naming what is missing or malformed."""
    path = Path(path)
    report = report if report is not None else ImportReport()
    held = {r.sku: r for r in rds_rows if r.service == "AmazonRDS" and r.term == "OnDemand" and r.unit == "Hrs"}
    try:
        with path.open("rb") as handle:
            is_json = handle.read(4096).lstrip().startswith(b"{")
        reader = _json_rows if is_json else _csv_rows
        rows = reader(path, region=region, held=held, source=source, report=report)
    except ijson.JSONError as error:
        raise PriceDataInvalid(str(path), [InvalidItem("-", f"the file is not valid JSON: {error}")]) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise PriceDataInvalid(str(path), [InvalidItem("-", f"the file cannot be read: {error}")]) from None
    if report.invalid_count:
        raise PriceDataInvalid(str(path), report.invalid, report.invalid_count)
    if not rows:
        raise PriceDataInvalid(str(path), [InvalidItem("-", NO_ROWS.format(region=region))])
    report.rows = len(rows)
    return rows


def with_database_plans(current: Iterable[PriceRow], plans: Iterable[PriceRow]) -> list[PriceRow]:
    """The Region's RDS rows with their Database Savings Plans rows replaced by ``plans`` (the RDS snapshot an
    upload writes; everything else unchanged)."""
    kept = [r for r in current if r.term_attributes.get("SavingsPlanType") != DATABASE_PLAN_TYPE]
    return [*kept, *plans]
