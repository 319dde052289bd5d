"""Monthly cost of one Oracle deployment on AWS, line by line, each line tied to its price row.

Pure Python (pydantic v2, no Django). ``estimate(config, book)`` reads the public config contract (issue 5), checks it
completely -- shape, then bounds and allowed combinations from ``data/aws_rules.json``, then that every price it
needs is in the book -- and only then prices: ``Decimal`` throughout, 730 hours a month, each line rounded half-up
to cents as AWS does, totals the sum of the rounded lines. Oracle licences come from ``licences.py``.

RDS rules worth knowing (sources in the data file): gp3 for Oracle below 200 GiB is fixed at 3,000 IOPS/125 MiB/s
and nothing extra is charged; from 200 GiB 12,000 IOPS and 500 MiB/s are included and only what is provisioned
above them is charged (infracost wrongly uses 400 GiB). io1 needs 100 GiB and 1,000 IOPS at least. Backup up to
100 % of the allocated storage is free; ``extra_backup_gib`` is what lies beyond it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache, partial
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_serializer

from pricing.engine.licences import (
    LicenceConfig,
    LicenceEstimate,
    LicencePriceList,
    estimate_licences,
    validate_licences,
)
from pricing.engine.pricebook import (
    DEPLOYMENTS,
    EDITION_LABELS,
    LICENCE_MODEL_LABELS,
    Commitment,
    Deployment,
    EbsVolumeType,
    Edition,
    InstancePrice,
    LicenceModel,
    PriceBook,
    PriceNotFound,
    RdsStorageType,
    round_cents,
)
from pricing.engine.rows import PriceRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "aws_rules.json"
_AS_OF = r"^\d{4}(-\d{2}(-\d{2})?)?$"
Platform = Literal["rds", "rds-custom", "ec2"]
T = TypeVar("T")

# --- rules data -------------------------------------------------------------------------------------


class _Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=10)
    as_of: str = Field(pattern=_AS_OF)
    note: str = ""


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


class VolumeRule(_Sourced):
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


class LicenceModelRule(_Sourced):
    platform: str
    edition: str
    allowed: tuple[str, ...]


class DeploymentRule(_Sourced):
    platform: str
    allowed: tuple[str, ...]


class AdditionalVolumesRule(_Sourced):
    platforms: tuple[str, ...]
    types: tuple[str, ...]
    max_count: int
    min_size_gib: int
    max_size_gib: int
    max_total_gib: int


class Io2TiersRule(_Sourced):
    tier_upper_bounds: tuple[int, ...]


class FreeTierRule(_Sourced):
    instance_hours: int
    instance_class_suffix: str
    deployments: tuple[str, ...]
    licence_models: tuple[str, ...]
    storage_gib: int
    storage_types: tuple[str, ...]
    io_requests: int


class HoursRule(_Sourced):
    value: int = Field(gt=0)


class AwsRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    hours_per_month: HoursRule
    licence_models: tuple[LicenceModelRule, ...]
    deployments: tuple[DeploymentRule, ...]
    rds_oracle_storage: tuple[VolumeRule, ...]
    rds_custom_oracle_storage: tuple[VolumeRule, ...]
    rds_additional_volumes: AdditionalVolumesRule
    ebs_volumes: tuple[VolumeRule, ...]
    ebs_io2_iops_tiers: Io2TiersRule
    rds_free_tier: FreeTierRule

    def storage_rules(self, platform: str) -> dict[str, VolumeRule]:
        rules = {"rds": self.rds_oracle_storage, "rds-custom": self.rds_custom_oracle_storage, "ec2": self.ebs_volumes}
        return {r.type: r for r in rules[platform]}


@cache
def aws_rules() -> AwsRules:
    return AwsRules.model_validate_json(DATA_FILE.read_text())


HOURS_PER_MONTH = Decimal(aws_rules().hours_per_month.value)
MAX_HOURS_PER_MONTH = 31 * 24  # the longest month

# --- the public config contract ---------------------------------------------------------------------


class StorageConfig(BaseModel):
    """RDS primary storage."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: RdsStorageType
    size_gib: int
    iops: int | None = None
    throughput_mib_s: int | None = None
    io_requests_per_month: int | None = Field(default=None, description="magnetic only: I/O requests a month")


class AdditionalVolumeConfig(BaseModel):
    """An RDS for Oracle additional storage volume (gp3 or io2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["gp3", "io2"]
    size_gib: int
    iops: int | None = None
    throughput_mib_s: int | None = None


class VolumeConfig(BaseModel):
    """An EBS volume of an EC2 deployment."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: EbsVolumeType
    size_gib: int
    iops: int | None = None
    throughput_mib_s: int | None = None
    io_requests_per_month: int | None = Field(default=None, description="standard (magnetic) only")
    name: str = ""


class PerformanceInsightsConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Literal["long-term-retention", "database-insights-advanced"]


