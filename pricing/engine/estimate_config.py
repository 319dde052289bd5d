"""The config of one cost estimate: a public contract (``manage.py estimate``, ``POST /api/v1/estimate``, the
advisor's bills), and its shape check.

Pure Python (pydantic v2, no Django). ``parse_config`` returns the config or raises ``EstimateInvalid`` naming every
malformed field and what it accepts; bounds and combinations are checked afterwards, in ``estimate_checks``. The
contract only grows: new keys, never renamed or removed ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from config.plain_errors import number, plain_message
from pricing.engine.aws_rules import aws_rules
from pricing.engine.licences.contract import LicenceConfig
from pricing.engine.prices.terms import (
    Commitment,
    Deployment,
    EbsVolumeType,
    Edition,
    LicenceModel,
    RdsStorageType,
)
from pricing.engine.sources.customer_words import customer_words

Platform = Literal["rds", "rds-custom", "ec2"]
# Outer bounds of the shape: far past any real config (the checks give the precise ranges with their sources) but
# finite, so no input makes the calculator work with numbers it cannot price. 64 TiB is the largest EBS or RDS
# volume, 256,000 IOPS and 4,000 MiB/s the most any volume provisions (storage limits, AWS EBS User Guide).
MAX_GIB = 10 * 1024 * 1024  # 10 PiB of snapshots or backups; a volume is checked against its own 64 TiB
MAX_IOPS = 1_000_000
MAX_MIB_S = 100_000
MAX_IO_REQUESTS = 10**15
MAX_VOLUMES = 128  # EBS volumes an instance takes at most (advisor/engine/data/attachment_limits.json)
Gib = Annotated[int, Field(ge=-MAX_GIB, le=MAX_GIB)]
# a volume's size: at most what the largest volume of any platform takes (a size above says that bound, not 10 PiB)
LARGEST_VOLUME_GIB = aws_rules().largest_volume_gib
VolumeGib = Annotated[int, Field(ge=-LARGEST_VOLUME_GIB, le=LARGEST_VOLUME_GIB)]


class StorageConfig(BaseModel):
    """RDS primary storage."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: RdsStorageType
    size_gib: VolumeGib
    iops: Annotated[int, Field(ge=-MAX_IOPS, le=MAX_IOPS)] | None = None
    throughput_mib_s: Annotated[int, Field(ge=-MAX_MIB_S, le=MAX_MIB_S)] | None = None
    io_requests_per_month: int | None = Field(
        default=None, ge=0, le=MAX_IO_REQUESTS, description="magnetic only: I/O requests a month"
    )


class AdditionalVolumeConfig(BaseModel):
    """An RDS for Oracle additional storage volume (gp3 or io2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["gp3", "io2"]
    size_gib: VolumeGib
    iops: Annotated[int, Field(ge=-MAX_IOPS, le=MAX_IOPS)] | None = None
    throughput_mib_s: Annotated[int, Field(ge=-MAX_MIB_S, le=MAX_MIB_S)] | None = None


class VolumeConfig(BaseModel):
    """An EBS volume of an EC2 deployment."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: EbsVolumeType
    size_gib: VolumeGib
    iops: Annotated[int, Field(ge=-MAX_IOPS, le=MAX_IOPS)] | None = None
    throughput_mib_s: Annotated[int, Field(ge=-MAX_MIB_S, le=MAX_MIB_S)] | None = None
    io_requests_per_month: int | None = Field(
        default=None, ge=0, le=MAX_IO_REQUESTS, description="standard (magnetic) only"
    )
    name: str = Field(default="", max_length=64)


class PerformanceInsightsConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Literal["long-term-retention", "database-insights-advanced"]


