"""Oracle licence cost beside the AWS bill, counted by Oracle's cloud policy.

Pure Python (pydantic v2, no Django). Every price and rule comes from ``data/oracle_licences.json``, which cites
shared/reference/oracle-on-aws-features.md section 4 entry by entry. The model:

* Enterprise Edition and its options: 2 vCPUs = 1 processor licence with hyper-threading, 1 vCPU = 1 without.
  Standard Edition 2: every 4 vCPUs or fewer = 1 socket, at most 8 vCPUs; beyond that the deployment cannot be
  licensed, which is a problem to fix, not a price.
* A licensed standby (BYOL Multi-AZ on RDS and RDS Custom must license it) doubles every product.
* Purchase at list price less the user's discount; support is 22 % a year of that net price.
* Owned licences are sunk: nothing is bought for them, but their support is still paid, so it is counted.
* Monthly cost = purchase / (term years x 12) + yearly support / 12, each line rounded half-up to cents.
* License Included has no Oracle lines: the instance price includes the licence.
* Optimize CPUs (EC2, and RDS BYOL outside the preconfigured ``tpc`` classes) licenses the active cores only; the
  saving is the licence cost at the class's full vCPU count minus the cost at the reduced count. Only the core
  counts AWS publishes for the type are accepted, and active vCPUs = cores x the type's threads per core
  (``data/cpu_options.json``; 1 with hyper-threading off). A type that runs one thread per core counts as
  hyper-threading off unless the caller says otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pricing.engine.cpu_options import CpuOptions, core_count_problem, cpu_options
from pricing.engine.pricebook import round_cents

DATA_FILE = Path(__file__).resolve().parent / "data" / "oracle_licences.json"
MONTHS_PER_YEAR = 12
_AS_OF = r"^\d{4}(-\d{2}(-\d{2})?)?$"

Edition = Literal["ee", "se2"]
Platform = Literal["rds", "rds-custom", "ec2"]
DbVersion = Literal["12.1", "12.2", "18c", "19c", "21c", "23ai", "26ai"]
_BEFORE_19C = ("12.1", "12.2", "18c")

# --- reference data ---------------------------------------------------------------------------------


class _Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=10)
    as_of: str = Field(pattern=_AS_OF)
    note: str = ""


class ProductPrice(_Sourced):
    """One price-list product. ``licence_usd`` None = the reference did not capture its price."""

    key: str
    name: str
    kind: Literal["edition", "option"]
    licence_usd: Decimal | None = None
    support_usd_per_year: Decimal | None = None  # as the reference states it; None = not stated
    nup_usd: Decimal | None = None


class PriceListInfo(_Sourced):
    title: str


class Rate(_Sourced):
    value: Decimal = Field(ge=0, le=1)


class ProcessorRule(_Sourced):
    vcpus_per_licence_with_hyperthreading: int = Field(ge=1)
    vcpus_per_licence_without_hyperthreading: int = Field(ge=1)


class SocketRule(_Sourced):
    vcpus_per_socket: int = Field(ge=1)
    max_vcpus: int = Field(ge=1)


class MultitenantRule(_Sourced):
    free_pdbs_from_19c: int = Field(ge=0)
    free_pdbs_before_19c: int = Field(ge=0)
    se2_max_pdbs: int = Field(ge=0)


class OptimizeCpusRule(_Sourced):
    platforms: tuple[str, ...]
    licence_models: tuple[str, ...]
    excluded_class_markers: tuple[str, ...]


class NotAvailable(_Sourced):
    option: str
    platforms: tuple[str, ...]


class LicencePriceList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    price_list: PriceListInfo
    support_rate: Rate
    products: tuple[ProductPrice, ...]
    processor_rule: ProcessorRule
    socket_rule: SocketRule
    standby_rule: _Sourced
    multitenant_rule: MultitenantRule
    optimize_cpus: OptimizeCpusRule
    not_available: tuple[NotAvailable, ...]

    @model_validator(mode="after")
    def _keys(self) -> LicencePriceList:
        keys = [p.key for p in self.products]
        if len(keys) != len(set(keys)) or not {"ee", "se2"} <= set(keys):
            raise ValueError("products need unique keys, including ee and se2")
        if any(n.option not in keys for n in self.not_available):
            raise ValueError("not_available names an unknown option")
        return self

    def product(self, key: str) -> ProductPrice:
        return next(p for p in self.products if p.key == key)

    def option_keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.products if p.kind == "option")


@cache
def licence_price_list() -> LicencePriceList:
    return LicencePriceList.model_validate_json(DATA_FILE.read_text())


# --- the config (the ``licences`` object of the estimate config) -----------------------------------


class LicenceConfig(BaseModel):
    """What the user says about Oracle licences. Counts and rates are checked against the policy, not here."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    include: bool = True
    vcpus: int | None = Field(default=None, description="instance vCPUs; default: the caller's catalog value")
    hyperthreading: bool | None = Field(default=None, description="default: the caller's value, else true")
    options: tuple[str, ...] = ()
    pdbs: int | None = Field(
        default=None, description="user-created PDBs per CDB; more than the free ones need Multitenant"
    )
    db_version: DbVersion = "19c"
    standby: bool | None = Field(default=None, description="license a standby; default: BYOL Multi-AZ on RDS")
    servers: int | None = Field(
        default=None,
        ge=1,
        le=64,
        description="servers of this shape to license in all (primary, standbys, replicas); default 1, or 2 with "
        "a licensed standby. Owned licences are counted once against them all",
    )
    discount_pct: Decimal = Decimal(0)
    owned_processor_licences: int | dict[str, int] = Field(
        default=0, description="licences already owned: a number (the edition's) or per product key"
    )
    term_years: int = Field(default=3, description="amortise the purchase over this many years")
    optimize_cpus_cores: int | None = Field(default=None, description="active cores with Optimize CPUs")


