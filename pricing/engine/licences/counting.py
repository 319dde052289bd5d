"""Counting Oracle licences by Oracle's cloud policy: processors or sockets for the vCPUs licensed, the servers to
license, and the products (the edition, its options, Multitenant when the PDBs call for it).

Pure Python (no Django). The rules come from the price list (``prices``):

* Enterprise Edition and its options: 2 vCPUs = 1 processor licence with hyper-threading, 1 vCPU = 1 without.
  Standard Edition 2: every 4 vCPUs or fewer = 1 socket, at most 8 vCPUs; beyond that the deployment cannot be
  licensed, which is a problem to fix, not a price.
* The vCPUs counted are those the instance runs: with hyper-threading off each core runs one thread, so an
  r6i.4xlarge (16 vCPUs = 8 cores x 2 threads) runs 8 vCPUs and needs 8 processor licences, as many as with it
  on (16 / 2). The type's threads per core come from ``data/cpu_options.json`` (a ``db.`` class AWS's RDS table
  does not list is read from the EC2 row of the same type); a type that runs one thread per core has no
  hyper-threading to turn on.
* An RDS for Oracle class AWS preconfigures (``db.r5.2xlarge.tpc1.mem2x``) runs the threads per core its ``tpcN``
  says and cannot be changed: tpc1 is hyper-threading off (8 vCPUs = 8 cores = 8 processor licences), tpc2 on.
* A licensed standby (BYOL Multi-AZ on RDS and RDS Custom must license it) doubles every product.
* Optimize CPUs licenses the active cores only: active vCPUs = cores x the type's threads per core
  (1 with hyper-threading off).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pricing.engine.cpu_options import (
    CpuOptions,
    PreconfiguredClass,
    cpu_options,
    preconfigured_class,
    preconfigured_fixed,
)
from pricing.engine.licences.contract import LicenceConfig, LicenceInvalid, LicenceProblem
from pricing.engine.licences.prices import LicencePriceList, Prerequisite, SocketRule, licence_price_list
from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import dated

_BEFORE_19C = ("12.1", "12.2", "18c")


def processor_licences(vcpus: int, *, hyperthreading: bool, prices: LicencePriceList | None = None) -> int:
    """EE processor licences for ``vcpus`` active vCPUs (Core Factor Table not applied in the cloud)."""
    rule = (prices or licence_price_list()).processor_rule
    per = (
        rule.vcpus_per_licence_with_hyperthreading if hyperthreading else rule.vcpus_per_licence_without_hyperthreading
    )
    return math.ceil(vcpus / per)


def se2_sockets(vcpus: int, *, prices: LicencePriceList | None = None, field: str = "licences.vcpus") -> int:
    """SE2 sockets: each 4 vCPUs or fewer is one socket; more than 8 vCPUs cannot be licensed (LicenceInvalid)."""
    rule = (prices or licence_price_list()).socket_rule
    if vcpus > rule.max_vcpus:
        raise LicenceInvalid([LicenceProblem(field, se2_cap_message(vcpus, rule))])
    return math.ceil(vcpus / rule.vcpus_per_socket)


def se2_cap_message(vcpus: int, rule: SocketRule) -> str:
    return (
        f"{vcpus} vCPUs cannot be licensed with Standard Edition 2: Oracle's cloud policy counts every "
        f"{rule.vcpus_per_socket} vCPUs as a socket and allows SE2 on at most {rule.max_vcpus} vCPUs; accepted: an "
        f"instance of at most {rule.max_vcpus} vCPUs, fewer active cores with Optimize CPUs, or Enterprise Edition "
        f"(source: {customer_words(rule.source)})"
    )


@dataclass(frozen=True, slots=True)
class LicenceContext:
    """The deployment being licensed, with the vCPU count and hyper-threading settled from config and caller."""

    edition: str
    platform: str
    licence_model: str
    deployment: str
    instance_class: str
    vcpus: int | None  # the instance's vCPUs as AWS lists it: every thread of every core
    vcpus_field: str
    hyperthreading: bool
    cpu: CpuOptions | None  # the type's CPU-options row, looked up by its name as given
    type_threads: int | None = None  # threads per core the type runs by default; None when no row says
    running_vcpus: int | None = None  # the vCPUs the whole instance runs: one per core with hyper-threading off
    preconfigured: PreconfiguredClass | None = None  # an RDS class AWS preconfigures with its threads per core

    @property
    def threads_halved(self) -> bool:
        """Hyper-threading turned off on a type that runs two threads per core: half its vCPUs run."""
        return self.vcpus is not None and self.running_vcpus is not None and self.running_vcpus < self.vcpus


def type_threads(instance_class: str, cpu: CpuOptions | None, vcpus: int | None) -> int | None:
    """Threads per core the type runs by default, from its CPU-options row; a class AWS preconfigures runs those of
    its ``tpcN`` (``preconfigured_class``: AWS RDS User Guide, "tpc2 – The threads per core. A value of 2 means that
    multithreading is turned on. If the value is 1, multithreading is turned off."), never its namesake's (db.r5.2xlarge
    is 4 cores x 2 threads, db.r5.2xlarge.tpc1.mem2x 8 cores x 1); another ``db.`` class without a row takes the EC2
    row of the same type when the vCPUs agree (the same hardware). None when none says."""
    if cpu is not None:
        return cpu.default_threads_per_core
    preconfigured = preconfigured_class(instance_class)
    if preconfigured is not None:
        return preconfigured.threads_per_core
    if instance_class.startswith("db."):
        ec2 = cpu_options(instance_class.removeprefix("db."))
        if ec2 is not None and (vcpus is None or ec2.default_vcpus == vcpus):
            return ec2.default_threads_per_core
    return None


def licence_context(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licence_model: str,
    deployment: str,
    instance_class: str,
    vcpus: int | None,
    hyperthreading: bool | None,
) -> LicenceContext:
    cpu = cpu_options(instance_class)
    n_vcpus = config.vcpus if config.vcpus is not None else vcpus
    threads = type_threads(instance_class, cpu, n_vcpus)
    preconfigured = preconfigured_class(instance_class) if cpu is None else None
    if config.hyperthreading is not None:
        on = config.hyperthreading
    elif hyperthreading is not None:
        on = hyperthreading
    else:
        on = threads > 1 if threads is not None else True
    if threads == 1 or preconfigured is not None:
        # one thread per core: there is no multithreading to enable; a preconfigured class runs its own, which
        # cannot be changed (asking for another is refused)
        on = threads is not None and threads > 1
    running = n_vcpus
    if n_vcpus is not None and n_vcpus > 0 and not on and threads is not None and threads > 1:
        running = math.ceil(n_vcpus / threads)  # one thread on each core
    return LicenceContext(
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=n_vcpus,
        vcpus_field="licences.vcpus" if config.vcpus is not None else "instance_class",
        hyperthreading=on,
        cpu=cpu,
        type_threads=threads,
        running_vcpus=running,
        preconfigured=preconfigured,
    )


def threading_problem(config: LicenceConfig, ctx: LicenceContext, *, caller_hyperthreading: bool | None) -> str | None:
    """Why ``licences.hyperthreading`` cannot be counted for this type, or None."""
    name = ctx.instance_class or "this instance type"
    if config.hyperthreading is True and ctx.type_threads == 1:
        return (
            f"{name} runs one thread per core{_preconfigured_why(ctx)}, so it has no hyper-threading to turn on: each "
            "vCPU is a core and counts as one processor licence; accepted: false, or omit it"
        )
    if config.hyperthreading is False and ctx.preconfigured is not None and ctx.preconfigured.threads_per_core > 1:
        fixed = preconfigured_fixed()
        said = f" (source: {fixed.shown_as}, {fixed.as_of})" if fixed is not None else ""
        return (
            f"{name} runs {ctx.preconfigured.threads_per_core} threads per core{_preconfigured_why(ctx)}, and AWS does "
            f"not let the processor of such a class be configured{said}, so hyper-threading cannot be turned off; "
            "accepted: true, or omit it (a tpc1 class runs one thread per core)"
        )
    if config.hyperthreading is False and ctx.type_threads is None and caller_hyperthreading is not False:
        return (
            f"AWS publishes no cores or threads per core for {name} (it is in none of AWS's CPU-options tables), so "
            "the vCPUs it would run with hyper-threading off cannot be counted; accepted: true, or omit it"
        )
    return None


def standby_licensed(config: LicenceConfig, ctx: LicenceContext) -> bool:
    if config.standby is not None:
        return config.standby
    return ctx.platform in ("rds", "rds-custom") and ctx.deployment == "multi-az"


def free_pdbs(config: LicenceConfig, prices: LicencePriceList) -> int:
    rule = prices.multitenant_rule
    return rule.free_pdbs_before_19c if config.db_version in _BEFORE_19C else rule.free_pdbs_from_19c


def licensed_products(
    config: LicenceConfig, ctx: LicenceContext, prices: LicencePriceList
) -> tuple[list[str], list[str]]:
    """Product keys to license (edition first) and notes on Multitenant and on the options another option needs."""
    return licensed_keys(config, ctx.edition, prices)


def licensed_keys(config: LicenceConfig, edition: str, prices: LicencePriceList) -> tuple[list[str], list[str]]:
    """``licensed_products`` for ``edition``, before the deployment is known: what a config's options, PDBs and
    version license, so a caller can say which owned licences apply before it prices a deployment."""
    keys = [edition]
    notes: list[str] = []
    options = list(dict.fromkeys(config.options))
    free = free_pdbs(config, prices)
    if edition == "ee" and config.pdbs is not None:
        if config.pdbs > free and "multitenant" not in options:
            options.append("multitenant")
            notes.append(
                f"{config.pdbs} PDBs exceed the {free} user-created PDBs Oracle {config.db_version} allows without "
                f"Multitenant, so the Multitenant option is licensed (source: {dated(prices.multitenant_rule)})"
            )
        elif config.pdbs <= free and "multitenant" in options:
            options.remove("multitenant")
            notes.append(
                f"Multitenant is not licensed: {config.pdbs} PDBs are within the {free} Oracle {config.db_version} "
                f"allows without it (source: {dated(prices.multitenant_rule)})"
            )
    for key, needed in prerequisites(options, prices):  # an option another needs is licensed with it, said once
        options.append(needed.option)
        notes.append(
            f"The {prices.product(key).name} needs the {prices.product(needed.option).name}, so it is licensed too "
            f"(source: {dated(needed)})"
        )
    return keys + options, notes


def prerequisites(options: Sequence[str], prices: LicencePriceList) -> list[tuple[str, Prerequisite]]:
    """The products ``options`` need and do not hold (the Tuning Pack's Diagnostics Pack), each once, with the
    option that needs it: what licensing ``options`` adds."""
    out: list[tuple[str, Prerequisite]] = []
    for key in options:
        for needed in prices.product(key).requires if key in prices.option_keys() else ():
            if needed.option not in options and all(n.option != needed.option for _, n in out):
                out.append((key, needed))
    return out


def licensed_vcpus(config: LicenceConfig, ctx: LicenceContext) -> int:
    """The vCPUs to license: those the instance runs, or the active cores' threads with Optimize CPUs."""
    assert ctx.running_vcpus is not None
    if config.optimize_cpus_cores is None:
        return ctx.running_vcpus
    return config.optimize_cpus_cores * threads_per_core(ctx)


def threads_per_core(ctx: LicenceContext) -> int:
    """Active threads per core with Optimize CPUs: the type's own (1 or 2), or 1 with hyper-threading off."""
    assert ctx.cpu is not None  # Optimize CPUs is refused for a type without CPU-options data
    return ctx.cpu.default_threads_per_core if ctx.hyperthreading else 1


def support_uplift_factor(uplift_pct: Decimal, years: int) -> Decimal:
    """The term's average support fee over the first year's: support rises ``uplift_pct`` a year, so year y pays
    (1 + u)^(y-1) of year 1; the average over ``years`` is their sum over ``years`` (1 without an uplift)."""
    if not uplift_pct or years < 1:
        return Decimal(1)
    rise = 1 + uplift_pct / Decimal(100)
    return sum((rise**year for year in range(years)), Decimal(0)) / years


def readable_server_count(
    keys: list[str], servers: int, readable_servers: int | None, prices: LicencePriceList
) -> int | None:
    """The servers Active Data Guard is licensed on when fewer than all (None: all, or it is not licensed)."""
    if readable_servers is None or prices.readable_standby_rule.option not in keys:
        return None
    readable = max(1, min(readable_servers, servers))  # the primary is always open
    return readable if readable < servers else None


def readable_note(readable: int, servers: int, prices: LicencePriceList) -> str:
    rule = prices.readable_standby_rule
    name = prices.product(rule.option).name
    return (
        f"{name} on {readable} of the {servers} servers, the primary's and those of every standby open read-only "
        f"while applying redo; a mounted standby or replica needs no {name} (Data Guard itself is part of Enterprise "
        f"Edition) (source: {dated(rule)})"
    )


def _preconfigured_why(ctx: LicenceContext) -> str:
    """' as AWS preconfigures it (source: AWS RDS User Guide, ..., 2023-06-15)' for a preconfigured class."""
    row = ctx.preconfigured
    return f" as AWS preconfigures it (source: {row.shown_as}, {row.as_of})" if row is not None else ""


def running_words(ctx: LicenceContext, licensed_vcpus: int) -> str:
    """' (r6i.4xlarge's 16 vCPUs are 8 cores x 2 threads; ...)' when hyper-threading off halves the count; for a
    class AWS preconfigures, why its threads per core are what they are."""
    row = ctx.preconfigured
    if row is not None and ctx.vcpus and ctx.vcpus == licensed_vcpus:
        per_core = "1 thread" if row.threads_per_core == 1 else f"{row.threads_per_core} threads"
        return (
            f" ({ctx.instance_class} runs {per_core} per core as AWS preconfigures it, so its {ctx.vcpus} vCPUs are "
            f"{math.ceil(ctx.vcpus / row.threads_per_core)} cores; source: {row.shown_as}, {row.as_of})"
        )
    if not ctx.threads_halved or licensed_vcpus != ctx.running_vcpus:
        return ""
    return (
        f" ({ctx.instance_class or 'the instance'}'s {ctx.vcpus} vCPUs are {ctx.running_vcpus} cores x "
        f"{ctx.type_threads} threads; with hyper-threading off each core runs one)"
    )
