"""The streaming offer-file importer on the real eu-west-1 offer files (and copies of them altered by hand).

Expected counts and prices are worked out here from the raw JSON, or quoted from pricing-notes.md."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from pricing.engine.rows import PriceRow
from pricing.offers.files import (
    ImportReport,
    PriceDataInvalid,
    deduplicate,
    read_offer_file,
    rows_from_price_list_item,
)
from tests.pricing.offer_data import OFFER_DIR, REGION, find_sku, identical_groups, item, offer, price_of, write

SHARED_FAMILIES = {
    "Database Storage",
    "Provisioned IOPS",
    "Provisioned Throughput",
    "Storage Snapshot",
    "System Operation",
    "Performance Insights",
}


def rows_of(path: Path, **kwargs: object) -> list[PriceRow]:
    return list(read_offer_file(path, region=REGION, **kwargs))  # type: ignore[arg-type]


def test_rds_keeps_oracle_instances_and_shared_rows_once_each() -> None:
    raw = offer("AmazonRDS")
    wanted = [
        sku
        for sku, p in raw["products"].items()
        if (p["productFamily"] == "Database Instance" and p["attributes"]["databaseEngine"] == "Oracle")
        or (
            p["productFamily"] in SHARED_FAMILIES
            and p["attributes"]["databaseEngine"] in ("Oracle", "Any")
            and "Aurora" not in p["attributes"]["usagetype"]
        )
    ]
    report = ImportReport()

    rows = rows_of(OFFER_DIR / "AmazonRDS.json", report=report)

    assert len(rows) == identical_groups(raw, wanted) == len(raw["products"]) - 1 - report.duplicates
    assert report.duplicates == len(wanted) - len(rows) > 0
    assert not any("Aurora" in r.attributes["usagetype"] for r in rows)
    assert {r.as_of for r in rows} == {date(2023, 2, 23)}  # the file's publicationDate
    sku = find_sku(raw, "Database Instance", instanceType="db.r5.xlarge", databaseEdition="Enterprise")
    row = next(r for r in rows if r.sku == sku)
    assert row.price_usd == Decimal(price_of(raw, sku)) == Decimal("0.516")  # pricing-notes §4a, eu-west-1 BYOL
    assert (row.unit, row.term, row.end_range) == ("Hrs", "OnDemand", None)


def test_rds_custom_skus_are_kept_and_marked() -> None:
    raw = offer("AmazonRDS")
    custom_skus = {s for s, p in raw["products"].items() if p["attributes"].get("deploymentModel") == "Custom"}

    rows = rows_of(OFFER_DIR / "AmazonRDS.json")

    custom = [r for r in rows if r.rds_custom]
    assert custom_skus <= {r.sku for r in custom}
    assert {r.attributes["usagetype"] for r in custom if r.sku not in custom_skus} == {
        "EU-RDSCustom:ChargedBackupUsage"
    }
    m5 = [r for r in rows if r.attributes.get("instanceType") == "db.m5.xlarge"]
    ee = [
        r
        for r in m5
        if r.attributes["databaseEdition"] == "Enterprise" and r.attributes["deploymentOption"] == "Single-AZ"
    ]
    # pricing-notes §4a: eu-west-1 db.m5.xlarge EE BYOL 0.378; the RDS Custom SKU 0.454.
    assert sorted((r.rds_custom, r.price_usd) for r in ee) == [(False, Decimal("0.378")), (True, Decimal("0.454"))]


def test_duplicates_collapse_onto_the_smallest_sku_in_any_order(tmp_path: Path) -> None:
    raw = offer("AmazonRDS")
    groups: dict[str, list[str]] = {}
    for sku, p in raw["products"].items():
        key = json.dumps([p["productFamily"], p["attributes"], price_of(raw, sku)], sort_keys=True)
        groups.setdefault(key, []).append(sku)
    smallest = {min(skus) for skus in groups.values() if len(skus) > 1}
    dropped = {sku for skus in groups.values() for sku in skus if len(skus) > 1} - smallest
    backwards = {
        **raw,
        "products": dict(reversed(raw["products"].items())),
        "terms": {"OnDemand": dict(reversed(raw["terms"]["OnDemand"].items()))},
    }

    for path in (OFFER_DIR / "AmazonRDS.json", write(backwards, tmp_path / "backwards.json")):
        report = ImportReport()
        skus = {r.sku for r in rows_of(path, report=report)}
        assert smallest <= skus
        assert not skus & dropped
        assert report.duplicates == len(dropped) and report.rows == len(skus)


def test_ec2_keeps_only_linux_shared_used_on_demand_instances(tmp_path: Path) -> None:
    raw = offer("AmazonEC2")
    sku = find_sku(raw, "Compute Instance", instanceType="m5.xlarge")
    variants = {
        "WINDOWS": {"operatingSystem": "Windows"},
        "DEDICATED": {"tenancy": "Dedicated"},
        "SQLSTD": {"preInstalledSw": "SQL Std"},
        "BYOL": {"licenseModel": "Bring your own license"},
        "UNUSEDCR": {"capacitystatus": "UnusedCapacityReservation"},
        "CAPBLOCK": {"marketoption": "CapacityBlock"},
        "ONDEMAND": {"marketoption": "OnDemand"},
        "USEAST1": {"regionCode": "us-east-1"},
        "LOCALZONE": {"locationType": "AWS Local Zone"},
    }
    for suffix, change in variants.items():
        product = json.loads(json.dumps(raw["products"][sku]))
        product["attributes"].update(change)
        product["sku"] = sku + suffix
        raw["products"][sku + suffix] = product
        terms = json.loads(json.dumps(raw["terms"]["OnDemand"][sku]).replace(sku, sku + suffix))
        raw["terms"]["OnDemand"][sku + suffix] = terms

    rows = rows_of(write(raw, tmp_path / "AmazonEC2.json"))

    m5 = {r.sku for r in rows if r.attributes.get("instanceType") == "m5.xlarge"}
    assert m5 == {sku, sku + "ONDEMAND"}
    # pricing-notes §4b: m5.xlarge in eu-west-1, 0.214 (TC 2023-02).
    assert {r.price_usd for r in rows if r.sku == sku} == {Decimal("0.214")}


def test_ec2_keeps_every_ebs_row_with_its_unit() -> None:
    raw = offer("AmazonEC2")
    ebs = {s for s, p in raw["products"].items() if p["productFamily"] != "Compute Instance"}

    rows = {r.sku: r for r in rows_of(OFFER_DIR / "AmazonEC2.json") if r.product_family != "Compute Instance"}

    assert set(rows) == ebs
    by_usage = {r.attributes["usagetype"]: (r.price_usd, r.unit) for r in rows.values()}
    # pricing-notes §4c, eu-west-1 column (TC 2023-02).
    assert by_usage["EU-EBS:VolumeP-Throughput.gp3"] == (Decimal("45.056"), "GiBps-mo")
    assert by_usage["EU-EBS:VolumeUsage.io2"] == (Decimal("0.138"), "GB-month")
    tiers = [by_usage[f"EU-EBS:VolumeP-IOPS.io2{t}"][0] for t in ("", ".tier2", ".tier3")]
    assert tiers == [Decimal("0.072"), Decimal("0.0504"), Decimal("0.03528")]
    assert by_usage["EU-EBS:VolumeIOUsage"] == (Decimal("0.000000055"), "IOs")  # $0.055 per 1M I/O


def test_reserved_terms_become_reserved_rows(tmp_path: Path) -> None:
    """The Reserved shape of a real get_products answer (aws-api-samples GetProducts_m5_large.json)."""
    raw = offer("AmazonEC2")
    sku = find_sku(raw, "Compute Instance", instanceType="m5.xlarge")
    raw["terms"]["Reserved"] = {
        sku: {
            f"{sku}.CUZHX8X6JH": {
                "priceDimensions": {
                    f"{sku}.CUZHX8X6JH.2TG2D8R56U": {
                        "unit": "Quantity",
                        "description": "Upfront Fee",
                        "appliesTo": [],
                        "rateCode": f"{sku}.CUZHX8X6JH.2TG2D8R56U",
                        "pricePerUnit": {"USD": "294"},
                    },
                    f"{sku}.CUZHX8X6JH.6YS6EN2CT7": {
                        "unit": "Hrs",
                        "endRange": "Inf",
                        "description": "Linux/UNIX (Amazon VPC), m5.large reserved instance applied",
                        "appliesTo": [],
                        "rateCode": f"{sku}.CUZHX8X6JH.6YS6EN2CT7",
                        "beginRange": "0",
                        "pricePerUnit": {"USD": "0.0340000000"},
                    },
                },
                "sku": sku,
                "effectiveDate": "2017-10-31T23:59:59Z",
                "offerTermCode": "CUZHX8X6JH",
                "termAttributes": {
                    "LeaseContractLength": "1yr",
                    "OfferingClass": "convertible",
                    "PurchaseOption": "Partial Upfront",
                },
            }
        }
    }

    rows = [r for r in rows_of(write(raw, tmp_path / "AmazonEC2.json")) if r.sku == sku]

    reserved = sorted((r.unit, r.price_usd) for r in rows if r.term == "Reserved")
    assert reserved == [("Hrs", Decimal("0.034")), ("Quantity", Decimal(294))]
    assert all(r.term_attributes["PurchaseOption"] == "Partial Upfront" for r in rows if r.term == "Reserved")
    assert [r.term for r in rows].count("OnDemand") == 1


def test_invalid_items_are_reported_with_sku_and_reason(tmp_path: Path) -> None:
    raw = offer("AmazonRDS")
    bad_price = find_sku(raw, "Database Instance", instanceType="db.r5.xlarge", databaseEdition="Enterprise")
    no_unit = find_sku(raw, "Database Instance", instanceType="db.m5.large", databaseEdition="Enterprise")
    (term,) = raw["terms"]["OnDemand"][bad_price].values()
    (dimension,) = term["priceDimensions"].values()
    dimension["pricePerUnit"]["USD"] = "about a dollar"
    (term,) = raw["terms"]["OnDemand"][no_unit].values()
    (dimension,) = term["priceDimensions"].values()
    del dimension["unit"]

    with pytest.raises(PriceDataInvalid) as raised:
        rows_of(write(raw, tmp_path / "AmazonRDS.json"))

    message = str(raised.value)
    assert "2 invalid item(s)" in message
    assert f"{bad_price}: price_usd: Input should be a valid decimal" in message
    assert f"{no_unit}: unit: Input should be a valid string" in message


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "AmazonRDS.json"
    path.write_bytes((OFFER_DIR / "AmazonRDS.json").read_bytes()[:400_000])

    with pytest.raises(PriceDataInvalid, match="not valid JSON"):
        rows_of(path)


def test_an_offer_file_of_another_service_is_refused(tmp_path: Path) -> None:
    raw = {**offer("AmazonEC2"), "offerCode": "AmazonS3"}

    with pytest.raises(PriceDataInvalid, match="offerCode 'AmazonS3'"):
        rows_of(write(raw, tmp_path / "AmazonS3.json"))
    with pytest.raises(PriceDataInvalid, match="offerCode is AmazonEC2, not AmazonRDS"):
        rows_of(OFFER_DIR / "AmazonEC2.json", service="AmazonRDS")


def test_without_a_publication_date_rows_carry_the_terms_effective_date(tmp_path: Path) -> None:
    raw = offer("AmazonEC2")
    del raw["publicationDate"]

    rows = rows_of(write(raw, tmp_path / "AmazonEC2.json"))

    assert {r.as_of for r in rows} == {date(2023, 2, 1)}  # every term's effectiveDate in the file


def test_api_items_and_the_offer_file_give_the_same_rows() -> None:
    raw = offer("AmazonRDS")
    from_api: list[PriceRow] = []
    for sku in raw["products"]:
        found, problems = rows_from_price_list_item(
            item(raw, sku), service="AmazonRDS", region=REGION, source="api", fallback_as_of=date(2026, 1, 1)
        )
        assert not problems
        from_api += found
    unique, dropped = deduplicate(reversed(from_api))

    def comparable(rows: list[PriceRow]) -> set[tuple[object, ...]]:
        return {(r.sku, r.price_usd, r.unit, r.rds_custom, r.as_of) for r in rows}

    offer_rows = rows_of(OFFER_DIR / "AmazonRDS.json")
    assert comparable(unique) == comparable(offer_rows)
    assert dropped == len(from_api) - len(offer_rows)


def test_a_malformed_api_item_names_its_sku() -> None:
    raw = offer("AmazonRDS")
    sku = find_sku(raw, "Database Instance", instanceType="db.r5.xlarge", databaseEdition="Enterprise")
    entry = json.loads(item(raw, sku))
    entry["terms"]["OnDemand"] = "none"

    rows, problems = rows_from_price_list_item(
        json.dumps(entry), service="AmazonRDS", region=REGION, source="api", fallback_as_of=date(2026, 1, 1)
    )

    assert rows == []
    assert [str(p) for p in problems] == [f"{sku}: terms.OnDemand is not an object"]
    _, problems = rows_from_price_list_item(
        "{not json", service="AmazonRDS", region=REGION, source="api", fallback_as_of=date(2026, 1, 1)
    )
    assert "not JSON" in problems[0].reason
