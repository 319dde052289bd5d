"""The EBS and RDS-for-Oracle storage limits as data: the models of ``data/storage_limits.json`` and its loader.

Pure Python (pydantic v2 + stdlib, no Django). Every row carries its source and as-of date; history rows hold
the values in force earlier, applied by ``volume_specs(on)``. The units every IO-limit module shares live here too.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pricing.engine.sourced import AS_OF_PATTERN, SourcedRow

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "storage_limits.json"
MIB_S_PER_MBPS = 1_000_000 / 8 / 1_048_576  # AWS Mbps are decimal bits; 1 MiB = 2**20 bytes
GIB_PER_TIB = 1024
STANDARD_IO_SIZES_KIB: tuple[int, ...] = (8, 16, 32, 64, 128, 256, 512, 1024)  # Oracle block to 1 MiB reads


class _Scalar(SourcedRow):
    value: float


class ThroughputTier(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    mib_s_per_iops: float = Field(gt=0)
    cap_mib_s: float = Field(gt=0)


Kind = Literal["gp2", "gp3", "provisioned", "hdd", "magnetic"]
_REQUIRED: dict[str, tuple[str, ...]] = {
    "gp2": (
        "baseline_iops_per_gib",
        "min_iops",
        "max_iops",
        "burst_iops",
        "credit_bucket_ios",
        "small_volume_max_gib",
        "small_volume_max_throughput_mib_s",
        "large_volume_min_gib",
        "max_throughput_mib_s",
    ),
    "gp3": ("min_iops", "max_iops", "default_iops", "max_iops_per_gib", "min_throughput_mib_s"),
    "provisioned": ("min_iops", "max_iops", "max_iops_per_gib", "throughput_tiers"),
    "hdd": ("max_iops", "base_throughput_mib_s_per_tib", "burst_throughput_mib_s_per_tib", "credit_bucket_tib_per_tib"),
    "magnetic": ("typical_iops", "max_iops"),
}


class VolumeTypeSpec(SourcedRow):
    """One EBS volume type; optional fields are used only by the ``kind`` that needs them."""

    type: str
    kind: Kind
    media: Literal["ssd", "hdd"]
    io_unit_kib: int = Field(gt=0)
    min_size_gib: float = Field(gt=0)
    max_size_gib: float = Field(gt=0)
    min_iops: float | None = None
    max_iops: float | None = None
    max_iops_non_nitro: float | None = None
    sub_ms_needs_nitro: bool = False  # its latency class holds only when attached to a Nitro-based instance
    default_iops: float | None = None
    typical_iops: float | None = None
    max_iops_per_gib: float | None = None
    baseline_iops_per_gib: float | None = None
    burst_iops: float | None = None
    credit_bucket_ios: float | None = None
    small_volume_max_gib: float | None = None
    small_volume_max_throughput_mib_s: float | None = None
    large_volume_min_gib: float | None = None
    min_throughput_mib_s: float | None = None
    max_throughput_mib_s: float
    default_throughput_mib_s: float | None = None
    max_throughput_per_iops_mib_s: float | None = None
    throughput_tiers: tuple[ThroughputTier, ...] | None = None
    base_throughput_mib_s_per_tib: float | None = None
    burst_throughput_mib_s_per_tib: float | None = None
    credit_bucket_tib_per_tib: float | None = None
    latency_class: Literal["sub-ms", "single-digit ms", "tens of ms"] | None = Field(
        default=None, description="AWS's latency class of the type (reference storage-io-limits.md section 1)"
    )
    notes: str | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> VolumeTypeSpec:
        missing = [name for name in _REQUIRED[self.kind] if getattr(self, name) is None]
        if missing:
            raise ValueError(f"{self.type} ({self.kind}) lacks {missing}")
        return self


class HistoryRow(SourcedRow):
    """A value that was in force earlier; only rows with a known ``valid_until`` apply by date."""

    type: str
    field: str
    value: float
    valid_until: date | None
    observed_on: str = Field(pattern=AS_OF_PATTERN)
    note: str


class RdsStriping(SourcedRow):
    single_volume_below_gib: float
    stripes: int = Field(ge=2)
    notes: str


class RdsStorageRule(SourcedRow):
    type: str
    min_size_gib: float
    max_size_gib: float
    small_fixed_iops: float | None = None
    small_fixed_throughput_mib_s: float | None = None
    small_min_iops: float | None = None
    small_max_iops: float | None = None
    small_max_throughput_mib_s: float | None = None
    min_iops: float | None = None
    max_iops: float | None = None
    default_iops: float | None = None
    min_iops_per_gib: float | None = None
    max_iops_per_gib: float | None = None
    min_throughput_mib_s: float | None = None
    max_throughput_mib_s: float | None = None
    default_throughput_mib_s: float | None = None
    max_throughput_per_iops_mib_s: float | None = None
    notes: str | None = None


class RdsNotOffered(SourcedRow):
    type: str
    reason: str


class RdsAdditionalVolumes(SourcedRow):
    """Extra RDS storage volumes beside the primary allocation: their own tablespaces, not part of its stripe."""

    max_count: int = Field(ge=1)
    types: tuple[str, ...]
    min_size_gib: float = Field(gt=0)
    max_size_gib: float = Field(gt=0)
    total_max_tib: float = Field(gt=0)
    notes: str


class RdsOracle(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    striping: RdsStriping
    additional_volumes: RdsAdditionalVolumes
    storage_types: tuple[RdsStorageRule, ...]
    not_offered: tuple[RdsNotOffered, ...]


class StorageLimits(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    instance_max_burst_seconds: _Scalar
    volume_types: tuple[VolumeTypeSpec, ...]
    history: tuple[HistoryRow, ...]
    rds_oracle: RdsOracle

    @model_validator(mode="after")
    def _history_names_fields(self) -> StorageLimits:
        types = {v.type for v in self.volume_types}
        for row in self.history:
            if row.type not in types or row.field not in VolumeTypeSpec.model_fields:
                raise ValueError(f"history row names unknown {row.type}.{row.field}")
        return self


@cache
def storage_limits() -> StorageLimits:
    return StorageLimits.model_validate_json(DATA_FILE.read_text())


@cache
def volume_specs(on: date | None = None) -> dict[str, VolumeTypeSpec]:
    """Specs in force on ``on`` (None = current); history rows without a known end date never apply."""
    specs = {spec.type: spec for spec in storage_limits().volume_types}
    if on is None:
        return specs
    for row in storage_limits().history:
        if row.valid_until is not None and on < row.valid_until:
            spec = specs[row.type]
            specs[row.type] = VolumeTypeSpec.model_validate(spec.model_dump() | {row.field: row.value})
    return specs


@cache
def _rds_rules() -> dict[str, RdsStorageRule]:
    return {rule.type: rule for rule in storage_limits().rds_oracle.storage_types}


# --- upper bounds of what a query may ask (data/attachment_limits.json) -----------------------------------------

ATTACHMENT_FILE = Path(__file__).resolve().parents[1] / "data" / "attachment_limits.json"


class AttachmentLimits(BaseModel):
    """How many volumes an instance takes, and the largest size, IOPS and throughput any one volume has."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    max_ebs_volumes_per_instance: _Scalar
    nitro_shared_attachments: _Scalar
    min_io_size_kib: _Scalar
    max_volume_size_gib: _Scalar
    max_volume_iops: _Scalar
    max_volume_throughput_mib_s: _Scalar

    @model_validator(mode="after")
    def _agree_with_volume_types(self) -> AttachmentLimits:
        specs = storage_limits().volume_types
        for name, field in (
            ("max_volume_size_gib", "max_size_gib"),
            ("max_volume_iops", "max_iops"),
            ("max_volume_throughput_mib_s", "max_throughput_mib_s"),
        ):
            largest = max(getattr(spec, field) for spec in specs)
            if getattr(self, name).value != largest:
                raise ValueError(f"{name} must be the largest {field} of storage_limits.json ({largest})")
        if self.nitro_shared_attachments.value > self.max_ebs_volumes_per_instance.value:
            raise ValueError("the shared Nitro limit cannot exceed the largest per-instance limit")
        return self


@cache
def attachment_limits() -> AttachmentLimits:
    return AttachmentLimits.model_validate_json(ATTACHMENT_FILE.read_text())