class EstimateConfig(BaseModel):
    """The config of ``manage.py estimate`` and ``POST /api/v1/estimate``: a public contract (new keys only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    platform: Platform
    region: str
    instance_class: str
    edition: Edition
    licence_model: LicenceModel
    deployment: Deployment = "single-az"
    storage: StorageConfig | None = None
    additional_volumes: tuple[AdditionalVolumeConfig, ...] = ()
    volumes: tuple[VolumeConfig, ...] = ()
    snapshot_gib: int = Field(default=0, description="EC2: EBS snapshot storage, GiB")
    extra_backup_gib: int = Field(default=0, description="RDS: backup storage billed beyond the free allowance")
    commitment: Commitment = "on-demand"
    hours_per_month: int | None = Field(
        default=None,
        description="instance hours run a month (1-744); default: the calculator's always-on month. Storage, "
        "backups and licences are paid whatever the hours; reserved hours are paid in full",
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

# --- results ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    field: str
    message: str


class EstimateInvalid(ValueError):
    """Raised with every problem found in a config; each names the field and what would be accepted."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


class Line(BaseModel):
    """One cost line: ``monthly_usd`` = quantity x unit price, rounded half-up to cents (credits are negative)."""

    model_config = ConfigDict(frozen=True)
    name: str
    quantity: Decimal
    unit: str
    unit_price_usd: Decimal
    monthly_usd: Decimal
    price_source: str
    as_of: str
    estimated: bool
    category: Literal["aws", "licence"] = "aws"
    sku: str = ""
    note: str = ""
    component: str = Field(default="", description="compute, storage, iops, throughput, backup, monitoring, licences")

    @field_serializer("quantity", "unit_price_usd", "monthly_usd", when_used="json")
    def _plain(self, value: Decimal) -> str:
        return format(value, "f")  # 0.000000055, not 5.5E-8


class Estimate(BaseModel):
    model_config = ConfigDict(frozen=True)
    platform: Platform
    region: str
    instance_class: str
    commitment: str
    hours_per_month: int
    lines: tuple[Line, ...]
    aws_monthly_usd: Decimal
    licence_monthly_usd: Decimal
    total_monthly_usd: Decimal
    price_snapshot: str = Field(description="as-of date of the region's newest price row")
    price_sources: tuple[str, ...] = Field(description="'source (as of date)' of every row priced")
    estimated: bool = Field(description="some line's price is derived rather than read from the price list")
    licence: LicenceEstimate | None = None
    notes: tuple[str, ...] = ()


class LicenceModelOption(BaseModel):
    model_config = ConfigDict(frozen=True)
    licence_model: LicenceModel
    estimate: Estimate | None
    problems: tuple[Problem, ...] = ()


class LicenceModelComparison(BaseModel):
    """License Included beside BYOL for the same deployment; an option the platform forbids carries its problems."""

    model_config = ConfigDict(frozen=True)
    byol: LicenceModelOption
    li: LicenceModelOption
    cheaper: LicenceModel | None
    monthly_difference_usd: Decimal | None


# --- config parsing ---------------------------------------------------------------------------------


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
    return Problem(path, f"{err['msg']} (got {err['input']!r})")


# --- validation -------------------------------------------------------------------------------------


def _n(x: int | Decimal) -> str:
    return f"{x:,}" if Decimal(x) == Decimal(x).to_integral_value() else f"{Decimal(x).normalize():,}"


@dataclass(frozen=True, slots=True)
class _Volume:
    """A volume's effective IOPS/throughput and what is charged above the included baseline."""

    iops: int | None
    throughput: int | None
    iops_charged: int
    throughput_charged: int
    small: bool


def _effective(rule: VolumeRule, size: int, iops: int | None, throughput: int | None) -> _Volume:
    small = rule.below_gib is not None and size < rule.below_gib
    iops_rule = rule.small_iops if small else rule.iops
    thr_rule = rule.small_throughput if small else rule.throughput
    eff_iops = (iops if iops is not None else iops_rule.default) if iops_rule else None
    eff_thr = (throughput if throughput is not None else thr_rule.default) if thr_rule else None
    return _Volume(
        iops=eff_iops,
        throughput=eff_thr,
        iops_charged=max(0, (eff_iops or 0) - iops_rule.included) if iops_rule else 0,
        throughput_charged=max(0, (eff_thr or 0) - thr_rule.included) if thr_rule else 0,
        small=small,
    )