# --- results ----------------------------------------------------------------------------------------


class LicenceLine(BaseModel):
    """One Oracle cost line; ``monthly_usd`` is rounded half-up to cents from the exact unit price."""

    model_config = ConfigDict(frozen=True)
    name: str
    quantity: Decimal
    unit: str
    unit_price_usd: Decimal
    monthly_usd: Decimal
    source: str
    as_of: str
    estimated: bool = False
    note: str = ""


class ProductLicences(BaseModel):
    model_config = ConfigDict(frozen=True)
    key: str
    name: str
    metric: Literal["processor", "socket"]
    per_server: int
    servers: int
    required: int
    owned: int
    to_buy: int
    list_price_usd: Decimal
    net_price_usd: Decimal
    purchase_usd: Decimal
    annual_support_usd: Decimal
    monthly_usd: Decimal


class OptimizeCpus(BaseModel):
    model_config = ConfigDict(frozen=True)
    cores: int
    threads_per_core: int
    licensed_vcpus: int
    instance_vcpus: int
    monthly_without_usd: Decimal | None
    monthly_with_usd: Decimal
    saving_monthly_usd: Decimal | None
    note: str = ""
    source: str = ""  # of the core counts and threads per core AWS allows for the type
    as_of: str = ""


class LicenceEstimate(BaseModel):
    model_config = ConfigDict(frozen=True)
    included: bool
    licence_model: str
    edition: str
    metric: Literal["processor", "socket"] | None = None
    instance_vcpus: int | None = None
    licensed_vcpus: int | None = None
    hyperthreading: bool | None = None
    licences_per_server: int = 0
    servers: int = 0
    products: tuple[ProductLicences, ...] = ()
    lines: tuple[LicenceLine, ...] = ()
    monthly_usd: Decimal = Decimal("0.00")
    upfront_purchase_usd: Decimal = Decimal("0.00")
    annual_support_usd: Decimal = Decimal("0.00")
    term_years: int | None = None
    discount_pct: Decimal = Decimal(0)
    optimize_cpus: OptimizeCpus | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LicenceProblem:
    field: str
    message: str


