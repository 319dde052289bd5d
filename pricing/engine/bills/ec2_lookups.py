"""EC2 and EBS prices for self-managed Oracle: Linux instance hours and EBS storage, IOPS (io2 by tier), throughput,
magnetic I/O requests and snapshots, each looked up on AWS's own attribute values.

Pure Python (no Django).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from pricing.engine.commitments.database_savings_plans import not_covered
from pricing.engine.commitments.terms import DATABASE_PLAN
from pricing.engine.prices.answers import remembered
from pricing.engine.prices.index import PriceIndex
from pricing.engine.prices.terms import (
    EBS_IO2_TIER_USAGES,
    EBS_IOPS_USAGE,
    EC2_LINUX,
    InstancePrice,
    IopsTier,
    PriceNotFound,
    listing,
    pick,
    rank,
    row_usage,
)
from pricing.engine.rows import PriceRow

EC2_INSTANCE_FAMILIES = ("Compute Instance", "Compute Instance (bare metal)")


def is_ec2_linux(row: PriceRow) -> bool:
    """A Linux shared-tenancy row without pre-installed software (a missing attribute is not held against it)."""
    return all(row.attributes.get(k, v) == v for k, v in EC2_LINUX.items())


class Ec2Lookups(PriceIndex):
    """The EC2 and EBS half of the price book."""

    def __init__(self, rows: Iterable[PriceRow]) -> None:
        super().__init__(rows)
        self._ec2_linux_index: dict[str, dict[str, list[PriceRow]]] = {}

    def _ec2_linux(self, region: str) -> dict[str, list[PriceRow]]:
        """EC2 Linux shared-tenancy rows of a region by instance type, filtered once (searches look up many)."""
        index = self._ec2_linux_index.get(region)
        if index is None:
            index = defaultdict(list)
            for r in self._rows(region, "AmazonEC2", *EC2_INSTANCE_FAMILIES):
                if is_ec2_linux(r):
                    index[r.attributes.get("instanceType", "")].append(r)
            self._ec2_linux_index[region] = index
        return index

    @remembered()
    def ec2_instance(self, *, region: str, instance_type: str, commitment: str = "on-demand") -> InstancePrice:
        """EC2 Linux shared-tenancy hours (no pre-installed software, capacity 'Used')."""
        by_type = self._ec2_linux(region)
        matching = by_type.get(instance_type, [])
        if not matching:
            classes = set(by_type)
            raise PriceNotFound(
                "instance_class",
                f"{instance_type} has no EC2 Linux on-demand price in {self._where(region, 'AmazonEC2')}; "
                f"priced instance types: {listing(classes, instance_type)}",
            )
        not_sold = ""
        if commitment == DATABASE_PLAN:
            not_sold = not_covered(platform="ec2", instance_class=instance_type, edition="", licence_model="")
        return self._commit(matching, commitment, f"EC2 Linux {instance_type}", region, not_sold=not_sold)

    def ec2_instance_vcpus(self, *, region: str, instance_type: str) -> int | None:
        return self._instance_vcpus(region, "AmazonEC2", EC2_INSTANCE_FAMILIES, instance_type)

    @remembered()
    def ebs_storage(self, *, region: str, volume_type: str) -> PriceRow:
        """GB-month of an EBS volume by ``volumeApiName`` (gp2, gp3, io1, io2, st1, sc1, standard)."""
        rows = self._rows(region, "AmazonEC2", "Storage")
        priced = {r.attributes.get("volumeApiName", "") for r in rows} - {""}
        return self._one(
            "AmazonEC2",
            (r for r in rows if r.attributes.get("volumeApiName") == volume_type),
            "type",
            f"EBS {volume_type} storage",
            region,
            f"priced volume types: {listing(priced)}",
        )

    @remembered()
    def ebs_iops(self, *, region: str, volume_type: str) -> PriceRow:
        """IOPS-month for io1 (every IOPS) or gp3 (IOPS above 3,000); io2 has tiers, see ``ebs_io2_iops_tiers``."""
        suffix = EBS_IOPS_USAGE.get(volume_type, "")
        rows = self._rows(region, "AmazonEC2", "System Operation")
        return self._one(
            "AmazonEC2",
            (r for r in rows if suffix and row_usage(r, suffix)),
            "iops",
            f"EBS {volume_type} provisioned IOPS",
            region,
            "IOPS are priced for gp3, io1 and io2",
        )

    @remembered()
    def ebs_io2_iops_tiers(
        self, *, region: str, tier_upper_bounds: tuple[int, ...], bounds_source: str
    ) -> tuple[IopsTier, ...]:
        """io2 IOPS tiers. Rows with begin/end ranges on one usage type give their own bounds; otherwise the
        tier usage types (``.io2``, ``.io2.tier2``, ``.io2.tier3``) are bounded by ``tier_upper_bounds``."""
        rows = self._rows(region, "AmazonEC2", "System Operation")
        base = [r for r in rows if row_usage(r, EBS_IO2_TIER_USAGES[0])]
        ranged = sorted(
            {r.begin_range: r for r in sorted(base, key=rank, reverse=True)}.values(), key=lambda r: r.begin_range
        )
        if len(ranged) > 1:
            return tuple(IopsTier(r.begin_range, r.end_range, r, "as the price list gives them") for r in ranged)
        tiers: list[IopsTier] = []
        begin = Decimal(0)
        for i, suffix in enumerate(EBS_IO2_TIER_USAGES):
            row = pick(r for r in rows if row_usage(r, suffix))
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

    @remembered()
    def ebs_throughput(self, *, region: str) -> PriceRow:
        """GiBps-month of gp3 throughput above 125 MiB/s (``EBS:VolumeP-Throughput.gp3``)."""
        rows = [
            r
            for r in self._rows(region, "AmazonEC2", "Provisioned Throughput")
            if row_usage(r, "EBS:VolumeP-Throughput.gp3")
        ]
        return self._one(
            "AmazonEC2",
            rows,
            "throughput_mib_s",
            "EBS gp3 provisioned throughput",
            region,
            "keep throughput at 125 MiB/s",
        )

    @remembered()
    def ebs_io_requests(self, *, region: str) -> PriceRow:
        """Per-request price of EBS magnetic (``standard``) I/O (``EBS:VolumeIOUsage``)."""
        rows = [r for r in self._rows(region, "AmazonEC2", "System Operation") if row_usage(r, "EBS:VolumeIOUsage")]
        return self._one(
            "AmazonEC2", rows, "io_requests_per_month", "EBS magnetic I/O request", region, "choose another volume type"
        )

    @remembered()
    def ebs_snapshot(self, *, region: str) -> PriceRow:
        """GB-month of EBS snapshot storage (``EBS:SnapshotUsage``)."""
        rows = [r for r in self._rows(region, "AmazonEC2", "Storage Snapshot") if row_usage(r, "EBS:SnapshotUsage")]
        return self._one("AmazonEC2", rows, "snapshot_gib", "EBS snapshot", region, "set snapshot_gib to 0")