def _volume_problems(
    rule: VolumeRule,
    *,
    size: int,
    iops: int | None,
    throughput: int | None,
    io_requests: int | None,
    path: str,
    what: str,
    min_size: int | None = None,
) -> list[Problem]:
    src = f"source: {rule.source}"
    lo = rule.min_size_gib if min_size is None else max(min_size, rule.min_size_gib)
    if not lo <= size <= rule.max_size_gib:
        return [
            Problem(
                f"{path}.size_gib",
                f"{_n(size)} GiB; {what} {rule.type} accepts {_n(lo)}-{_n(rule.max_size_gib)} GiB ({src})",
            )
        ]
    out: list[Problem] = []
    vol = _effective(rule, size, iops, throughput)
    iops_rule = rule.small_iops if vol.small else rule.iops
    thr_rule = rule.small_throughput if vol.small else rule.throughput
    where = f" below {_n(rule.below_gib or 0)} GiB" if vol.small else ""
    big = (
        f"; from {_n(rule.below_gib or 0)} GiB {_n(rule.iops.min)}-{_n(rule.iops.max)} IOPS can be provisioned"
        if vol.small and rule.iops
        else ""
    )
    if iops_rule is None:
        if iops is not None:
            out.append(Problem(f"{path}.iops", f"{what} {rule.type} IOPS cannot be provisioned; omit iops ({src})"))
    elif vol.iops is None:
        out.append(
            Problem(
                f"{path}.iops",
                f"{what} {rule.type} needs provisioned IOPS; accepted{where}: {_n(iops_rule.min)}-{_n(iops_rule.max)} ({src})",
            )
        )
    elif not iops_rule.min <= vol.iops <= iops_rule.max:
        accepted = (
            f"omit iops (fixed at {_n(iops_rule.min)}){big}"
            if iops_rule.min == iops_rule.max
            else f"{_n(iops_rule.min)}-{_n(iops_rule.max)}"
        )
        out.append(
            Problem(f"{path}.iops", f"{_n(vol.iops)} IOPS; {what} {rule.type}{where} accepts {accepted} ({src})")
        )
    else:
        if iops_rule.max_per_gib is not None and vol.iops > max(
            Decimal(iops_rule.included), iops_rule.max_per_gib * size
        ):
            out.append(
                Problem(
                    f"{path}.iops",
                    f"{_n(vol.iops)} IOPS on {_n(size)} GiB; {what} {rule.type} allows at most {_n(iops_rule.max_per_gib)} IOPS per GiB "
                    f"(at most {_n(max(iops_rule.included, int(iops_rule.max_per_gib * size)))}) ({src})",
                )
            )
        if iops_rule.min_per_gib is not None and vol.iops < iops_rule.min_per_gib * size:
            out.append(
                Problem(
                    f"{path}.iops",
                    f"{_n(vol.iops)} IOPS on {_n(size)} GiB; {what} {rule.type} needs at least {_n(iops_rule.min_per_gib)} IOPS per GiB "
                    f"({_n((iops_rule.min_per_gib * size).to_integral_value())}) ({src})",
                )
            )
    if thr_rule is None:
        if throughput is not None:
            out.append(
                Problem(
                    f"{path}.throughput_mib_s",
                    f"{what} {rule.type} throughput cannot be provisioned; omit throughput_mib_s ({src})",
                )
            )
    elif vol.throughput is not None:
        if not thr_rule.min <= vol.throughput <= thr_rule.max:
            accepted = (
                f"omit throughput_mib_s (fixed at {_n(thr_rule.min)} MiB/s)"
                if thr_rule.min == thr_rule.max
                else f"{_n(thr_rule.min)}-{_n(thr_rule.max)} MiB/s"
            )
            out.append(
                Problem(
                    f"{path}.throughput_mib_s",
                    f"{_n(vol.throughput)} MiB/s; {what} {rule.type}{where} accepts {accepted} ({src})",
                )
            )
        elif thr_rule.max_per_iops is not None and vol.iops is not None:
            cap = max(Decimal(thr_rule.included), thr_rule.max_per_iops * vol.iops)
            if vol.throughput > cap:
                out.append(
                    Problem(
                        f"{path}.throughput_mib_s",
                        f"{_n(vol.throughput)} MiB/s with {_n(vol.iops)} IOPS; {what} {rule.type} allows at most "
                        f"{_n(thr_rule.max_per_iops)} MiB/s per IOPS ({_n(cap.to_integral_value())} MiB/s) ({src})",
                    )
                )
    if io_requests is not None:
        if not rule.io_requests:
            out.append(
                Problem(
                    f"{path}.io_requests_per_month",
                    f"only magnetic storage is charged per I/O request, not {rule.type}; omit it",
                )
            )
        elif io_requests < 0:
            out.append(Problem(f"{path}.io_requests_per_month", f"{io_requests}; accepted: 0 or more"))
    return out


def _allowed(rules: tuple[Any, ...], **match: str) -> Any:
    return next(r for r in rules if all(getattr(r, k) == v for k, v in match.items()))


def licence_models_allowed(*, platform: str, edition: str) -> tuple[str, ...]:
    """The licence models a platform offers for an edition (RDS: LI for SE2 only; EC2 and RDS Custom: BYOL)."""
    return tuple(_allowed(aws_rules().licence_models, platform=platform, edition=edition).allowed)


def _semantic_problems(cfg: EstimateConfig, rules: AwsRules) -> list[Problem]:
    out: list[Problem] = []
    lic = _allowed(rules.licence_models, platform=cfg.platform, edition=cfg.edition)
    if cfg.licence_model not in lic.allowed:
        out.append(
            Problem(
                "licence_model",
                f"{cfg.licence_model} is not available for {EDITION_LABELS[cfg.edition]} on {cfg.platform}; accepted: "
                f"{', '.join(lic.allowed)} (source: {lic.source})",
            )
        )
    dep = _allowed(rules.deployments, platform=cfg.platform)
    if cfg.deployment not in dep.allowed:
        out.append(
            Problem(
                "deployment", f"{cfg.deployment} on {cfg.platform}; accepted: {', '.join(dep.allowed)} ({dep.source})"
            )
        )
    if cfg.hours_per_month is not None and not 1 <= cfg.hours_per_month <= MAX_HOURS_PER_MONTH:
        out.append(
            Problem(
                "hours_per_month",
                f"{cfg.hours_per_month}; accepted: 1-{MAX_HOURS_PER_MONTH} hours (a 31-day month), "
                f"default {HOURS_PER_MONTH} ({rules.hours_per_month.source})",
            )
        )
    for name in ("extra_backup_gib", "snapshot_gib"):
        if getattr(cfg, name) < 0:
            out.append(Problem(name, f"{getattr(cfg, name)}; accepted: 0 or more GiB"))
    if cfg.platform == "ec2":
        out.extend(_ec2_problems(cfg, rules))
    else:
        out.extend(_rds_problems(cfg, rules))
    return out


