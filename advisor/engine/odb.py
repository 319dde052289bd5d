"""Size and price Oracle Database@AWS: Exadata Database Service on Dedicated Infrastructure.

Pure Python (no Django). Facts come from ``pricing/engine/data/odb_{prices,regions,shapes}.json`` through
``pricing.engine.odb_prices``; every number below is read there, with its source. The model:

* The service must be offered in the Region (and in the DR Region for a cross-Region standby).
* Compute: the vCPU need becomes OCPUs at 2 vCPUs per OCPU, then ECPUs at 4 per OCPU (X11M; derived, see the
  data), rounded up to the shape's step and to at least the minimum per VM, one VM per database server.
* Database servers: the shape's minimum, or more if the ECPUs or the memory need them. Storage servers: the
  minimum, or more if the data needs them at the usable capacity's share for database files.
* Cost: database and storage servers per hour for the whole month (the infrastructure exists all month), the
  VM cluster's ECPUs per hour for the workload's hours, at Oracle's list prices before any private-offer
  discount; each line rounded half-up to cents. A price the list lacks leaves its total unpriced, with why.
* Cross-Region DR: a second, identical infrastructure and VM cluster in the DR Region.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import partial
from typing import Literal

from pricing.engine.calculator import HOURS_PER_MONTH
from pricing.engine.licences import licence_price_list
from pricing.engine.odb_prices import (
    DEDICATED,
    Fact,
    OdbPrice,
    OdbPriceList,
    OdbRegions,
    OdbShapes,
    ShapeFacts,
    odb_price_list,
    odb_regions,
    odb_shapes,
)
from pricing.engine.pricebook import round_cents

GB_PER_GIB = Decimal("1.073741824")  # sources write GB/TB; read as decimal, the smaller (safer) reading
LICENCE_LABELS = {"li": "License Included", "byol": "BYOL"}
LineModel = Literal["both", "li", "byol"]


@dataclass(frozen=True, slots=True)
class CostLine:
    """One monthly line; ``unit_price_usd``/``monthly_usd`` None = the price list lacks the SKU (see ``note``)."""

    name: str
    quantity: Decimal
    unit: str
    hours: Decimal
    unit_price_usd: Decimal | None
    monthly_usd: Decimal | None
    part_number: str
    source: str
    as_of: str
    note: str
    licence_model: LineModel  # which total it belongs to: both, License Included only, BYOL only
    copy: Literal["primary", "standby"]


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
    byol_processor_licences: int | None = None
    byol_licence_note: str = ""
    byol_options: tuple[str, ...] = ()


def _n(fact: Fact) -> Decimal:
    assert fact.value is not None
    return fact.value


def _fmt(value: Decimal | int) -> str:
    return f"{Decimal(value).normalize():,f}"


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
    ecpus = f" = {_fmt(raw)} ECPUs at {_fmt(_n(conv.ecpus_per_ocpu))} per OCPU ({conv.ecpus_per_ocpu.cite}; {conv.ecpus_per_ocpu.note})"
    reasons = [
        f"{_fmt(vcpus)} vCPUs = {_fmt(ocpus)} OCPUs at {_fmt(_n(conv.vcpus_per_ocpu))} vCPUs per OCPU "
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


def _line(name: str, qty: Decimal, hours: Decimal, row: OdbPrice, model: str, copy: str, note: str = "") -> CostLine:
    monthly = round_cents(qty * row.usd_price * hours)
    return CostLine(name, qty, row.unit, hours, row.usd_price, monthly, row.part_number, row.source, row.as_of, note,
                    model, copy)  # type: ignore[arg-type]  # fmt: skip


def _lines(
    infra: Infrastructure, prices: OdbPriceList, facts: ShapeFacts, copy: str, hours: Decimal, label: str = ""
) -> list[CostLine]:
    label = label or ("" if copy == "primary" else f"Standby in {infra.region}: ")
    out = []
    for kind, count in (("database server", infra.database_servers), ("storage server", infra.storage_servers)):
        row = prices.find(DEDICATED, f"infrastructure: {kind}", facts.generation, "n/a (infrastructure)")
        assert row is not None, f"odb_prices.json has no {facts.generation} {kind}"
        leads = [f"{pn} at {lead}/h" for w in prices.warnings_for(row.part_number)
                 for pn, lead in w.lead_usd_per_hour.items() if pn == row.part_number]  # fmt: skip
        note = (f"May be out of date: {'; '.join(leads)} in a 2026 Oracle price list quoted by a third party, "
                "unverified and not used (see the caveats)") if leads else ""  # fmt: skip
        name = f"{label}{kind}s ({row.oracle_display_name})"
        out.append(_line(name, Decimal(count), HOURS_PER_MONTH, row, "both", copy, note))
    component, qty = f"database compute {facts.compute_model}", Decimal(infra.compute)
    for model, model_label in LICENCE_LABELS.items():
        row = prices.find(DEDICATED, component, f"any ({facts.compute_model}-billed systems)", model_label)
        name = f"{label}VM cluster {facts.compute_model}s, {model_label}"
        if row is not None:
            out.append(_line(name, qty, hours, row, model, copy))
            continue
        gap = prices.find_missing(service=DEDICATED, component=component, license_model=model_label)
        unit, part, why = (gap.unit, gap.part_number, gap.reason) if gap else (component, "", "no price row for it")
        out.append(CostLine(name, qty, unit, hours, None, None, part, "not in odb_prices.json", "", why, model, copy))  # type: ignore[arg-type]
    return out


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


def _byol_licences(
    infra: Infrastructure, standby: bool, shapes: OdbShapes, options: tuple[str, ...]
) -> tuple[int | None, str]:
    conv = shapes.conversions
    ratio = conv.ecpus_per_processor_licence if infra.compute_unit == "ECPU" else conv.ocpus_per_processor_licence
    covered = f"{infra.compute} {infra.compute_unit}s" + (f" and the standby's {infra.compute}" if standby else "")
    if ratio.value is None:
        licences = None
        note = (
            f"BYOL also needs your own Oracle Database Enterprise Edition processor licences covering the VM "
            f"cluster's {covered}; the count is not given: {ratio.source}. Ask Oracle."
        )
    else:
        licences = math.ceil(infra.compute / ratio.value) * (2 if standby else 1)
        note = (
            f"BYOL also needs {licences} Oracle Database Enterprise Edition processor licences for {covered} at "
            f"{_fmt(ratio.value)} {infra.compute_unit}s per licence ({ratio.cite})."
        )
    if options:
        note += (
            f" Each Enterprise Edition option used ({', '.join(options)}) needs your own licences too, counted "
            f"like the database; License Included includes them all ({shapes.editions.source})."
        )
    return licences, note


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
) -> OdbResult:
    """Size and price one Exadata deployment (and its cross-Region standby); problems and reasons in words."""
    prices, regions, shapes = prices or odb_price_list(), regions or odb_regions(), shapes or odb_shapes()
    where = regions.get(region)
    listed = ", ".join(regions.codes())
    result = partial(
        OdbResult,
        offered=where is not None,
        offered_source=where.date_source if where else f"odb_regions.json (as of {regions.as_of}): {listed}",
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
    lines = _lines(infra, prices, facts, "primary", hours_per_month)
    local_standby = infra if multi_az else None
    if local_standby:
        lines += _lines(local_standby, prices, facts, "standby", hours_per_month, "Standby in a second AZ: ")
        reasons.append(
            f"Multi-AZ: an Exadata infrastructure sits in one Availability Zone, so a standby in another AZ is a "
            f"second {facts.shape} infrastructure and VM cluster with Data Guard, sized like the primary "
            "(reference, Multi-AZ row [ODB][ODB-BLOG])."
        )
    standby = replace(infra, region=standby_region) if standby_region else None
    if standby:
        lines += _lines(standby, prices, facts, "standby", hours_per_month)
        reasons.append(
            f"Cross-Region DR: a second {facts.shape} infrastructure and VM cluster in {standby.region} "
            "for a Data Guard standby, sized like the primary so it can take over at full capacity."
        )
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
    reasons.append(
        "Not in these lines: backup storage (Autonomous Recovery Service or Amazon S3) and AWS-side networking."
    )
    parts = {line.part_number for line in lines}
    reasons += [f"Caveat: {w.text}" for w in prices.price_warnings if parts & set(w.part_numbers)]
    licences, note = _byol_licences(infra, standby is not None or local_standby is not None, shapes,
                                    tuple(options_byol))  # fmt: skip
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
        byol_processor_licences=licences,
        byol_licence_note=note,
        byol_options=tuple(options_byol),
    )
