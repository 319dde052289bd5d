"""RDS for Oracle and RDS Custom for Oracle prices: instance hours, storage, IOPS, throughput, backup, magnetic I/O,
Performance Insights and Database Insights, each looked up on AWS's own attribute values.

Pure Python (no Django). An RDS Custom lookup sees Custom SKUs only and an RDS for Oracle lookup never does; rows for
engine ``Any`` price Oracle where AWS publishes no Oracle row of its own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from pricing.engine.commitments.database_savings_plans import not_covered
from pricing.engine.commitments.terms import DATABASE_PLAN, not_offered
from pricing.engine.prices.answers import remembered
from pricing.engine.prices.equivalence import equivalent, priced_as
from pricing.engine.prices.index import PriceIndex
from pricing.engine.prices.terms import (
    DEPLOYMENTS,
    EDITION_LABELS,
    EDITIONS,
    LICENCE_MODEL_LABELS,
    LICENCE_MODELS,
    RDS_IOPS_USAGE,
    RDS_THROUGHPUT_USAGE,
    RDS_VOLUME_TYPES,
    InstancePrice,
    PriceNotFound,
    is_custom,
    listing,
    row_usage,
)
from pricing.engine.rows import PriceRow


class RdsLookups(PriceIndex):
    """The RDS half of the price book."""

    def __init__(self, rows: Iterable[PriceRow]) -> None:
        super().__init__(rows)
        self._oracle_rows_index: dict[tuple[str, bool], list[PriceRow]] = {}
        self._oracle_class_index: dict[tuple[str, bool], dict[str, list[PriceRow]]] = {}

    # --- RDS for Oracle and RDS Custom instance hours -------------------------------------------

    def _oracle_instance_rows(self, region: str, custom: bool) -> list[PriceRow]:
        """RDS (or RDS Custom) for Oracle instance rows of a region, filtered once (searches look up many)."""
        key = (region, custom)
        rows = self._oracle_rows_index.get(key)
        if rows is None:
            rows = [
                r
                for r in self._rows(region, "AmazonRDS", "Database Instance")
                if r.attributes.get("databaseEngine") == "Oracle" and is_custom(r) == custom
            ]
            self._oracle_rows_index[key] = rows
        return rows

    def _oracle_by_class(self, region: str, custom: bool) -> dict[str, list[PriceRow]]:
        key = (region, custom)
        index = self._oracle_class_index.get(key)
        if index is None:
            index = defaultdict(list)
            for r in self._oracle_instance_rows(region, custom):
                index[r.attributes.get("instanceType", "")].append(r)
            self._oracle_class_index[key] = index
        return index

    @remembered()
    def rds_instance(
        self,
        *,
        region: str,
        instance_class: str,
        edition: str,
        licence_model: str,
        deployment: str,
        custom: bool = False,
        commitment: str = "on-demand",
    ) -> InstancePrice:
        """RDS for Oracle (``deploymentModel`` not Custom) or RDS Custom for Oracle (Custom SKUs only) hours."""
        product = "RDS Custom for Oracle" if custom else "RDS for Oracle"
        rows = self._oracle_instance_rows(region, custom)
        want = (EDITIONS.get(edition), LICENCE_MODELS.get(licence_model), DEPLOYMENTS.get(deployment))

        def key(r: PriceRow) -> tuple[str | None, str | None, str | None]:
            a = r.attributes
            return a.get("databaseEdition"), a.get("licenseModel"), a.get("deploymentOption")

        combo = f"{EDITION_LABELS.get(edition, edition)} {LICENCE_MODEL_LABELS.get(licence_model, licence_model)} {DEPLOYMENTS.get(deployment, deployment)}"
        if not rows:
            raise PriceNotFound("platform", f"no {product} instance prices in {self._where(region, 'AmazonRDS')}")
        same_class = self._oracle_by_class(region, custom).get(instance_class, [])
        if not any(key(r) == want for r in same_class):
            classes = {r.attributes.get("instanceType", "") for r in rows if key(r) == want}
            if not same_class and classes:
                raise PriceNotFound(
                    "instance_class",
                    f"{instance_class} has no {product} {combo} price in {self._where(region, 'AmazonRDS')}; "
                    f"priced classes: {listing(classes, instance_class)}",
                )
            scope = same_class or rows
            offered = sorted({self._combo_label(r) for r in scope})
            raise PriceNotFound(
                self._combo_field(scope, want),
                f"{instance_class} has no {product} {combo} price in {self._where(region, 'AmazonRDS')}; "
                f"priced for {instance_class if same_class else product}: {listing(offered)}",
            )
        matching = [r for r in same_class if key(r) == want]
        platform = "rds-custom" if custom else "rds"
        not_sold = not_offered(platform, commitment)
        if commitment == DATABASE_PLAN:
            not_sold = not_covered(
                platform=platform, instance_class=instance_class, edition=edition, licence_model=licence_model
            )
        return self._commit(matching, commitment, f"{product} {instance_class} {combo}", region, not_sold=not_sold)

    @staticmethod
    def _combo_label(row: PriceRow) -> str:
        a = row.attributes
        ed = {v: k for k, v in EDITIONS.items()}.get(a.get("databaseEdition", ""), a.get("databaseEdition", "?"))
        lic = {v: k for k, v in LICENCE_MODELS.items()}.get(a.get("licenseModel", ""), a.get("licenseModel", "?"))
        dep = {v: k for k, v in DEPLOYMENTS.items()}.get(a.get("deploymentOption", ""), a.get("deploymentOption", "?"))
        return f"{ed} {lic} {dep}"

    @staticmethod
    def _combo_field(rows: list[PriceRow], want: tuple[str | None, str | None, str | None]) -> str:
        """The first of edition, licence_model, deployment that no row matches together with the ones before it."""
        names = ("edition", "licence_model", "deployment")
        attrs = ("databaseEdition", "licenseModel", "deploymentOption")
        for i, name in enumerate(names):
            if not any(all(r.attributes.get(attrs[j]) == want[j] for j in range(i + 1)) for r in rows):
                return name
        return "deployment"

    def rds_instance_vcpus(self, *, region: str, instance_class: str) -> int | None:
        """The ``vcpu`` attribute of any row of the class, when the rows carry it (live price-list rows do)."""
        return self._instance_vcpus(region, "AmazonRDS", ("Database Instance",), instance_class)

    # --- RDS storage, IOPS, throughput, backup, IO requests, Performance Insights ------------------

    def _rds_dimension(self, region: str, family: str, *, custom: bool) -> list[PriceRow]:
        return [
            r
            for r in self._rows(region, "AmazonRDS", family)
            if r.attributes.get("databaseEngine") in ("Oracle", "Any") and is_custom(r) == custom
        ]

    def _or_equivalent(self, lookup: str, volume_type: str, missing: PriceNotFound, **kwargs: Any) -> PriceRow:
        """The price of the type AWS prices ``volume_type`` as (io2 Block Express as io1), marked estimated; the
        original ``missing`` when no rule names one or the Region lacks that type's row too."""
        rule = equivalent(lookup=lookup, volume_type=volume_type)
        if rule is None:
            raise missing
        try:
            row = getattr(self, f"_{lookup}")(volume_type=rule.priced_as, **kwargs)
        except PriceNotFound:
            raise missing from None
        return priced_as(row, rule)

    @remembered()
    def rds_storage(self, *, region: str, volume_type: str, deployment: str, custom: bool = False) -> PriceRow:
        """GB-month of RDS storage: ``volumeType`` per type (gp2 'General Purpose' ... magnetic 'Magnetic'); a type
        the Region has no row for that AWS prices as another (io2 as io1) is priced at that type's row, estimated."""
        try:
            return self._rds_storage(region=region, volume_type=volume_type, deployment=deployment, custom=custom)
        except PriceNotFound as missing:
            kwargs = {"region": region, "deployment": deployment, "custom": custom}
            return self._or_equivalent("rds_storage", volume_type, missing, **kwargs)

    @remembered()
    def rds_iops(self, *, region: str, volume_type: str, deployment: str, custom: bool = False) -> PriceRow:
        """IOPS-month of provisioned IOPS for io1, io2 or gp3 (gp3: the IOPS above the baseline); io2 without rows of
        its own is priced at io1's, estimated (the same rule as storage)."""
        try:
            return self._rds_iops(region=region, volume_type=volume_type, deployment=deployment, custom=custom)
        except PriceNotFound as missing:
            kwargs = {"region": region, "deployment": deployment, "custom": custom}
            return self._or_equivalent("rds_iops", volume_type, missing, **kwargs)

    def _rds_storage(self, *, region: str, volume_type: str, deployment: str, custom: bool) -> PriceRow:
        rows = [
            r
            for r in self._rds_dimension(region, "Database Storage", custom=custom)
            if r.attributes.get("deploymentOption") == DEPLOYMENTS.get(deployment) and r.unit.startswith("GB")
        ]
        label = {v: k for k, v in RDS_VOLUME_TYPES.items()}
        priced = {label[r.attributes["volumeType"]] for r in rows if r.attributes.get("volumeType") in label}
        wanted = RDS_VOLUME_TYPES.get(volume_type)
        product = "RDS Custom" if custom else "RDS"
        return self._one(
            "AmazonRDS",
            (r for r in rows if r.attributes.get("volumeType") == wanted),
            "storage.type",
            f"{product} {volume_type} {DEPLOYMENTS.get(deployment, deployment)} storage",
            region,
            f"priced storage types: {listing(priced)}",
        )

    def _rds_iops(self, *, region: str, volume_type: str, deployment: str, custom: bool) -> PriceRow:
        suffix = RDS_IOPS_USAGE.get((volume_type, deployment))
        rows = [
            r
            for r in self._rds_dimension(region, "Provisioned IOPS", custom=custom)
            if r.attributes.get("deploymentOption") == DEPLOYMENTS.get(deployment)
        ]
        priced = sorted(
            t for (t, d), s in RDS_IOPS_USAGE.items() if d == deployment and any(row_usage(r, s) for r in rows)
        )
        return self._one(
            "AmazonRDS",
            (r for r in rows if suffix and row_usage(r, suffix)),
            "storage.iops",
            f"RDS {volume_type} {DEPLOYMENTS.get(deployment, deployment)} provisioned IOPS",
            region,
            f"IOPS priced for: {listing(priced)}",
        )

    @remembered()
    def rds_throughput(self, *, region: str, deployment: str, custom: bool = False) -> PriceRow:
        """MBPS-month of gp3 throughput above the baseline; usage type and deploymentOption must agree."""
        suffix = RDS_THROUGHPUT_USAGE[deployment] if deployment in RDS_THROUGHPUT_USAGE else ""
        rows = [
            r
            for r in self._rds_dimension(region, "Provisioned Throughput", custom=custom)
            if r.attributes.get("deploymentOption") == DEPLOYMENTS.get(deployment) and suffix and row_usage(r, suffix)
        ]
        return self._one(
            "AmazonRDS",
            rows,
            "storage.throughput_mib_s",
            f"RDS gp3 {DEPLOYMENTS.get(deployment, deployment)} provisioned throughput",
            region,
            "keep throughput at the baseline",
        )

    @remembered()
    def rds_backup(self, *, region: str, custom: bool = False) -> PriceRow:
        """GB-month of backup storage beyond the free allowance (``ChargedBackupUsage``)."""
        suffix = "RDSCustom:ChargedBackupUsage" if custom else "RDS:ChargedBackupUsage"
        rows = [r for r in self._rows(region, "AmazonRDS", "Storage Snapshot") if row_usage(r, suffix)]
        rows = [r for r in rows if r.attributes.get("databaseEngine") in ("Oracle", "Any")]
        return self._one(
            "AmazonRDS", rows, "extra_backup_gib", f"{suffix} backup storage", region, "set extra_backup_gib to 0"
        )

    @remembered()
    def rds_magnetic_io(self, *, region: str) -> PriceRow:
        """Per-request price of magnetic storage I/O (``RDS:StorageIOUsage``, unit IOs)."""
        rows = [r for r in self._rows(region, "AmazonRDS", "System Operation") if row_usage(r, "RDS:StorageIOUsage")]
        return self._one(
            "AmazonRDS",
            rows,
            "storage.io_requests_per_month",
            "RDS magnetic I/O request",
            region,
            "choose another storage type",
        )

    @remembered()
    def rds_performance_insights(self, *, region: str, instance_class: str) -> PriceRow:
        """Performance Insights long-term retention per vCPU-month for the class's family (``PI_LTR:<FAMILY>``)."""
        family = instance_class.removeprefix("db.").split(".", 1)[0].upper()
        rows = self._rows(region, "AmazonRDS", "Performance Insights")
        priced = {
            r.attributes.get("usagetype", "").rsplit("PI_LTR:", 1)[1]
            for r in rows
            if "PI_LTR:" in r.attributes.get("usagetype", "")
        }
        return self._one(
            "AmazonRDS",
            (r for r in rows if row_usage(r, f"PI_LTR:{family}")),
            "performance_insights.mode",
            f"Performance Insights long-term retention ({family})",
            region,
            f"priced families: {listing(priced)}",
        )

    def database_insights_advanced(self, *, region: str) -> PriceRow:
        """Database Insights Advanced per vCPU-hour (a CloudWatch price; rows with product family 'Database Insights')."""
        rows = self._rows(region, "AmazonRDS", "Database Insights") + self._rows(
            region, "AmazonEC2", "Database Insights"
        )
        return self._one(
            "AmazonRDS",
            rows,
            "performance_insights.mode",
            "Database Insights Advanced",
            region,
            "accepted: long-term-retention (Performance Insights)",
        )
