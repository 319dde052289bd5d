"""The costs of a topology beside its instances: redo shipped to standbys and the primary's backups.

Pure Python. Redo shipped to a DR Region, or on EC2 to a Data Guard standby in a second Availability Zone and to each
further read replica in another zone, is priced from the workload's redo rate only (AWR 'redo size' per second):
never from datafile writes, which are not what Data Guard sends. Without a redo rate that transfer is listed as not
priced, and the total says it is partial. SE2's DR copy on RDS is its automated backups replicated to the DR Region:
what crosses is each day's changed data and the transaction logs, at the snapshot copy charge. Backups are the
primary's: EBS snapshots on EC2, automated backups beyond the free allowance on RDS and RDS Custom, counted by
``pricing.engine.backup_storage`` (a lower bound, said, when the daily change is unknown); RDS keeps automated backups
35 days at most, so the rest of a longer retention is listed as not priced (manual snapshots or AWS Backup keep it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from advisor.engine.sizing.hcc import hcc_growth_gib
from advisor.engine.workload import Workload
from config.counting import counted
from pricing.engine.aws_rules import HOURS_PER_MONTH
from pricing.engine.backup_storage import (
    BackupStorage,
    ebs_snapshot_storage,
    rds_backup_storage,
    rds_retention_max_days,
)
from pricing.engine.calculator import Line, row_line
from pricing.engine.data_transfer import (
    TransferPrice,
    cross_az_transfer,
    inter_region_transfer,
    redo_gb_per_month,
    transfer_prices,
)
from pricing.engine.prices.book import PriceNotFound
from pricing.engine.storage_fallback import StorageFallbackBook, storage_fallback_regions

ENTER_REDO = "enter the redo rate from AWR"


@dataclass(frozen=True)
class ExtraCosts:
    """Lines priced, and what could not be priced (each with its reason, for the 'not priced' list)."""

    lines: tuple[Line, ...] = ()
    unpriced: tuple[str, ...] = ()  # no sourced price: the total is partial
    notes: tuple[str, ...] = field(default=())
    needs_input: tuple[str, ...] = ()  # a figure the workload does not give (redo rate, data changed a day)


def redo_gb(workload: Workload) -> Decimal | None:
    """Redo shipped to each standby a month, in GB of 2^30 bytes; None when the workload gives no redo rate."""
    io = workload.io
    if io.redo_mib_s is None:
        return None
    return redo_gb_per_month(Decimal(str(io.redo_mib_s)), Decimal(workload.environment.hours_per_month))


def _transfer_line(name: str, gb: Decimal, price: TransferPrice, *, estimated: bool) -> Line:
    quantity = gb * price.directions
    return Line(
        name=name, quantity=quantity, unit="GB", unit_price_usd=price.usd_per_gb,
        monthly_usd=(quantity * price.usd_per_gb).quantize(Decimal("0.01")), price_source=price.source,
        as_of=price.as_of, estimated=estimated, note=price.note, component="transfer",
    )  # fmt: skip


def transfer_costs(
    workload: Workload,
    *,
    platform: str,
    dr_region: str | None,
    local_standby: bool,
    replicas: int = 0,
    dr_backups: bool = False,
) -> ExtraCosts:
    """Redo shipped to the DR Region and, on EC2, to the Data Guard standby in a second Availability Zone and to each
    further read replica (``replicas``, an Active Data Guard standby in another zone, sent its redo by the primary).
    Where the DR copy is replicated backups (``dr_backups``), what crosses is the backups, not a standby's redo."""
    home, gb = workload.environment.region, redo_gb(workload)
    rate = "" if gb is None else f"{workload.io.redo_mib_s:g} MiB/s of redo = {gb:,.1f} GB a month"
    lines: list[Line] = []
    unpriced: list[str] = []
    needs_input: list[str] = []
    notes: list[str] = []
    if dr_region is not None and dr_backups:
        copied = backup_copy_transfer(workload, dr_region)
        lines += copied.lines
        unpriced += copied.unpriced
        needs_input += copied.needs_input
        notes += copied.notes
    elif dr_region is not None:
        price = inter_region_transfer(home, dr_region)
        if gb is None:
            needs_input.append(f"Redo rate not given: the transfer to the DR Region ({dr_region}) is not priced; "
                            f"{ENTER_REDO}")  # fmt: skip
        elif price is None:
            unpriced.append(f"Redo shipped to {dr_region} ({rate}): no sourced inter-Region transfer rate for "
                            f"{home} → {dr_region}")  # fmt: skip
        else:
            line = _transfer_line(f"Redo shipped {home} → {dr_region}: {rate}", gb, price, estimated=False)
            inferred = transfer_prices().fact("rds_rate_is_the_inter_region_rate")
            if platform != "ec2" and inferred is not None:  # RDS replicas at the Region pair's rate: inferred, said why
                line = line.model_copy(update={"estimated": True, "note": inferred.text})
            lines.append(line)
    if platform == "ec2" and (local_standby or replicas):
        price, copies = cross_az_transfer(home), int(local_standby) + replicas
        where = (
            "in a second Availability Zone" if copies == 1 else "each in another Availability Zone than the primary's"
        )
        sent_to = f"{_receivers('the standby', local_standby, replicas)} {where}"
        if gb is None:
            needs_input.append(f"Redo rate not given: the Data Guard traffic to {sent_to} is not priced; {ENTER_REDO}")
        elif price is None:
            unpriced.append(f"Redo shipped to {sent_to} ({rate}): no sourced rate between Availability Zones in {home}")
        else:
            each = f"{rate} each" if copies > 1 else rate
            receivers = _receivers("the Data Guard standby", local_standby, replicas)
            name = (f"Redo shipped to {receivers} {where}: {each}, charged out of one zone and into the other = "
                    f"{gb * copies * price.directions:,.1f} GB")  # fmt: skip
            lines.append(_transfer_line(name, gb * copies, price, estimated=True))
    if platform in ("rds", "rds-custom") and workload.availability.multi_az:
        fact = transfer_prices().fact("rds_multi_az_replication_not_charged")
        if fact is not None:
            notes.append(f"Multi-AZ: {fact.text} (AWS RDS User Guide, On-Demand DB instances, as of {fact.as_of})")
    return ExtraCosts(tuple(lines), tuple(unpriced), tuple(notes), tuple(needs_input))


