"""Typed lookups over price rows: one place that knows how AWS names Oracle prices.

Pure Python (no Django). ``PriceBook(rows)`` indexes the rows once, by region, service and product family; each
lookup filters one small bucket on AWS's own attribute values and returns the matching ``PriceRow``, or raises
``PriceNotFound`` naming the field and what the book does price. Usage types are matched by suffix because the
region prefix differs (``EU-RDS:PIOPS`` in eu-west-1, ``RDS:PIOPS`` in older us-east-1 SKUs). When a dimension is
repeated (AWS publishes many identical SKUs, some per engine, some for ``Any``), the pick is deterministic: rows
read from the price list before estimated ones, the engine's own row before ``Any``, the newest, then by SKU.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from pricing.engine.rows import PriceRow

Edition = Literal["ee", "se2"]
LicenceModel = Literal["byol", "li"]
Deployment = Literal["single-az", "multi-az"]
RdsStorageType = Literal["gp2", "gp3", "io1", "io2", "magnetic"]
EbsVolumeType = Literal["gp2", "gp3", "io1", "io2", "st1", "sc1", "standard"]
Commitment = Literal[
    "on-demand",
    "reserved-1yr-no-upfront",
    "reserved-1yr-partial-upfront",
    "reserved-1yr-all-upfront",
    "reserved-3yr-no-upfront",
    "reserved-3yr-partial-upfront",
    "reserved-3yr-all-upfront",
]

EDITIONS: dict[str, str] = {"ee": "Enterprise", "se2": "Standard Two"}
EDITION_LABELS: dict[str, str] = {"ee": "EE", "se2": "SE2"}
LICENCE_MODELS: dict[str, str] = {"byol": "Bring your own license", "li": "License included"}
LICENCE_MODEL_LABELS: dict[str, str] = {"byol": "BYOL", "li": "License Included"}
DEPLOYMENTS: dict[str, str] = {"single-az": "Single-AZ", "multi-az": "Multi-AZ"}
RDS_VOLUME_TYPES: dict[str, str] = {
    "gp2": "General Purpose",
    "gp3": "General Purpose-GP3",
    "io1": "Provisioned IOPS",
    "io2": "Provisioned IOPS-IO2",
    "magnetic": "Magnetic",
}
# RDS usage-type suffixes per (dimension, deployment). Multi-AZ rows must say Multi-AZ in both the usage type and
# deploymentOption: in eu-west-1 2023 the Multi-AZ and SQL Server Mirror throughput rows have the two swapped.
RDS_IOPS_USAGE: dict[tuple[str, str], str] = {
    ("io1", "single-az"): "RDS:PIOPS",
    ("io1", "multi-az"): "RDS:Multi-AZ-PIOPS",
    ("io2", "single-az"): "RDS:IO2-PIOPS",
    ("io2", "multi-az"): "RDS:Multi-AZ-IO2-PIOPS",
    ("gp3", "single-az"): "RDS:GP3-PIOPS",
    ("gp3", "multi-az"): "RDS:Multi-AZ-GP3-PIOPS",
}
RDS_THROUGHPUT_USAGE: dict[str, str] = {"single-az": "RDS:GP3-Throughput", "multi-az": "RDS:Multi-AZ-GP3-Throughput"}
EBS_IOPS_USAGE: dict[str, str] = {"io1": "EBS:VolumeP-IOPS.piops", "gp3": "EBS:VolumeP-IOPS.gp3"}
EBS_IO2_TIER_USAGES: tuple[str, ...] = (
    "EBS:VolumeP-IOPS.io2",
    "EBS:VolumeP-IOPS.io2.tier2",
    "EBS:VolumeP-IOPS.io2.tier3",
)
# EC2 Linux on-demand instance rows; an attribute missing from a row (reference-table rows) is not held against it.
EC2_LINUX: dict[str, str] = {
    "operatingSystem": "Linux",
    "tenancy": "Shared",
    "preInstalledSw": "NA",
    "licenseModel": "No License required",
    "capacitystatus": "Used",
    "marketoption": "OnDemand",
}
_LEASES = {"1yr": "1yr", "3yr": "3yr"}
_PURCHASE = {"no-upfront": "No Upfront", "partial-upfront": "Partial Upfront", "all-upfront": "All Upfront"}


CENT = Decimal("0.01")


def round_cents(amount: Decimal) -> Decimal:
    """Half-up to cents, as AWS rounds each line of a bill (negative credits round away from zero)."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