def _rds_problems(cfg: EstimateConfig, rules: AwsRules) -> list[Problem]:
    out: list[Problem] = []
    product = "RDS Custom for Oracle" if cfg.platform == "rds-custom" else "RDS for Oracle"
    types = rules.storage_rules(cfg.platform)
    if cfg.volumes:
        out.append(
            Problem("volumes", f"EBS volumes are for platform ec2; {product} takes storage (and additional_volumes)")
        )
    if cfg.snapshot_gib:
        out.append(
            Problem(
                "snapshot_gib",
                f"EBS snapshots are for platform ec2; {product} backup beyond the free allowance is extra_backup_gib",
            )
        )
    if cfg.storage is None:
        out.append(
            Problem(
                "storage",
                f"required for {product}: {{type, size_gib, iops, throughput_mib_s}}; accepted types: {', '.join(types)}",
            )
        )
    elif cfg.storage.type not in types:
        out.append(
            Problem(
                "storage.type",
                f"{cfg.storage.type} is not a {product} storage type; accepted: {', '.join(types)} ({next(iter(types.values())).source})",
            )
        )
    else:
        s = cfg.storage
        out.extend(
            _volume_problems(
                types[s.type],
                size=s.size_gib,
                iops=s.iops,
                throughput=s.throughput_mib_s,
                io_requests=s.io_requests_per_month,
                path="storage",
                what=product,
            )
        )
    extra = rules.rds_additional_volumes
    if cfg.additional_volumes:
        if cfg.platform not in extra.platforms:
            out.append(
                Problem(
                    "additional_volumes",
                    f"additional storage volumes are for {', '.join(extra.platforms)}, not {cfg.platform} ({extra.source})",
                )
            )
        elif len(cfg.additional_volumes) > extra.max_count:
            out.append(
                Problem(
                    "additional_volumes",
                    f"{len(cfg.additional_volumes)} volumes; accepted: at most {extra.max_count} ({extra.source})",
                )
            )
        else:
            total = (cfg.storage.size_gib if cfg.storage else 0) + sum(v.size_gib for v in cfg.additional_volumes)
            if total > extra.max_total_gib:
                out.append(
                    Problem(
                        "additional_volumes",
                        f"{_n(total)} GiB in all; accepted: at most {_n(extra.max_total_gib)} GiB per instance ({extra.source})",
                    )
                )
            for i, v in enumerate(cfg.additional_volumes):
                out.extend(
                    _volume_problems(
                        types[v.type],
                        size=v.size_gib,
                        iops=v.iops,
                        throughput=v.throughput_mib_s,
                        io_requests=None,
                        path=f"additional_volumes[{i}]",
                        what=f"{product} additional volume",
                        min_size=extra.min_size_gib,
                    )
                )
    if cfg.performance_insights is not None and cfg.platform != "rds":
        out.append(Problem("performance_insights", f"priced for platform rds only, not {cfg.platform}; omit it"))
    if cfg.free_tier:
        out.extend(_free_tier_problems(cfg, rules.rds_free_tier))
    return out


def _free_tier_problems(cfg: EstimateConfig, ft: FreeTierRule) -> list[Problem]:
    out = []
    if cfg.platform != "rds":
        out.append(Problem("free_tier", f"the AWS Free Tier allowances are for RDS, not {cfg.platform}"))
    if not cfg.instance_class.endswith(ft.instance_class_suffix):
        out.append(
            Problem(
                "free_tier",
                f"the Free Tier covers Single-AZ micro classes (*{ft.instance_class_suffix}), not {cfg.instance_class} ({ft.source})",
            )
        )
    if cfg.deployment not in ft.deployments:
        out.append(Problem("free_tier", f"the Free Tier covers {', '.join(ft.deployments)} only, not {cfg.deployment}"))
    if cfg.licence_model not in ft.licence_models:
        out.append(
            Problem(
                "free_tier", f"the Free Tier covers Oracle {', '.join(ft.licence_models)} only, not {cfg.licence_model}"
            )
        )
    if cfg.commitment != "on-demand":
        out.append(Problem("free_tier", "the Free Tier applies to on-demand usage; accepted commitment: on-demand"))
    return out


