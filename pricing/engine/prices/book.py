"""Typed lookups over price rows: one place that knows how AWS names Oracle prices.

Pure Python (no Django). ``PriceBook(rows)`` indexes the rows once, by region, service and product family; each
lookup filters one small bucket on AWS's own attribute values and returns the matching ``PriceRow``, or raises
``PriceNotFound`` naming the field and what the book does price. Usage types are matched by suffix because the
region prefix differs (``EU-RDS:PIOPS`` in eu-west-1, ``RDS:PIOPS`` in older us-east-1 SKUs). When a dimension is
repeated (AWS publishes many identical SKUs, some per engine, some for ``Any``), the pick is deterministic: rows
read from the price list before estimated ones, the engine's own row before ``Any``, the newest, then by SKU.

The book is assembled from ``index`` (the index and book-wide questions), ``bills.rds_lookups`` and
``bills.ec2_lookups``; the vocabulary they share is ``terms``, re-exported here for the modules that import it.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from pricing.engine.bills.ec2_lookups import EC2_INSTANCE_FAMILIES, Ec2Lookups, is_ec2_linux
from pricing.engine.bills.rds_lookups import RdsLookups
from pricing.engine.prices.answers import remembered
from pricing.engine.prices.terms import (
    CENT,
    DEPLOYMENTS,
    EBS_IO2_TIER_USAGES,
    EBS_IOPS_USAGE,
    EC2_LINUX,
    EDITION_LABELS,
    EDITIONS,
    LICENCE_MODEL_LABELS,
    LICENCE_MODELS,
    RDS_IOPS_USAGE,
    RDS_THROUGHPUT_USAGE,
    RDS_VOLUME_TYPES,
    Commitment,
    Deployment,
    EbsVolumeType,
    Edition,
    InstancePrice,
    IopsTier,
    LicenceModel,
    PriceNotFound,
    RdsStorageType,
    commitment_label,
    is_custom,
    pick,
    round_cents,
    usage_matches,
)
from pricing.engine.rows import PriceRow

__all__ = [
    "CENT",
    "DEPLOYMENTS",
    "EBS_IO2_TIER_USAGES",
    "EBS_IOPS_USAGE",
    "EC2_LINUX",
    "EDITIONS",
    "EDITION_LABELS",
    "LICENCE_MODELS",
    "LICENCE_MODEL_LABELS",
    "RDS_IOPS_USAGE",
    "RDS_THROUGHPUT_USAGE",
    "RDS_VOLUME_TYPES",
    "Commitment",
    "Deployment",
    "EbsVolumeType",
    "Edition",
    "InstancePrice",
    "IopsTier",
    "LicenceModel",
    "PriceBook",
    "PriceNotFound",
    "RdsStorageType",
    "commitment_label",
    "round_cents",
    "usage_matches",
]


class PriceBook(RdsLookups, Ec2Lookups):
    """Rows indexed once; lookups answer in AWS's terms and fail with what is priced instead."""

    @remembered(copy=dict)
    def on_demand_hourly(
        self, *, region: str, platform: str, edition: str = "", licence_model: str = "", deployment: str = "single-az"
    ) -> dict[str, Decimal]:
        """The on-demand hourly price of every priced class at once, by class: what a search ranks by.

        Same rows and choice as ``rds_instance``/``ec2_instance`` with commitment on-demand, in one pass."""
        if region not in self._regions:
            return {}
        if platform == "ec2":
            rows = [r for r in self._rows(region, "AmazonEC2", *EC2_INSTANCE_FAMILIES) if is_ec2_linux(r)]
        else:
            custom = platform == "rds-custom"
            want = (EDITIONS.get(edition), LICENCE_MODELS.get(licence_model), DEPLOYMENTS.get(deployment))
            rows = [
                r
                for r in self._rows(region, "AmazonRDS", "Database Instance")
                if r.attributes.get("databaseEngine") == "Oracle"
                and is_custom(r) == custom
                and (
                    r.attributes.get("databaseEdition"),
                    r.attributes.get("licenseModel"),
                    r.attributes.get("deploymentOption"),
                )
                == want
            ]
        by_class: dict[str, list[PriceRow]] = defaultdict(list)
        for r in rows:
            if r.term == "OnDemand" and r.unit == "Hrs" and r.attributes.get("instanceType"):
                by_class[r.attributes["instanceType"]].append(r)
        return {name: row.price_usd for name, group in by_class.items() if (row := pick(group)) is not None}

    @remembered()
    def instance_commitments(
        self,
        *,
        region: str,
        platform: str,
        instance_class: str,
        edition: str = "",
        licence_model: str = "",
        deployment: str = "single-az",
    ) -> tuple[str, ...]:
        """The commitments priced for one class (on-demand, reservations, savings plans), in display order: what a
        form may offer. Empty when the Region or class has no instance-hour rows."""
        if region not in self._regions:
            return ()
        if platform == "ec2":
            rows = self._ec2_linux(region).get(instance_class, [])
        else:
            want = (EDITIONS.get(edition), LICENCE_MODELS.get(licence_model), DEPLOYMENTS.get(deployment))
            rows = [
                r
                for r in self._oracle_by_class(region, platform == "rds-custom").get(instance_class, [])
                if (
                    r.attributes.get("databaseEdition"),
                    r.attributes.get("licenseModel"),
                    r.attributes.get("deploymentOption"),
                )
                == want
            ]
        return self._available(rows)