class PriceNotFound(LookupError):
    """No row prices what was asked. ``field`` names the config field at fault; the message says what is priced."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")

    def at(self, field: str) -> PriceNotFound:
        """The same problem under another config path (``volumes[2].type`` rather than ``type``)."""
        return PriceNotFound(field, self.message)


@dataclass(frozen=True, slots=True)
class InstancePrice:
    """Instance hours under one commitment. Reserved terms may add an upfront fee (unit ``Quantity``)."""

    hourly: PriceRow
    upfront: PriceRow | None
    commitment: str
    label: str
    term_months: int | None


@dataclass(frozen=True, slots=True)
class IopsTier:
    """IOPS from ``begin`` (exclusive) to ``end`` (inclusive; None = no limit) at ``row``'s price."""

    begin: Decimal
    end: Decimal | None
    row: PriceRow
    bound_source: str  # where the tier bounds come from: the rows' ranges, or the reference


def usage_matches(usagetype: str, suffix: str) -> bool:
    """``EU-RDS:PIOPS``, ``RDS:PIOPS`` and ``EU:PI_LTR:M5`` style matching: exact, or after a ``-``/``:`` prefix."""
    return usagetype == suffix or usagetype.endswith(("-" + suffix, ":" + suffix))


def commitment_label(commitment: str) -> str:
    if commitment == "on-demand":
        return "On-Demand"
    _, lease, *purchase = commitment.split("-")
    return f"Reserved {lease} {_PURCHASE['-'.join(purchase)]}"


def _is_custom(row: PriceRow) -> bool:
    usage = row.attributes.get("usagetype", "")
    return row.attributes.get("deploymentModel", "") == "Custom" or "RDSCustom:" in usage


def _rank(row: PriceRow) -> tuple[bool, int, int, str]:
    engine = row.attributes.get("databaseEngine", "")
    return (row.estimated, 0 if engine == "Oracle" else 1, -row.as_of.toordinal(), row.sku)


def _pick(rows: Iterable[PriceRow]) -> PriceRow | None:
    return min(rows, key=_rank, default=None)


def _listing(values: Iterable[str], wanted: str = "", limit: int = 12) -> str:
    """A readable 'accepted' list: all if short, else close matches or same-family values first, and the count."""
    items = sorted(set(values))
    if len(items) <= limit:
        return ", ".join(items) if items else "none"
    family = wanted.rsplit(".", 1)[0] + "." if "." in wanted else ""
    near = [v for v in items if family and v.startswith(family)] or difflib.get_close_matches(wanted, items, n=limit)
    shown = (near or items)[:limit]
    return f"{', '.join(shown)} ... ({len(items)} in all)"