def _ec2_problems(cfg: EstimateConfig, rules: AwsRules) -> list[Problem]:
    out: list[Problem] = []
    for name, wrong in (
        ("storage", cfg.storage is not None),
        ("additional_volumes", bool(cfg.additional_volumes)),
        ("extra_backup_gib", cfg.extra_backup_gib > 0),
        ("performance_insights", cfg.performance_insights is not None),
        ("free_tier", cfg.free_tier),
    ):
        if wrong:
            hint = (
                "volumes: [{type, size_gib, iops, throughput_mib_s}, ...]"
                if name in ("storage", "additional_volumes")
                else "omit it"
            )
            out.append(Problem(name, f"an RDS setting; on EC2 use {hint}"))
    types = rules.storage_rules("ec2")
    for i, v in enumerate(cfg.volumes):
        out.extend(
            _volume_problems(
                types[v.type],
                size=v.size_gib,
                iops=v.iops,
                throughput=v.throughput_mib_s,
                io_requests=v.io_requests_per_month,
                path=f"volumes[{i}]",
                what="EBS",
            )
        )
    return out


# --- pricing ----------------------------------------------------------------------------------------


@dataclass
class _Item:
    """A line waiting for every check to pass."""

    name: str
    quantity: Decimal
    row: PriceRow
    unit: str = ""
    unit_price: Decimal | None = None  # default: the row's price
    sign: int = 1
    estimated: bool = False
    note: str = ""


@dataclass
class _Plan:
    book: PriceBook
    region: str
    problems: list[Problem]
    hours: Decimal = HOURS_PER_MONTH
    items: list[_Item] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def get(self, lookup: Callable[[], T], path: str | None = None) -> T | None:
        try:
            return lookup()
        except PriceNotFound as exc:
            self.problems.append(Problem(path or exc.field, exc.message))
            return None

    def add(self, name: str, quantity: Decimal | int, row: PriceRow | None, **kw: Any) -> None:
        if row is not None:
            self.items.append(_Item(name, Decimal(quantity), row, **kw))


def _instance_items(plan: _Plan, price: InstancePrice | None, name: str) -> None:
    if price is None:
        return
    hours = plan.hours
    if price.commitment != "on-demand" and hours != HOURS_PER_MONTH:
        hours = HOURS_PER_MONTH
        plan.notes.append(
            f"A reservation is billed for every hour of its term: {HOURS_PER_MONTH} hours a month, not the "
            f"{plan.hours} the instance runs"
        )
    plan.add(f"{name} ({price.label})", hours, price.hourly)
    if price.upfront is not None and price.term_months:
        per_month = price.upfront.price_usd / price.term_months
        plan.add(
            f"{name}: {price.label} upfront fee ${price.upfront.price_usd:,} amortised over {price.term_months} months",
            1,
            price.upfront,
            unit="month",
            unit_price=per_month,
        )
    if price.commitment != "on-demand":
        plan.notes.append(f"Instance hours at the {price.label} reserved rate; storage and other lines stay on-demand")


def _rds_items(plan: _Plan, cfg: EstimateConfig, rules: AwsRules, vcpus: int | None, skip: set[str]) -> None:
    book, region = plan.book, plan.region
    custom = cfg.platform == "rds-custom"
    product = "RDS Custom for Oracle" if custom else "RDS for Oracle"
    dep = DEPLOYMENTS[cfg.deployment]
    combo = f"{EDITION_LABELS[cfg.edition]} {LICENCE_MODEL_LABELS[cfg.licence_model]}"
    price = None
    if not skip & {"platform", "instance_class", "edition", "licence_model", "deployment", "commitment"}:
        price = plan.get(
            lambda: book.rds_instance(
                region=region,
                instance_class=cfg.instance_class,
                edition=cfg.edition,
                licence_model=cfg.licence_model,
                deployment=cfg.deployment,
                custom=custom,
                commitment=cfg.commitment,
            )
        )
    _instance_items(plan, price, f"{product} {combo} {cfg.instance_class} {dep} instance hours")
    ft = rules.rds_free_tier
    if cfg.free_tier and price is not None:
        plan.add(
            f"AWS Free Tier: {min(ft.instance_hours, int(plan.hours))} micro instance hours",
            min(ft.instance_hours, int(plan.hours)),
            price.hourly,
            sign=-1,
            note=ft.source,
        )
    storage = cfg.storage
    types = rules.storage_rules(cfg.platform)
    if storage is not None and storage.type in types and not any(f.startswith("storage") for f in skip):
        storage_row = _storage_items(
            plan,
            cfg,
            types[storage.type],
            storage.type,
            storage.size_gib,
            storage.iops,
            storage.throughput_mib_s,
            "storage",
            "Storage",
        )
        if storage.type == "magnetic":
            count = storage.io_requests_per_month
            if count is None:
                plan.notes.append("Magnetic I/O requests are not priced: set storage.io_requests_per_month")
            elif count > 0:
                io_row = plan.get(lambda: book.rds_magnetic_io(region=region), "storage.io_requests_per_month")
                plan.add("Magnetic storage I/O requests", count, io_row)
                if cfg.free_tier and io_row is not None:
                    plan.add(
                        f"AWS Free Tier: {min(count, ft.io_requests):,} I/O requests",
                        min(count, ft.io_requests),
                        io_row,
                        sign=-1,
                        note=ft.source,
                    )
        if cfg.free_tier and storage.type in ft.storage_types:
            free = min(storage.size_gib, ft.storage_gib)
            plan.add(f"AWS Free Tier: {free} GB of {storage.type} storage", free, storage_row, sign=-1, note=ft.source)
    for i, v in enumerate(cfg.additional_volumes):
        if not any(f.startswith(f"additional_volumes[{i}]") or f == "additional_volumes" for f in skip):
            _storage_items(
                plan,
                cfg,
                types[v.type],
                v.type,
                v.size_gib,
                v.iops,
                v.throughput_mib_s,
                f"additional_volumes[{i}]",
                f"Additional volume {i + 1}",
            )
    if cfg.extra_backup_gib > 0:
        backup = plan.get(lambda: book.rds_backup(region=region, custom=custom), "extra_backup_gib")
        plan.add("Backup storage beyond the free 100% of allocated storage", cfg.extra_backup_gib, backup)
    plan.notes.append(
        "Backup storage up to 100% of the allocated storage is free; extra_backup_gib is billed beyond it"
    )
    if cfg.performance_insights is not None and "performance_insights" not in skip:
        if vcpus is None:
            plan.problems.append(
                Problem(
                    "performance_insights",
                    f"priced per vCPU: the vCPU count of {cfg.instance_class} is needed; set licences.vcpus or pass vcpus",
                )
            )
        elif cfg.performance_insights.mode == "long-term-retention":
            row = plan.get(lambda: book.rds_performance_insights(region=region, instance_class=cfg.instance_class))
            plan.add(f"Performance Insights long-term retention, {vcpus} vCPUs", vcpus, row)
        else:
            row = plan.get(lambda: book.database_insights_advanced(region=region))
            if row is not None:
                hourly = "hr" in row.unit.lower() or "hour" in row.unit.lower()
                plan.add(
                    f"Database Insights Advanced, {vcpus} vCPUs",
                    Decimal(vcpus) * (plan.hours if hourly else 1),
                    row,
                )
                plan.notes.append(
                    "Database Insights Advanced needs Performance Insights retention of 465 days, at no extra cost"
                )


