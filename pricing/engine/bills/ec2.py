"""The lines of a self-managed Oracle on EC2 bill: Linux instance hours and every EBS volume's storage, IOPS (io2
by tier), throughput above gp3's 125 MiB/s and magnetic I/O requests, then EBS snapshots.

Pure Python (no Django). gp3 includes 3,000 IOPS and 125 MiB/s, which its storage line says; io2 IOPS are priced by
tier, the bounds from the rows' own ranges or ``data/aws_rules.json``. Oracle licences are not here: see ``licences``.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial

from pricing.engine.aws_rules import AwsRules, effective_volume, included
from pricing.engine.bills.plan import BillPlan, instance_items
from pricing.engine.estimate_config import EstimateConfig
from pricing.engine.prices.terms import IopsTier
from pricing.engine.sources.customer_words import customer_words


def ec2_items(plan: BillPlan, cfg: EstimateConfig, rules: AwsRules, skip: set[str]) -> None:
    """Plan every line of an EC2 bill; lookups that fail become problems on their fields."""
    book, region = plan.book, plan.region
    price = None
    if not skip & {"instance_class", "commitment"}:
        price = plan.get(
            lambda: book.ec2_instance(region=region, instance_type=cfg.instance_class, commitment=cfg.commitment)
        )
    instance_items(plan, price, f"EC2 Linux {cfg.instance_class} instance hours")
    types = rules.storage_rules("ec2")
    tiers_rule = rules.ebs_io2_iops_tiers
    for i, v in enumerate(cfg.volumes):
        path = f"volumes[{i}]"
        if any(f.startswith(path) for f in skip):
            continue
        label = f"EBS volume {i + 1}" + (f" ({v.name})" if v.name else "")
        row = plan.get(partial(book.ebs_storage, region=region, volume_type=v.type), f"{path}.type")
        base = included(types[v.type], v.size_gib)  # gp3: what the GB price includes, said on the storage line
        plan.add(f"{label}: {v.type}, {v.size_gib:,} GiB", v.size_gib, row, note=base.words if base else "")
        vol = effective_volume(types[v.type], v.size_gib, v.iops, v.throughput_mib_s)
        if v.type in ("io1", "gp3") and vol.iops_charged:
            row = plan.get(partial(book.ebs_iops, region=region, volume_type=v.type), f"{path}.iops")
            above = " above 3,000" if v.type == "gp3" else ""
            plan.add(f"{label}: {v.type} provisioned IOPS{above}", vol.iops_charged, row)
        if v.type == "io2" and vol.iops:
            tiers = plan.get(
                lambda: book.ebs_io2_iops_tiers(
                    region=region,
                    tier_upper_bounds=tiers_rule.tier_upper_bounds,
                    bounds_source=f"{customer_words(tiers_rule.source)}, {tiers_rule.as_of}",
                ),
                f"{path}.iops",
            )
            bounds_note = io2_tiers_note(tiers or ())
            for n, tier in enumerate(tiers or (), start=1):
                top = vol.iops if tier.end is None else min(vol.iops, int(tier.end))
                qty = top - int(tier.begin)
                if qty > 0:
                    bounds = f"{int(tier.begin) + 1:,}-{top:,}" if tier.begin else f"up to {top:,}"
                    plan.add(
                        f"{label}: io2 provisioned IOPS, tier {n} ({bounds})",
                        qty,
                        tier.row,
                        note=bounds_note,
                    )
        if v.type == "gp3" and vol.throughput_charged:
            row = plan.get(lambda: book.ebs_throughput(region=region), f"{path}.throughput_mib_s")
            if row is not None:
                per_gib = row.unit.lower().startswith("gibps")
                amount = Decimal(vol.throughput_charged) / 1024 if per_gib else Decimal(vol.throughput_charged)
                unit = f" = {vol.throughput_charged}/1024 GiBps" if per_gib else ""
                plan.add(f"{label}: gp3 throughput above 125 MiB/s: {vol.throughput_charged} MiB/s{unit}", amount, row)
        if v.type == "standard":
            if v.io_requests_per_month is None:
                plan.notes.append(f"{label}: magnetic I/O requests are not priced: set io_requests_per_month")
            elif v.io_requests_per_month > 0:
                row = plan.get(lambda: book.ebs_io_requests(region=region), f"{path}.io_requests_per_month")
                plan.add(f"{label}: magnetic I/O requests", v.io_requests_per_month, row)
    if not cfg.volumes:
        plan.notes.append("No EBS volumes given: only the instance is priced")
    if cfg.snapshot_gib > 0:
        row = plan.get(lambda: book.ebs_snapshot(region=region), "snapshot_gib")
        plan.add("EBS snapshots", cfg.snapshot_gib, row)


def io2_tiers_note(tiers: tuple[IopsTier, ...] | list[IopsTier]) -> str:
    """The io2 IOPS tiers a volume is priced by, in words, with where their bounds come from: "io2 IOPS tiers: up to
    32,000; 32,001-64,000; above 64,000 (Amazon EBS pricing, …, 2026-11-22)"."""
    if not tiers:
        return ""
    parts = []
    for tier in tiers:
        begin, end = int(tier.begin), None if tier.end is None else int(tier.end)
        if end is None:
            parts.append(f"above {begin:,}")
        elif begin == 0:
            parts.append(f"up to {end:,}")
        else:
            parts.append(f"{begin + 1:,}-{end:,}")
    return f"io2 IOPS tiers: {'; '.join(parts)} ({tiers[0].bound_source})"
