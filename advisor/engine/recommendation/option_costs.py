"""What a recommendation search holds fixed for one option, and the cost parts it ranks classes by.

Pure Python. ``plan_option`` fixes the licence model, the Oracle options to license and the topology; ``config_for``
builds the calculator's config for one class and layout; ``RankingCosts`` splits a configuration's monthly cost into
parts that do not depend on each other (every member's hours, every member's storage, the licences for a core
count), so the search can rank classes without pricing every pair in full and bound the walk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import Any, Literal

from advisor.engine.iolimits import StorageLayout
from advisor.engine.licence_terms import parse_owned_options, with_owned
from advisor.engine.sizing import Need
from advisor.engine.topology import (
    FAR_SYNC_PLATFORMS,
    REPLICA_ROLES,
    MemberPlan,
    TopologyPlan,
    member_book,
    plan_topology,
)
from advisor.engine.workload import EnvironmentSection, OracleSection, Workload, decimal_of
from pricing.engine.aws_rules import billed_hours
from pricing.engine.calculator import EstimateInvalid, estimate, licence_models_allowed
from pricing.engine.cpu_options import cpu_options, smallest_valid_cores
from pricing.engine.estimate_config import EstimateConfig, parse_config
from pricing.engine.licences.cost import (
    LicenceConfig,
    LicenceInvalid,
    estimate_licences,
    licence_price_list,
    validate_licences,
)
from pricing.engine.licences.unpriced import unpriced_options
from pricing.engine.prices.book import PriceBook, PriceNotFound

Platform = Literal["rds", "rds-custom", "ec2"]
# Workload features whose Oracle licences must be bought on BYOL (keys of pricing's licence price list).
LICENSED_FEATURES = {
    "rac": "rac",
    "active_data_guard": "active_data_guard",
    "partitioning": "partitioning",
    "advanced_compression": "advanced_compression",
    "tde": "advanced_security",
    "database_vault": "database_vault",
    "label_security": "label_security",
    "in_memory": "in_memory",
    "diagnostics_pack": "diagnostics_pack",
    "tuning_pack": "tuning_pack",
    "real_application_testing": "real_application_testing",
    "olap": "olap",
    "goldengate": "goldengate",
}


@dataclass(frozen=True)
class OptionPlan:
    """The licence model and options pricing can use on this option, its topology, and what is noted instead."""

    platform: Platform
    deployment: str  # the primary's
    licence_model: str
    options: tuple[str, ...]
    topology: TopologyPlan
    notes: tuple[str, ...]


# Licence and calculator configs kept: a few hundred per recommendation, the recent workloads' of a busy process.
CONFIGS_KEPT = 4096
PERCENT_STEP = Decimal("0.000001")  # the licence contract keeps percentages to 6 decimal places


def percent(value: float) -> Decimal:
    """A questionnaire percentage (0-100, already checked) as the licence contract's Decimal: a float far below
    a millionth of a percent (5e-324) rounds to 0 instead of failing the contract's 6-decimal-place check."""
    return decimal_of(value).quantize(PERCENT_STEP)


def wanted_options(workload: Workload, platform: str) -> tuple[str, ...]:
    """The licence price list's keys for the options the workload needs on ``platform`` (readable replicas, and
    Far Sync where it runs, need ADG; Oracle Database@AWS builds no read replicas, so they license nothing there)."""
    options = [key for name, key in LICENSED_FEATURES.items() if getattr(workload.features, name)]
    replicas = workload.availability.read_replicas and platform != "odb"
    adg = replicas or (workload.features.far_sync and platform in FAR_SYNC_PLATFORMS)
    if adg and "active_data_guard" not in options:
        options.append("active_data_guard")
    return tuple(options)


def licence_config(
    workload: Workload, *, vcpus: int | None, cores: int | None, options: tuple[str, ...], include: bool
) -> LicenceConfig:
    """The licence contract of the workload's Oracle answers for one shape (kept: a search asks for the same few
    shapes hundreds of times, and the answers are frozen)."""
    return _licence_config(workload.oracle, vcpus, cores, options, include)