def _storage_items(
    plan: _Plan,
    cfg: EstimateConfig,
    rule: VolumeRule,
    vtype: str,
    size: int,
    iops: int | None,
    thr: int | None,
    path: str,
    label: str,
) -> PriceRow | None:
    """Storage, IOPS and throughput lines of one RDS volume; returns the storage row."""
    book, region = plan.book, plan.region
    custom = cfg.platform == "rds-custom"
    dep = DEPLOYMENTS[cfg.deployment]

    def lookup(fn: Callable[..., PriceRow], field_: str, **kw: Any) -> tuple[PriceRow | None, bool]:
        """RDS Custom rows when the book has them, else the RDS for Oracle row, marked estimated."""
        if custom:
            try:
                return fn(region=region, custom=True, **kw), False
            except PriceNotFound:
                pass
        return plan.get(lambda: fn(region=region, custom=False, **kw), field_), custom

    fallback = "no RDS Custom SKU for this dimension in the snapshot: priced at the RDS for Oracle row"
    storage_row, est = lookup(book.rds_storage, f"{path}.type", volume_type=vtype, deployment=cfg.deployment)
    plan.add(f"{label}: {vtype} {dep}, {size:,} GiB", size, storage_row, estimated=est, note=fallback if est else "")
    vol = _effective(rule, size, iops, thr)
    if vtype in ("io1", "io2"):
        row, est = lookup(book.rds_iops, f"{path}.iops", volume_type=vtype, deployment=cfg.deployment)
        plan.add(
            f"{label}: {vtype} {dep} provisioned IOPS", vol.iops or 0, row, estimated=est, note=fallback if est else ""
        )
    if vtype == "gp3":
        base_iops = (rule.small_iops if vol.small else rule.iops) or rule.iops
        base_thr = (rule.small_throughput if vol.small else rule.throughput) or rule.throughput
        if base_iops and base_thr:
            plan.notes.append(
                f"{label}: gp3 {'below' if vol.small else 'from'} {rule.below_gib} GiB includes {base_iops.included:,} IOPS "
                f"and {base_thr.included} MiB/s"
                + (
                    " (fixed, nothing extra is charged)"
                    if vol.small
                    else "; only what is provisioned above them is charged"
                )
            )
        if vol.iops_charged:
            row, est = lookup(book.rds_iops, f"{path}.iops", volume_type="gp3", deployment=cfg.deployment)
            plan.add(
                f"{label}: gp3 {dep} IOPS above {base_iops.included:,}" if base_iops else label,
                vol.iops_charged,
                row,
                estimated=est,
            )
        if vol.throughput_charged:
            row, est = lookup(book.rds_throughput, f"{path}.throughput_mib_s", deployment=cfg.deployment)
            plan.add(
                f"{label}: gp3 {dep} throughput above {base_thr.included} MiB/s" if base_thr else label,
                vol.throughput_charged,
                row,
                estimated=est,
            )
    return storage_row


