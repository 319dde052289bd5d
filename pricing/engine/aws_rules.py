"""AWS's rules for pricing Oracle, as data: storage bounds, licence models and deployments per platform, RDS
additional volumes, io2 IOPS tiers, the historic Free Tier and the hours in a billed month.

Pure Python (pydantic v2, no Django). Every rule is read from ``data/aws_rules.json`` with its source and as-of date.
``effective_volume`` says what a volume rule means for one volume: the IOPS and throughput it runs at and what is
charged above the baseline the GB price includes; ``included`` says that baseline, in the words a bill line carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "aws_rules.json"


class IopsRule(BaseModel):
    """Provisionable IOPS; ``included`` are in the GB price (charged = effective - included)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    min: int
    max: int
    min_per_gib: Decimal | None = None
    max_per_gib: Decimal | None = None
    included: int = 0
    default: int | None = None


class ThroughputRule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    min: int
    max: int
    max_per_iops: Decimal | None = None
    included: int = 0
    default: int | None = None


class VolumeRule(NotedRow):
    """Bounds of one storage type; below ``below_gib`` the ``small_*`` rules apply (RDS for Oracle's 200 GiB)."""

    type: str
    min_size_gib: int
    max_size_gib: int
    below_gib: int | None = None
    small_iops: IopsRule | None = None
    small_throughput: ThroughputRule | None = None
    iops: IopsRule | None = None
    throughput: ThroughputRule | None = None
    io_requests: bool = False


class LicenceModelRule(NotedRow):
    platform: str
    edition: str
    allowed: tuple[str, ...]


class DeploymentRule(NotedRow):
    platform: str
    allowed: tuple[str, ...]


class AdditionalVolumesRule(NotedRow):
    platforms: tuple[str, ...]
    types: tuple[str, ...]
    max_count: int
    min_size_gib: int
    max_size_gib: int
    max_total_gib: int


class Io2TiersRule(NotedRow):
    tier_upper_bounds: tuple[int, ...]


class FreeTierRule(NotedRow):
    instance_hours: int
    instance_class_suffix: str
    deployments: tuple[str, ...]
    licence_models: tuple[str, ...]
    storage_gib: int
    storage_types: tuple[str, ...]
    io_requests: int


class HoursRule(NotedRow):
    value: int = Field(gt=0)


class AwsRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    hours_per_month: HoursRule
    rds_custom_cannot_stop: NotedRow
    rds_replicas_cannot_stop: NotedRow
    licence_models: tuple[LicenceModelRule, ...]
    deployments: tuple[DeploymentRule, ...]
    rds_oracle_storage: tuple[VolumeRule, ...]
    rds_custom_oracle_storage: tuple[VolumeRule, ...]
    rds_additional_volumes: AdditionalVolumesRule
    ebs_volumes: tuple[VolumeRule, ...]
    ebs_io2_iops_tiers: Io2TiersRule
    rds_free_tier: FreeTierRule

    @property
    def largest_volume_gib(self) -> int:
        """The most any volume of any platform takes: the bound a size is refused beyond before its type's own."""
        volumes = (*self.rds_oracle_storage, *self.rds_custom_oracle_storage, *self.ebs_volumes)
        return max((*(v.max_size_gib for v in volumes), self.rds_additional_volumes.max_size_gib))

    def storage_rules(self, platform: str) -> dict[str, VolumeRule]:
        rules = {"rds": self.rds_oracle_storage, "rds-custom": self.rds_custom_oracle_storage, "ec2": self.ebs_volumes}
        return {r.type: r for r in rules[platform]}


@cache
def aws_rules() -> AwsRules:
    return AwsRules.model_validate_json(DATA_FILE.read_text())


HOURS_PER_MONTH = Decimal(aws_rules().hours_per_month.value)
MAX_HOURS_PER_MONTH = 31 * 24  # the longest month


def billed_hours(platform: str, hours: Decimal, *, replicated: bool = False) -> Decimal:
    """The instance hours billed a month for ``hours`` run: RDS Custom instances cannot be stopped
    (``rds_custom_cannot_stop``), nor can an RDS instance that has read replicas or is one (``replicated``,
    ``rds_replicas_cannot_stop``), so they are billed the whole month however few hours the workload runs."""
    always_on = platform == "rds-custom" or (platform == "rds" and replicated)
    return max(hours, HOURS_PER_MONTH) if always_on else hours