@lru_cache(maxsize=CONFIGS_KEPT)
def _licence_config(
    oracle: OracleSection, vcpus: int | None, cores: int | None, options: tuple[str, ...], include: bool
) -> LicenceConfig:
    pdbs = oracle.pdb_count if oracle.architecture.value == "cdb" else None
    config = LicenceConfig(
        include=include,
        vcpus=vcpus,
        options=options,
        pdbs=pdbs or None,
        db_version=oracle.version.value,
        metric=oracle.licence_metric.value,
        named_users=oracle.named_users if oracle.licence_metric.value == "nup" else None,
        owned_processor_licences=oracle.processor_licences_owned,
        discount_pct=percent(oracle.licence_discount_pct),
        support_uplift_pct=percent(oracle.support_uplift_pct),
        count_purchase=oracle.licence_costing.value == "purchase-and-support",
        optimize_cpus_cores=cores,
    )
    return with_owned(config, oracle.edition.value, parse_owned_options(oracle.option_licences_owned))


RAC_NOT_BUILT_ON_EC2 = (
    "Not priced: Real Application Clusters. Each EC2 server here runs a single instance: RAC on EC2 needs "
    "third-party clustering (such as FlashGrid) that this estimate does not build, so no RAC licence is counted"
)


def plan_option(workload: Workload, platform: Platform) -> OptionPlan:
    """The licence model and options pricing can use here; what the option does not offer is noted, not priced."""
    wanted = workload.oracle.licence_model.value
    allowed = licence_models_allowed(platform=platform, edition=workload.oracle.edition.value)
    notes: list[str] = []
    model = wanted
    if wanted not in allowed:
        model = allowed[0]
        notes.append(f"Licence included is not offered here for this edition: priced as {model.upper()} instead.")
    keep, no_price = [], []
    for key in wanted_options(workload, platform):
        if key == "rac" and platform == "ec2":  # licensed only with the cluster it is for, which is not built here
            notes.append(RAC_NOT_BUILT_ON_EC2)
            continue
        alone = licence_config(workload, vcpus=None, cores=None, options=(key,), include=True)
        problems = validate_licences(
            alone.model_copy(update={"pdbs": None}),
            edition=workload.oracle.edition.value, platform=platform, licence_model="byol",
        )  # fmt: skip
        option_problems = [p.message for p in problems if p.field.startswith("licences.options")]
        if len(option_problems) == 1 and unpriced_options((key,), metric=alone.metric):
            no_price.append(key)  # licensed all the same, with no list price held: the total lists it as not priced
        elif option_problems:  # the option's own words, not the price list's keys of the options it does price
            notes.append(
                "Not priced: " + "; ".join(p.split("; accepted options with a price:")[0] for p in option_problems)
            )
        else:
            keep.append(key)
    topology = replace(plan_topology(workload, platform), unpriced_options=tuple(no_price))
    return OptionPlan(platform, topology.members[0].deployment, model, tuple(keep), topology, tuple(notes))


def optimize_cores(plan: OptionPlan, name: str, need_vcpus: float) -> tuple[int | None, int]:
    """Optimize CPUs: the fewest cores AWS allows for the type that still give the need, where that cuts licences
    (BYOL; not RDS Custom). Returns (cores or None, the threads each core runs)."""
    options = cpu_options(name)
    threads = options.default_threads_per_core if options else 2
    if plan.licence_model != "byol" or plan.platform == "rds-custom" or options is None:
        return None, threads
    cores = smallest_valid_cores(name, math.ceil(need_vcpus / threads))
    return (cores if cores is not None and cores < options.default_cores else None), threads


