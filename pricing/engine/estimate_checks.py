"""What an estimate config may not ask for, found before anything is priced: storage sizes, IOPS and throughput
outside a volume type's bounds, licence models and deployments a platform does not offer, settings of another
platform, RDS additional volumes beyond their limits, the Free Tier where it never applied, hours beyond a month.

Pure Python (no Django). Every bound comes from ``data/aws_rules.json`` and every problem names its field, what was
wrong, what would be accepted and the rule's source.
"""

from __future__ import annotations

from decimal import Decimal

from pricing.engine.aws_rules import (
    HOURS_PER_MONTH,
    MAX_HOURS_PER_MONTH,
    AwsRules,
    FreeTierRule,
    VolumeRule,
    effective_volume,
    rule_for,
)
from pricing.engine.estimate_config import EstimateConfig, Problem
from pricing.engine.prices.terms import EDITION_LABELS, LICENCE_MODEL_LABELS, PLATFORM_LABELS
from pricing.engine.sources.names import dated


def _n(x: int | Decimal) -> str:
    return f"{x:,}" if Decimal(x) == Decimal(x).to_integral_value() else f"{Decimal(x).normalize():,}"


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
    src = f"source: {dated(rule)}"
    lo = rule.min_size_gib if min_size is None else max(min_size, rule.min_size_gib)
    if not lo <= size <= rule.max_size_gib:
        return [
            Problem(
                f"{path}.size_gib",
                f"{_n(size)} GiB; {what} {rule.type} accepts {_n(lo)}-{_n(rule.max_size_gib)} GiB ({src})",
            )
        ]
    out: list[Problem] = []
    vol = effective_volume(rule, size, iops, throughput)
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
            out.append(Problem(f"{path}.iops", f"{what} {rule.type} IOPS cannot be provisioned; leave the IOPS blank "
                                                f"({src})"))  # fmt: skip
    elif vol.iops is None:
        out.append(
            Problem(
                f"{path}.iops",
                f"{what} {rule.type} needs provisioned IOPS; accepted{where}: {_n(iops_rule.min)}-{_n(iops_rule.max)} ({src})",
            )
        )
    elif not iops_rule.min <= vol.iops <= iops_rule.max:
        accepted = (
            f"only its fixed {_n(iops_rule.min)} IOPS: leave the IOPS blank{big}"
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
                    f"{what} {rule.type} throughput cannot be provisioned; leave the throughput blank ({src})",
                )
            )
    elif vol.throughput is not None:
        if not thr_rule.min <= vol.throughput <= thr_rule.max:
            accepted = (
                f"only its fixed {_n(thr_rule.min)} MiB/s: leave the throughput blank"
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


def _model(code: str) -> str:
    """A licence model as the page names it, with the value the config takes: 'License Included (li)'."""
    return f"{LICENCE_MODEL_LABELS.get(code, code)} ({code})"


def config_problems(cfg: EstimateConfig, rules: AwsRules) -> list[Problem]:
    """Every bound and combination the config breaks (its shape is already checked by ``parse_config``)."""
    out: list[Problem] = []
    lic = rule_for(rules.licence_models, platform=cfg.platform, edition=cfg.edition)
    if cfg.licence_model not in lic.allowed:
        out.append(
            Problem(
                "licence_model",
                f"{_model(cfg.licence_model)} is not available for {EDITION_LABELS[cfg.edition]} on "
                f"{PLATFORM_LABELS.get(cfg.platform, cfg.platform)}; accepted: {', '.join(map(_model, lic.allowed))} "
                f"(source: {dated(lic)})",
            )
        )
    dep = rule_for(rules.deployments, platform=cfg.platform)
    if cfg.deployment not in dep.allowed:
        out.append(
            Problem(
                "deployment",
                f"{DEPLOYMENT_WORDS.get(cfg.deployment, cfg.deployment)} is not offered on "
                f"{PLATFORM_LABELS.get(cfg.platform, cfg.platform)}; accepted: "
                f"{', '.join(DEPLOYMENT_WORDS.get(d, d) for d in dep.allowed)} ({dep.source})",
            )
        )
    if cfg.hours_per_month is not None and not 1 <= cfg.hours_per_month <= MAX_HOURS_PER_MONTH:
        out.append(
            Problem(
                "hours_per_month",
                f"{cfg.hours_per_month}; accepted: 1-{MAX_HOURS_PER_MONTH} hours (a 31-day month), "
                f"default {HOURS_PER_MONTH} ({dated(rules.hours_per_month)})",
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
                f"{cfg.storage.type} is not a {product} storage type; accepted: {', '.join(types)} ({dated(next(iter(types.values())))})",
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
                    f"additional storage volumes are for {', '.join(extra.platforms)}, not {cfg.platform} ({dated(extra)})",
                )
            )
        elif len(cfg.additional_volumes) > extra.max_count:
            out.append(
                Problem(
                    "additional_volumes",
                    f"{len(cfg.additional_volumes)} volumes; accepted: at most {extra.max_count} ({dated(extra)})",
                )
            )
        else:
            total = (cfg.storage.size_gib if cfg.storage else 0) + sum(v.size_gib for v in cfg.additional_volumes)
            if total > extra.max_total_gib:
                out.append(
                    Problem(
                        "additional_volumes",
                        f"{_n(total)} GiB in all; accepted: at most {_n(extra.max_total_gib)} GiB per instance ({dated(extra)})",
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
                f"the Free Tier covers Single-AZ micro classes (*{ft.instance_class_suffix}), not {cfg.instance_class} ({dated(ft)})",
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


DEPLOYMENT_WORDS = {"single-az": "Single-AZ ('single-az')", "multi-az": "Multi-AZ ('multi-az')"}


def _ec2_problems(cfg: EstimateConfig, rules: AwsRules) -> list[Problem]:
    out: list[Problem] = []
    for name, wrong in (
        ("storage", cfg.storage is not None),
        ("additional_volumes", bool(cfg.additional_volumes)),
        ("extra_backup_gib", cfg.extra_backup_gib > 0),
        ("performance_insights", cfg.performance_insights is not None),
        ("free_tier", cfg.free_tier),
        ("replicated", cfg.replicated),
    ):
        if wrong:
            hint = (
                "use volumes: [{type, size_gib, iops, throughput_mib_s}, ...]"
                if name in ("storage", "additional_volumes")
                else "leave it out"
            )
            out.append(Problem(name, f"an RDS setting; on EC2 {hint}"))
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
