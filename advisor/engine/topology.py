"""The topology an architect would deploy per option: primary, local standby, DR copy and read replicas.

Pure Python. ``plan_topology`` says which instances an option builds for the workload's availability answers
(and, with the rule behind it, what it cannot build); ``price_topology`` prices each instance with its own Region's
prices (a row the snapshots lack there is taken from the primary's Region and marked estimated), adds the redo
shipped to standbys and the primary's backups (``topology_costs``), and licenses Oracle once for every server that
needs it, counting owned licences once. What cannot be priced is listed (an Oracle option the workload runs with no
list price held among it), and the total says it is partial.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Literal

from advisor.engine.topology_costs import backup_costs, replicated_backups_line, transfer_costs
from advisor.engine.workload import Workload
from pricing.engine.aws_rules import HOURS_PER_MONTH
from pricing.engine.calculator import Estimate, EstimateInvalid, Line, estimate, licence_cost_lines
from pricing.engine.estimate_config import EstimateConfig
from pricing.engine.fallback import RegionFallbackBook
from pricing.engine.licences.cost import LicenceConfig, LicenceEstimate, LicenceInvalid, estimate_licences
from pricing.engine.licences.unpriced import UnpricedLicence, unpriced_licences, unpriced_words
from pricing.engine.prices.book import PriceBook, PriceNotFound

Role = Literal["primary", "local-standby", "dr-standby", "read-replica", "dr-backups"]
# members that are RDS read replicas (a cross-Region DR standby on RDS is one): with any, no RDS instance of the
# topology can be stopped (Amazon RDS User Guide), so each is billed the whole month
REPLICA_ROLES = frozenset({"dr-standby", "read-replica"})
RDS_MAX_REPLICAS = 5  # reference oracle-on-aws-features.md, 'Active Data Guard / read replicas' row [RR]
RDS_REPLICA_SOURCE = "[RR] RDS User Guide, Overview of RDS for Oracle replicas (at most 5 per source; EE only)"
SE2_NO_DATA_GUARD = (
    "Standard Edition 2 has no Data Guard (an Enterprise Edition feature), so a standby or replica cannot be built "
    "with Oracle's own tools"
)
_MOUNTED = ", mounted (it takes no reads): licensed like the primary but without Active Data Guard"


@dataclass(frozen=True)
class MemberPlan:
    role: Role
    label: str
    region: str
    deployment: str  # single-az or multi-az
    servers: int  # servers it adds to the Oracle licence count (RDS Multi-AZ: primary and standby)
    how: str  # how it is built, in words
    open_read_only: bool = False  # a standby open read-only while applying redo: it needs Active Data Guard


# Where Far Sync runs (the feature matrix: standard Oracle on EC2, Oracle's playbook on Oracle Database@AWS; not
# offered on RDS), it brings the Active Data Guard option it requires (Oracle's features catalogue, Far Sync).
FAR_SYNC_PLATFORMS = ("ec2", "odb")
# On EC2 the far sync instance is a server of its own near the primary (Oracle Data Guard Concepts and
# Administration: it has a control file and standby redo logs, no data files, and uses little disk and CPU); no
# source sizes it or says how it is licensed, so it is named as a cost the total leaves out.
FAR_SYNC_WORDS = (
    "The Far Sync instance: a server of its own near the primary (an EC2 instance with storage for its standby redo "
    "logs) and any Oracle licences on it; no source sizes it or says how it is licensed, so it is not priced"
)
# What a workload may ask for that an option may not build (``TopologyPlan.lacking``): its standby, its read replicas,
# its DR copy
LACKING_KINDS = frozenset({"standby", "replicas", "dr"})


@dataclass(frozen=True)
class TopologyPlan:
    platform: str
    members: tuple[MemberPlan, ...]
    gaps: tuple[str, ...]  # asked for but not built on this option, and why
    dr_region: str | None  # where redo is shipped to, when a copy lives in another Region
    far_sync: bool = False  # the standbys are fed through a Far Sync instance, an Active Data Guard feature
    # what the workload asks for that this option does not build, by kind ("standby", "replicas", "dr"), with its
    # gap's words: a total without it is not comparable with one that builds it
    lacking: tuple[tuple[str, str], ...] = ()
    # the Oracle options the workload needs that the price list held gives no list price for (price-list keys): their
    # licences are counted like the database's and listed as not priced, so the total says it is partial
    unpriced_options: tuple[str, ...] = ()

    @property
    def licensed_servers(self) -> int:
        return sum(m.servers for m in self.members)

    @property
    def readable_servers(self) -> int:
        """The servers Active Data Guard is licensed on: the primary's and every standby open read-only; a mounted
        standby or replica needs only the database licence. With Far Sync every member: the configuration ships its
        redo through an Active Data Guard feature (Oracle's features catalogue: Far Sync requires the option), and
        a primary and its standbys swap roles, so each is licensed for it."""
        if self.far_sync:
            return self.licensed_servers
        return sum(m.servers for m in self.members if m.role == "primary" or m.open_read_only)


def _dr(workload: Workload) -> tuple[str | None, list[str]]:
    availability = workload.availability
    if not availability.cross_region_dr:
        return None, []
    if availability.dr_region is None:
        return None, ["Cross-Region DR: no DR Region is given, so the DR copy is neither built nor priced; choose one."]
    return availability.dr_region, []


def plan_topology(workload: Workload, platform: str) -> TopologyPlan:
    """The instances the option deploys for the workload's availability answers."""
    availability, region = workload.availability, workload.environment.region
    ee = workload.oracle.edition.value == "ee"
    dr_region, gaps = _dr(workload)
    replicas = availability.read_replicas
    members: list[MemberPlan] = []
    lacking: list[tuple[str, str]] = []

    def not_built(kind: str, words: str) -> None:
        gaps.append(words)
        lacking.append((kind, words))

    ship_to = None
    if platform in ("rds", "rds-custom"):
        product = "RDS Custom" if platform == "rds-custom" else "RDS"
        multi = availability.multi_az
        members.append(
            MemberPlan(
                "primary",
                "Primary" + (" with its Multi-AZ standby" if multi else ""),
                region,
                "multi-az" if multi else "single-az",
                2 if multi else 1,
                f"{product} Multi-AZ: a synchronous, non-readable standby in a second Availability Zone"
                if multi
                else f"{product} Single-AZ instance",
            )  # fmt: skip
        )
        if replicas and not ee:
            not_built("replicas", f"{replicas} read replica(s): Oracle replicas on {product} need Enterprise Edition "
                                  f"({RDS_REPLICA_SOURCE}); not built")  # fmt: skip
        elif replicas:
            # the cross-Region replica built for DR (RDS, EE) is one of the five a source may have
            dr_replica = bool(dr_region) and platform == "rds"
            built = min(replicas, RDS_MAX_REPLICAS - dr_replica)
            if replicas > built:
                also = f", counting the cross-Region replica in {dr_region}" if dr_replica else ""
                not_built("replicas", f"{replicas} read replicas asked: {product} allows {RDS_MAX_REPLICAS} replicas "
                                      f"per source, read-only and mounted together ({RDS_REPLICA_SOURCE}){also}; "
                                      f"{built} built")  # fmt: skip
            how = (
                "an RDS Custom managed replica, created mounted and switched to read-only to serve reads: licensed "
                "with Active Data Guard"
                if platform == "rds-custom"
                else "an RDS-managed replica open read-only while applying redo: licensed with Active Data Guard"
            )
            for n in range(1, built + 1):
                members.append(MemberPlan("read-replica", f"Read replica {n}", region, "single-az", 1, how, True))
        if dr_region and platform == "rds-custom":
            not_built("dr", "Cross-Region DR: RDS Custom for Oracle has no cross-Region replicas (reference, 'Active "
                            "Data Guard / read replicas' row [C-RR]); not built")  # fmt: skip
        elif dr_region and ee:
            members.append(MemberPlan("dr-standby", f"Cross-Region replica in {dr_region}", dr_region, "single-az", 1,
                                      "an RDS cross-Region replica in mounted mode (a Data Guard standby that takes "
                                      "no reads): licensed like the primary but without Active Data Guard"))  # fmt: skip
            ship_to = dr_region
        elif dr_region:
            members.append(MemberPlan("dr-backups", f"Replicated backups in {dr_region}", dr_region, "single-az", 0,
                                      "cross-Region automated backups: SE2 has no replicas, so DR is a restore in "
                                      f"{dr_region} from replicated snapshots and transaction logs"))  # fmt: skip
            ship_to = dr_region
    elif platform == "ec2":
        members.append(MemberPlan("primary", "Primary", region, "single-az", 1, "an EC2 instance"))
        readable = 0
        if availability.multi_az and ee:
            opens = replicas > 0 or workload.features.active_data_guard
            reads = ", open read-only with Active Data Guard" + (": it is read replica 1" if replicas else "")
            members.append(MemberPlan("local-standby", "Data Guard standby in a second AZ", region, "single-az", 1,
                                      "a Data Guard physical standby (Fast-Start Failover) on the same instance and "
                                      "storage" + (reads if opens else _MOUNTED), opens))  # fmt: skip
            readable = 1 if replicas else 0
        elif availability.multi_az:
            not_built("standby", f"Multi-AZ on EC2: {SE2_NO_DATA_GUARD}; a cold standby restored from EBS snapshots "
                                 "or a third-party replication product would be needed, not priced here")  # fmt: skip
        if replicas and not ee:
            not_built("replicas", f"{replicas} read replica(s) on EC2: {SE2_NO_DATA_GUARD}; not built")
        for n in range(readable + 1, replicas + 1 if ee else 0):
            members.append(MemberPlan("read-replica", f"Read replica {n}", region, "single-az", 1,
                                      "an Active Data Guard standby in another Availability Zone than the primary's, "
                                      "open read-only while applying the redo the primary sends it", True))  # fmt: skip
        if dr_region and ee:
            members.append(MemberPlan("dr-standby", f"Data Guard standby in {dr_region}", dr_region, "single-az", 1,
                                      "a Data Guard physical standby in the DR Region on the same instance and "
                                      "storage" + _MOUNTED))  # fmt: skip
            ship_to = dr_region
        elif dr_region:
            not_built("dr", f"Cross-Region DR on EC2: {SE2_NO_DATA_GUARD}; copy RMAN backups or EBS snapshots to "
                            f"{dr_region} instead (not priced here)")  # fmt: skip
    if workload.features.active_data_guard and ee and platform in ("rds", "ec2"):
        _open_a_standby(members, gaps, platform)
    far_sync = workload.features.far_sync and platform in FAR_SYNC_PLATFORMS
    return TopologyPlan(platform, tuple(members), tuple(gaps), ship_to, far_sync, tuple(lacking))


def _open_a_standby(members: list[MemberPlan], gaps: list[str], platform: str) -> None:
    """A readable standby asked for (Active Data Guard) where no standby or replica is open yet: the DR copy opens
    read-only and is licensed for it (a mounted DR copy would leave the option licensed on the primary alone, which
    no deployment uses); with no standby at all, say that nothing would read."""
    if any(m.open_read_only for m in members):
        return
    at = next((i for i, m in enumerate(members) if m.role == "dr-standby"), None)
    if at is None:
        gaps.append("Active Data Guard is asked for, but no standby or read replica is built to open read-only: "
                    "it is licensed on the primary; ask for a standby, a read replica or a DR copy")  # fmt: skip
        return
    how = (
        "an RDS cross-Region replica open read-only while applying redo (the readable standby asked for): licensed "
        "with Active Data Guard"
        if platform == "rds"
        else "a Data Guard physical standby in the DR Region on the same instance and storage, open read-only with "
        "Active Data Guard (the readable standby asked for)"
    )  # fmt: skip
    members[at] = replace(members[at], how=how, open_read_only=True)


# --- pricing ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PricedMember:
    plan: MemberPlan
    estimate: Estimate | None  # AWS lines only: licences are counted once for the topology
    lines: tuple[Line, ...]
    unpriced: str | None = None
    config: EstimateConfig | None = None  # the calculator config it was priced from (instances only)

    @property
    def monthly_usd(self) -> Decimal:
        return sum((line.monthly_usd for line in self.lines), Decimal("0.00"))


@dataclass(frozen=True)
class Topology:
    licence_model: str  # byol: licences are lines here; li: they are in the instance price
    members: tuple[PricedMember, ...]
    transfer: tuple[Line, ...]
    licence: LicenceEstimate | None
    licence_lines: tuple[Line, ...]
    gaps: tuple[str, ...]
    notes: tuple[str, ...]
    backups: tuple[Line, ...] = ()  # the primary's backups (EBS snapshots, RDS backup beyond the free allowance)
    unpriced: tuple[str, ...] = ()  # costs that exist but no sourced price prices, each with its reason
    needs_input: tuple[str, ...] = ()  # costs left out until the workload gives a figure (redo rate, daily change)
    lacking: tuple[tuple[str, str], ...] = ()  # what the workload asks for that is not built (``TopologyPlan``)
    unpriced_licences: tuple[UnpricedLicence, ...] = ()  # options' licences with no list price: in ``unpriced`` too

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for m in self.members for line in m.lines) + self.backups + self.transfer + self.licence_lines

    @property
    def aws_monthly_usd(self) -> Decimal:
        return sum((m.monthly_usd for m in self.members), Decimal("0.00")) + sum(
            (line.monthly_usd for line in (*self.backups, *self.transfer)), Decimal("0.00")
        )

    @property
    def not_priced(self) -> tuple[str, ...]:
        """Every cost the total leaves out, with why: no sourced price, or a figure the workload does not give."""
        return self.unpriced + self.needs_input

    @property
    def partial(self) -> bool:
        """True when some cost of this topology is listed as not priced: the total leaves it out."""
        return bool(self.not_priced)

    @property
    def licence_monthly_usd(self) -> Decimal:
        return sum((line.monthly_usd for line in self.licence_lines), Decimal("0.00"))

    @property
    def total_monthly_usd(self) -> Decimal:
        return self.aws_monthly_usd + self.licence_monthly_usd

    @property
    def priced(self) -> bool:
        return all(m.unpriced is None for m in self.members)

    @property
    def primary(self) -> PricedMember:
        return self.members[0]

    @property
    def price_sources(self) -> tuple[str, ...]:
        return tuple(sorted({f"{line.price_source} (as of {line.as_of})" for line in self.lines}))

    @property
    def prices_as_of(self) -> tuple[str, ...]:
        return tuple(sorted({line.as_of for line in self.lines if line.category == "aws"}))


