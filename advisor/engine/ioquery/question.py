"""The IO-limit question: its fields, and its validation before anything is evaluated.

Pure Python. ``parse_io_query`` checks the shape, then the platform's rules and the AWS/OCI bounds, and raises
``IoQueryInvalid`` with every problem, each under the query field a user typed (``instance``, ``volume``,
``size_gib``, ``iops`` ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from advisor.engine import oci
from advisor.engine.instances import UnknownInstance, instance_limits
from advisor.engine.iolimits import (
    STANDARD_IO_SIZES_KIB,
    InstanceLimits,
    LayoutInvalid,
    Problem,
    StorageLayout,
    Volume,
    validate_layout,
    volume_specs,
)
from advisor.engine.iolimits.data import attachment_limits
from config.plain_errors import number, plain_message
from pricing.engine.sources.customer_words import customer_words

MAX_IO_SIZE_KIB = 1024  # the range modelled: Oracle block reads up to 1 MiB multiblock reads (issue 3)
_BOUNDS = attachment_limits()  # sourced upper bounds: data/attachment_limits.json
MIN_IO_SIZE_KIB = _BOUNDS.min_io_size_kib.value
IO_SIZES_ACCEPTED = f"IO sizes from {MIN_IO_SIZE_KIB:g} KiB to {MAX_IO_SIZE_KIB:,} KiB"
MAX_VOLUMES = int(_BOUNDS.max_ebs_volumes_per_instance.value)
MAX_SIZE_GIB = _BOUNDS.max_volume_size_gib.value
MAX_IOPS = _BOUNDS.max_volume_iops.value
MAX_THROUGHPUT_MIB_S = _BOUNDS.max_volume_throughput_mib_s.value
MAX_SCAN_GIB = 1024 * 1024  # 1 PiB: past any single Oracle database the product sizes
MAX_DEMAND_IOPS = MAX_IOPS * MAX_VOLUMES  # every volume at its most
MAX_OCPUS = 1024  # past the largest OCI Flex shape; oci.validate_oci checks the shape's own limit
MAX_VPUS_PER_GB = 120  # OCI Ultra High Performance ends at 120 VPUs/GB (data/oci_block_volumes.json)
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

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
    platform: Literal["rds", "ec2", "oci"] = Field(
        description="rds (Amazon RDS for Oracle), ec2 (self-managed on EC2) or oci (OCI compute, block volumes)"
    )
    instance: str = Field(
        min_length=1, max_length=64, description="RDS class (db.m5.large), EC2 type (m5.large) or OCI Flex shape"
    )
    volume: str | None = Field(
        default=None, max_length=16, description="EBS/RDS storage type: gp2, gp3, io1, io2, st1, sc1, standard"
    )
    size_gib: float = Field(gt=0, le=MAX_SIZE_GIB, description="size of each volume (RDS: the allocation) in GiB")
    iops: float | None = Field(
        default=None, gt=0, le=MAX_IOPS, description="provisioned IOPS per volume (gp3, io1, io2)"
    )
    throughput_mib_s: float | None = Field(
        default=None, gt=0, le=MAX_THROUGHPUT_MIB_S, description="provisioned MiB/s per volume (gp3)"
    )
    volumes: int = Field(
        default=1,
        ge=1,
        le=MAX_VOLUMES,
        description=f"identical volumes striped by ASM or LVM (EC2, OCI); at most {MAX_VOLUMES}, the most EBS volumes "
        "any instance takes (AWS EC2 User Guide, volume limits)",
    )
    io_size_kib: tuple[float, ...] = Field(default=STANDARD_IO_SIZES_KIB, min_length=1, max_length=32)
    sequential: bool = Field(default=False, description="let EBS merge small sequential IOs into 256 KiB units")
    instance_store: InstanceStoreUse = "none"
    ocpus: float | None = Field(default=None, gt=0, le=MAX_OCPUS, description="OCI: OCPUs of the Flex shape")
    vpus_per_gb: int | None = Field(
        default=None, ge=0, le=MAX_VPUS_PER_GB, description="OCI: block volume performance level"
    )
    scan_gib: float | None = Field(default=None, gt=0, le=MAX_SCAN_GIB, description="full scan estimate: GiB read once")
    scan_io_size_kib: float = Field(
        default=1024, ge=MIN_IO_SIZE_KIB, le=MAX_IO_SIZE_KIB, description="multiblock read size"
    )
    limits_on: date | None = Field(
        default=None, description="EBS limits in force on this date (e.g. gp2's 160 MiB/s before 2018); default today"
    )
    demand_iops: float | None = Field(
        default=None, gt=0, le=MAX_DEMAND_IOPS, description="burst estimate: IOPS asked for"
    )
    demand_io_size_kib: float = Field(
        default=8, ge=MIN_IO_SIZE_KIB, le=MAX_IO_SIZE_KIB, description="IO size of the demand"
    )

    @field_validator("io_size_kib")
    @classmethod
    def _sizes_in_range(cls, sizes: tuple[float, ...]) -> tuple[float, ...]:
        bad = [s for s in sizes if not MIN_IO_SIZE_KIB <= s <= MAX_IO_SIZE_KIB]
        if bad:
            *others, last = [number(s) for s in dict.fromkeys(bad)]
            shown = f"{', '.join(others)} and {last}" if others else last
            raise ValueError(
                f"{shown} KiB {'are' if others else 'is'} outside the range the IO model covers; "
                f"accepted: {IO_SIZES_ACCEPTED}"
            )
        return tuple(sorted(set(sizes)))


class IoQueryInvalid(ValueError):
    """Every problem of a query, each message in the words its reader knows (the sources they name by their
    documents, not the files and copies our data was read from)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(Problem(p.field, customer_words(p.message)) for p in problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


# --- parsing and validation -------------------------------------------------------------------


SHOWN_CHARS, SHOWN_NUMBER = 40, 10**15  # a value said back in a message; longer or larger ones are named, not echoed


def _message(error: Any) -> str:
    """A shape error in plain words about the value given ("999,999,999 must be 256,000 or less."), never pydantic's
    "Input should be ..."; the page puts the field's label before it, the API its path."""
    kind, given = str(error["type"]), error.get("input")
    if kind == "missing" or (kind == "string_too_short" and not given):
        return "required"
    if kind == "extra_forbidden":
        return f"not a field of the IO-limit query; accepted: {', '.join(IoQuery.model_fields)}"
    if kind.startswith(("date_", "datetime_")):
        return f"{given!r} is not a date; accepted: a date as YYYY-MM-DD, e.g. 2017-06-01"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    if isinstance(given, str):
        label = repr(given) if len(given) <= SHOWN_CHARS else "The text given"
    elif isinstance(given, int | float) and not isinstance(given, bool):
        label = number(given) if abs(given) < SHOWN_NUMBER else "The number given"  # not 300 digits said back
    else:
        label = "this"
    return plain_message(error, label=label)


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
        problems.append(Problem("instance", str(unknown)))
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