class EstimateConfig(BaseModel):
    """The config of ``POST /api/v1/estimate`` and of the estimate command: a public contract (new keys only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    platform: Platform
    region: str = Field(max_length=32)
    instance_class: str = Field(max_length=64)
    edition: Edition
    licence_model: LicenceModel
    deployment: Deployment = "single-az"
    storage: StorageConfig | None = None
    additional_volumes: tuple[AdditionalVolumeConfig, ...] = Field(default=(), max_length=MAX_VOLUMES)
    volumes: tuple[VolumeConfig, ...] = Field(default=(), max_length=MAX_VOLUMES)
    snapshot_gib: Gib = Field(default=0, description="EC2: EBS snapshot storage, GiB")
    extra_backup_gib: Gib = Field(default=0, description="RDS: backup storage billed beyond the free allowance")
    commitment: Commitment = "on-demand"
    hours_per_month: int | None = Field(
        default=None,
        ge=-(10**6),
        le=10**6,
        description="instance hours run a month (1-744); default: the calculator's always-on month. Storage, "
        "backups and licences are paid whatever the hours; reserved hours are paid in full",
    )
    replicated: bool = Field(
        default=False,
        description="RDS: the instance has read replicas or is one; it cannot then be stopped, so it is billed every "
        "hour of the month whatever hours_per_month says",
    )
    performance_insights: PerformanceInsightsConfig | None = None
    free_tier: bool = Field(default=False, description="RDS: apply the (historic) AWS Free Tier allowances")
    licences: LicenceConfig = LicenceConfig()


_SECTIONS: dict[str, type[BaseModel]] = {
    "": EstimateConfig,
    "storage": StorageConfig,
    "additional_volumes": AdditionalVolumeConfig,
    "volumes": VolumeConfig,
    "performance_insights": PerformanceInsightsConfig,
    "licences": LicenceConfig,
}


@dataclass(frozen=True, slots=True)
class Problem:
    field: str
    message: str

    def __post_init__(self) -> None:  # the message as a reader reads it: no citation keys or files of our notes
        object.__setattr__(self, "message", short_sources(customer_words(self.message)))


SOURCE_WORDS_KEPT = 100  # a "(source: …)" longer than this keeps the document's name only


def short_sources(message: str) -> str:
    """Each "(source: document: what it says)" of a refusal cut to the document's name when what it says is long (a
    table's whole summary): the refusal already says what is accepted."""
    out, start = [], 0
    while (at := message.find("(source: ", start)) >= 0:
        depth, end = 0, at
        for end in range(at, len(message)):
            depth += {"(": 1, ")": -1}.get(message[end], 0)
            if depth == 0:
                break
        inner = message[at + len("(source: ") : end]
        if len(inner) > SOURCE_WORDS_KEPT and ": " in inner:
            dated = re.search(r", as of [\d-]+$", inner)  # its date stays with the document's name
            inner = inner.split(": ", 1)[0] + (dated.group(0) if dated else "")
        out.append(f"{message[start:at]}(source: {inner})")
        start = end + 1
    return "".join(out) + message[start:]


class EstimateInvalid(ValueError):
    """Raised with every problem found in a config; each names the field and what would be accepted."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


def parse_config(data: EstimateConfig | Mapping[str, Any]) -> EstimateConfig:
    """The config, or ``EstimateInvalid`` naming every malformed field and what it accepts."""
    if isinstance(data, EstimateConfig):
        return data
    try:
        return EstimateConfig.model_validate(data)
    except ValidationError as exc:
        raise EstimateInvalid([_shape_problem(err) for err in exc.errors()]) from None


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "config"


def _shape_problem(err: Any) -> Problem:
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and ("[" in p or p in ("int", "dict[str,int]"))))
    path = _path(loc)
    kind = err["type"]
    if kind == "literal_error":
        return Problem(path, f"{err['input']!r} is not accepted; accepted: {err['ctx']['expected']}")
    if kind == "extra_forbidden":
        section = ".".join(p for p in loc[:-1] if isinstance(p, str))
        model = _SECTIONS.get(section)
        accepted = ", ".join(model.model_fields) if model else "see the config contract"
        return Problem(path, f"unknown key; accepted keys: {accepted}")
    if kind == "missing":
        return Problem(path, "required")
    # the shared plain words, about the value given: "99,999,999,999,999 must be 65,536 or less."
    given = err.get("input")
    return Problem(path, plain_message(err, label=repr(given) if isinstance(given, str) else number(given)))