def _ec2_items(plan: _Plan, cfg: EstimateConfig, rules: AwsRules, skip: set[str]) -> None:
    book, region = plan.book, plan.region
    price = None
    if not skip & {"instance_class", "commitment"}:
        price = plan.get(
            lambda: book.ec2_instance(region=region, instance_type=cfg.instance_class, commitment=cfg.commitment)
        )
    _instance_items(plan, price, f"EC2 Linux {cfg.instance_class} instance hours")
    types = rules.storage_rules("ec2")
    tiers_rule = rules.ebs_io2_iops_tiers
    for i, v in enumerate(cfg.volumes):
        path = f"volumes[{i}]"
        if any(f.startswith(path) for f in skip):
            continue
        label = f"EBS volume {i + 1}" + (f" ({v.name})" if v.name else "")
        row = plan.get(partial(book.ebs_storage, region=region, volume_type=v.type), f"{path}.type")
        plan.add(f"{label}: {v.type}, {v.size_gib:,} GiB", v.size_gib, row)
        vol = _effective(types[v.type], v.size_gib, v.iops, v.throughput_mib_s)
        if v.type in ("io1", "gp3") and vol.iops_charged:
            row = plan.get(partial(book.ebs_iops, region=region, volume_type=v.type), f"{path}.iops")
            above = " above 3,000" if v.type == "gp3" else ""
            plan.add(f"{label}: {v.type} provisioned IOPS{above}", vol.iops_charged, row)
        if v.type == "io2" and vol.iops:
            tiers = plan.get(
                lambda: book.ebs_io2_iops_tiers(
                    region=region, tier_upper_bounds=tiers_rule.tier_upper_bounds, bounds_source=tiers_rule.source
                ),
                f"{path}.iops",
            )
            for n, tier in enumerate(tiers or (), start=1):
                top = vol.iops if tier.end is None else min(vol.iops, int(tier.end))
                qty = top - int(tier.begin)
                if qty > 0:
                    bounds = f"{int(tier.begin) + 1:,}-{top:,}" if tier.begin else f"up to {top:,}"
                    plan.add(
                        f"{label}: io2 provisioned IOPS, tier {n} ({bounds})",
                        qty,
                        tier.row,
                        note=f"tier bounds: {tier.bound_source}",
                    )
        if v.type == "gp3" and vol.throughput_charged:
            row = plan.get(lambda: book.ebs_throughput(region=region), f"{path}.throughput_mib_s")
            if row is not None:
                per_gib = row.unit.lower().startswith("gibps")
                amount = Decimal(vol.throughput_charged) / 1024 if per_gib else Decimal(vol.throughput_charged)
                unit = f" = {vol.throughput_charged}/1024 GiBps" if per_gib else ""
                plan.add(f"{label}: gp3 throughput above 125 MiB/s: {vol.throughput_charged} MiB/s{unit}", amount, row)
        if v.type == "standard":
            if v.io_requests_per_month is None:
                plan.notes.append(f"{label}: magnetic I/O requests are not priced: set io_requests_per_month")
            elif v.io_requests_per_month > 0:
                row = plan.get(lambda: book.ebs_io_requests(region=region), f"{path}.io_requests_per_month")
                plan.add(f"{label}: magnetic I/O requests", v.io_requests_per_month, row)
    if not cfg.volumes:
        plan.notes.append("No EBS volumes given: only the instance is priced")
    if cfg.snapshot_gib > 0:
        row = plan.get(lambda: book.ebs_snapshot(region=region), "snapshot_gib")
        plan.add("EBS snapshots", cfg.snapshot_gib, row)


# What a line pays for, by the AWS product family of its price row: the cost breakdown's components.
COMPONENTS: dict[str, str] = {
    "Database Instance": "compute",
    "Compute Instance": "compute",
    "Compute Instance (bare metal)": "compute",
    "Database Storage": "storage",
    "Storage": "storage",
    "Provisioned IOPS": "iops",
    "System Operation": "iops",
    "Provisioned Throughput": "throughput",
    "Storage Snapshot": "backup",
    "Performance Insights": "monitoring",
    "Database Insights": "monitoring",
}


def _line(item: _Item) -> Line:
    row = item.row
    unit_price = row.price_usd if item.unit_price is None else item.unit_price
    note = "; ".join(n for n in (item.note, row.estimate_note) if n)
    return Line(
        name=item.name,
        quantity=item.quantity,
        unit=item.unit or row.unit,
        unit_price_usd=unit_price if item.unit_price is None else unit_price.quantize(Decimal("0.000001")),
        monthly_usd=round_cents(item.sign * item.quantity * unit_price),
        price_source=f"{row.source}, SKU {row.sku}",
        as_of=row.as_of.isoformat(),
        estimated=row.estimated or item.estimated,
        sku=row.sku,
        note=note,
        component=COMPONENTS.get(row.product_family, "other"),
    )


def row_line(name: str, quantity: Decimal | int, row: PriceRow, *, note: str = "", component: str = "") -> Line:
    """A cost line priced from one row, as the calculator prices its own (for lines a caller adds to a bill)."""
    line = _line(_Item(name, Decimal(quantity), row, note=note))
    return line.model_copy(update={"component": component}) if component else line


def licence_cost_lines(licence: LicenceEstimate) -> tuple[Line, ...]:
    """The Oracle licence lines of a licence estimate as bill lines (category ``licence``)."""
    return tuple(
        Line(
            name=ll.name,
            quantity=ll.quantity,
            unit=ll.unit,
            unit_price_usd=ll.unit_price_usd,
            monthly_usd=ll.monthly_usd,
            price_source=ll.source,
            as_of=ll.as_of,
            estimated=ll.estimated,
            category="licence",
            note=ll.note,
            component="licences",
        )
        for ll in licence.lines
    )