def always_on_words(hours: Decimal, platform: str = "rds-custom") -> str:
    """Why an RDS Custom instance, or an RDS instance with read replicas, is billed more hours than the workload
    runs, with the source, for its line."""
    if platform == "rds-custom":
        rule, why = aws_rules().rds_custom_cannot_stop, "RDS Custom instances cannot be stopped"
    else:
        rule, why = (
            aws_rules().rds_replicas_cannot_stop,
            "An RDS instance with read replicas, or one, cannot be stopped",
        )
    return (f"{why} ({rule.source}, as of {rule.as_of}): billed "
            f"all {HOURS_PER_MONTH} hours of the month, not the {hours:g} the workload runs")  # fmt: skip


def rule_for(rules: tuple[Any, ...], **match: str) -> Any:
    """The first rule whose fields equal ``match`` (``platform="rds", edition="se2"``)."""
    return next(r for r in rules if all(getattr(r, k) == v for k, v in match.items()))


def licence_models_allowed(*, platform: str, edition: str) -> tuple[str, ...]:
    """The licence models a platform offers for an edition (RDS: LI for SE2 only; EC2 and RDS Custom: BYOL)."""
    return tuple(rule_for(aws_rules().licence_models, platform=platform, edition=edition).allowed)


@dataclass(frozen=True, slots=True)
class EffectiveVolume:
    """A volume's effective IOPS/throughput and what is charged above the included baseline."""

    iops: int | None
    throughput: int | None
    iops_charged: int
    throughput_charged: int
    small: bool


@dataclass(frozen=True, slots=True)
class Included:
    """The IOPS and MiB/s a volume's GB price includes (gp3), for a volume of a given size."""

    type: str
    iops: int
    throughput: int
    fixed: bool  # nothing more can be provisioned, so nothing more is ever charged (RDS gp3 below 200 GiB)
    where: str  # the size the rule depends on, "below 200 GiB" or "from 200 GiB"; "" when it applies to any size

    @property
    def words(self) -> str:
        """The clause a bill line carries: 'gp3 from 200 GiB includes 12,000 IOPS and 500 MiB/s; only what is
        provisioned above them is charged', or '... (fixed, nothing extra is charged)'."""
        where = f" {self.where}" if self.where else ""
        tail = (
            " (fixed, nothing extra is charged)" if self.fixed else "; only what is provisioned above them is charged"
        )
        return f"{self.type}{where} includes {self.iops:,} IOPS and {self.throughput:,} MiB/s{tail}"


def included(rule: VolumeRule, size: float) -> Included | None:
    """What the GB price of a volume of ``size`` GiB includes under ``rule``; None where it includes no IOPS or
    throughput (every type but gp3: gp2's IOPS come with its size, io1 and io2 charge every IOPS provisioned)."""
    small = rule.below_gib is not None and size < rule.below_gib
    iops = (rule.small_iops if small else rule.iops) or rule.iops
    thr = (rule.small_throughput if small else rule.throughput) or rule.throughput
    if iops is None or thr is None or not iops.included or not thr.included:
        return None
    fixed = iops.min == iops.max == iops.included and thr.min == thr.max == thr.included
    where = "" if rule.below_gib is None else f"{'below' if small else 'from'} {rule.below_gib:,} GiB"
    return Included(rule.type, iops.included, thr.included, fixed, where)


def effective_volume(rule: VolumeRule, size: int, iops: int | None, throughput: int | None) -> EffectiveVolume:
    small = rule.below_gib is not None and size < rule.below_gib
    iops_rule = rule.small_iops if small else rule.iops
    thr_rule = rule.small_throughput if small else rule.throughput
    eff_iops = (iops if iops is not None else iops_rule.default) if iops_rule else None
    eff_thr = (throughput if throughput is not None else thr_rule.default) if thr_rule else None
    return EffectiveVolume(
        iops=eff_iops,
        throughput=eff_thr,
        iops_charged=max(0, (eff_iops or 0) - iops_rule.included) if iops_rule else 0,
        throughput_charged=max(0, (eff_thr or 0) - thr_rule.included) if thr_rule else 0,
        small=small,
    )
