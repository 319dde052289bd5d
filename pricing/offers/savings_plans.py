"""The Savings Plans offer file of one Region (AWS's ``AWSComputeSavingsPlan`` region file), read into price rows.

AWS publishes Savings Plans apart from the EC2 offer: ``products`` is a list of plans (``productFamily``
``EC2InstanceSavingsPlans`` or ``ComputeSavingsPlans``, attributes ``purchaseOption``, ``purchaseTerm``,
``instanceType`` = the family, ``regionCode``), and ``terms.savingsPlan`` a list of one term per plan (``sku``,
``effectiveDate``, ``leaseContractLength`` {duration, unit}) whose ``rates`` discount one product SKU each
(``discountedSku``, ``discountedUsageType``, ``discountedOperation``, ``discountedServiceCode``, ``unit``,
``discountedRate`` {price, currency}). A rate is kept when it discounts an EC2 Linux instance-hours row already in the
Region's rows (the same SKU, read from the EC2 offer or the Query API), and becomes a ``SavingsPlan`` row with that
row's product attributes and the plan's terms: ``LeaseContractLength``, ``PurchaseOption`` and ``SavingsPlanType``.

Read with ijson, so memory grows with the rows kept, not with the file. Anything that cannot be read is reported with
its SKU, and the whole file is refused (``PriceDataInvalid``). Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import ijson

from pricing.engine.rows import PriceRow
from pricing.offers.report import ImportReport, InvalidItem, PriceDataInvalid
from pricing.offers.rows import date_of

PLAN_FAMILIES = ("EC2InstanceSavingsPlans", "ComputeSavingsPlans")
MISSING_TERMS = (
    "no terms.savingsPlan: not a Savings Plans offer file (AWS's AWSComputeSavingsPlan region file holds "
    "products[] and terms.savingsPlan[] with rates keyed by discountedSku)"
)


def _first(path: Path, key: str) -> Any:
    with path.open("rb") as handle:
        return next(ijson.items(handle, key), None)


def _plans(path: Path, region: str, report: ImportReport) -> dict[str, dict[str, str]]:
    """Plan SKU -> its family, purchase option and term, for the plans of this Region (or of any Region)."""
    plans: dict[str, dict[str, str]] = {}
    with path.open("rb") as handle:
        for product in ijson.items(handle, "products.item"):
            report.products_read += 1
            sku = product.get("sku") if isinstance(product, dict) else None
            attributes = product.get("attributes") if isinstance(product, dict) else None
            if not isinstance(sku, str) or not isinstance(attributes, dict):
                report.add_invalid(InvalidItem(str(sku or "?"), "product without sku or attributes"))
                continue
            family = product.get("productFamily")
            if family not in PLAN_FAMILIES:
                continue
            if attributes.get("regionCode", region) not in (region, "Any"):
                continue
            option, term = attributes.get("purchaseOption"), attributes.get("purchaseTerm")
            if option not in ("No Upfront", "Partial Upfront", "All Upfront") or term not in ("1yr", "3yr"):
                report.add_invalid(InvalidItem(sku, f"purchaseOption {option!r} or purchaseTerm {term!r} unknown"))
                continue
            report.products_kept += 1
            plans[sku] = {"SavingsPlanType": family, "PurchaseOption": option, "LeaseContractLength": term}
    return plans


def lease_length(term: dict[str, Any]) -> str | None:
    """The term's commitment length as the plans name it ("1yr", "3yr"), or None when it is not 1 or 3 years."""
    lease = term.get("leaseContractLength")
    if isinstance(lease, dict) and lease.get("unit") == "year" and lease.get("duration") in (1, 3, "1", "3"):
        return f"{lease['duration']}yr"
    return None


def usd_rate(rate: dict[str, Any]) -> Decimal | str:
    """The rate's USD price, or why it has none."""
    price = rate.get("discountedRate")
    if not isinstance(price, dict) or price.get("currency") != "USD":
        return f"rate {rate.get('rateCode', '?')} has no USD discountedRate"
    try:
        value = Decimal(str(price.get("price")))
    except InvalidOperation:
        return f"rate {rate.get('rateCode', '?')}: price {price.get('price')!r} is not a number"
    return value if value.is_finite() and value >= 0 else f"rate {rate.get('rateCode', '?')}: price {value} is no price"


