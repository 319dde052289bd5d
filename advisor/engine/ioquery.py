"""One IO-limit question, as the page, the API and the CLI ask it, and its answer.

Pure Python. ``parse_io_query`` validates everything first and raises ``IoQueryInvalid`` with every problem,
each under the query field a user typed (``instance``, ``volume``, ``size_gib``, ``iops`` ...);
``run_io_query`` answers per IO size with the binding limit in words, plus the scan and burst estimates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal, NamedTuple, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from advisor.engine import oci
from advisor.engine.instances import UnknownInstance, instance_limits, newest_as_of
from advisor.engine.iolimits import (
    STANDARD_IO_SIZES_KIB,
    DemandEstimate,
    InstanceLimits,
    LayoutInvalid,
    LocalRead,
    Problem,
    StorageLayout,
    Volume,
    burst_at_demand,
    evaluate,
    full_scan_seconds,
    instance_store_read,
    storage_limits,
    validate_layout,
    volume_specs,
)

MAX_IO_SIZE_KIB = 1024  # the range modelled: Oracle block reads up to 1 MiB multiblock reads (issue 3)
InstanceStoreUse = Literal["none", "flash_cache", "preferred_read"]
INSTANCE_STORE_USES: dict[str, str] = {
    "none": "not used",
    "flash_cache": "Database Smart Flash Cache (cache hits read locally)",
    "preferred_read": "ASM preferred-read mirror (all reads local, writes to both)",
}
# RDS offers instance store on some classes for the temporary tablespace and Smart Flash Cache only (no ASM).
RDS_INSTANCE_STORE_SOURCE = (
    "[C] AWS RDS User Guide, 'instance store' for RDS for Oracle (temporary tablespace and Smart Flash Cache); "
    "shared/reference/storage-io-limits.md §4"
)


class IoQuery(BaseModel):
    """A platform, an instance (or OCI shape) and a storage layout; optional scan and demand estimates."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    platform: Literal["rds", "ec2", "oci"] = Field(
        description="rds (Amazon RDS for Oracle), ec2 (self-managed on EC2) or oci (OCI compute, block volumes)"
    )
    instance: str = Field(min_length=1, description="RDS class (db.m5.large), EC2 type (m5.large) or OCI Flex shape")
    volume: str | None = Field(default=None, description="EBS/RDS storage type: gp2, gp3, io1, io2, st1, sc1, standard")
    size_gib: float = Field(gt=0, description="size of each volume (RDS: the allocation) in GiB")
    iops: float | None = Field(default=None, gt=0, description="provisioned IOPS per volume (gp3, io1, io2)")
    throughput_mib_s: float | None = Field(default=None, gt=0, description="provisioned MiB/s per volume (gp3)")
    volumes: int = Field(default=1, ge=1, description="identical volumes striped by ASM or LVM (EC2, OCI)")
    io_size_kib: tuple[float, ...] = Field(default=STANDARD_IO_SIZES_KIB, min_length=1)
    sequential: bool = Field(default=False, description="let EBS merge small sequential IOs into 256 KiB units")
    instance_store: InstanceStoreUse = "none"
    ocpus: float | None = Field(default=None, gt=0, description="OCI: OCPUs of the Flex shape")
    vpus_per_gb: int | None = Field(default=None, ge=0, description="OCI: block volume performance level")
    scan_gib: float | None = Field(default=None, gt=0, description="full scan estimate: GiB read once")
    scan_io_size_kib: float = Field(default=1024, gt=0, le=MAX_IO_SIZE_KIB, description="multiblock read size")
    limits_on: date | None = Field(
        default=None, description="EBS limits in force on this date (e.g. gp2's 160 MiB/s before 2018); default today"
    )
    demand_iops: float | None = Field(default=None, gt=0, description="burst estimate: IOPS asked for")
    demand_io_size_kib: float = Field(default=8, gt=0, le=MAX_IO_SIZE_KIB, description="IO size of the demand")

    @field_validator("io_size_kib")
    @classmethod
    def _sizes_in_range(cls, sizes: tuple[float, ...]) -> tuple[float, ...]:
        bad = [s for s in sizes if not 0 < s <= MAX_IO_SIZE_KIB]
        if bad:
            raise ValueError(f"IO sizes must be above 0 and at most {MAX_IO_SIZE_KIB} KiB, got {bad}")
        return tuple(sorted(set(sizes)))


class IoQueryInvalid(ValueError):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


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


# --- parsing and validation -------------------------------------------------------------------


def _message(error: Any) -> str:
    text = str(error["msg"])
    return text.removeprefix("Value error, ")


def parse_io_query(data: Mapping[str, Any]) -> IoQuery:
    """Validate shape, then platform rules and AWS/OCI bounds; raise IoQueryInvalid with every problem."""
    try:
        query = IoQuery.model_validate(dict(data))
    except ValidationError as invalid:
        problems = [
            Problem(".".join(str(part) for part in error["loc"]) or "query", _message(error))
            for error in invalid.errors()
        ]
        raise IoQueryInvalid(problems) from None
    problems = _platform_problems(query)
    if problems:
        raise IoQueryInvalid(problems)
    return query