DAYS_PER_MONTH = HOURS_PER_MONTH / 24  # the calculator's 730-hour month: 30.4 days


def backup_copy_transfer(workload: Workload, dr_region: str) -> ExtraCosts:
    """SE2's automated backups replicated to ``dr_region``: RDS copies every snapshot and the transaction logs there as
    they are ready, and "DB snapshot copy charges apply to the data transfer" (AWS RDS User Guide, 'Replicating
    automated backups to another AWS Region'). After the first full copy, each day's snapshot sends the day's changed
    data, and the logs the redo; both are priced at the Region pair's rate, marked as RDS's inter-Region rate is. The
    first full copy is sent once, when replication starts: said with its price, not in a monthly cost."""
    home, gb = workload.environment.region, redo_gb(workload)
    price = inter_region_transfer(home, dr_region)
    change = workload.sizing.backup_daily_change_gib
    what = f"Backups replicated {home} → {dr_region}"
    if price is None:
        return ExtraCosts(unpriced=(f"{what}: no sourced inter-Region transfer rate for {home} → {dr_region}",))
    needs_input: list[str] = []
    parts: list[str] = []
    quantity = Decimal(0)
    if change is None:
        needs_input.append(f"{what}: no daily change is given, so the changed data each day's snapshot copies there "
                           "is not priced; enter the data changed a day")  # fmt: skip
    else:
        daily = Decimal(str(change)) * DAYS_PER_MONTH
        quantity += daily
        parts.append(f"each day's changed data, {change:g} GiB × {DAYS_PER_MONTH:.1f} days = {daily:,.1f} GB")
    if gb is None:
        needs_input.append(f"Redo rate not given: the transaction logs copied to {dr_region} are not priced; "
                           f"{ENTER_REDO}")  # fmt: skip
    else:
        quantity += gb
        parts.append(f"the transaction logs, {workload.io.redo_mib_s:g} MiB/s of redo = {gb:,.1f} GB")
    line = _transfer_line(f"{what} at the snapshot copy rate: {' plus '.join(parts)}", quantity, price,
                          estimated=False)  # fmt: skip
    inferred = transfer_prices().fact("rds_rate_is_the_inter_region_rate")
    if inferred is not None:
        line = line.model_copy(update={"estimated": True, "note": inferred.text})
    first = used_gib(workload)
    once = (f"Once, when replication starts, not in the monthly cost: the first full copy of the backups to "
            f"{dr_region}, {first.normalize():,f} GiB at ${price.usd_per_gb} per GB = ${(first * price.usd_per_gb):,.2f}")  # fmt: skip
    return ExtraCosts((line,) if parts else (), (), (once,), tuple(needs_input))


def _receivers(standby: str, local_standby: bool, replicas: int) -> str:
    """'the standby and 2 read replicas': the members in other zones the primary sends its redo to."""
    return " and ".join(
        ([standby] if local_standby else []) + ([counted(replicas, "read replica")] if replicas else [])
    )


RDS_LOGS_NOT_COUNTED = ("the transaction logs RDS keeps beside the snapshots for point-in-time restore are not counted "
                        "(the space they take once stored is not published)")  # fmt: skip


def used_gib(workload: Workload) -> Decimal:
    """The data the backups copy: the database, its HCC segments decompressed."""
    return Decimal(str(round(workload.sizing.db_size_gib + hcc_growth_gib(workload), 6)))