def _resolve_vcpus(cfg: EstimateConfig, book: PriceBook, vcpus: int | None) -> int | None:
    if cfg.licences.vcpus is not None:
        return cfg.licences.vcpus
    if vcpus is not None:
        return vcpus
    if cfg.region not in book.regions():
        return None
    if cfg.platform == "ec2":
        return book.ec2_instance_vcpus(region=cfg.region, instance_type=cfg.instance_class)
    return book.rds_instance_vcpus(region=cfg.region, instance_class=cfg.instance_class)


def estimate(
    config: EstimateConfig | Mapping[str, Any],
    book: PriceBook,
    *,
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    licences: LicencePriceList | None = None,
) -> Estimate:
    """Price one deployment. ``vcpus``/``hyperthreading`` come from the caller's instance catalog (the config's
    ``licences.vcpus``/``licences.hyperthreading`` win); without either, a ``vcpu`` attribute on the instance's price
    row is used. Raises ``EstimateInvalid`` with every problem found before any line is priced."""
    cfg = parse_config(config)
    rules = aws_rules()
    problems = _semantic_problems(cfg, rules)
    n_vcpus = _resolve_vcpus(cfg, book, vcpus)
    licence_kwargs: dict[str, Any] = dict(
        edition=cfg.edition,
        platform=cfg.platform,
        licence_model=cfg.licence_model,
        deployment=cfg.deployment,
        instance_class=cfg.instance_class,
        vcpus=n_vcpus,
        hyperthreading=hyperthreading,
        prices=licences,
    )
    problems += [Problem(p.field, p.message) for p in validate_licences(cfg.licences, **licence_kwargs)]
    if cfg.region not in book.regions():
        problems.append(
            Problem(
                "region",
                f"{cfg.region!r} has no prices in this price book; priced regions: {', '.join(book.regions()) or 'none'}",
            )
        )
        raise EstimateInvalid(problems)
    hours = Decimal(cfg.hours_per_month) if cfg.hours_per_month is not None else HOURS_PER_MONTH
    plan = _Plan(book, cfg.region, problems, hours)
    skip = {p.field for p in problems}
    if cfg.platform == "ec2":
        _ec2_items(plan, cfg, rules, skip)
    else:
        _rds_items(plan, cfg, rules, n_vcpus, skip)
    if plan.problems:
        raise EstimateInvalid(plan.problems)

    # Everything checked: price.
    lines = [_line(item) for item in plan.items]
    licence = estimate_licences(cfg.licences, **licence_kwargs)
    lines += licence_cost_lines(licence)
    aws = sum((line.monthly_usd for line in lines if line.category == "aws"), Decimal("0.00"))
    oracle = sum((line.monthly_usd for line in lines if line.category == "licence"), Decimal("0.00"))
    used = sorted({(item.row.source, item.row.as_of.isoformat()) for item in plan.items})
    notes = list(dict.fromkeys(plan.notes))
    estimated = [line.name for line in lines if line.estimated]
    if estimated:
        notes.append("Estimated rather than read from the price list: " + "; ".join(estimated))
    notes.extend(licence.notes)
    return Estimate(
        platform=cfg.platform,
        region=cfg.region,
        instance_class=cfg.instance_class,
        commitment=cfg.commitment,
        hours_per_month=int(hours),
        lines=tuple(lines),
        aws_monthly_usd=aws,
        licence_monthly_usd=oracle,
        total_monthly_usd=aws + oracle,
        price_snapshot=book.snapshot(cfg.region),
        price_sources=tuple(f"{source} (as of {as_of})" for source, as_of in used),
        estimated=bool(estimated),
        licence=licence,
        notes=tuple(notes),
    )


def compare_licence_models(
    config: EstimateConfig | Mapping[str, Any],
    book: PriceBook,
    *,
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    licences: LicencePriceList | None = None,
) -> LicenceModelComparison:
    """The same deployment under BYOL and License Included; a model the option forbids carries its problems.
    Optimize CPUs is a BYOL lever, so the License Included variant is priced without it."""
    cfg = parse_config(config)
    options = {}
    for model in ("byol", "li"):
        update: dict[str, Any] = {"licence_model": model}
        if model == "li":
            update["licences"] = cfg.licences.model_copy(update={"optimize_cpus_cores": None})
        variant = cfg.model_copy(update=update)
        try:
            est = estimate(variant, book, vcpus=vcpus, hyperthreading=hyperthreading, licences=licences)
            options[model] = LicenceModelOption(licence_model=model, estimate=est)
        except EstimateInvalid as exc:
            options[model] = LicenceModelOption(licence_model=model, estimate=None, problems=exc.problems)
    byol, li = options["byol"], options["li"]
    cheaper: LicenceModel | None = None
    diff = None
    if byol.estimate is not None and li.estimate is not None:
        diff = byol.estimate.total_monthly_usd - li.estimate.total_monthly_usd
        cheaper = "li" if diff > 0 else "byol"
    return LicenceModelComparison(byol=byol, li=li, cheaper=cheaper, monthly_difference_usd=diff)