class PriceBook:
    """Rows indexed once; lookups answer in AWS's terms and fail with what is priced instead."""

    def __init__(self, rows: Iterable[PriceRow]) -> None:
        self._buckets: dict[tuple[str, str, str], list[PriceRow]] = defaultdict(list)
        self._regions: dict[str, list[PriceRow]] = defaultdict(list)
        for row in rows:
            self._buckets[(row.region, row.service, row.product_family)].append(row)
            self._regions[row.region].append(row)
        self._snapshot = {region: max(r.as_of for r in rows_) for region, rows_ in self._regions.items()}
        self._ec2_linux_index: dict[str, dict[str, list[PriceRow]]] = {}
        self._oracle_rows_index: dict[tuple[str, bool], list[PriceRow]] = {}
        self._oracle_class_index: dict[tuple[str, bool], dict[str, list[PriceRow]]] = {}
        self._service_snapshot: dict[tuple[str, str], date] = {}
        for region, rows_ in self._regions.items():
            for r in rows_:
                key = (region, r.service)
                if key not in self._service_snapshot or r.as_of > self._service_snapshot[key]:
                    self._service_snapshot[key] = r.as_of

    # --- the book itself -----------------------------------------------------------------------

    def regions(self) -> tuple[str, ...]:
        return tuple(sorted(self._regions))

    def snapshot(self, region: str) -> str:
        """The newest as-of date among the region's rows (shown with every 'not found')."""
        self._require_region(region)
        return self._snapshot[region].isoformat()

    def sources(self, region: str) -> tuple[tuple[str, str], ...]:
        """Distinct (source, as_of) pairs of the region's rows."""
        self._require_region(region)
        return tuple(sorted({(r.source, r.as_of.isoformat()) for r in self._regions[region]}))

    def _require_region(self, region: str) -> None:
        if region not in self._regions:
            raise PriceNotFound(
                "region", f"{region!r} has no prices in this price book; priced regions: {_listing(self._regions)}"
            )

    def _where(self, region: str, service: str | None = None) -> str:
        """Where a price was looked for: the region and the newest price date of that service's rows there."""
        as_of = self._service_snapshot.get((region, service or ""), self._snapshot[region])
        return f"{region} (snapshot {as_of.isoformat()})"

    def _rows(self, region: str, service: str, *families: str) -> list[PriceRow]:
        self._require_region(region)
        return [row for family in families for row in self._buckets.get((region, service, family), ())]

    def _one(self, rows: Iterable[PriceRow], field: str, what: str, region: str, accepted: str) -> PriceRow:
        row = _pick(rows)
        if row is None:
            raise PriceNotFound(field, f"no {what} price in {self._where(region)}; {accepted}")
        return row

    # --- RDS for Oracle and RDS Custom instance hours -------------------------------------------

    def _oracle_instance_rows(self, region: str, custom: bool) -> list[PriceRow]:
        """RDS (or RDS Custom) for Oracle instance rows of a region, filtered once (searches look up many)."""
        key = (region, custom)
        rows = self._oracle_rows_index.get(key)
        if rows is None:
            rows = [
                r
                for r in self._rows(region, "AmazonRDS", "Database Instance")
                if r.attributes.get("databaseEngine") == "Oracle" and _is_custom(r) == custom
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
                    f"priced classes: {_listing(classes, instance_class)}",
                )
            scope = same_class or rows
            offered = sorted({self._combo_label(r) for r in scope})
            raise PriceNotFound(
                self._combo_field(scope, want),
                f"{instance_class} has no {product} {combo} price in {self._where(region, 'AmazonRDS')}; "
                f"priced for {instance_class if same_class else product}: {_listing(offered)}",
            )
        matching = [r for r in same_class if key(r) == want]
        return self._commit(matching, commitment, f"{product} {instance_class} {combo}", region)

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
        if region not in self._regions:
            return None
        for r in self._rows(region, "AmazonRDS", "Database Instance"):
            if r.attributes.get("instanceType") == instance_class and r.attributes.get("vcpu", "").isdigit():
                return int(r.attributes["vcpu"])
        return None

    # --- RDS storage, IOPS, throughput, backup, IO requests, Performance Insights ------------------

    def _rds_dimension(self, region: str, family: str, *, custom: bool) -> list[PriceRow]:
        return [
            r
            for r in self._rows(region, "AmazonRDS", family)
            if r.attributes.get("databaseEngine") in ("Oracle", "Any") and _is_custom(r) == custom
        ]

    def rds_storage(self, *, region: str, volume_type: str, deployment: str, custom: bool = False) -> PriceRow:
        """GB-month of RDS storage: ``volumeType`` per type (gp2 'General Purpose' ... magnetic 'Magnetic')."""
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
            (r for r in rows if r.attributes.get("volumeType") == wanted),
            "storage.type",
            f"{product} {volume_type} {DEPLOYMENTS.get(deployment, deployment)} storage",
            region,
            f"priced storage types: {_listing(priced)}",
        )

    def rds_iops(self, *, region: str, volume_type: str, deployment: str, custom: bool = False) -> PriceRow:
        """IOPS-month of provisioned IOPS for io1, io2 or gp3 (gp3: the IOPS above the baseline)."""
        suffix = RDS_IOPS_USAGE.get((volume_type, deployment))
        rows = [
            r
            for r in self._rds_dimension(region, "Provisioned IOPS", custom=custom)
            if r.attributes.get("deploymentOption") == DEPLOYMENTS.get(deployment)
        ]
        priced = sorted(
            t for (t, d), s in RDS_IOPS_USAGE.items() if d == deployment and any(self._usage(r, s) for r in rows)
        )
        return self._one(
            (r for r in rows if suffix and self._usage(r, suffix)),
            "storage.iops",
            f"RDS {volume_type} {DEPLOYMENTS.get(deployment, deployment)} provisioned IOPS",
            region,
            f"IOPS priced for: {_listing(priced)}",
        )

    def rds_throughput(self, *, region: str, deployment: str, custom: bool = False) -> PriceRow:
        """MBPS-month of gp3 throughput above the baseline; usage type and deploymentOption must agree."""
        suffix = RDS_THROUGHPUT_USAGE[deployment] if deployment in RDS_THROUGHPUT_USAGE else ""
        rows = [
            r
            for r in self._rds_dimension(region, "Provisioned Throughput", custom=custom)
            if r.attributes.get("deploymentOption") == DEPLOYMENTS.get(deployment) and suffix and self._usage(r, suffix)
        ]
        return self._one(
            rows,
            "storage.throughput_mib_s",
            f"RDS gp3 {DEPLOYMENTS.get(deployment, deployment)} provisioned throughput",
            region,
            "omit throughput_mib_s or keep it at the baseline",
        )

    def rds_backup(self, *, region: str, custom: bool = False) -> PriceRow:
        """GB-month of backup storage beyond the free allowance (``ChargedBackupUsage``)."""
        suffix = "RDSCustom:ChargedBackupUsage" if custom else "RDS:ChargedBackupUsage"
        rows = [r for r in self._rows(region, "AmazonRDS", "Storage Snapshot") if self._usage(r, suffix)]
        rows = [r for r in rows if r.attributes.get("databaseEngine") in ("Oracle", "Any")]
        return self._one(rows, "extra_backup_gib", f"{suffix} backup storage", region, "set extra_backup_gib to 0")

    def rds_magnetic_io(self, *, region: str) -> PriceRow:
        """Per-request price of magnetic storage I/O (``RDS:StorageIOUsage``, unit IOs)."""
        rows = [r for r in self._rows(region, "AmazonRDS", "System Operation") if self._usage(r, "RDS:StorageIOUsage")]
        return self._one(
            rows, "storage.io_requests_per_month", "RDS magnetic I/O request", region, "choose another storage type"
        )

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
            (r for r in rows if self._usage(r, f"PI_LTR:{family}")),
            "performance_insights.mode",
            f"Performance Insights long-term retention ({family})",
            region,
            f"priced families: {_listing(priced)}",
        )

    def database_insights_advanced(self, *, region: str) -> PriceRow:
        """Database Insights Advanced per vCPU-hour (a CloudWatch price; rows with product family 'Database Insights')."""
        rows = self._rows(region, "AmazonRDS", "Database Insights") + self._rows(
            region, "AmazonEC2", "Database Insights"
        )
        return self._one(
            rows,
            "performance_insights.mode",
            "Database Insights Advanced",
            region,
            "accepted: long-term-retention (Performance Insights)",
        )

    @staticmethod
    def _usage(row: PriceRow, suffix: str) -> bool:
        return usage_matches(row.attributes.get("usagetype", ""), suffix)

    # --- EC2 and EBS ---------------------------------------------------------------------------------

    def _ec2_linux(self, region: str) -> dict[str, list[PriceRow]]:
        """EC2 Linux shared-tenancy rows of a region by instance type, filtered once (searches look up many)."""
        index = self._ec2_linux_index.get(region)
        if index is None:
            index = defaultdict(list)
            for r in self._rows(region, "AmazonEC2", "Compute Instance", "Compute Instance (bare metal)"):
                if all(r.attributes.get(k, v) == v for k, v in EC2_LINUX.items()):
                    index[r.attributes.get("instanceType", "")].append(r)
            self._ec2_linux_index[region] = index
        return index

    def ec2_instance(self, *, region: str, instance_type: str, commitment: str = "on-demand") -> InstancePrice:
        """EC2 Linux shared-tenancy hours (no pre-installed software, capacity 'Used')."""
        by_type = self._ec2_linux(region)
        matching = by_type.get(instance_type, [])
        if not matching:
            classes = set(by_type)
            raise PriceNotFound(
                "instance_class",
                f"{instance_type} has no EC2 Linux on-demand price in {self._where(region, 'AmazonEC2')}; "
                f"priced instance types: {_listing(classes, instance_type)}",
            )
        return self._commit(matching, commitment, f"EC2 Linux {instance_type}", region)

    def on_demand_hourly(
        self, *, region: str, platform: str, edition: str = "", licence_model: str = "", deployment: str = "single-az"
    ) -> dict[str, Decimal]:
        """The on-demand hourly price of every priced class at once, by class: what a search ranks by.

        Same rows and choice as ``rds_instance``/``ec2_instance`` with commitment on-demand, in one pass."""
        if region not in self._regions:
            return {}
        if platform == "ec2":
            rows = [
                r
                for r in self._rows(region, "AmazonEC2", "Compute Instance", "Compute Instance (bare metal)")
                if all(r.attributes.get(k, v) == v for k, v in EC2_LINUX.items())
            ]
        else:
            custom = platform == "rds-custom"
            want = (EDITIONS.get(edition), LICENCE_MODELS.get(licence_model), DEPLOYMENTS.get(deployment))
            rows = [
                r
                for r in self._rows(region, "AmazonRDS", "Database Instance")
                if r.attributes.get("databaseEngine") == "Oracle"
                and _is_custom(r) == custom
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
        return {name: row.price_usd for name, group in by_class.items() if (row := _pick(group)) is not None}

    def ec2_instance_vcpus(self, *, region: str, instance_type: str) -> int | None:
        if region not in self._regions:
            return None
        for r in self._rows(region, "AmazonEC2", "Compute Instance", "Compute Instance (bare metal)"):
            if r.attributes.get("instanceType") == instance_type and r.attributes.get("vcpu", "").isdigit():
                return int(r.attributes["vcpu"])
        return None

    def ebs_storage(self, *, region: str, volume_type: str) -> PriceRow:
        """GB-month of an EBS volume by ``volumeApiName`` (gp2, gp3, io1, io2, st1, sc1, standard)."""
        rows = self._rows(region, "AmazonEC2", "Storage")
        priced = {r.attributes.get("volumeApiName", "") for r in rows} - {""}
        return self._one(
            (r for r in rows if r.attributes.get("volumeApiName") == volume_type),
            "type",
            f"EBS {volume_type} storage",
            region,
            f"priced volume types: {_listing(priced)}",
        )

    def ebs_iops(self, *, region: str, volume_type: str) -> PriceRow:
        """IOPS-month for io1 (every IOPS) or gp3 (IOPS above 3,000); io2 has tiers, see ``ebs_io2_iops_tiers``."""
        suffix = EBS_IOPS_USAGE.get(volume_type, "")
        rows = self._rows(region, "AmazonEC2", "System Operation")
        return self._one(
            (r for r in rows if suffix and self._usage(r, suffix)),
            "iops",
            f"EBS {volume_type} provisioned IOPS",
            region,
            "IOPS are priced for gp3, io1 and io2",
        )

    def ebs_io2_iops_tiers(
        self, *, region: str, tier_upper_bounds: tuple[int, ...], bounds_source: str
    ) -> tuple[IopsTier, ...]:
        """io2 IOPS tiers. Rows with begin/end ranges on one usage type give their own bounds; otherwise the
        tier usage types (``.io2``, ``.io2.tier2``, ``.io2.tier3``) are bounded by ``tier_upper_bounds``."""
        rows = self._rows(region, "AmazonEC2", "System Operation")
        base = [r for r in rows if self._usage(r, EBS_IO2_TIER_USAGES[0])]
        ranged = sorted(
            {r.begin_range: r for r in sorted(base, key=_rank, reverse=True)}.values(), key=lambda r: r.begin_range
        )
        if len(ranged) > 1:
            return tuple(IopsTier(r.begin_range, r.end_range, r, "begin/end ranges of the price rows") for r in ranged)
        tiers: list[IopsTier] = []
        begin = Decimal(0)
        for i, suffix in enumerate(EBS_IO2_TIER_USAGES):
            row = _pick(r for r in rows if self._usage(r, suffix))
            end = Decimal(tier_upper_bounds[i]) if i < len(tier_upper_bounds) else None
            if row is None:
                if i == 0:
                    raise PriceNotFound(
                        "iops", f"no EBS io2 provisioned IOPS price in {self._where(region, 'AmazonEC2')}"
                    )
                # a missing upper tier: the last priced tier carries on without limit
                tiers[-1] = IopsTier(tiers[-1].begin, None, tiers[-1].row, tiers[-1].bound_source)
                break
            tiers.append(IopsTier(begin, end, row, bounds_source))
            if end is None:
                break
            begin = end
        return tuple(tiers)

    def ebs_throughput(self, *, region: str) -> PriceRow:
        """GiBps-month of gp3 throughput above 125 MiB/s (``EBS:VolumeP-Throughput.gp3``)."""
        rows = [
            r
            for r in self._rows(region, "AmazonEC2", "Provisioned Throughput")
            if self._usage(r, "EBS:VolumeP-Throughput.gp3")
        ]
        return self._one(
            rows, "throughput_mib_s", "EBS gp3 provisioned throughput", region, "keep throughput at 125 MiB/s"
        )

    def ebs_io_requests(self, *, region: str) -> PriceRow:
        """Per-request price of EBS magnetic (``standard``) I/O (``EBS:VolumeIOUsage``)."""
        rows = [r for r in self._rows(region, "AmazonEC2", "System Operation") if self._usage(r, "EBS:VolumeIOUsage")]
        return self._one(
            rows, "io_requests_per_month", "EBS magnetic I/O request", region, "choose another volume type"
        )

    def ebs_snapshot(self, *, region: str) -> PriceRow:
        """GB-month of EBS snapshot storage (``EBS:SnapshotUsage``)."""
        rows = [r for r in self._rows(region, "AmazonEC2", "Storage Snapshot") if self._usage(r, "EBS:SnapshotUsage")]
        return self._one(rows, "snapshot_gib", "EBS snapshot", region, "set snapshot_gib to 0")

    # --- commitments ---------------------------------------------------------------------------------

    def _commit(self, rows: list[PriceRow], commitment: str, what: str, region: str) -> InstancePrice:
        on_demand = [r for r in rows if r.term == "OnDemand" and r.unit == "Hrs"]
        reserved: dict[str, dict[str, list[PriceRow]]] = defaultdict(lambda: defaultdict(list))
        for r in rows:
            if r.term == "Reserved" and r.term_attributes.get("OfferingClass", "standard") == "standard":
                key = self._reserved_key(r.term_attributes)
                if key:
                    reserved[key][r.unit].append(r)
        available = (["on-demand"] if on_demand else []) + sorted(
            k for k, units in reserved.items() if units.get("Hrs")
        )
        if commitment == "on-demand" and on_demand:
            row = _pick(on_demand)
            assert row is not None
            return InstancePrice(row, None, commitment, "On-Demand", None)
        if commitment in reserved and reserved[commitment].get("Hrs"):
            hourly = _pick(reserved[commitment]["Hrs"])
            assert hourly is not None
            upfront = _pick(reserved[commitment].get("Quantity", []))
            months = 12 if "-1yr-" in commitment else 36
            return InstancePrice(hourly, upfront, commitment, commitment_label(commitment), months)
        raise PriceNotFound(
            "commitment",
            f"no {commitment} price for {what} in {self._where(region)}; available commitments: {_listing(available)}",
        )

    @staticmethod
    def _reserved_key(term: dict[str, str]) -> str | None:
        lease = _LEASES.get(term.get("LeaseContractLength", ""))
        purchase = {v: k for k, v in _PURCHASE.items()}.get(term.get("PurchaseOption", ""))
        return f"reserved-{lease}-{purchase}" if lease and purchase else None