class LicenceInvalid(ValueError):
    """Raised with every problem found; each names the ``licences.*`` (or config) field and what is accepted."""

    def __init__(self, problems: list[LicenceProblem] | tuple[LicenceProblem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


# --- counting ---------------------------------------------------------------------------------------


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
        raise LicenceInvalid([LicenceProblem(field, _se2_cap_message(vcpus, rule))])
    return math.ceil(vcpus / rule.vcpus_per_socket)


def _se2_cap_message(vcpus: int, rule: SocketRule) -> str:
    return (
        f"{vcpus} vCPUs cannot be licensed with Standard Edition 2: Oracle's cloud policy counts every "
        f"{rule.vcpus_per_socket} vCPUs as a socket and allows SE2 on at most {rule.max_vcpus} vCPUs; accepted: an "
        f"instance of at most {rule.max_vcpus} vCPUs, fewer cores with licences.optimize_cpus_cores, or edition ee "
        f"(source: {rule.source})"
    )


@dataclass(frozen=True, slots=True)
class _Context:
    edition: str
    platform: str
    licence_model: str
    deployment: str
    instance_class: str
    vcpus: int | None
    vcpus_field: str
    hyperthreading: bool
    cpu: CpuOptions | None  # the type's CPU-options row, looked up by its name as given


def _context(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licence_model: str,
    deployment: str,
    instance_class: str,
    vcpus: int | None,
    hyperthreading: bool | None,
) -> _Context:
    cpu = cpu_options(instance_class)
    if hyperthreading is None and cpu is not None:
        hyperthreading = cpu.default_threads_per_core > 1
    return _Context(
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=config.vcpus if config.vcpus is not None else vcpus,
        vcpus_field="licences.vcpus" if config.vcpus is not None else "instance_class",
        hyperthreading=config.hyperthreading
        if config.hyperthreading is not None
        else (hyperthreading if hyperthreading is not None else True),
        cpu=cpu,
    )


def _standby(config: LicenceConfig, ctx: _Context) -> bool:
    if config.standby is not None:
        return config.standby
    return ctx.platform in ("rds", "rds-custom") and ctx.deployment == "multi-az"


def _free_pdbs(config: LicenceConfig, prices: LicencePriceList) -> int:
    rule = prices.multitenant_rule
    return rule.free_pdbs_before_19c if config.db_version in _BEFORE_19C else rule.free_pdbs_from_19c


def _products(config: LicenceConfig, ctx: _Context, prices: LicencePriceList) -> tuple[list[str], list[str]]:
    """Product keys to license (edition first) and notes on Multitenant."""
    keys = [ctx.edition]
    notes: list[str] = []
    options = list(dict.fromkeys(config.options))
    free = _free_pdbs(config, prices)
    if ctx.edition == "ee" and config.pdbs is not None:
        if config.pdbs > free and "multitenant" not in options:
            options.append("multitenant")
            notes.append(
                f"{config.pdbs} PDBs exceed the {free} user-created PDBs Oracle {config.db_version} allows without "
                f"Multitenant, so the Multitenant option is licensed (source: {prices.multitenant_rule.source})"
            )
        elif config.pdbs <= free and "multitenant" in options:
            options.remove("multitenant")
            notes.append(
                f"Multitenant is not licensed: {config.pdbs} PDBs are within the {free} Oracle {config.db_version} "
                f"allows without it (source: {prices.multitenant_rule.source})"
            )
    return keys + options, notes


# --- validation -------------------------------------------------------------------------------------


def validate_licences(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licence_model: str,
    deployment: str = "single-az",
    instance_class: str = "",
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    prices: LicencePriceList | None = None,
) -> tuple[LicenceProblem, ...]:
    """Every problem with the ``licences`` object for this deployment, before anything is priced."""
    prices = prices or licence_price_list()
    ctx = _context(
        config,
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=vcpus,
        hyperthreading=hyperthreading,
    )
    if not config.include:
        return ()
    out: list[LicenceProblem] = []
    known = prices.option_keys()
    for i, key in enumerate(config.options):
        path = f"licences.options[{i}]"
        if key not in known:
            out.append(LicenceProblem(path, f"unknown option {key!r}; accepted: {', '.join(known)}"))
            continue
        product = prices.product(key)
        if product.licence_usd is None:
            out.append(
                LicenceProblem(
                    path,
                    f"{product.name} has no captured list price ({product.source}); accepted options with a price: "
                    + ", ".join(k for k in known if prices.product(k).licence_usd is not None),
                )
            )
        if edition == "se2":
            out.append(
                LicenceProblem(
                    path,
                    f"{product.name} is an Enterprise Edition option; Standard Edition 2 cannot license it; "
                    "accepted: edition ee, or no options",
                )
            )
        for na in prices.not_available:
            if na.option == key and platform in na.platforms:
                out.append(LicenceProblem(path, f"{product.name} is not available on {platform} (source: {na.source})"))
    if config.pdbs is not None:
        if config.pdbs < 0:
            out.append(LicenceProblem("licences.pdbs", "must be 0 or more"))
        elif edition == "se2" and config.pdbs > prices.multitenant_rule.se2_max_pdbs:
            out.append(
                LicenceProblem(
                    "licences.pdbs",
                    f"Standard Edition 2 allows at most {prices.multitenant_rule.se2_max_pdbs} user-created PDBs per "
                    f"CDB; accepted: 0-{prices.multitenant_rule.se2_max_pdbs}, or edition ee with Multitenant "
                    f"(source: {prices.multitenant_rule.source})",
                )
            )
    optimize_problems = _optimize_problems(config, ctx, prices) if config.optimize_cpus_cores is not None else []
    out.extend(optimize_problems)
    if licence_model == "li":
        return tuple(out)  # AWS holds the licence: counts, discounts and standbys are not ours to check
    if config.standby is False and platform in ("rds", "rds-custom") and deployment == "multi-az":
        out.append(
            LicenceProblem(
                "licences.standby",
                "a BYOL Multi-AZ standby must be licensed like the primary; accepted: true, or omit it "
                f"(source: {prices.standby_rule.source})",
            )
        )
    if ctx.vcpus is None:
        out.append(
            LicenceProblem(
                "licences.vcpus",
                f"the vCPU count of {instance_class or 'the instance'} is needed to count Oracle licences; the price "
                "book carries none for it: set licences.vcpus or pass vcpus",
            )
        )
    elif ctx.vcpus < 1:
        out.append(LicenceProblem(ctx.vcpus_field, f"{ctx.vcpus} vCPUs; accepted: 1 or more"))
    elif edition == "se2" and not optimize_problems:
        licensed = _licensed_vcpus(config, ctx)
        if licensed > prices.socket_rule.max_vcpus:
            field = "licences.optimize_cpus_cores" if config.optimize_cpus_cores is not None else ctx.vcpus_field
            out.append(LicenceProblem(field, _se2_cap_message(licensed, prices.socket_rule)))
    if not Decimal(0) <= config.discount_pct <= Decimal(100):
        out.append(LicenceProblem("licences.discount_pct", f"{config.discount_pct}; accepted: 0 to 100 (percent)"))
    if config.term_years < 1:
        out.append(LicenceProblem("licences.term_years", f"{config.term_years}; accepted: 1 or more years"))
    out.extend(_owned_problems(config, ctx, prices))
    return tuple(out)


def _licensed_vcpus(config: LicenceConfig, ctx: _Context) -> int:
    assert ctx.vcpus is not None
    if config.optimize_cpus_cores is None:
        return ctx.vcpus
    return config.optimize_cpus_cores * _threads_per_core(ctx)


def _threads_per_core(ctx: _Context) -> int:
    """Active threads per core with Optimize CPUs: the type's own (1 or 2), or 1 with hyper-threading off."""
    assert ctx.cpu is not None  # Optimize CPUs is refused for a type without CPU-options data
    return ctx.cpu.default_threads_per_core if ctx.hyperthreading else 1


def _optimize_problems(config: LicenceConfig, ctx: _Context, prices: LicencePriceList) -> list[LicenceProblem]:
    rule = prices.optimize_cpus
    field = "licences.optimize_cpus_cores"
    cores = config.optimize_cpus_cores
    assert cores is not None
    if ctx.platform not in rule.platforms:
        return [
            LicenceProblem(
                field,
                f"Optimize CPUs is not available on {ctx.platform}; accepted on: {', '.join(rule.platforms)} (source: {rule.source})",
            )
        ]
    if ctx.licence_model not in rule.licence_models:
        return [
            LicenceProblem(
                field, f"Optimize CPUs is for BYOL only, not {ctx.licence_model}; omit it (source: {rule.source})"
            )
        ]
    if ctx.platform == "rds" and any(m in ctx.instance_class for m in rule.excluded_class_markers):
        return [
            LicenceProblem(
                field, f"{ctx.instance_class} is a preconfigured class without Optimize CPUs (source: {rule.source})"
            )
        ]
    problem = core_count_problem(ctx.instance_class, cores, platform="rds" if ctx.platform == "rds" else "ec2")
    if problem is not None:
        return [LicenceProblem(field, problem)]
    return []


def _owned_problems(config: LicenceConfig, ctx: _Context, prices: LicencePriceList) -> list[LicenceProblem]:
    owned = config.owned_processor_licences
    field = "licences.owned_processor_licences"
    if isinstance(owned, int):
        return [LicenceProblem(field, f"{owned}; accepted: 0 or more")] if owned < 0 else []
    keys, _ = _products(config, ctx, prices)
    out = []
    for key, count in owned.items():
        if key not in keys:
            out.append(
                LicenceProblem(
                    f"{field}.{key}", f"{key!r} is not licensed by this deployment; accepted: {', '.join(keys)}"
                )
            )
        elif count < 0:
            out.append(LicenceProblem(f"{field}.{key}", f"{count}; accepted: 0 or more"))
    return out


# --- pricing ----------------------------------------------------------------------------------------


def estimate_licences(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licence_model: str,
    deployment: str = "single-az",
    instance_class: str = "",
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    prices: LicencePriceList | None = None,
) -> LicenceEstimate:
    """Oracle licence lines for one deployment. Raises ``LicenceInvalid`` with every problem found."""
    prices = prices or licence_price_list()
    kwargs: dict[str, Any] = dict(
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=vcpus,
        hyperthreading=hyperthreading,
    )
    problems = validate_licences(config, prices=prices, **kwargs)
    if problems:
        raise LicenceInvalid(problems)
    if not config.include:
        return LicenceEstimate(
            included=False,
            licence_model=licence_model,
            edition=edition,
            notes=("Oracle licences not included (licences.include is false)",),
        )
    if licence_model == "li":
        return LicenceEstimate(
            included=True,
            licence_model=licence_model,
            edition=edition,
            notes=("License Included: the Oracle licence is part of the instance price, so there are no Oracle lines",),
        )
    ctx = _context(config, **kwargs)
    assert ctx.vcpus is not None
    with_cores = _price(config, ctx, prices, _licensed_vcpus(config, ctx))
    optimize = None
    if config.optimize_cpus_cores is not None:
        optimize = _optimize_saving(config, ctx, prices, with_cores)
    notes = list(with_cores.notes)
    if optimize is not None:
        notes.append(optimize.note)
    return with_cores.model_copy(update={"optimize_cpus": optimize, "notes": tuple(notes)})


def _optimize_saving(
    config: LicenceConfig, ctx: _Context, prices: LicencePriceList, reduced: LicenceEstimate
) -> OptimizeCpus:
    assert ctx.vcpus is not None and config.optimize_cpus_cores is not None and ctx.cpu is not None
    threads = _threads_per_core(ctx)
    licensed = config.optimize_cpus_cores * threads
    counted = (
        f"Optimize CPUs: {config.optimize_cpus_cores} cores x {threads} thread(s) per core = {licensed} licensed "
        f"vCPUs of {ctx.vcpus}"
    )
    if ctx.edition == "se2" and ctx.vcpus > prices.socket_rule.max_vcpus:
        full = None
        note = (
            f"{counted}; without it this SE2 deployment could not be licensed at all (more than "
            f"{prices.socket_rule.max_vcpus} vCPUs)"
        )
    else:
        full = _price(config, ctx, prices, ctx.vcpus).monthly_usd
        note = (
            f"{counted}, same memory and instance price; Oracle licences ${full - reduced.monthly_usd:,.2f} a month "
            "less than on every vCPU"
        )
    return OptimizeCpus(
        cores=config.optimize_cpus_cores,
        threads_per_core=threads,
        licensed_vcpus=licensed,
        instance_vcpus=ctx.vcpus,
        monthly_without_usd=full,
        monthly_with_usd=reduced.monthly_usd,
        saving_monthly_usd=None if full is None else full - reduced.monthly_usd,
        note=note,
        source=ctx.cpu.source,
        as_of=ctx.cpu.as_of,
    )


def _price(config: LicenceConfig, ctx: _Context, prices: LicencePriceList, licensed_vcpus: int) -> LicenceEstimate:
    metric: Literal["processor", "socket"]
    if ctx.edition == "se2":
        metric = "socket"
        per_server = math.ceil(licensed_vcpus / prices.socket_rule.vcpus_per_socket)
        rule_text = (
            f"SE2: {licensed_vcpus} vCPUs / {prices.socket_rule.vcpus_per_socket} per socket, rounded up = "
            f"{per_server} socket(s) (source: {prices.socket_rule.source})"
        )
    else:
        metric = "processor"
        per_server = processor_licences(licensed_vcpus, hyperthreading=ctx.hyperthreading, prices=prices)
        per = "2 vCPUs" if ctx.hyperthreading else "1 vCPU"
        rule_text = (
            f"EE: {licensed_vcpus} vCPUs, {per} per processor licence "
            f"({'hyper-threading on' if ctx.hyperthreading else 'hyper-threading off'}) = {per_server} processor "
            f"licence(s) (source: {prices.processor_rule.source})"
        )
    standby = _standby(config, ctx)
    servers = config.servers if config.servers is not None else 2 if standby else 1
    keys, notes = _products(config, ctx, prices)
    notes = [rule_text, *notes]
    if config.servers is not None and config.servers > 1:
        notes.append(
            f"{config.servers} servers of this shape are licensed like the primary, for every product: a Data Guard "
            f"standby or replica is licensed like its primary (source: {prices.standby_rule.source})"
        )
    elif standby:
        notes.append(
            "The standby is licensed like the primary, for every product"
            + (f" (source: {prices.standby_rule.source})" if ctx.platform != "ec2" else "")
            + ("; its EC2 instance and storage are not in this estimate" if ctx.platform == "ec2" else "")
        )
    discount = config.discount_pct / Decimal(100)
    months = Decimal(config.term_years * MONTHS_PER_YEAR)
    rate = prices.support_rate.value
    owned_map = (
        {ctx.edition: config.owned_processor_licences}
        if isinstance(config.owned_processor_licences, int)
        else dict(config.owned_processor_licences)
    )
    products: list[ProductLicences] = []
    lines: list[LicenceLine] = []
    surplus = []
    for key in keys:
        product = prices.product(key)
        assert product.licence_usd is not None
        required = per_server * servers
        owned = min(owned_map.get(key, 0), required)
        if owned_map.get(key, 0) > required:
            surplus.append(f"{owned_map[key]} {product.name} licences owned, {required} needed")
        to_buy = required - owned
        net = product.licence_usd * (1 - discount)
        purchase = to_buy * net
        support = required * net * rate
        unit = f"{metric} licence"
        disc = f", {config.discount_pct}% off list ${product.licence_usd:,}" if config.discount_pct else ""
        product_lines = []
        if to_buy:
            product_lines.append(
                LicenceLine(
                    name=f"Oracle {product.name}: {to_buy} {unit}(s) to buy at ${net:,.2f}{disc}, amortised over "
                    f"{config.term_years} years",
                    quantity=Decimal(to_buy),
                    unit=unit,
                    unit_price_usd=(net / months).quantize(Decimal("0.000001")),
                    monthly_usd=round_cents(purchase / months),
                    source=f"{prices.price_list.title}: {product.source}",
                    as_of=product.as_of,
                )
            )
        product_lines.append(
            LicenceLine(
                name=f"Oracle {product.name} support: {required} {unit}(s) at {(rate * 100).normalize():f}% a year of ${net:,.2f}"
                + (f" ({owned} owned, {to_buy} bought)" if owned else ""),
                quantity=Decimal(required),
                unit=unit,
                unit_price_usd=(net * rate / MONTHS_PER_YEAR).quantize(Decimal("0.000001")),
                monthly_usd=round_cents(support / MONTHS_PER_YEAR),
                source=f"{prices.price_list.title}: {product.source}; support: {prices.support_rate.source}",
                as_of=product.as_of,
                note=""
                if product.support_usd_per_year is not None
                else "support not stated in the reference: taken at the 22% rate",
            )
        )
        lines.extend(product_lines)
        products.append(
            ProductLicences(
                key=key,
                name=product.name,
                metric=metric,
                per_server=per_server,
                servers=servers,
                required=required,
                owned=owned,
                to_buy=to_buy,
                list_price_usd=product.licence_usd,
                net_price_usd=net,
                purchase_usd=round_cents(purchase),
                annual_support_usd=round_cents(support),
                monthly_usd=sum((line.monthly_usd for line in product_lines), Decimal("0.00")),
            )
        )
    if any(p.owned for p in products):
        notes.append(
            "Owned licences are sunk: nothing is bought for them, but their support (22% a year of the net price) "
            "is still paid and counted"
        )
    if surplus:
        notes.append("Surplus owned licences are not counted: " + "; ".join(surplus))
    return LicenceEstimate(
        included=True,
        licence_model=ctx.licence_model,
        edition=ctx.edition,
        metric=metric,
        instance_vcpus=ctx.vcpus,
        licensed_vcpus=licensed_vcpus,
        hyperthreading=ctx.hyperthreading,
        licences_per_server=per_server,
        servers=servers,
        products=tuple(products),
        lines=tuple(lines),
        monthly_usd=sum((line.monthly_usd for line in lines), Decimal("0.00")),
        upfront_purchase_usd=sum((p.purchase_usd for p in products), Decimal("0.00")),
        annual_support_usd=sum((p.annual_support_usd for p in products), Decimal("0.00")),
        term_years=config.term_years,
        discount_pct=config.discount_pct,
        notes=tuple(notes),
    )