def config_for(workload: Workload, plan: OptionPlan, *, name: str, layout: StorageLayout, cores: int | None,
               include_licences: bool = False) -> EstimateConfig:  # fmt: skip
    """The calculator's config for the primary on one class and layout (sizes and IOPS rounded up to what AWS
    provisions), validated once here: the search prices it, and its members' copies, through the calculator's typed
    path (``estimate`` takes an ``EstimateConfig`` as it is). Licences are counted once for the whole topology, so
    they are left out unless asked. Kept: the answers are frozen and a search asks again for the same layouts."""
    return _config_for(workload.oracle, workload.environment, plan, name, layout, cores, include_licences)


@lru_cache(maxsize=CONFIGS_KEPT)
def _config_for(oracle: OracleSection, environment: EnvironmentSection, plan: OptionPlan, name: str,
                layout: StorageLayout, cores: int | None, include_licences: bool) -> EstimateConfig:  # fmt: skip
    volumes = [v.model_dump(exclude_none=True) for v in layout.volumes]
    for v in volumes:
        for key in ("size_gib", "iops", "throughput_mib_s"):
            if key in v:
                v[key] = math.ceil(v[key])
    licences = _licence_config(oracle, None, cores, plan.options, include_licences and plan.licence_model == "byol")
    return parse_config({
        "platform": plan.platform,
        "region": environment.region,
        "instance_class": name,
        "edition": oracle.edition.value,
        "licence_model": plan.licence_model,
        "deployment": plan.deployment,
        "hours_per_month": environment.hours_per_month,
        **({"volumes": volumes} if plan.platform == "ec2" else {"storage": volumes[0]}),
        "licences": licences,
    })  # fmt: skip


def member_config(config: EstimateConfig, member: MemberPlan) -> EstimateConfig:
    """The primary's config for another member of the topology: its Region and deployment, nothing revalidated."""
    return config.model_copy(update={"region": member.region, "deployment": member.deployment})


