"""What an AWS storage layout can deliver to an Oracle database, per IO size.

Pure Python (pydantic v2 + stdlib, no Django). Every limit comes from ``data/storage_limits.json``,
which cites shared/reference/storage-io-limits.md row by row. Model, per phase (baseline, burst):

* each EBS volume's IOPS limit is counted in accounting units (256 KiB SSD, 1 MiB HDD): a larger IO costs
  ``ceil(size / unit)`` units; a small IO costs one unit unless ``sequential=True``, when EBS merging
  (which AWS only "attempts") is taken at its best: ``size / unit`` units;
* a volume also has a throughput cap; striped volumes (ASM/LVM, or RDS's own 4-way stripe) get equal
  shares of the IO, so the slowest member sets the pace: ``n * min(member)``;
* then the instance's EBS IOPS and bandwidth limits. Mbps -> MiB/s is ``Mbps * 10**6 / 8 / 2**20``
  (AWS's MB/s column is Mbps / 8 in decimal MB). The instance IOPS limit is applied to EBS-level IOs
  (after splitting/merging) -- AWS quotes it at 16 KiB and does not say how larger IOs count [U].

``iops`` in results are IOs of ``io_size_kib`` as the database issues them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_FILE = Path(__file__).resolve().parent / "data" / "storage_limits.json"
MIB_S_PER_MBPS = 1_000_000 / 8 / 1_048_576  # AWS Mbps are decimal bits; 1 MiB = 2**20 bytes
GIB_PER_TIB = 1024
STANDARD_IO_SIZES_KIB: tuple[int, ...] = (8, 16, 32, 64, 128, 256, 512, 1024)  # Oracle block to 1 MiB reads

# --- reference data ---------------------------------------------------------------------------

_AS_OF = r"^\d{4}(-\d{2}(-\d{2})?)?$"


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=10)
    as_of: str = Field(pattern=_AS_OF)


class _Scalar(_Row):
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


class VolumeTypeSpec(_Row):
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


class HistoryRow(_Row):
    """A value that was in force earlier; only rows with a known ``valid_until`` apply by date."""

    type: str
    field: str
    value: float
    valid_until: date | None
    observed_on: str = Field(pattern=_AS_OF)
    note: str


class RdsStriping(_Row):
    single_volume_below_gib: float
    stripes: int = Field(ge=2)
    notes: str


class RdsStorageRule(_Row):
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


class RdsNotOffered(_Row):
    type: str
    reason: str


class RdsAdditionalVolumes(_Row):
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


# --- inputs -----------------------------------------------------------------------------------


class InstanceStore(BaseModel):
    """Local NVMe disks: not EBS-accounted. AWS publishes their speed only as 4 KiB random IOPS (reference §5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    disks: int | None = Field(default=None, gt=0)  # None: the stored AWS docs do not give the layout
    total_gb: float | None = Field(default=None, gt=0)
    random_read_iops_4k: float | None = Field(default=None, gt=0)
    write_iops_4k: float | None = Field(default=None, gt=0)
    source: str = Field(min_length=3)
    as_of: str = Field(pattern=_AS_OF)


class InstanceLimits(BaseModel):
    """EBS limits of one EC2 instance type (an RDS ``db.X`` class inherits EC2 ``X``'s, reference §2.3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    ebs_baseline_mbps: float = Field(gt=0)
    ebs_burst_mbps: float = Field(gt=0)
    baseline_iops: float = Field(gt=0)
    burst_iops: float = Field(gt=0)
    max_is_30_minute_burst: bool = False
    nitro: bool = True
    instance_store: InstanceStore | None = None
    source: str = Field(min_length=3)
    as_of: str = Field(pattern=_AS_OF)

    @model_validator(mode="after")
    def _burst_consistent(self) -> InstanceLimits:
        if self.ebs_burst_mbps < self.ebs_baseline_mbps or self.burst_iops < self.baseline_iops:
            raise ValueError("burst limits must be at least the baseline limits")
        has_burst = self.ebs_burst_mbps > self.ebs_baseline_mbps or self.burst_iops > self.baseline_iops
        if has_burst != self.max_is_30_minute_burst:
            raise ValueError("max_is_30_minute_burst must be true exactly when maximum exceeds baseline")
        return self


class Volume(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: str
    size_gib: float = Field(gt=0)
    iops: float | None = Field(default=None, gt=0)
    throughput_mib_s: float | None = Field(default=None, gt=0)


class StorageLayout(BaseModel):
    """Volumes on EC2 (more than one = striped by ASM/LVM), or the one RDS allocation (RDS stripes it itself)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    platform: Literal["rds", "ec2"]
    volumes: tuple[Volume, ...] = Field(min_length=1)

    @property
    def striped(self) -> bool:
        return len(self.volumes) > 1


# --- validation -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    field: str
    message: str


class LayoutInvalid(ValueError):
    """Raised with every problem found, each naming the bound broken and its source."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


def _n(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}".rstrip("0").rstrip(".")


def _check(
    out: list[Problem], path: str, what: str, value: float, lo: float | None, hi: float | None, src: str
) -> None:
    if lo is not None and value < lo:
        out.append(Problem(path, f"{what} {_n(value)} is below the minimum of {_n(lo)} (source: {src})"))
    elif hi is not None and value > hi:
        out.append(Problem(path, f"{what} {_n(value)} is above the maximum of {_n(hi)} (source: {src})"))


def _volume_problems(volume: Volume, platform: str, path: str, on: date | None) -> list[Problem]:
    out: list[Problem] = []
    spec = volume_specs(on).get(volume.type)
    if spec is None:
        known = ", ".join(volume_specs(on))
        return [Problem(f"{path}.type", f"unknown EBS volume type {volume.type!r}; known: {known}")]
    if platform == "rds":
        return _rds_problems(volume, spec, path)
    src, size, iops, tp = spec.source, volume.size_gib, volume.iops, volume.throughput_mib_s
    _check(out, f"{path}.size_gib", f"{spec.type} size (GiB)", size, spec.min_size_gib, spec.max_size_gib, src)
    if spec.kind == "gp3":
        iops = iops if iops is not None else spec.default_iops
        assert iops is not None
        _check(out, f"{path}.iops", "gp3 IOPS", iops, spec.min_iops, spec.max_iops, src)
        if volume.iops is not None and spec.max_iops_per_gib and iops > spec.max_iops_per_gib * size:
            out.append(_ratio_problem(f"{path}.iops", spec.type, iops, size, spec.max_iops_per_gib, src))
        tp = tp if tp is not None else spec.default_throughput_mib_s
        assert tp is not None
        _check(
            out,
            f"{path}.throughput_mib_s",
            "gp3 throughput (MiB/s)",
            tp,
            spec.min_throughput_mib_s,
            spec.max_throughput_mib_s,
            src,
        )
        ratio = spec.max_throughput_per_iops_mib_s
        if volume.throughput_mib_s is not None and ratio and tp > ratio * iops:
            out.append(
                Problem(
                    f"{path}.throughput_mib_s",
                    f"gp3 throughput {_n(tp)} MiB/s exceeds {_n(ratio)} MiB/s per provisioned IOPS "
                    f"({_n(ratio * iops)} MiB/s at {_n(iops)} IOPS) (source: {src})",
                )
            )
        return out
    if spec.kind == "provisioned":
        if iops is None:
            return [*out, Problem(f"{path}.iops", f"{spec.type} needs provisioned IOPS (source: {src})")]
        _check(out, f"{path}.iops", f"{spec.type} IOPS", iops, spec.min_iops, spec.max_iops, src)
        if spec.max_iops_per_gib and iops > spec.max_iops_per_gib * size:
            out.append(_ratio_problem(f"{path}.iops", spec.type, iops, size, spec.max_iops_per_gib, src))
    elif iops is not None:
        out.append(
            Problem(f"{path}.iops", f"{spec.type} IOPS are set by its size and cannot be provisioned (source: {src})")
        )
    if tp is not None:
        out.append(Problem(f"{path}.throughput_mib_s", f"{spec.type} throughput cannot be provisioned (source: {src})"))
    return out


def _ratio_problem(path: str, kind: str, iops: float, size: float, ratio: float, src: str) -> Problem:
    return Problem(
        path,
        f"{kind} IOPS:GiB ratio {_n(iops / size)} exceeds the maximum of {_n(ratio)}:1 "
        f"({_n(ratio * size)} IOPS at {_n(size)} GiB) (source: {src})",
    )


def _rds_problems(volume: Volume, spec: VolumeTypeSpec, path: str) -> list[Problem]:
    rds = storage_limits().rds_oracle
    rule = _rds_rules().get(volume.type)
    if rule is None:
        gone = next((row for row in rds.not_offered if row.type == volume.type), None)
        why = f"{gone.reason} (source: {gone.source})" if gone else "not an RDS for Oracle storage type"
        return [Problem(f"{path}.type", f"{volume.type} on RDS: {why}")]
    out: list[Problem] = []
    src, size = rule.source, volume.size_gib
    _check(
        out,
        f"{path}.size_gib",
        f"RDS for Oracle {rule.type} size (GiB)",
        size,
        rule.min_size_gib,
        rule.max_size_gib,
        src,
    )
    small = size < rds.striping.single_volume_below_gib
    threshold = _n(rds.striping.single_volume_below_gib)
    if rule.type == "gp2":
        if volume.iops is not None or volume.throughput_mib_s is not None:
            out.append(Problem(f"{path}.iops", f"RDS gp2 IOPS and throughput follow the size (source: {src})"))
        return out
    if rule.type == "gp3" and small:
        if volume.iops not in (None, rule.small_fixed_iops) or volume.throughput_mib_s not in (
            None,
            rule.small_fixed_throughput_mib_s,
        ):
            out.append(
                Problem(
                    f"{path}.iops",
                    f"RDS for Oracle gp3 below {threshold} GiB is fixed at {_n(rule.small_fixed_iops or 0)} IOPS and "
                    f"{_n(rule.small_fixed_throughput_mib_s or 0)} MiB/s (source: {src})",
                )
            )
        return out
    iops = volume.iops if volume.iops is not None else rule.default_iops
    if iops is None:
        return [*out, Problem(f"{path}.iops", f"RDS {rule.type} needs provisioned IOPS (source: {src})")]
    lo, hi = (
        (rule.small_min_iops, rule.small_max_iops) if small and rule.small_max_iops else (rule.min_iops, rule.max_iops)
    )
    _check(out, f"{path}.iops", f"RDS for Oracle {rule.type} IOPS", iops, lo, hi, src)
    if rule.max_iops_per_gib and iops > rule.max_iops_per_gib * size:
        out.append(_ratio_problem(f"{path}.iops", f"RDS {rule.type}", iops, size, rule.max_iops_per_gib, src))
    if rule.min_iops_per_gib and iops < rule.min_iops_per_gib * size:
        out.append(
            Problem(
                f"{path}.iops",
                f"RDS {rule.type} IOPS:GiB ratio {_n(iops / size)} is below the minimum of {_n(rule.min_iops_per_gib)}:1 (source: {src})",
            )
        )
    if rule.type == "gp3":
        tp = volume.throughput_mib_s if volume.throughput_mib_s is not None else rule.default_throughput_mib_s
        assert tp is not None
        _check(
            out,
            f"{path}.throughput_mib_s",
            "RDS for Oracle gp3 throughput (MiB/s)",
            tp,
            rule.min_throughput_mib_s,
            rule.max_throughput_mib_s,
            src,
        )
        ratio = rule.max_throughput_per_iops_mib_s
        if ratio and tp > ratio * iops:
            out.append(
                Problem(
                    f"{path}.throughput_mib_s",
                    f"RDS gp3 throughput {_n(tp)} MiB/s exceeds {_n(ratio)} MiB/s per IOPS (source: {src})",
                )
            )
    elif volume.throughput_mib_s is not None:
        out.append(
            Problem(f"{path}.throughput_mib_s", f"RDS {rule.type} throughput cannot be provisioned (source: {src})")
        )
    return out


def validate_volume(
    volume: Volume, *, platform: Literal["rds", "ec2"] = "ec2", path: str = "volume", on: date | None = None
) -> None:
    """Raise LayoutInvalid when AWS would refuse this volume (EC2) or this allocation (RDS for Oracle)."""
    problems = _volume_problems(volume, platform, path, on)
    if problems:
        raise LayoutInvalid(problems)


def validate_layout(layout: StorageLayout, *, on: date | None = None) -> None:
    """Raise LayoutInvalid listing every problem of the layout, RDS's single-allocation rule included."""
    problems: list[Problem] = []
    if layout.platform == "rds" and len(layout.volumes) > 1:
        rds = storage_limits().rds_oracle
        extra = rds.additional_volumes
        problems.append(
            Problem(
                "volumes",
                f"RDS for Oracle takes one storage allocation and stripes it itself, got {len(layout.volumes)} volumes "
                f"(source: {rds.striping.source}); up to {extra.max_count} additional {' or '.join(extra.types)} "
                f"volumes can hold other tablespaces, each evaluated on its own (source: {extra.source})",
            )
        )
    for i, volume in enumerate(layout.volumes):
        problems.extend(_volume_problems(volume, layout.platform, f"volumes[{i}]", on))
    if problems:
        raise LayoutInvalid(problems)


# --- precomputed per-layout profile -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Member:
    """One physical EBS volume's limits, independent of IO size."""

    type: str
    unit_kib: int
    base_units: float  # IOPS limit in accounting units
    burst_units: float
    base_mib_s: float
    burst_mib_s: float
    credit_ios: float  # gp2 bucket (0 = none)
    credit_mib: float  # st1/sc1 bucket in MiB (0 = none)


@dataclass(frozen=True, slots=True)
class _Profile:
    members: tuple[_Member, ...]
    weakest: _Member  # identical striped members are the norm; kept for reasons
    n: int
    rds_cap_mib_s: float  # inf when RDS sets no aggregate cap
    rds_type: str


def _member(spec: VolumeTypeSpec, size: float, iops: float | None, tp: float | None, nitro: bool) -> _Member:
    unit = spec.io_unit_kib
    if spec.kind == "gp2":
        assert spec.baseline_iops_per_gib and spec.min_iops and spec.max_iops and spec.burst_iops
        base = min(max(spec.baseline_iops_per_gib * size, spec.min_iops), spec.max_iops)
        burst = max(base, spec.burst_iops)
        assert spec.small_volume_max_gib and spec.small_volume_max_throughput_mib_s and spec.large_volume_min_gib
        if size <= spec.small_volume_max_gib:
            cap_base = cap_burst = spec.small_volume_max_throughput_mib_s
        elif size >= spec.large_volume_min_gib:
            cap_base = cap_burst = spec.max_throughput_mib_s
        else:  # burst-only band: 250 MiB/s with credits, else baseline IOPS x 256 KiB
            cap_burst = spec.max_throughput_mib_s
            cap_base = base * unit / 1024
        credit = (spec.credit_bucket_ios or 0.0) if burst > base else 0.0
        return _Member(spec.type, unit, base, burst, cap_base, cap_burst, credit, 0.0)
    if spec.kind == "gp3":
        i = iops or spec.default_iops or 0.0
        t = tp or spec.default_throughput_mib_s or 0.0
        return _Member(spec.type, unit, i, i, t, t, 0.0, 0.0)
    if spec.kind == "provisioned":
        i = iops or 0.0
        if not nitro and spec.max_iops_non_nitro:
            i = min(i, spec.max_iops_non_nitro)
        assert spec.throughput_tiers
        t = min(
            max(min(i * tier.mib_s_per_iops, tier.cap_mib_s) for tier in spec.throughput_tiers),
            spec.max_throughput_mib_s,
        )
        return _Member(spec.type, unit, i, i, t, t, 0.0, 0.0)
    if spec.kind == "hdd":
        assert spec.max_iops and spec.base_throughput_mib_s_per_tib and spec.burst_throughput_mib_s_per_tib
        tib = size / GIB_PER_TIB
        base_t = min(spec.base_throughput_mib_s_per_tib * tib, spec.max_throughput_mib_s)
        burst_t = min(spec.burst_throughput_mib_s_per_tib * tib, spec.max_throughput_mib_s)
        bucket_mib = (spec.credit_bucket_tib_per_tib or 0.0) * size * 1024  # 1 TiB of credit per TiB
        return _Member(spec.type, unit, spec.max_iops, spec.max_iops, base_t, burst_t, 0.0, bucket_mib)
    assert spec.typical_iops
    return _Member(
        spec.type,
        unit,
        spec.typical_iops,
        spec.typical_iops,
        spec.max_throughput_mib_s,
        spec.max_throughput_mib_s,
        0.0,
        0.0,
    )


def _rds_members(volume: Volume, nitro: bool, on: date | None) -> tuple[tuple[_Member, ...], float]:
    """Expand one RDS allocation into its EBS stripes (1 below 200 GiB, else 4) and RDS's aggregate cap."""
    striping = storage_limits().rds_oracle.striping
    rule = _rds_rules()[volume.type]
    spec = volume_specs(on)[volume.type]
    small = volume.size_gib < striping.single_volume_below_gib
    n = 1 if small else striping.stripes
    if volume.type == "gp3":
        if small:
            iops, tp = rule.small_fixed_iops, rule.small_fixed_throughput_mib_s
        else:
            iops = volume.iops or rule.default_iops
            tp = volume.throughput_mib_s or rule.default_throughput_mib_s
    else:
        iops, tp = volume.iops, None
    cap = math.inf
    if volume.type != "gp2":
        cap = (rule.small_max_throughput_mib_s if small else None) or rule.max_throughput_mib_s or math.inf
        if volume.type == "gp3" and tp:
            cap = tp
    member = _member(spec, volume.size_gib / n, iops / n if iops else None, tp / n if tp else None, nitro)
    return (member,) * n, cap


_PROFILES: dict[tuple[int, bool, date | None], tuple[StorageLayout, _Profile]] = {}


def _profile(layout: StorageLayout, nitro: bool, on: date | None) -> _Profile:
    """Per-layout limits, validated once and cached by identity so the hot path never hashes models."""
    key = (id(layout), nitro, on)
    hit = _PROFILES.get(key)
    if hit is not None and hit[0] is layout:
        return hit[1]
    validate_layout(layout, on=on)
    if layout.platform == "rds":
        members, cap = _rds_members(layout.volumes[0], nitro, on)
        rds_type = layout.volumes[0].type
    else:
        specs = volume_specs(on)
        members = tuple(_member(specs[v.type], v.size_gib, v.iops, v.throughput_mib_s, nitro) for v in layout.volumes)
        cap, rds_type = math.inf, ""
    weakest = min(members, key=lambda m: (m.base_units * m.unit_kib, m.base_mib_s))
    distinct = tuple(dict.fromkeys(members))  # identical stripes need computing once
    profile = _Profile(distinct, weakest, len(members), cap, rds_type)
    if len(_PROFILES) > 4096:
        _PROFILES.clear()
    _PROFILES[key] = (layout, profile)
    return profile


# --- results ----------------------------------------------------------------------------------

VOLUME_IOPS = "volume_iops"
VOLUME_THROUGHPUT = "volume_throughput"
RDS_STORAGE_THROUGHPUT = "rds_storage_throughput"
INSTANCE_IOPS = "instance_iops"
INSTANCE_BANDWIDTH = "instance_bandwidth"


class PhaseCapability(NamedTuple):
    """What one phase delivers; immutable tuple (cheapest to build), ``reason`` built on demand."""

    phase: str  # "baseline" | "burst"
    iops: float
    throughput_mib_s: float
    binding_limit: str
    lasts_seconds: float | None  # None: sustainable indefinitely
    why: tuple[float, _Member, int, float, float, bool]  # limit, member, stripes, units per IO, IO KiB, instance bursts

    @property
    def reason(self) -> str:
        code = self.binding_limit
        v, m, n, charged, io, instance_bursts = self.why
        stripes = f" on each of {n} striped volumes" if n > 1 else ""
        if code == VOLUME_IOPS:
            per_io = f", {_n(charged)} units per {_n(io)} KiB IO" if charged != 1 else ""
            phase = self.phase if m.burst_units != m.base_units else "limit"  # gp3/io1/io2 do not burst
            return f"{m.type} {phase} of {_n(v)} IOPS counted in {m.unit_kib} KiB units{per_io}{stripes}"
        if code == VOLUME_THROUGHPUT:
            phase = f"{self.phase} " if m.burst_mib_s != m.base_mib_s else ""
            return f"{m.type} {phase}throughput limit of {_n(v)} MiB/s per volume{stripes}"
        if code == RDS_STORAGE_THROUGHPUT:
            return f"RDS for Oracle {m.type} storage throughput limit of {_n(v)} MiB/s"
        if code == INSTANCE_IOPS:
            phase = f"{self.phase} " if instance_bursts else ""
            return f"the instance's {phase}EBS limit of {_n(v)} IOPS (EBS-level IOs)"
        return f"the instance's EBS bandwidth of {_n(v)} Mbps caps throughput at {v * MIB_S_PER_MBPS:,.1f} MiB/s"


class IOCapability(NamedTuple):
    io_size_kib: float
    sequential: bool
    baseline: PhaseCapability
    burst: PhaseCapability


def _phase(
    phase: str,
    profile: _Profile,
    io: float,
    sequential: bool,
    inst_iops: float,
    inst_mbps: float,
    burst: bool,
    inst_bursts: bool = False,
) -> tuple[tuple[str, float, float, str, tuple[float, _Member, int, float, float, bool]], float]:
    """Guest IOPS for one phase; also returns EBS-level units per guest IO of the weakest member."""
    best = math.inf
    code = VOLUME_IOPS
    value = 0.0
    weakest = profile.weakest
    charged_w = 1.0
    for m in profile.members:
        unit = m.unit_kib
        charged = io / unit if sequential else float(-(-io // unit))
        units = m.burst_units if burst else m.base_units
        cap = m.burst_mib_s if burst else m.base_mib_s
        by_iops = units / charged
        by_tp = cap * 1024.0 / io
        if by_iops <= by_tp and by_iops < best:
            best, code, value, weakest, charged_w = by_iops, VOLUME_IOPS, units, m, charged
        elif by_tp < by_iops and by_tp < best:
            best, code, value, weakest, charged_w = by_tp, VOLUME_THROUGHPUT, cap, m, charged
    n = profile.n
    total = best * n
    rds = profile.rds_cap_mib_s * 1024.0 / io
    if rds < total:
        total, code, value = rds, RDS_STORAGE_THROUGHPUT, profile.rds_cap_mib_s
    by_inst_iops = inst_iops / charged_w
    if by_inst_iops < total:
        total, code, value = by_inst_iops, INSTANCE_IOPS, inst_iops
    by_bw = inst_mbps * MIB_S_PER_MBPS * 1024.0 / io
    if by_bw < total:
        total, code, value = by_bw, INSTANCE_BANDWIDTH, inst_mbps
    return (
        "burst" if burst else "baseline",
        total,
        total * io / 1024.0,
        code,
        (value, weakest, n, charged_w, io, inst_bursts),
    ), charged_w


def evaluate(
    *,
    instance: InstanceLimits,
    layout: StorageLayout,
    io_size_kib: float,
    sequential: bool = False,
    on: date | None = None,
) -> IOCapability:
    """Baseline and burst IOPS/throughput for IOs of ``io_size_kib``; the binding limit is named.

    ``sequential`` assumes EBS merges small physically-sequential IOs into full units (AWS "attempts" it).
    ``on`` picks volume limits in force on that date (only history rows with a known end date apply).
    """
    if io_size_kib <= 0:
        raise ValueError("io_size_kib must be positive")
    profile = _profile(layout, instance.nitro, on)
    bursts = instance.max_is_30_minute_burst
    b, charged = _phase(
        "baseline", profile, io_size_kib, sequential, instance.baseline_iops, instance.ebs_baseline_mbps, False, bursts
    )
    base = PhaseCapability(b[0], b[1], b[2], b[3], None, b[4])
    u, _ = _phase("burst", profile, io_size_kib, sequential, instance.burst_iops, instance.ebs_burst_mbps, True, bursts)
    if u[1] > b[1] * (1 + 1e-9):
        lasts = _burst_seconds(profile, instance, u[1], u[2], charged)
        burst = PhaseCapability(u[0], u[1], u[2], u[3], lasts, u[4])
    else:  # no headroom above baseline: the burst phase is the baseline
        burst = PhaseCapability("burst", b[1], b[2], b[3], None, b[4])
    return IOCapability(io_size_kib, sequential, base, burst)


def _burst_seconds(
    profile: _Profile, instance: InstanceLimits, iops: float, mib_s: float, charged: float
) -> float | None:
    """Shortest drain time among the credit buckets the burst draws on (volume credits, instance 30 min)."""
    lasts = math.inf
    per_volume_iops = iops / profile.n
    per_volume_mib_s = mib_s / profile.n
    for m in profile.members:
        if m.credit_ios:
            lasts = min(lasts, gp2_burst_seconds_at(per_volume_iops * charged, m.base_units, m.credit_ios))
        if m.credit_mib:
            base_mib_s = m.base_mib_s
            if per_volume_mib_s > base_mib_s * (1 + 1e-9):
                lasts = min(lasts, m.credit_mib / (per_volume_mib_s - base_mib_s))
    if instance.max_is_30_minute_burst:
        over_bw = mib_s > instance.ebs_baseline_mbps * MIB_S_PER_MBPS * (1 + 1e-9)
        over_iops = iops * charged > instance.baseline_iops * (1 + 1e-9)
        if over_bw or over_iops:
            lasts = min(lasts, instance_burst_seconds())
    return None if lasts == math.inf else lasts


# --- burst and scan helpers -------------------------------------------------------------------


def gp2_baseline_iops(size_gib: float, *, on: date | None = None) -> float:
    """3 IOPS/GiB clamped to [100, 16,000] (10,000 before 2018-12-03)."""
    spec = volume_specs(on)["gp2"]
    assert spec.baseline_iops_per_gib and spec.min_iops and spec.max_iops
    return min(max(spec.baseline_iops_per_gib * size_gib, spec.min_iops), spec.max_iops)


def gp2_burst_seconds_at(demand_iops: float, baseline_iops: float, credits: float | None = None) -> float:
    """AWS's formula: credit balance / (burst IOPS - baseline IOPS); inf when demand is within baseline."""
    if credits is None:
        credits = volume_specs()["gp2"].credit_bucket_ios or 0.0
    if demand_iops <= baseline_iops * (1 + 1e-9):
        return math.inf
    return credits / (demand_iops - baseline_iops)


def gp2_burst_seconds(size_gib: float, demand_iops: float | None = None) -> float:
    """Full-bucket drain time of one gp2 volume at ``demand_iops`` (default: its 3,000 IOPS burst)."""
    spec = volume_specs()["gp2"]
    demand = spec.burst_iops if demand_iops is None else demand_iops
    assert demand is not None
    return gp2_burst_seconds_at(demand, gp2_baseline_iops(size_gib))


def gp2_refill_seconds(size_gib: float) -> float:
    """Time to refill an empty bucket while idle: credits are earned at the baseline rate (3/GiB/s)."""
    return (volume_specs()["gp2"].credit_bucket_ios or 0.0) / gp2_baseline_iops(size_gib)


@cache
def instance_burst_seconds() -> float:
    """An '*' instance holds its maximum for 30 minutes at least once every 24 hours."""
    return storage_limits().instance_max_burst_seconds.value


def full_scan_seconds(size_gib: float, io_size_kib: float, capability: IOCapability) -> float:
    """Read ``size_gib`` once, starting with full credits: at burst while it lasts, then at baseline."""
    if io_size_kib != capability.io_size_kib:
        raise ValueError(f"capability was evaluated for {capability.io_size_kib} KiB IOs, not {io_size_kib} KiB")
    total_mib = size_gib * 1024.0
    burst, base = capability.burst, capability.baseline
    if burst.lasts_seconds is None or total_mib <= burst.throughput_mib_s * burst.lasts_seconds:
        return total_mib / burst.throughput_mib_s
    done = burst.throughput_mib_s * burst.lasts_seconds
    return burst.lasts_seconds + (total_mib - done) / base.throughput_mib_s


# --- instance store and demand estimates ----------------------------------------------------------

INSTANCE_STORE_4K_IOPS = "instance_store_4k_iops"
INSTANCE_STORE_4K_FLOOR = "instance_store_4k_throughput_floor"


class LocalRead(NamedTuple):
    """Reads served by the instance store (ASM preferred-read mirror, or Smart Flash Cache hits)."""

    phase: str
    iops: float
    throughput_mib_s: float
    binding_limit: str
    lasts_seconds: None
    reason: str


def instance_store_read(instance: InstanceLimits, io_size_kib: float) -> LocalRead | None:
    """Random reads from the local NVMe disks; None when AWS publishes no figure for this type.

    AWS gives only 4 KiB random-read IOPS. Larger IOs are held at that figure's bytes per second, a floor:
    SSDs move more bytes with larger IOs, never fewer, so the result never promises more than AWS states.
    """
    store = instance.instance_store
    if store is None or store.random_read_iops_4k is None:
        return None
    iops_4k = store.random_read_iops_4k
    if io_size_kib <= 4:
        return LocalRead(
            "local_read",
            iops_4k,
            iops_4k * io_size_kib / 1024.0,
            INSTANCE_STORE_4K_IOPS,
            None,
            f"{instance.name}'s instance store: {_n(iops_4k)} random 4 KiB read IOPS (AWS figure)",
        )
    floor_mib_s = iops_4k * 4 / 1024.0
    return LocalRead(
        "local_read",
        floor_mib_s * 1024.0 / io_size_kib,
        floor_mib_s,
        INSTANCE_STORE_4K_FLOOR,
        None,
        f"{instance.name}'s instance store, held at its {_n(iops_4k)} random 4 KiB read IOPS = "
        f"{floor_mib_s:,.1f} MiB/s: AWS publishes no throughput figure, so larger IOs are shown at this floor",
    )


class DemandEstimate(NamedTuple):
    """How a given IO demand fares: served rate, how long it lasts, and the rate it falls back to."""

    demand_iops: float
    served_iops: float
    served_mib_s: float
    lasts_seconds: float | None  # None: sustainable indefinitely
    then_iops: float
    then_mib_s: float
    reason: str


def burst_at_demand(
    *,
    instance: InstanceLimits,
    layout: StorageLayout,
    io_size_kib: float,
    demand_iops: float,
    sequential: bool = False,
    on: date | None = None,
) -> DemandEstimate:
    """Starting with full credits, how long ``demand_iops`` IOs of ``io_size_kib`` can be served."""
    if demand_iops <= 0:
        raise ValueError("demand_iops must be positive")
    capability = evaluate(instance=instance, layout=layout, io_size_kib=io_size_kib, sequential=sequential, on=on)
    base, burst = capability.baseline, capability.burst
    mib = io_size_kib / 1024.0
    if demand_iops <= base.iops * (1 + 1e-9):
        return DemandEstimate(
            demand_iops,
            demand_iops,
            demand_iops * mib,
            None,
            demand_iops,
            demand_iops * mib,
            f"{_n(demand_iops)} IOPS is within the baseline of {_n(base.iops)} IOPS: sustainable indefinitely",
        )
    served = min(demand_iops, burst.iops)
    capped = f"capped at the burst rate of {_n(burst.iops)} IOPS ({burst.reason}); " if served < demand_iops else ""
    if burst.lasts_seconds is None:  # no credit bucket drains: the burst limit holds indefinitely
        lasts: float | None = None
    else:
        profile = _profile(layout, instance.nitro, on)
        _, charged = _phase(
            "burst", profile, io_size_kib, sequential, instance.burst_iops, instance.ebs_burst_mbps, True
        )
        lasts = _burst_seconds(profile, instance, served, served * mib, charged)
    if lasts is None:
        return DemandEstimate(
            demand_iops, served, served * mib, None, served, served * mib, f"{capped}sustainable indefinitely"
        )
    return DemandEstimate(
        demand_iops,
        served,
        served * mib,
        lasts,
        base.iops,
        base.throughput_mib_s,
        f"{capped}{_n(served)} IOPS lasts {lasts / 60:,.1f} minutes from full credits, then drops to "
        f"{_n(base.iops)} IOPS ({base.reason})",
    )