def _platform_problems(query: IoQuery) -> list[Problem]:
    if query.platform == "oci":
        return _oci_problems(query)
    problems: list[Problem] = []
    for name in ("ocpus", "vpus_per_gb"):
        if getattr(query, name) is not None:
            problems.append(Problem(name, "only for the oci platform"))
    if query.volume is None:
        known = ", ".join(volume_specs())
        problems.append(Problem("volume", f"required for {query.platform}: one of {known}"))
    instance = _instance_or_problem(query, problems)
    if query.volume is not None:
        try:
            validate_layout(_layout(query), on=query.limits_on)
        except LayoutInvalid as invalid:
            problems.extend(Problem(_query_field(p.field), p.message) for p in invalid.problems)
    if instance is not None and query.instance_store != "none":
        problems.extend(_instance_store_problems(query, instance))
    return problems


def _instance_or_problem(query: IoQuery, problems: list[Problem]) -> InstanceLimits | None:
    assert query.platform != "oci"
    try:
        return instance_limits(query.instance, query.platform)
    except UnknownInstance as unknown:
        problems.append(Problem("instance", f"{unknown} (source: fixtures/catalog/instances.json)"))
        return None


def _instance_store_problems(query: IoQuery, instance: InstanceLimits) -> list[Problem]:
    if instance.instance_store is None:
        return [Problem("instance_store", f"{instance.name} has no instance store (source: {instance.source})")]
    if query.platform == "rds" and query.instance_store == "preferred_read":
        return [
            Problem(
                "instance_store",
                "RDS for Oracle has no ASM, so no preferred-read mirror; on RDS the instance store holds only the "
                f"temporary tablespace and Smart Flash Cache (source: {RDS_INSTANCE_STORE_SOURCE})",
            )
        ]
    return []


def _oci_problems(query: IoQuery) -> list[Problem]:
    problems = [
        Problem(name, "not for the oci platform (OCI sets IOPS and throughput by performance level and size)")
        for name in ("volume", "iops", "throughput_mib_s", "limits_on")
        if getattr(query, name) is not None
    ]
    if query.instance_store != "none":
        problems.append(Problem("instance_store", "the OCI comparison models block volumes only"))
    for name in ("ocpus", "vpus_per_gb"):
        if getattr(query, name) is None:
            problems.append(Problem(name, "required for the oci platform"))
    if problems:
        return problems
    try:
        oci.validate_oci(**_oci_arguments(query))
    except oci.OciLayoutInvalid as invalid:
        problems.extend(Problem(_OCI_FIELDS.get(p.field, p.field), p.message) for p in invalid.problems)
    return problems


_OCI_FIELDS = {"shape": "instance", "size_gb": "size_gib"}


def _oci_arguments(query: IoQuery) -> dict[str, Any]:
    assert query.ocpus is not None and query.vpus_per_gb is not None
    return {
        "shape": query.instance,
        "ocpus": query.ocpus,
        "vpus_per_gb": query.vpus_per_gb,
        "size_gb": query.size_gib,
        "volumes": query.volumes,
    }


def _query_field(engine_path: str) -> str:
    """``volumes[0].size_gib`` -> ``size_gib``: the query describes one volume repeated ``volumes`` times."""
    if engine_path.startswith("volumes["):
        field = engine_path.split(".", 1)[1] if "." in engine_path else "volumes"
        return "volume" if field == "type" else field
    return engine_path


def _layout(query: IoQuery) -> StorageLayout:
    assert query.volume is not None and query.platform != "oci"
    volume = Volume(
        type=query.volume, size_gib=query.size_gib, iops=query.iops, throughput_mib_s=query.throughput_mib_s
    )
    return StorageLayout(platform=query.platform, volumes=(volume,) * query.volumes)


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
        sources=_aws_sources(query, instance),
        scan=_scan(query, capability),
        demand=demand,
        notes=_aws_notes(query, instance, rows),
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
        sources=_oci_sources(query),
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
    return tuple((f"{what} [{row.tag}]", row.source, row.as_of) for what, row in rows)


def _aws_notes(query: IoQuery, instance: InstanceLimits, rows: tuple[IoRow, ...]) -> tuple[str, ...]:
    notes: list[str] = []
    if instance.as_of < newest_as_of():
        notes.append(
            f"{instance.name}'s EBS limits are AWS's figures as of {instance.as_of}, older than the catalog's newest "
            f"({newest_as_of()}); AWS has raised some families since. An admin refreshes them from the AWS API with "
            "manage.py refresh_catalogs."
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
            "AWS quotes instance IOPS limits at 16 KiB and does not say how larger IOs count; the model counts "
            "EBS-level IOs after splitting into 256 KiB units [unconfirmed]."
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
