"""The lines of an RDS for Oracle or RDS Custom for Oracle bill: instance hours, the Free Tier credits, storage with
its IOPS and throughput above what the GB price includes, additional volumes, magnetic I/O requests, backup beyond
the free allowance and Performance Insights or Database Insights.

Pure Python (no Django). RDS rules worth knowing (sources in ``data/aws_rules.json``): gp3 for Oracle below 200 GiB
is fixed at 3,000 IOPS/125 MiB/s and nothing extra is charged; from 200 GiB 12,000 IOPS and 500 MiB/s are included
and only what is provisioned above them is charged (infracost wrongly uses 400 GiB). io1 needs 100 GiB and 1,000
IOPS at least. Backup up to 100 % of the allocated storage is free; ``extra_backup_gib`` is what lies beyond it. RDS
Custom cannot be stopped, so its instance is billed the whole month whatever hours are asked; it is priced at its
own SKUs; where the snapshot has none for a storage dimension, the RDS for Oracle row stands
in, marked estimated.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pricing.engine.aws_rules import AwsRules, VolumeRule, always_on_words, billed_hours, effective_volume, included
from pricing.engine.bills.plan import BillPlan, instance_items
from pricing.engine.estimate_config import EstimateConfig, Problem
from pricing.engine.prices.terms import DEPLOYMENTS, EDITION_LABELS, LICENCE_MODEL_LABELS, PriceNotFound
from pricing.engine.rows import PriceRow


def rds_items(plan: BillPlan, cfg: EstimateConfig, rules: AwsRules, vcpus: int | None, skip: set[str]) -> None:
    """Plan every line of an RDS or RDS Custom bill; lookups that fail become problems on their fields."""
    book, region = plan.book, plan.region
    custom = cfg.platform == "rds-custom"
    product = "RDS Custom for Oracle" if custom else "RDS for Oracle"
    dep = DEPLOYMENTS[cfg.deployment]
    combo = f"{EDITION_LABELS[cfg.edition]} {LICENCE_MODEL_LABELS[cfg.licence_model]}"
    always_on = ""
    billed = billed_hours(cfg.platform, plan.hours, replicated=cfg.replicated)
    if billed != plan.hours:  # RDS Custom, or RDS with read replicas, cannot be stopped: billed all month
        always_on = always_on_words(plan.hours, cfg.platform)
        plan.hours = billed
    price = None
    if not skip & {"platform", "instance_class", "edition", "licence_model", "deployment", "commitment"}:
        price = plan.get(
            lambda: book.rds_instance(
                region=region,
                instance_class=cfg.instance_class,
                edition=cfg.edition,
                licence_model=cfg.licence_model,
                deployment=cfg.deployment,
                custom=custom,
                commitment=cfg.commitment,
            )
        )
    instance_items(plan, price, f"{product} {combo} {cfg.instance_class} {dep} instance hours", note=always_on)
    ft = rules.rds_free_tier
    if cfg.free_tier and price is not None:
        plan.add(
            f"AWS Free Tier: {min(ft.instance_hours, int(plan.hours))} micro instance hours",
            min(ft.instance_hours, int(plan.hours)),
            price.hourly,
            sign=-1,
            note=ft.source,
        )
    storage = cfg.storage
    types = rules.storage_rules(cfg.platform)
    if storage is not None and storage.type in types and not any(f.startswith("storage") for f in skip):
        storage_row = _storage_items(
            plan,
            cfg,
            types[storage.type],
            storage.type,
            storage.size_gib,
            storage.iops,
            storage.throughput_mib_s,
            "storage",
            "Storage",
        )
        if storage.type == "magnetic":
            count = storage.io_requests_per_month
            if count is None:
                plan.notes.append("Magnetic I/O requests are not priced: set storage.io_requests_per_month")
            elif count > 0:
                io_row = plan.get(lambda: book.rds_magnetic_io(region=region), "storage.io_requests_per_month")
                plan.add("Magnetic storage I/O requests", count, io_row)
                if cfg.free_tier and io_row is not None:
                    plan.add(
                        f"AWS Free Tier: {min(count, ft.io_requests):,} I/O requests",
                        min(count, ft.io_requests),
                        io_row,
                        sign=-1,
                        note=ft.source,
                    )
        if cfg.free_tier and storage.type in ft.storage_types:
            free = min(storage.size_gib, ft.storage_gib)
            plan.add(f"AWS Free Tier: {free} GB of {storage.type} storage", free, storage_row, sign=-1, note=ft.source)
    for i, v in enumerate(cfg.additional_volumes):
        if not any(f.startswith(f"additional_volumes[{i}]") or f == "additional_volumes" for f in skip):
            _storage_items(
                plan,
                cfg,
                types[v.type],
                v.type,
                v.size_gib,
                v.iops,
                v.throughput_mib_s,
                f"additional_volumes[{i}]",
                f"Additional volume {i + 1}",
            )
    if cfg.extra_backup_gib > 0:
        backup = plan.get(lambda: book.rds_backup(region=region, custom=custom), "extra_backup_gib")
        plan.add("Backup storage beyond the free 100% of allocated storage", cfg.extra_backup_gib, backup)
    plan.notes.append(
        "Backup storage up to 100% of the allocated storage is free; the extra backup storage beyond it is billed"
    )
    if cfg.performance_insights is not None and "performance_insights" not in skip:
        if vcpus is None:
            plan.problems.append(
                Problem(
                    "performance_insights",
                    f"priced per vCPU: the vCPU count of {cfg.instance_class} is needed; set licences.vcpus or pass vcpus",
                )
            )
        elif cfg.performance_insights.mode == "long-term-retention":
            row = plan.get(lambda: book.rds_performance_insights(region=region, instance_class=cfg.instance_class))
            plan.add(f"Performance Insights long-term retention, {vcpus} vCPUs", vcpus, row)
        else:
            row = plan.get(lambda: book.database_insights_advanced(region=region))
            if row is not None:
                hourly = "hr" in row.unit.lower() or "hour" in row.unit.lower()
                plan.add(
                    f"Database Insights Advanced, {vcpus} vCPUs",
                    Decimal(vcpus) * (plan.hours if hourly else 1),
                    row,
                )
                plan.notes.append(
                    "Database Insights Advanced needs Performance Insights retention of 465 days, at no extra cost"
                )


def _storage_items(
    plan: BillPlan,
    cfg: EstimateConfig,
    rule: VolumeRule,
    vtype: str,
    size: int,
    iops: int | None,
    thr: int | None,
    path: str,
    label: str,
) -> PriceRow | None:
    """Storage, IOPS and throughput lines of one RDS volume; returns the storage row."""
    book, region = plan.book, plan.region
    custom = cfg.platform == "rds-custom"
    dep = DEPLOYMENTS[cfg.deployment]

    def lookup(fn: Callable[..., PriceRow], field_: str, **kw: Any) -> tuple[PriceRow | None, bool]:
        """RDS Custom rows when the book has them, else the RDS for Oracle row, marked estimated."""
        if custom:
            try:
                return fn(region=region, custom=True, **kw), False
            except PriceNotFound:
                pass
        return plan.get(lambda: fn(region=region, custom=False, **kw), field_), custom

    fallback = "no RDS Custom SKU for this dimension in the snapshot: priced at the RDS for Oracle row"
    storage_row, est = lookup(book.rds_storage, f"{path}.type", volume_type=vtype, deployment=cfg.deployment)
    base = included(rule, size)  # gp3: what the GB price includes, said on the storage line itself
    note = "; ".join(n for n in (fallback if est else "", base.words if base else "") if n)
    plan.add(f"{label}: {vtype} {dep}, {size:,} GiB", size, storage_row, estimated=est, note=note)
    vol = effective_volume(rule, size, iops, thr)
    if vtype in ("io1", "io2"):
        row, est = lookup(book.rds_iops, f"{path}.iops", volume_type=vtype, deployment=cfg.deployment)
        plan.add(
            f"{label}: {vtype} {dep} provisioned IOPS", vol.iops or 0, row, estimated=est, note=fallback if est else ""
        )
    if vtype == "gp3":
        if vol.iops_charged:
            row, est = lookup(book.rds_iops, f"{path}.iops", volume_type="gp3", deployment=cfg.deployment)
            plan.add(
                f"{label}: gp3 {dep} IOPS above {base.iops:,}" if base else label, vol.iops_charged, row, estimated=est
            )
        if vol.throughput_charged:
            row, est = lookup(book.rds_throughput, f"{path}.throughput_mib_s", deployment=cfg.deployment)
            plan.add(
                f"{label}: gp3 {dep} throughput above {base.throughput} MiB/s" if base else label,
                vol.throughput_charged,
                row,
                estimated=est,
            )
    return storage_row
