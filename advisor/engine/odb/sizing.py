"""Size Oracle Database@AWS: the Exadata infrastructure and VM cluster a need takes (``exadata`` prices it).

Pure Python. The vCPU need becomes OCPUs at 2 vCPUs per OCPU, then ECPUs at 4 per OCPU (X11M; derived, see the data),
rounded up to the shape's step and to at least the minimum per VM, one VM per database server; database servers are
the shape's minimum, or more if the ECPUs or the memory need them; storage servers the minimum, or more if the data
needs them at the usable capacity's share for database files. Every number is read from ``odb_shapes.json``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

from pricing.engine.odb_prices import Fact, OdbShapes, ShapeFacts
from pricing.engine.sources.customer_words import customer_words

GB_PER_GIB = Decimal("1.073741824")  # sources write GB/TB; read as decimal, the smaller (safer) reading


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


def size_infrastructure(
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