def _term_rows(
    term: Any,
    plans: dict[str, dict[str, str]],
    by_sku: dict[str, PriceRow],
    report: ImportReport,
    *,
    source: str,
    as_of: date | None,
) -> list[PriceRow]:
    """The rows of one plan's term: one per rate that discounts a held EC2 row."""
    sku = term.get("sku") if isinstance(term, dict) else None
    plan = plans.get(sku) if isinstance(sku, str) else None
    if plan is None:
        return []
    lease = lease_length(term)
    if lease is None or lease != plan["LeaseContractLength"]:
        report.add_invalid(InvalidItem(str(sku), "leaseContractLength is not 1 or 3 years, or not the plan's term"))
        return []
    rows = []
    for rate in term.get("rates") or ():
        report.price_dimensions_read += 1
        row = by_sku.get(str(rate.get("discountedSku"))) if isinstance(rate, dict) else None
        if row is None or rate.get("discountedServiceCode") != "AmazonEC2" or rate.get("unit") != "Hrs":
            continue
        price = usd_rate(rate)
        if isinstance(price, str):
            report.add_invalid(InvalidItem(str(sku), price))
            continue
        description = (
            f"{plan['SavingsPlanType']} {plan['LeaseContractLength']} {plan['PurchaseOption']} rate for "
            f"{rate.get('discountedUsageType', '')} ({rate.get('discountedOperation', '')}), plan SKU {sku}"
        )
        when = as_of or date_of(term.get("effectiveDate")) or row.as_of
        rows.append(
            row.model_copy(
                update={
                    "term": "SavingsPlan",
                    "term_attributes": dict(plan),
                    "price_usd": price,
                    "description": description,
                    "source": source,
                    "as_of": when,
                }
            )
        )
    return rows


def read_savings_plans(
    path: Path | str,
    *,
    region: str,
    ec2_rows: Iterable[PriceRow],
    source: str | None = None,
    as_of: date | None = None,
    report: ImportReport | None = None,
) -> list[PriceRow]:
    """The Savings Plans rates of ``region`` that discount one of ``ec2_rows`` (on-demand EC2 Linux instance hours
    with AWS's SKUs), as ``SavingsPlan`` rows. Raises ``PriceDataInvalid`` naming what is missing or malformed."""
    path = Path(path)
    report = report if report is not None else ImportReport()
    try:
        published = date_of(_first(path, "publicationDate"))
        file_region = _first(path, "regionCode")
        if file_region not in (None, region):
            raise PriceDataInvalid(str(path), [InvalidItem("-", f"regionCode is {file_region}, not {region}")])
        plans = _plans(path, region, report)
        by_sku = {r.sku: r for r in ec2_rows if r.service == "AmazonEC2" and r.term == "OnDemand" and r.unit == "Hrs"}
        source = source or f"AWS Savings Plans offer file AWSComputeSavingsPlan {region} ({path.name})"
        rows: list[PriceRow] = []
        with path.open("rb") as handle:
            for term in ijson.items(handle, "terms.savingsPlan.item"):
                report.term_entries_read += 1
                rows += _term_rows(term, plans, by_sku, report, source=source, as_of=as_of or published)
    except ijson.JSONError as error:
        raise PriceDataInvalid(str(path), [InvalidItem("-", f"the file is not valid JSON: {error}")]) from None
    if not report.term_entries_read:
        raise PriceDataInvalid(str(path), [InvalidItem("-", MISSING_TERMS)])
    if report.invalid_count:
        raise PriceDataInvalid(str(path), report.invalid, report.invalid_count)
    if not rows:
        reason = (
            f"no Savings Plans rate discounts an EC2 Linux instance-hours row of {region} held now: refresh the "
            "Region's EC2 prices from the Price List first (the rates are keyed by the EC2 product SKU)"
        )
        raise PriceDataInvalid(str(path), [InvalidItem("-", reason)])
    report.rows = len(rows)
    return rows


def is_savings_plan_file(path: Path | str) -> bool:
    """Whether an uploaded file is a Savings Plans region file (it has ``terms.savingsPlan``), not an AWS offer file;
    reads only up to the first term."""
    try:
        with Path(path).open("rb") as handle:
            return any(True for _ in ijson.items(handle, "terms.savingsPlan.item"))
    except ijson.JSONError:
        return False


def with_savings_plans(current: Iterable[PriceRow], plans: Iterable[PriceRow]) -> list[PriceRow]:
    """The Region's EC2 rows with their Savings Plans rows replaced by ``plans``: the rows of the EC2 snapshot a
    Savings Plans upload writes (everything else unchanged)."""
    return [*(r for r in current if r.term != "SavingsPlan"), *plans]