def replicated_backups_line(workload: Workload, row: Any, region: str) -> Line:
    """SE2's DR copy on RDS: the automated backups replicated to ``region``, counted as the primary's are (a first full
    copy and the changes of each day kept), with no free allowance: no DB instance runs there, and once copied
    "standard charges apply to storage in the destination Region" (AWS RDS User Guide, 'Replicating automated backups
    to another AWS Region'). They keep the source's retention, itself 35 days at most: a longer retention is counted
    for those days, as the primary's are."""
    asked = workload.sizing.backup_retention_days
    days = min(asked, rds_retention_max_days())
    used = used_gib(workload)
    change = workload.sizing.backup_daily_change_gib
    storage = ebs_snapshot_storage(used_gib=used, retention_days=days,
                                   daily_change_gib=None if change is None else Decimal(str(change)))  # fmt: skip
    what = f"{asked}-day retention" if days == asked else f"{days} days RDS keeps of the {asked}-day retention"
    return _backup_line(f"Replicated backups in {region} for the {what}, no free allowance there", storage, row,
                        rds=True)  # fmt: skip


def _backup_line(name: str, storage: BackupStorage, row: Any, *, rds: bool = False) -> Line:
    notes = ["a lower bound: the changes kept between backups are not known"] if storage.lower_bound else []
    if rds:  # the logs are kept too (AWS RDS User Guide, 'Retaining automated backups'), their stored size unknown
        notes.append(RDS_LOGS_NOT_COUNTED)
    return row_line(f"{name}: {storage.words}", storage.billed_gib, row, component="backup", note="; ".join(notes))


def _backup_row(book: Any, region: str, lookup: Any) -> Any:
    """The Region's own backup row; where the book holds none, a stand-in Region's, as other storage is priced
    (``storage_fallback_regions``), marked estimated with the Region it came from. (The site's books already stand
    in this way; a bare book, as the CLI and tests pass, is given the same chance here.)"""
    try:
        return lookup(book, region)
    except PriceNotFound:
        for fallback in storage_fallback_regions(region):
            try:
                return lookup(StorageFallbackBook(book, region=region, fallback=fallback), region)
            except PriceNotFound:
                continue
        raise


def backup_costs(workload: Workload, book: Any, *, platform: str, allocated_gib: int, instances: int = 1) -> ExtraCosts:
    """The primary's backups for the workload's retention: EBS snapshots on EC2; on RDS and RDS Custom, automated
    backups beyond the free allowance (the allocated storage of the ``instances`` DB instances in the Region: the
    primary and its read replicas there)."""
    days, region = workload.sizing.backup_retention_days, workload.environment.region
    used = Decimal(str(round(workload.sizing.db_size_gib + hcc_growth_gib(workload), 6)))  # HCC decompressed
    change = workload.sizing.backup_daily_change_gib
    daily = None if change is None else Decimal(str(change))
    what = f"{days}-day backup retention"
    if days == 0:
        return ExtraCosts((), (), ("Backup retention 0 days: no backups are kept, none priced",))
    try:
        if platform == "ec2":
            storage = ebs_snapshot_storage(used_gib=used, retention_days=days, daily_change_gib=daily)
            row = _backup_row(book, region, lambda b, r: b.ebs_snapshot(region=r))
            line = _backup_line(f"EBS snapshots for the {what}", storage, row)
        else:
            storage = rds_backup_storage(used_gib=used, allocated_gib=Decimal(allocated_gib), retention_days=days,
                                         daily_change_gib=daily, instances=instances)  # fmt: skip
            row = _backup_row(book, region, lambda b, r: b.rds_backup(region=r, custom=platform == "rds-custom"))
            if storage.days_beyond:  # RDS keeps automated backups 35 days at most: those are what is priced
                what = f"{storage.days} days RDS keeps of the {what}"
            line = _backup_line(f"Automated backups for the {what}, beyond the free allowance", storage, row, rds=True)
    except PriceNotFound:
        kind = "EBS snapshot" if platform == "ec2" else "backup storage"
        return ExtraCosts((), (f"Backups for the {what} are not priced: no {kind} price is held for {region} or a "
                               "Region that could stand in for it",))  # fmt: skip
    unpriced: tuple[str, ...] = ()
    if storage.days_beyond:
        unpriced = (beyond_rds_retention_words(days, storage.days, custom=platform == "rds-custom"),)
    needs_input: tuple[str, ...] = ()
    if storage.lower_bound:
        needs_input = (f"Backups after the first full copy: no daily change is given, so the changed blocks kept for "
                    f"the {what} are not priced (the backup line is a lower bound); enter the data changed a day",)  # fmt: skip
    return ExtraCosts((line,), unpriced, needs_input=needs_input)


def beyond_rds_retention_words(asked_days: int, kept_days: int, *, custom: bool = False) -> str:
    """The part of a backup retention RDS's automated backups cannot keep, as the 'not priced' list says it (RDS
    Custom: manual DB snapshots only, as no source read says AWS Backup covers it)."""
    keep = "manual DB snapshots" if custom else "manual DB snapshots or AWS Backup"
    return (f"Backups kept beyond the {kept_days} days RDS keeps automated backups (days {kept_days + 1} to "
            f"{asked_days} of the {asked_days}-day backup retention): they need {keep}, not priced here")  # fmt: skip