class RankingCosts:
    """Cost parts that do not depend on each other: every member's hours for a class, every member's storage for a
    layout, and the licences of every licensed server for a class."""

    def __init__(self, workload: Workload, book: PriceBook, plan: OptionPlan, need: Need) -> None:
        self.workload, self.book, self.plan, self.need = workload, book, plan, need
        replicated = any(m.role in REPLICA_ROLES for m in plan.topology.members)  # an RDS replica never stops
        self.hours = billed_hours(plan.platform, Decimal(workload.environment.hours_per_month), replicated=replicated)
        self._storage: dict[StorageLayout, Decimal | None] = {}
        self._licences: dict[str, Decimal | None] = {}
        self._licences_by_shape: dict[tuple[Any, ...], Decimal | None] = {}
        self._hourly: dict[tuple[str, str], dict[str, Decimal]] = {}
        self._stand_ins: dict[tuple[str, str], frozenset[str]] = {}
        self.skipped: set[str] = set()

    def hourly(self, region: str, deployment: str) -> dict[str, Decimal]:
        key = (region, deployment)
        if key not in self._hourly:
            prices = self.book.on_demand_hourly(
                region=region, platform=self.plan.platform, edition=self.workload.oracle.edition.value,
                licence_model=self.plan.licence_model, deployment=deployment,
            )  # fmt: skip
            home = self.workload.environment.region
            if region != home:  # classes the DR Region does not price stand in at the primary's price
                own = prices
                prices = {**self.hourly(home, deployment), **own}
                # where the DR Region prices other classes, a stand-in is a guess against real prices (a DR Region is
                # often dearer); where it prices none, every class stands in alike and the ranking holds
                self._stand_ins[key] = frozenset(prices) - frozenset(own) if own else frozenset()
            self._hourly[key] = prices
        return self._hourly[key]

    def stands_in(self, name: str) -> bool:
        """Whether a member's hours on ``name`` are the primary Region's price in a Region that prices other classes
        (a class compared on a guess, put after those priced in every member's Region). After ``instance_hours``."""
        return any(name in self._stand_ins.get((m.region, m.deployment), ()) for m in self.plan.topology.members)

    def instance_hours(self, name: str) -> Decimal | None:
        total = Decimal(0)
        for member in self.plan.topology.members:
            if member.role == "dr-backups":
                continue
            price = self.hourly(member.region, member.deployment).get(name)
            if price is None:
                return None
            total += price * self.hours
        return total

    def storage(self, layout: StorageLayout, probe_class: str) -> Decimal | None:
        """Every member's storage lines for ``layout``, priced once on a probe class."""
        if layout not in self._storage:
            home = self.workload.environment.region
            config = config_for(self.workload, self.plan, name=probe_class, layout=layout, cores=None)
            total: Decimal | None = Decimal(0)
            for member in self.plan.topology.members:
                if member.role == "dr-backups":
                    continue
                try:
                    result = estimate(member_config(config, member), member_book(self.book, member, home))
                except (EstimateInvalid, PriceNotFound) as error:
                    said = ((error.message,) if isinstance(error, PriceNotFound)
                            else tuple(p.message for p in error.problems))  # fmt: skip
                    # each missing price once, in words (not the config's field paths), however many volumes lack it
                    self.skipped.update(f"{layout.volumes[0].type}: {message}" for message in said)
                    total = None
                    break
                # each line unrounded: a layout split over more volumes is not a cent cheaper by rounding each line
                total += sum((line.quantity * line.unit_price_usd for line in result.lines
                              if line.component != "compute"), Decimal(0))  # fmt: skip
            self._storage[layout] = total
        return self._storage[layout]

    def _licence_shape(self, name: str, vcpus: int, cores: int | None, threads: int) -> tuple[Any, ...]:
        """What the licence bill of ``name`` depends on. Given the vCPUs and threads, a class matters only through
        Optimize CPUs: through its CPU-options row (which core counts AWS allows), and on RDS whether it is a
        preconfigured class (refused), so classes of one shape share one licence total (its words may name the class,
        but the search ranks by the total alone)."""
        if cores is None:
            return (vcpus, None, threads)
        cpu = cpu_options(name)
        signature = None if cpu is None else (cpu.platform, cpu.valid_cores, cpu.default_threads_per_core)
        if self.plan.platform == "rds":
            markers = licence_price_list().optimize_cpus.excluded_class_markers
            return (vcpus, cores, threads, signature, any(marker in name for marker in markers))
        return (vcpus, cores, threads, signature)

    def licences(self, name: str, vcpus: int, cores: int | None, threads: int) -> Decimal | None:
        """The licences of every licensed server on ``name``; None when the class cannot be licensed."""
        if name in self._licences:
            return self._licences[name]
        shape = self._licence_shape(name, vcpus, cores, threads)
        if shape in self._licences_by_shape:
            self._licences[name] = self._licences_by_shape[shape]
            return self._licences[name]
        if self.plan.licence_model != "byol" or not self.plan.topology.licensed_servers:
            self._licences[name] = Decimal(0)
        else:
            config = licence_config(self.workload, vcpus=vcpus, cores=cores, options=self.plan.options,
                                    include=True)  # fmt: skip
            config = config.model_copy(update={"servers": self.plan.topology.licensed_servers})
            kwargs: dict[str, Any] = dict(
                edition=self.workload.oracle.edition.value, platform=self.plan.platform, licence_model="byol",
                deployment=self.plan.deployment, instance_class=name, vcpus=vcpus, hyperthreading=threads > 1,
                readable_servers=self.plan.topology.readable_servers,
            )  # fmt: skip
            try:
                self._licences[name] = estimate_licences(config, **kwargs).monthly_usd
            except LicenceInvalid:
                self._licences[name] = None  # e.g. SE2 beyond its vCPU cap: this class cannot be licensed
        self._licences_by_shape[shape] = self._licences[name]
        return self._licences[name]
