"""Fitting one class: the storage layouts priced and sorted once per search, and a class's cheapest layout that meets
the need (the IO-limit model's dimensions, kept for classes with the same EBS limits), or its closest miss.

Pure Python (no Django). At one price the layout that leaves more IO room is kept; on EC2 with the instance store in
use and a standby in the Region to fail over to, layouts sized for the writes alone are tried where the class's NVMe
disks serve the reads. Without such a standby EBS must meet the whole need on its own: instance-store data is erased
when the instance stops, hibernates or terminates (Amazon EC2 User Guide, 2023-06), and until the mirror is copied
back EBS serves every read, with nothing to fail over to. The NVMe disks are then offered as extra read speed, not
counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from advisor.engine.instances import instance_limits
from advisor.engine.iolimits import InstanceLimits, StorageLayout
from advisor.engine.recommendation.option_costs import RankingCosts
from advisor.engine.sizing import (
    Capacity,
    Dimension,
    Need,
    SizingPolicy,
    can_read_locally,
    ec2_layouts,
    instance_dimensions,
    io_dimensions,
    rds_layouts,
    storage_dimension,
    writes_on_ebs,
)
from advisor.engine.sizing.cores import CoreScaling
from advisor.engine.sizing.offers import ebs_published
from pricing.engine.prices.answers import Answers


@dataclass(frozen=True)
class Fit:
    total: Decimal
    name: str
    layout: StorageLayout
    capacity: Capacity
    hourly: Decimal
    store: str | None
    need: Need
    cores: int | None
    threads: int
    scaling: CoreScaling | None = None
    stands_in: bool = False  # a DR member's hours at the primary Region's price, where its Region prices others


def counts_local_reads(platform: str, policy: SizingPolicy, standby: bool) -> bool:
    """Whether the sizing may let an instance-store mirror take reads off EBS: on EC2, with the policy's switch on and
    a standby in the Region to fail over to when the mirror is lost."""
    return platform == "ec2" and policy.use_instance_store and standby


def priced_layouts(need: Need, platform: str, policy: SizingPolicy, costs: RankingCosts, probe: str, *,
                   standby: bool):  # fmt: skip
    """Layouts priced and sorted cheapest first (equal cost: fewer volumes first, simpler to run), each marked whether
    it serves the writes only: on EC2 with the instance store in use and a standby to fail over to, EBS sized for the
    writes alone, for classes whose NVMe disks serve the reads as an ASM preferred-read mirror."""
    layouts = ec2_layouts(need, policy) if platform == "ec2" else rds_layouts(need)
    writes = ec2_layouts(writes_on_ebs(need), policy) if counts_local_reads(platform, policy, standby) else []
    full = set(layouts)
    marked = [(layout, False) for layout in layouts] + [(layout, True) for layout in writes if layout not in full]
    return sorted(
        ((cost, len(layout.volumes), i, layout, writes_only) for i, (layout, writes_only) in enumerate(marked)
         if (cost := costs.storage(layout, probe)) is not None),
    )  # fmt: skip


def _storage_io(seen: dict, variant: Need, limits: InstanceLimits, layout: StorageLayout, need: Need,
                policy: SizingPolicy, local_reads: bool) -> tuple[Dimension, ...]:  # fmt: skip
    """The IO and storage dimensions of ``layout`` on ``limits``, computed once for classes with the same EBS
    limits: they read the need's IO and storage figures only, which the variant fixes (core scaling changes the
    vCPUs alone), and the words name no class. ``seen``: this search's, by identity; then the process's, by value
    (a workload asked again meets the same layouts)."""
    signature = (limits.ebs_baseline_mbps, limits.ebs_burst_mbps, limits.baseline_iops, limits.burst_iops,
                 limits.max_is_30_minute_burst, limits.nitro, limits.instance_store)  # fmt: skip
    key = (signature, id(variant), id(layout), local_reads)
    found = seen.get(key)
    if found is None:
        found = seen[key] = _IO_SEEN.answer(
            (signature, variant, layout, policy, local_reads),
            lambda: (
                io_dimensions(instance=limits, layout=layout, need=need, policy=policy, local_reads=local_reads)
                + (storage_dimension(layout, need),)
            ),
            {},
        )
    return found


# IO dimensions kept across searches, by value: a few hundred per workload, for a busy process's recent workloads.
IO_DIMENSIONS_KEPT = 20_000
_IO_SEEN = Answers(IO_DIMENSIONS_KEPT)


def fit_class(name, row, need, layouts, hourly, hours, licence, cores, threads, platform, policy, variant, seen,
              reach=None, *, standby: bool):  # fmt: skip
    """The class's cheapest fitting layout for one need (``variant`` scaled to the class's cores), or the closest
    miss. ``seen``: the search's IO dimensions already worked out (see ``_storage_io``). ``reach``, when given, gets
    the storage and IO dimensions of every layout that missed, by identity (the search's copies are shared), so the
    most any configuration gives is read over them all, not over each class's closest miss alone. ``standby``:
    whether a standby in the Region takes over when the instance store is lost (else the NVMe disks are not counted:
    see the module's words)."""
    effective = cores * threads if cores else row["vcpus"]
    base = instance_dimensions(vcpus=effective, memory_gib=row["memory_gib"], need=need)
    if not all(d.met for d in base):
        return None, Capacity(base)
    if not ebs_published(name):  # only reached when the workload states no IO need (sizing_offers)
        for storage_cost, _, _, layout, writes_only in layouts:
            if writes_only:
                continue
            storage = (storage_dimension(layout, need),)
            capacity = Capacity(base + storage)
            if capacity.fits:
                return Fit(hours + storage_cost + licence, name, layout, capacity, hourly, None, need, cores,
                            threads), capacity  # fmt: skip
            if reach is not None:
                reach[id(layout)] = storage
        return None, Capacity(base + (storage_dimension(layouts[0][3], need),)) if layouts else None
    limits = instance_limits(name, "ec2" if platform == "ec2" else "rds")
    nvme = platform == "ec2" and policy.use_instance_store and can_read_locally(limits, need)
    local = nvme and counts_local_reads(platform, policy, standby)
    extra = "extra_reads" if nvme and not local else None  # offered for read speed, not counted
    closest: Capacity | None = None
    best: Fit | None = None
    best_cost: tuple[Decimal, int] | None = None
    for storage_cost, volumes, _, layout, writes_only in layouts:  # cheapest first: the first that fits is the best ...
        if best_cost is not None and (storage_cost, volumes) != best_cost:
            break  # ... unless a layout of the same cost and volume count gives more headroom (gp2 or gp3 at one price)
        if writes_only and not local:
            continue  # sized for the writes alone: only where the instance store serves the reads
        for local_reads in (True,) if writes_only else (False, True) if local else (False,):
            io = _storage_io(seen, variant, limits, layout, need, policy, local_reads)
            capacity = Capacity(base + io)
            if capacity.fits:
                store = "preferred_read" if local_reads else extra
                fit = Fit(hours + storage_cost + licence, name, layout, capacity, hourly, store, need, cores, threads)
                if best is None or capacity.room > best.capacity.room:
                    best, best_cost = fit, (storage_cost, volumes)
                break
            if closest is None or capacity.unmet < closest.unmet:
                closest = capacity
            if reach is not None:
                reach[id(io)] = io
    return (best, best.capacity) if best else (None, closest)
