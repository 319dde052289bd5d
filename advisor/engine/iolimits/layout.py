"""What the IO-limit model is asked about: an instance's EBS limits and a storage layout, and whether AWS takes it.

Pure Python. ``validate_volume`` and ``validate_layout`` raise ``LayoutInvalid`` with every problem, each naming
the bound broken and its source (EC2 volume rules, or RDS for Oracle's rules for its one allocation).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from advisor.engine.iolimits.data import VolumeTypeSpec, _rds_rules, storage_limits, volume_specs
from pricing.engine.sourced import AS_OF_PATTERN


class InstanceStore(BaseModel):
    """Local NVMe disks: not EBS-accounted. AWS publishes their speed only as 4 KiB random IOPS (reference §5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    disks: int | None = Field(default=None, gt=0)  # None: the stored AWS docs do not give the layout
    total_gb: float | None = Field(default=None, gt=0)
    random_read_iops_4k: float | None = Field(default=None, gt=0)
    write_iops_4k: float | None = Field(default=None, gt=0)
    source: str = Field(min_length=3)
    as_of: str = Field(pattern=AS_OF_PATTERN)


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
    as_of: str = Field(pattern=AS_OF_PATTERN)

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
