"""The answer to an IO-limit question, and the JSON the CLI prints and the API returns.

Pure Python. ``run_io_query`` answers a query ``parse_io_query`` accepted, on AWS (``iolimits``) or OCI (``oci``):
per IO size the binding limit in words, the scan and demand estimates, every source and the notes a reader needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from advisor.engine import oci
from advisor.engine.instances import instance_limits, newest_as_of
from advisor.engine.iolimits import (
    DemandEstimate,
    InstanceLimits,
    LocalRead,
    burst_at_demand,
    evaluate,
    full_scan_seconds,
    instance_store_read,
    storage_limits,
    volume_specs,
)
from advisor.engine.ioquery.question import IoQuery, _layout, _oci_arguments
from pricing.engine.sources.customer_words import customer_words


class Phase(Protocol):
    @property
    def iops(self) -> float: ...
    @property
    def throughput_mib_s(self) -> float: ...
    @property
    def binding_limit(self) -> str: ...
    @property
    def lasts_seconds(self) -> float | None: ...
    @property
    def reason(self) -> str: ...


class Capability(Protocol):
    @property
    def io_size_kib(self) -> float: ...
    @property
    def baseline(self) -> Phase: ...
    @property
    def burst(self) -> Phase: ...


class IoRow(NamedTuple):
    io_size_kib: float
    baseline: Phase
    burst: Phase
    local_read: LocalRead | None


class ScanEstimate(NamedTuple):
    size_gib: float
    io_size_kib: float
    seconds: float
    reason: str


@dataclass(frozen=True)
class IoReport:
    query: IoQuery
    rows: tuple[IoRow, ...]
    sources: tuple[tuple[str, str, str], ...]  # (what, source, as_of)
    scan: ScanEstimate | None
    demand: DemandEstimate | None
    notes: tuple[str, ...]


# --- answering --------------------------------------------------------------------------------


def run_io_query(query: IoQuery) -> IoReport:
    """Evaluate a query that ``parse_io_query`` accepted."""
    if query.platform == "oci":
        return _run_oci(query)
    assert query.platform in ("rds", "ec2")
    instance = instance_limits(query.instance, query.platform)
    layout = _layout(query)

    def capability(size: float) -> Capability:
        return evaluate(
            instance=instance, layout=layout, io_size_kib=size, sequential=query.sequential, on=query.limits_on
        )

    local = query.instance_store != "none"
    rows = tuple(
        IoRow(c.io_size_kib, c.baseline, c.burst, instance_store_read(instance, size) if local else None)
        for size in query.io_size_kib
        for c in (capability(size),)
    )
    demand = None
    if query.demand_iops is not None:
        demand = burst_at_demand(
            instance=instance,
            layout=layout,
            io_size_kib=query.demand_io_size_kib,
            demand_iops=query.demand_iops,
            sequential=query.sequential,
            on=query.limits_on,
        )
    return IoReport(
        query=query,
        rows=rows,
        sources=_worded(_aws_sources(query, instance)),
        scan=_scan(query, capability),
        demand=demand,
        notes=tuple(customer_words(note) for note in _aws_notes(query, instance, rows)),
    )


def _run_oci(query: IoQuery) -> IoReport:
    arguments = _oci_arguments(query)

    def capability(size: float) -> Capability:
        return oci.evaluate_oci(**arguments, io_size_kib=size)

    rows = tuple(IoRow(c.io_size_kib, c.baseline, c.burst, None) for c in map(capability, query.io_size_kib))
    demand = None
    if query.demand_iops is not None:
        demand = _demand_without_credits(query.demand_iops, capability(query.demand_io_size_kib))
    return IoReport(
        query=query,
        rows=rows,
        sources=_worded(_oci_sources(query)),
        scan=_scan(query, capability),
        demand=demand,
        notes=(),
    )


def _demand_without_credits(demand_iops: float, capability: Capability) -> DemandEstimate:
    """Storage without credit buckets: a demand is served up to the limit, indefinitely."""
    mib = capability.io_size_kib / 1024.0
    limit = capability.baseline
    served = min(demand_iops, limit.iops)
    why = (
        f"{demand_iops:,.0f} IOPS is within the limit of {limit.iops:,.0f} IOPS: sustainable indefinitely"
        if served == demand_iops
        else f"capped at {limit.iops:,.0f} IOPS ({limit.reason}), indefinitely: there are no burst credits"
    )
    return DemandEstimate(demand_iops, served, served * mib, None, served, served * mib, why)


def _scan(query: IoQuery, capability: Any) -> ScanEstimate | None:
    if query.scan_gib is None:
        return None
    size, io = query.scan_gib, query.scan_io_size_kib
    result = capability(io)
    seconds = full_scan_seconds(size, io, result)
    burst, base = result.burst, result.baseline
    if burst.lasts_seconds is not None and seconds > burst.lasts_seconds:
        how = (
            f"{burst.throughput_mib_s:,.1f} MiB/s for {burst.lasts_seconds / 60:,.1f} minutes while the burst lasts, "
            f"then {base.throughput_mib_s:,.1f} MiB/s ({base.reason})"
        )
    else:
        how = f"{burst.throughput_mib_s:,.1f} MiB/s throughout ({burst.reason})"
    return ScanEstimate(size, io, seconds, f"{size:,g} GiB in {io:g} KiB reads at {how}")


def _aws_sources(query: IoQuery, instance: InstanceLimits) -> tuple[tuple[str, str, str], ...]:
    assert query.volume is not None
    spec = volume_specs()[query.volume]
    out = [
        (f"{instance.name} EBS limits", instance.source, instance.as_of),
        (f"{spec.type} volume", spec.source, spec.as_of),
    ]
    if query.platform == "rds":
        striping = storage_limits().rds_oracle.striping
        out.append(("RDS for Oracle storage striping", striping.source, striping.as_of))
        rule = next(r for r in storage_limits().rds_oracle.storage_types if r.type == query.volume)
        out.append((f"RDS for Oracle {rule.type} rules", rule.source, rule.as_of))
    if instance.instance_store is not None and query.instance_store != "none":
        store = instance.instance_store
        out.append((f"{instance.name} instance store", store.source, store.as_of))
    if instance.max_is_30_minute_burst:
        burst = storage_limits().instance_max_burst_seconds
        out.append(("instance EBS burst of 30 minutes a day", burst.source, burst.as_of))
    return tuple(out)


def _oci_sources(query: IoQuery) -> tuple[tuple[str, str, str], ...]:
    data = oci.oci_data()
    level = next(row for row in data.levels if row.vpus_per_gb == query.vpus_per_gb)
    shape = next(row for row in data.shapes if row.shape == query.instance)
    caps = next(row for row in data.shape_block_limits if row.shape == query.instance)
    rows = [
        (f"{level.name} ({level.vpus_per_gb} VPUs/GB) performance", level),
        (f"{shape.shape} OCPUs and network bandwidth", shape),
        (f"{caps.shape} block-volume limits per Gbps", caps),
        ("OCI IOPS measured at", data.iops_basis),
        ("OCI KB and MB (units)", data.units),
        ("block-volume traffic and the VM network", data.network_sharing),
        ("no volume burst", data.burst),
    ]
    return tuple((what, row.source, row.as_of) for what, row in rows)


def _worded(sources: tuple[tuple[str, str, str], ...]) -> tuple[tuple[str, str, str], ...]:
    """Each source as a reader knows it (the data keeps our notes' keys and files)."""
    return tuple((what, customer_words(source), as_of) for what, source, as_of in sources)


def _aws_notes(query: IoQuery, instance: InstanceLimits, rows: tuple[IoRow, ...]) -> tuple[str, ...]:
    notes: list[str] = []
    if instance.as_of < newest_as_of():
        notes.append(
            f"{instance.name}'s EBS limits are AWS's figures as of {instance.as_of}, older than the catalog's newest "
            f"({newest_as_of()}); AWS has raised some families since. An admin can refresh them from the AWS "
            "API."
        )
    if query.instance_store != "none":
        if any(row.local_read is None for row in rows):
            notes.append(
                f"AWS publishes no IOPS figure for {instance.name}'s instance store, so reads from it are not modelled."
            )
        if query.instance_store == "flash_cache":
            notes.append(
                "Smart Flash Cache serves only blocks it holds: the local figures apply to cache hits; misses and "
                "all writes go to EBS at the baseline and burst figures."
            )
        else:
            notes.append(
                "With an ASM preferred-read mirror all reads are served locally; every write goes to both the "
                "instance store and EBS, so writes are held to the EBS figures. Instance store is lost on stop."
            )
    if any(row.baseline.binding_limit == "instance_iops" for row in rows):
        notes.append(
            "AWS quotes instance IOPS limits at 16 KiB and does not say how larger IOs count; these figures count "
            "EBS-level IOs after splitting into 256 KiB units (not confirmed by AWS)."
        )
    return tuple(notes)


# --- JSON -------------------------------------------------------------------------------------


def _phase_json(phase: Phase, *, with_duration: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "iops": round(phase.iops, 1),
        "throughput_mib_s": round(phase.throughput_mib_s, 2),
        "binding_limit": phase.binding_limit,
        "reason": phase.reason,
    }
    if with_duration:
        out["lasts_seconds"] = None if phase.lasts_seconds is None else round(phase.lasts_seconds, 1)
    return out


def report_json(report: IoReport) -> dict[str, Any]:
    """The shape the CLI prints and the API returns."""
    results = []
    for row in report.rows:
        item: dict[str, Any] = {
            "io_size_kib": row.io_size_kib,
            "baseline": _phase_json(row.baseline, with_duration=False),
            "burst": _phase_json(row.burst, with_duration=True),
        }
        if report.query.instance_store != "none":
            item["instance_store_read"] = (
                None if row.local_read is None else _phase_json(row.local_read, with_duration=False)
            )
        results.append(item)
    out: dict[str, Any] = {
        "configuration": report.query.model_dump(mode="json", exclude_none=True),
        "results": results,
        "sources": [{"what": what, "source": source, "as_of": as_of} for what, source, as_of in report.sources],
        "notes": list(report.notes),
    }
    if report.scan is not None:
        out["full_scan"] = report.scan._asdict() | {"seconds": round(report.scan.seconds, 1)}
    if report.demand is not None:
        demand = report.demand._asdict()
        out["demand"] = {k: round(v, 2) if isinstance(v, float) else v for k, v in demand.items()}
    return out