def member_book(book: PriceBook, member: MemberPlan, home: str) -> Any:
    """The member's own Region's prices, with the primary's Region standing in (marked) for rows it lacks."""
    return book if member.region == home else RegionFallbackBook(book, region=member.region, fallback=home)


def _backups_member(workload: Workload, book: PriceBook, member: MemberPlan) -> PricedMember:
    """SE2's DR copy on RDS: replicated automated backups, counted as the primary's are, with no free allowance."""
    home = workload.environment.region
    try:
        row = member_book(book, member, home).rds_backup(region=member.region)
    except PriceNotFound as error:
        return PricedMember(member, None, (), f"backup storage in {member.region}: {error.message}")
    return PricedMember(member, None, (replicated_backups_line(workload, row, member.region),))


def price_topology(
    workload: Workload,
    book: PriceBook,
    plan: TopologyPlan,
    config: EstimateConfig,
    *,
    licences: LicenceConfig | None,
    vcpus: int,
    hyperthreading: bool | None = None,
) -> Topology:
    """Price every member from ``config`` (the primary's calculator config, licences left out), then the licences
    once for every licensed server. Raises what ``estimate`` raises when the primary cannot be priced."""
    home = workload.environment.region
    members: list[PricedMember] = []
    notes: list[str] = []
    storage_gib = config.storage.size_gib if config.storage is not None else 0
    # said only where it changes the bill (a workload run part of the month): otherwise each member's config stays the
    # primary's, so the bills the search already priced are answered again from what the price book kept
    part_time = config.hours_per_month is not None and config.hours_per_month < HOURS_PER_MONTH
    replicated = part_time and plan.platform == "rds" and any(m.role in REPLICA_ROLES for m in plan.members)
    for member in plan.members:
        if member.role == "dr-backups":
            members.append(_backups_member(workload, book, member))
            continue
        member_config = config.model_copy(update={"region": member.region, "deployment": member.deployment,
                                                  "replicated": replicated})  # fmt: skip
        member_prices = member_book(book, member, home)
        try:
            result = estimate(member_config, member_prices, vcpus=vcpus, hyperthreading=hyperthreading)
        except (EstimateInvalid, PriceNotFound, LicenceInvalid) as error:  # say why this member has no price
            if member.role == "primary":
                raise
            members.append(PricedMember(member, None, (), str(error)))
            continue
        label = f"{member.label}: "
        lines = tuple(line.model_copy(update={"name": label + line.name}) for line in result.lines)
        members.append(PricedMember(member, result, lines, config=member_config))
        if isinstance(member_prices, RegionFallbackBook) and member_prices.used_fallback:
            notes.append(f"{member.label}: no {member.region} prices held for "
                         f"{', '.join(sorted(member_prices.used_fallback))}; priced at {home}'s prices, marked estimated")  # fmt: skip
    local_standby = any(m.role == "local-standby" for m in plan.members)
    replicas = sum(1 for m in plan.members if m.role == "read-replica")
    transfer = transfer_costs(workload, platform=plan.platform, dr_region=plan.dr_region, local_standby=local_standby,
                              replicas=replicas, dr_backups=any(m.role == "dr-backups" for m in plan.members))  # fmt: skip
    # RDS's free backup allowance is the Region's database storage: the primary's and each read replica's there
    in_region = sum(1 for m in plan.members if m.role in ("primary", "read-replica") and m.region == home)
    backups = backup_costs(workload, book, platform=plan.platform, allocated_gib=storage_gib, instances=in_region)
    notes += [*transfer.notes, *backups.notes]
    licence = None
    licence_lines: tuple[Line, ...] = ()
    if licences is not None and licences.include and plan.licensed_servers:
        licence = estimate_licences(
            licences.model_copy(update={"servers": plan.licensed_servers}),
            edition=config.edition, platform=plan.platform, licence_model=config.licence_model,
            deployment=config.deployment, instance_class=config.instance_class, vcpus=vcpus,
            hyperthreading=hyperthreading, readable_servers=plan.readable_servers,
        )  # fmt: skip
        licence_lines = licence_cost_lines(licence)
    far_sync = (FAR_SYNC_WORDS,) if plan.far_sync and plan.platform == "ec2" else ()
    # options the workload runs with no list price held: counted like the database's licences, listed as not priced
    no_price = unpriced_licences(plan.unpriced_options, licence) if licence is not None else ()
    licences_unpriced = (unpriced_words(no_price),) if no_price else ()
    return Topology(config.licence_model, tuple(members), transfer.lines, licence, licence_lines, plan.gaps,
                    tuple(notes), backups.lines, (*backups.unpriced, *transfer.unpriced, *far_sync, *licences_unpriced),
                    (*backups.needs_input, *transfer.needs_input), plan.lacking, no_price)  # fmt: skip
