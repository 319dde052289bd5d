"""Size and price Oracle Database@AWS: Exadata Database Service on Dedicated Infrastructure.

Pure Python (no Django). Facts come from ``pricing/engine/data/odb_{prices,regions,shapes}.json`` through
``pricing.engine.odb_prices``; every number below is read there, with its source. The model:

* The service must be offered in the Region (and in the DR Region for a cross-Region standby).
* Compute: the vCPU need becomes OCPUs at 2 vCPUs per OCPU, then ECPUs at 4 per OCPU (X11M; derived, see the
  data), rounded up to the shape's step and to at least the minimum per VM, one VM per database server.
* Database servers: the shape's minimum, or more if the ECPUs or the memory need them. Storage servers: the
  minimum, or more if the data needs them at the usable capacity's share for database files.
* Cost: database and storage servers per hour for the whole month (the infrastructure exists all month), the
  VM cluster's ECPUs per hour for the workload's hours, at Oracle's list prices or the buyer's private-offer rates
  or discounts (``odb.rates``); each line rounded half-up to cents and saying which rate it used. A price the list
  lacks (License Included ECPUs) leaves its total unpriced, with why, unless the buyer quotes a rate for it.
* BYOL: the Oracle processor licences (and the options the workload needs) for every VM cluster are counted and
  priced like every other option's (``odb.licences``), so the BYOL total includes them (``licences_in_total``).
* Multi-AZ and cross-Region DR: a second, identical infrastructure and VM cluster for each Data Guard standby.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import partial

from advisor.engine.odb.licences import count_byol_licences, licence_lines, other_reading_total
from advisor.engine.odb.lines import LICENCE_LABELS, infrastructure_lines
from advisor.engine.odb.rates import CostLine, OdbRates
from pricing.engine.calculator import HOURS_PER_MONTH
from pricing.engine.licences.cost import LicenceConfig, LicenceEstimate, licence_price_list
from pricing.engine.odb_prices import (
    Fact,
    OdbPriceList,
    OdbRegions,
    OdbShapes,
    ShapeFacts,
    odb_price_list,
    odb_regions,
    odb_shapes,
)
from pricing.engine.sources.customer_words import customer_words

__all__ = ["CostLine", "Infrastructure", "OdbRates", "OdbResult", "recommend_odb"]

GB_PER_GIB = Decimal("1.073741824")  # sources write GB/TB; read as decimal, the smaller (safer) reading


# What every Oracle Database@AWS deployment costs beside the lines Oracle's list prices: no price is held for them
NOT_PRICED = (
    "backup storage (Autonomous Recovery Service or Amazon S3)",
    "AWS-side networking (redo shipped to a standby, traffic to the applications)",
)


@dataclass(frozen=True, slots=True)
class Infrastructure:
    region: str
    shape: str
    database_server_type: str
    storage_server_type: str
    database_servers: int
    storage_servers: int
    vms: int
    compute: int
    compute_unit: str
    memory_gb_needed: Decimal
    memory_gb_available: Decimal | None
    storage_tb_needed: Decimal
    storage_tb_for_databases: Decimal
    why: tuple[str, ...]

    def __post_init__(self) -> None:  # what a reader sees: our notes' citation keys and files left in the data
        object.__setattr__(self, "why", tuple(customer_words(text) for text in self.why))


@dataclass(frozen=True, slots=True)
class OdbResult:
    """Not offered or not sizable: ``problems`` say why and there are no lines. Totals None = not priced."""

    offered: bool
    offered_source: str
    region: str
    shape: str
    price_basis: str
    problems: tuple[str, ...]
    reasons: tuple[str, ...]
    compute_needed: Decimal | None = None  # exact, before rounding to the shape's step
    infrastructure: Infrastructure | None = None
    standby: Infrastructure | None = None
    local_standby: Infrastructure | None = None  # Multi-AZ: a second infrastructure in another AZ
    lines: tuple[CostLine, ...] = ()
    total_li_usd: Decimal | None = None
    total_byol_usd: Decimal | None = None
    monthly_usd: Decimal | None = None  # the requested licence model's total
    unpriced: tuple[str, ...] = ()
    byol_processor_licences: int | None = None  # Enterprise Edition processor licences, every VM cluster
    byol_licence_note: str = ""
    byol_options: tuple[str, ...] = ()
    byol_licences: LicenceEstimate | None = None  # the licences in the BYOL total, priced as on EC2 and RDS
    byol_other_reading_usd: Decimal | None = None  # the BYOL total under the reading of the ratio not counted
    byol_other_reading_ratio: Decimal | None = None  # that reading's ECPUs (or OCPUs) per processor licence
    licences_in_total: bool = False  # the requested model's total includes every Oracle licence it needs
    not_priced: tuple[str, ...] = NOT_PRICED  # costs every deployment has that no price held prices
    quoted_rates: bool = False  # the user's private-offer rates or discounts priced some lines

    def __post_init__(self) -> None:  # what a reader sees: our notes' citation keys and files left in the data
        for name in ("problems", "reasons", "unpriced"):
            object.__setattr__(self, name, tuple(customer_words(text) for text in getattr(self, name)))
        object.__setattr__(self, "byol_licence_note", customer_words(self.byol_licence_note))
        object.__setattr__(self, "offered_source", customer_words(self.offered_source))


def _n(fact: Fact) -> Decimal:
    assert fact.value is not None
    return fact.value


def _fmt(value: Decimal | int) -> str:
    return f"{Decimal(value).normalize():,f}"


def _need(value: Decimal) -> str:
    """A sized need in words: two decimals at most (the need is a float's decimal, 28.799999999999997 is 28.8)."""
    return _fmt(Decimal(value).quantize(Decimal("0.01")))


REQUIRED = ("compute_per_database_server", "usable_tb_per_storage_server", "min_database_servers", "max_database_servers",
            "min_storage_servers", "max_storage_servers", "min_compute_per_vm", "compute_step")  # fmt: skip


def _size(
    facts: ShapeFacts, shapes: OdbShapes, region: str, *, vcpus: Decimal, memory_gib: Decimal, storage_gib: Decimal
) -> tuple[Infrastructure | None, Decimal | None, list[str], list[str]]:
    """The infrastructure and VM cluster for the need; (None, ...) with problems when it cannot be sized."""
    conv, unit = shapes.conversions, facts.compute_model
    missing = [
        f"{facts.shape} {n.replace('_', ' ')} ({getattr(facts, n).source})"
        for n in REQUIRED
        if getattr(facts, n).value is None
    ]
    for fact in [conv.vcpus_per_ocpu] + ([conv.ecpus_per_ocpu] if unit == "ECPU" else []):
        if fact.value is None:
            missing.append(f"{fact.unit} ({fact.source})")
    if missing:
        return None, None, ["Cannot size: no source gave " + "; ".join(missing)], []
    if not all(need.is_finite() for need in (vcpus, memory_gib, storage_gib)):
        return None, None, ["Cannot size: the vCPUs, memory or storage needed is not a finite number"], []
    ocpus = vcpus / _n(conv.vcpus_per_ocpu)
    raw = ocpus * _n(conv.ecpus_per_ocpu) if unit == "ECPU" else ocpus
    step, per_vm = _n(facts.compute_step), _n(facts.min_compute_per_vm)
    per_server = _n(facts.compute_per_database_server)
    rounded = max(step, math.ceil(raw / step) * step)
    memory_gb = memory_gib * GB_PER_GIB
    server_memory = facts.memory_gb_per_database_server.value
    by_compute = math.ceil(rounded / per_server)
    by_memory = math.ceil(memory_gb / server_memory) if server_memory else 0
    db = max(int(_n(facts.min_database_servers)), by_compute, by_memory)
    total = int(max(rounded, per_vm * db))
    storage_tb = storage_gib * GB_PER_GIB / 1000
    share_fact = facts.database_share_of_usable_storage
    per_storage = _n(facts.usable_tb_per_storage_server) * (share_fact.value or 1)
    by_storage = math.ceil(storage_tb / per_storage)
    st = max(int(_n(facts.min_storage_servers)), by_storage)
    ecpus = f" = {_need(raw)} ECPUs at {_fmt(_n(conv.ecpus_per_ocpu))} per OCPU ({conv.ecpus_per_ocpu.cite}; {conv.ecpus_per_ocpu.note})"
    reasons = [
        f"{_need(vcpus)} vCPUs = {_need(ocpus)} OCPUs at {_fmt(_n(conv.vcpus_per_ocpu))} vCPUs per OCPU "
        f"({conv.vcpus_per_ocpu.cite}){ecpus if unit == 'ECPU' else ''}.",
        f"VM cluster: {total} {unit}s, one VM per database server ({db} VMs): the need rounded up to a multiple of "
        f"{_fmt(step)} ({facts.compute_step.cite}), at least {_fmt(per_vm)} per VM ({facts.min_compute_per_vm.cite}). "
        f"With RAC across the VMs the database stays up if a server fails, on the other VMs' {unit}s.",
    ]
    memory_words = (
        f", {_fmt(round(memory_gb, 1))} GB of memory needs {by_memory} at {_fmt(server_memory)} GB each "
        f"({facts.memory_gb_per_database_server.cite})"
        if server_memory
        else ""
    )
    why = (
        f"{db} database servers: the minimum is {_fmt(_n(facts.min_database_servers))} "
        f"({facts.min_database_servers.cite}); the {unit}s need {by_compute} at {_fmt(per_server)} each "
        f"({facts.compute_per_database_server.cite}){memory_words}",
        f"{st} storage servers: the minimum is {_fmt(_n(facts.min_storage_servers))}; {_fmt(round(storage_tb, 2))} TB "
        f"of data needs {by_storage} at {_fmt(per_storage)} TB for database files each "
        f"({facts.usable_tb_per_storage_server.cite})",
    )
    if not server_memory:
        reasons.append(f"Memory not checked: {facts.memory_gb_per_database_server.source}.")
    if share_fact.value is None:
        reasons.append(f"Storage sized on the whole usable capacity, an upper bound: {share_fact.source}.")
    else:
        reasons.append(
            f"Database files may use {_fmt(share_fact.value)} of the usable storage ({share_fact.cite}). {share_fact.note}"
        )
    problems = [
        f"Needs {count} {kind} servers; {facts.shape} takes at most {_fmt(_n(limit))} ({limit.cite})"
        for count, kind, limit in (
            (db, "database", facts.max_database_servers),
            (st, "storage", facts.max_storage_servers),
        )
        if count > _n(limit)
    ]
    if problems:
        return None, raw, problems, reasons
    infra = Infrastructure(
        region=region,
        shape=facts.shape,
        database_server_type=facts.database_server_type,
        storage_server_type=facts.storage_server_type,
        database_servers=db,
        storage_servers=st,
        vms=db,
        compute=total,
        compute_unit=unit,
        memory_gb_needed=memory_gb,
        memory_gb_available=server_memory * db if server_memory else None,
        storage_tb_needed=storage_tb,
        storage_tb_for_databases=per_storage * st,
        why=why,
    )
    return infra, raw, [], reasons


def _total(lines: list[CostLine], model: str) -> Decimal | None:
    mine = [line.monthly_usd for line in lines if line.licence_model in ("both", model)]
    return None if None in mine else sum((m for m in mine if m is not None), Decimal("0.00"))


def _dr_region(region: str, dr_region: str | None, regions: OdbRegions) -> tuple[str | None, list[str]]:
    if not dr_region:
        return None, ["Cross-Region DR needs a DR Region: none was given"]
    if dr_region == region:
        return None, [f"The DR Region must differ from the primary Region ({region})"]
    if regions.get(dr_region) is None:
        listed = ", ".join(regions.codes())
        return None, [
            f"Oracle Database@AWS is not offered in the DR Region {dr_region}: the Regions list (as of "
            f"{regions.as_of}) has {listed}"
        ]
    return dr_region, []


def recommend_odb(
    *,
    vcpus_needed: float,
    memory_gib_needed: float,
    storage_gib_needed: float,
    edition: str,
    licence_model: str,
    region: str,
    cross_region_dr: bool,
    dr_region: str | None,
    hours_per_month: Decimal,
    options_byol: tuple[str, ...] = (),
    multi_az: bool = False,
    shape: str = "Exadata.X11M",
    prices: OdbPriceList | None = None,
    regions: OdbRegions | None = None,
    shapes: OdbShapes | None = None,
    rates: OdbRates | None = None,
    licences: LicenceConfig | None = None,
) -> OdbResult:
    """Size and price one Exadata deployment (and its standbys); problems and reasons in words. ``rates`` are the
    buyer's private-offer rates (default: Oracle's list prices); ``licences`` the licence terms BYOL is counted with
    (default: list price, none owned, 3 years)."""
    rates = rates or OdbRates()
    prices, regions, shapes = prices or odb_price_list(), regions or odb_regions(), shapes or odb_shapes()
    where = regions.get(region)
    listed = ", ".join(regions.codes())
    result = partial(
        OdbResult,
        offered=where is not None,
        offered_source=where.date_source
        if where
        else f"the Oracle Database@AWS Regions list (as of {regions.as_of}): {listed}",
        region=region,
        price_basis=prices.price_basis,
    )
    reasons = [f"Prices are {prices.price_basis} (as of {prices.prices[0].as_of}): {prices.about[0]}"]
    facts = shapes.shape(shape)
    if facts is None:
        known = ", ".join(s.shape for s in shapes.shapes)
        return result(shape=shape, problems=(f"Unknown shape {shape!r}; accepted: {known}",), reasons=tuple(reasons))
    if where is None:
        problem = (
            f"Oracle Database@AWS is not offered in {region}: the Regions list (as of {regions.as_of}) has "
            f"{listed}. The list has been growing, so check the current one."
        )
        return result(shape=facts.shape, problems=(problem,), reasons=tuple(reasons))
    reasons.append(f"{facts.offered_on_aws.text} ({facts.offered_on_aws.source})")
    problems = []
    if licence_model not in LICENCE_LABELS:
        problems.append(f"Licence model {licence_model!r}; accepted: li, byol")
    elif licence_model == "byol" and edition != "ee":
        problems.append(f"BYOL on Exadata takes Enterprise Edition licences, not {edition}: {shapes.editions.text}")
    elif edition != "ee":
        reasons.append(f"License Included runs Enterprise Edition - Extreme Performance: {shapes.editions.text}")
    known_options = licence_price_list().option_keys()
    problems += [
        f"Unknown option {o!r}; accepted: {', '.join(known_options)}" for o in options_byol if o not in known_options
    ]
    standby_region, dr_problems = _dr_region(region, dr_region, regions) if cross_region_dr else (None, [])
    problems += dr_problems
    infra, raw, size_problems, size_reasons = _size(
        facts,
        shapes,
        region,
        vcpus=Decimal(str(vcpus_needed)),
        memory_gib=Decimal(str(memory_gib_needed)),
        storage_gib=Decimal(str(storage_gib_needed)),
    )
    problems += size_problems
    reasons += size_reasons
    if infra is None or problems:
        return result(shape=facts.shape, problems=tuple(problems), reasons=tuple(reasons), compute_needed=raw)
    priced = partial(
        infrastructure_lines,
        prices=prices,
        facts=facts,
        hours=hours_per_month,
        rates=rates,
        licence_model=licence_model,
    )
    lines = priced(infra, copy="primary")
    local_standby = infra if multi_az else None
    if local_standby:
        lines += priced(local_standby, copy="standby", label="Standby in a second AZ: ")
        reasons.append(
            f"Multi-AZ: an Exadata infrastructure sits in one Availability Zone, so a standby in another AZ is a "
            f"second {facts.shape} infrastructure and VM cluster with Data Guard, sized like the primary "
            "(reference, Multi-AZ row [ODB][ODB-BLOG])."
        )
    standby = replace(infra, region=standby_region) if standby_region else None
    if standby:
        lines += priced(standby, copy="standby")
        reasons.append(
            f"Cross-Region DR: a second {facts.shape} infrastructure and VM cluster in {standby.region} "
            "for a Data Guard standby, sized like the primary so it can take over at full capacity."
        )
    clusters = 1 + (local_standby is not None) + (standby is not None)
    # the local standby opens read-only with Active Data Guard; the cross-Region standby stays mounted, as on EC2
    readable = 1 + (local_standby is not None and "active_data_guard" in options_byol)
    counted = count_byol_licences(compute=infra.compute, compute_unit=infra.compute_unit, clusters=clusters,
                                  shapes=shapes, options=tuple(options_byol), config=licences,
                                  readable_clusters=readable)  # fmt: skip
    if counted.estimate is not None:
        lines += licence_lines(counted.estimate)
    total_li, total_byol = _total(lines, "li"), _total(lines, "byol")
    unpriced = tuple(
        f"{line.name}: {line.part_number or 'its SKU'} is not in the price list this advisor holds. {line.note}"
        for line in lines
        if line.monthly_usd is None
    )
    if total_li is None:
        infra_only = sum((ln.monthly_usd or Decimal(0) for ln in lines if ln.licence_model == "both"), Decimal("0.00"))
        reasons.append(
            f"License Included is not priced: its {facts.compute_model} price is missing (see unpriced); "
            f"the infrastructure alone is ${infra_only:,} a month."
        )
    if hours_per_month < HOURS_PER_MONTH:
        reasons.append(f"{shapes.infrastructure_billing.text} ({shapes.infrastructure_billing.source})")
    reasons.append(f"Not in these lines, and not priced: {' and '.join(NOT_PRICED)}.")
    parts = {line.part_number for line in lines}
    reasons += [f"Caveat: {w.text}" for w in prices.price_warnings if parts & set(w.part_numbers)]
    if rates.any:
        reasons.insert(1, "Your private-offer terms price the lines that say so (your quoted rate, or Oracle's list "
                          "price less your discount); the other lines are at Oracle's list price.")  # fmt: skip
    other_usd = other_reading_total(total_byol, counted)
    estimate = counted.estimate
    return result(
        shape=facts.shape,
        problems=(),
        reasons=tuple(reasons),
        compute_needed=raw,
        infrastructure=infra,
        standby=standby,
        local_standby=local_standby,
        lines=tuple(lines),
        total_li_usd=total_li,
        total_byol_usd=total_byol,
        monthly_usd=total_li if licence_model == "li" else total_byol,
        unpriced=unpriced,
        byol_processor_licences=None if counted.per_cluster is None else counted.per_cluster * clusters,
        byol_licence_note=counted.note,
        byol_options=tuple(options_byol),
        byol_licences=estimate,
        byol_other_reading_usd=other_usd,
        byol_other_reading_ratio=counted.other_ratio.value if other_usd is not None and counted.other_ratio else None,
        licences_in_total=(total_li is not None) if licence_model == "li" else estimate is not None,
        quoted_rates=rates.any,
    )
