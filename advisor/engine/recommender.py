"""Recommendations: per deployment option, the cheapest configuration that meets the workload with headroom.

Pure Python (no Django). For each option the search walks the catalog's classes in order of their hourly
price, checks each class's vCPUs and memory, then the storage layouts sized to the need (``sizing``) through
the IO-limit model, prices the ones that fit with the pricing calculator (AWS bill plus the Oracle licences
the user must buy), and stops once a class's hours alone cost more than the best total found (a bound, not an
arbitrary cap). Near-ties become alternatives; cheaper classes that did not fit say why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from advisor.engine.instances import catalog_rows, instance_limits, instance_names
from advisor.engine.iolimits import StorageLayout
from advisor.engine.rules import OPTIONS, OptionVerdict, evaluate_rules, verdicts_json
from advisor.engine.sizing import (
    Capacity,
    Dimension,
    Need,
    SizingPolicy,
    can_read_locally,
    ec2_layouts,
    instance_dimensions,
    io_dimensions,
    need_for,
    rds_layouts,
    storage_dimension,
)
from advisor.engine.workload import Workload
from pricing.engine.calculator import HOURS_PER_MONTH, Estimate, EstimateInvalid, estimate, licence_models_allowed
from pricing.engine.licences import LicenceConfig, LicenceInvalid, estimate_licences, validate_licences
from pricing.engine.pricebook import PriceBook, PriceNotFound

Platform = Literal["rds", "rds-custom", "ec2"]
PLATFORMS: dict[str, Platform] = {"rds": "rds", "rds_custom": "rds-custom", "ec2": "ec2"}
NEAR_TIE = Decimal("0.05")  # alternatives within 5 % of the chosen total are near-ties
ALTERNATIVES = 3
REJECTED_SHOWN = 5
# Workload features whose Oracle licences must be bought on BYOL (keys of pricing's licence price list).
LICENSED_FEATURES = {
    "rac": "rac",
    "active_data_guard": "active_data_guard",
    "partitioning": "partitioning",
    "advanced_compression": "advanced_compression",
    "tde": "advanced_security",
    "database_vault": "database_vault",
    "label_security": "label_security",
    "in_memory": "in_memory",
    "diagnostics_pack": "diagnostics_pack",
    "tuning_pack": "tuning_pack",
    "real_application_testing": "real_application_testing",
    "olap": "olap",
    "goldengate": "goldengate",
}
INSTANCE_STORE_WORDS = (
    "instance-store NVMe as an ASM preferred-read mirror: reads are served locally, every write goes to the NVMe "
    "and EBS failure groups; the NVMe copy is lost on stop and rebuilt from EBS"
)
ODB_NOT_PRICED = (
    "Oracle Database@AWS is bought through an AWS Marketplace offer for Exadata infrastructure and VM clusters; "
    "its prices are not in the AWS Price List data this advisor holds, so it is neither sized nor priced here."
)


@dataclass(frozen=True)
class Candidate:
    instance_class: str
    hourly_usd: Decimal
    vcpus: int
    memory_gib: float
    layout: StorageLayout
    deployment: str
    capacity: Capacity
    cost: Estimate
    standby_cost: Estimate | None = None  # EC2: the Data Guard standby priced as a second deployment
    instance_store: str | None = None  # "preferred_read": reads from an ASM mirror on the local NVMe disks

    @property
    def total_monthly_usd(self) -> Decimal:
        return self.cost.total_monthly_usd + (self.standby_cost.total_monthly_usd if self.standby_cost else Decimal(0))


@dataclass(frozen=True)
class Rejected:
    instance_class: str
    hourly_usd: Decimal | None
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class OptionRecommendation:
    option: str
    label: str
    verdict: OptionVerdict
    chosen: Candidate | None
    alternatives: tuple[Candidate, ...]
    rejected_cheaper: tuple[Rejected, ...]
    unmet: tuple[str, ...]  # when nothing fits: which requirement failed, and by how much
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Recommendation:
    need: Need
    policy: SizingPolicy
    region: str
    options: tuple[OptionRecommendation, ...]


# --- helpers --------------------------------------------------------------------------------------


def _deployment(workload: Workload, platform: Platform) -> str:
    return "multi-az" if workload.availability.multi_az and platform != "ec2" else "single-az"


def _wanted_options(workload: Workload) -> tuple[str, ...]:
    """The licence price list's keys for the options the workload needs (readable replicas need ADG)."""
    options = [key for name, key in LICENSED_FEATURES.items() if getattr(workload.features, name)]
    if workload.availability.read_replicas and "active_data_guard" not in options:
        options.append("active_data_guard")
    return tuple(options)


def _licence_config(
    workload: Workload, *, vcpus: int | None, cores: int | None, options: tuple[str, ...], include: bool
) -> LicenceConfig:
    pdbs = workload.oracle.pdb_count if workload.oracle.architecture.value == "cdb" else None
    return LicenceConfig(
        include=include,
        vcpus=vcpus,
        options=options,
        pdbs=pdbs or None,
        db_version=workload.oracle.version.value,
        owned_processor_licences=workload.oracle.processor_licences_owned,
        optimize_cpus_cores=cores,
    )


def _classes(platform: Platform, policy: SizingPolicy) -> list[str]:
    rows = catalog_rows()
    out = []
    for name in instance_names("ec2" if platform == "ec2" else "rds"):
        row = rows[name]
        if row["family"] == "t3" and not policy.include_burstable_classes:
            continue
        if row.get("deprecated_for_oracle") and not policy.include_deprecated_classes:
            continue
        out.append(name)
    return out


# --- the search -----------------------------------------------------------------------------------


@dataclass
class _Plan:
    """What the search holds fixed for one option: the deployment, licences, layouts and their costs."""

    platform: Platform
    deployment: str
    licence_model: str
    options: tuple[str, ...]
    notes: list[str]


def _plan(workload: Workload, platform: Platform) -> _Plan:
    """The licence model and options pricing can use here; what the option does not offer is noted, not priced."""
    wanted = workload.oracle.licence_model.value
    allowed = licence_models_allowed(platform=platform, edition=workload.oracle.edition.value)
    notes: list[str] = []
    model = wanted
    if wanted not in allowed:
        model = allowed[0]
        notes.append(f"Licence included is not offered here for this edition: priced as {model.upper()} instead.")
    keep = []
    for key in _wanted_options(workload):
        alone = _licence_config(workload, vcpus=None, cores=None, options=(key,), include=True)
        problems = validate_licences(
            alone.model_copy(update={"pdbs": None}),
            edition=workload.oracle.edition.value, platform=platform, licence_model="byol",
        )  # fmt: skip
        option_problems = [p.message for p in problems if p.field.startswith("licences.options")]
        if option_problems:
            notes.append(f"Not priced: {option_problems[0]}")
        else:
            keep.append(key)
    return _Plan(platform, _deployment(workload, platform), model, tuple(keep), notes)


def _config_for(workload: Workload, plan: _Plan, *, name: str, layout: StorageLayout, vcpus: int,
                need: Need, include_licences: bool = True) -> dict[str, Any]:  # fmt: skip
    """The calculator's config for one class and layout (sizes and IOPS rounded up to what AWS provisions)."""
    volumes = [v.model_dump(exclude_none=True) for v in layout.volumes]
    for v in volumes:
        for key in ("size_gib", "iops", "throughput_mib_s"):
            if key in v:
                v[key] = math.ceil(v[key])
    licences = _licence_config(
        workload, vcpus=vcpus, cores=_cores(plan, vcpus, need), options=plan.options,
        include=include_licences and plan.licence_model == "byol",
    )  # fmt: skip
    return {
        "platform": plan.platform,
        "region": workload.environment.region,
        "instance_class": name,
        "edition": workload.oracle.edition.value,
        "licence_model": plan.licence_model,
        "deployment": plan.deployment,
        **({"volumes": volumes} if plan.platform == "ec2" else {"storage": volumes[0]}),
        "licences": licences.model_dump(),
    }


def _cores(plan: _Plan, vcpus: int, need: Need) -> int | None:
    """Optimize CPUs: keep only the cores the need uses, where that cuts licences and the option allows it."""
    if plan.licence_model != "byol" or plan.platform == "rds-custom":
        return None
    cores = math.ceil(need.vcpus / 2)
    return cores if cores * 2 < vcpus else None


def _price(workload: Workload, book: PriceBook, plan: _Plan, *, name: str, vcpus: int, need: Need,
           layout: StorageLayout) -> tuple[Estimate, Estimate | None]:  # fmt: skip
    """Price one configuration in full; on EC2 a standby for Multi-AZ or DR is priced as a second deployment."""
    config = _config_for(workload, plan, name=name, layout=layout, vcpus=vcpus, need=need)
    try:
        primary = estimate(config, book, vcpus=vcpus)
    except EstimateInvalid:
        if config["licences"]["optimize_cpus_cores"] is None:
            raise
        config["licences"]["optimize_cpus_cores"] = None  # the class does not allow it: license every core
        primary = estimate(config, book, vcpus=vcpus)
    standby = None
    if plan.platform == "ec2" and (workload.availability.multi_az or workload.availability.cross_region_dr):
        config["licences"]["standby"] = True
        standby = estimate(config, book, vcpus=vcpus)
    return primary, standby


class _Costs:
    """Cost parts that do not depend on each other, so the search ranks without pricing every pair in full:
    a class's hours, a layout's storage lines, and the licences for a vCPU count."""

    def __init__(self, workload: Workload, book: PriceBook, plan: _Plan, need: Need) -> None:
        self.workload, self.book, self.plan, self.need = workload, book, plan, need
        self._storage: dict[StorageLayout, Decimal | None] = {}
        self._licences: dict[int, Decimal | None] = {}
        self.copies = (
            2
            if plan.platform == "ec2" and (workload.availability.multi_az or workload.availability.cross_region_dr)
            else 1
        )
        self.skipped: set[str] = set()

    def storage(self, layout: StorageLayout, probe_class: str, probe_vcpus: int) -> Decimal | None:
        if layout not in self._storage:
            config = _config_for(self.workload, self.plan, name=probe_class, layout=layout, vcpus=probe_vcpus,
                                 need=self.need, include_licences=False)  # fmt: skip
            try:
                result = estimate(config, self.book, vcpus=probe_vcpus)
            except (EstimateInvalid, PriceNotFound) as error:
                self.skipped.add(f"{layout.volumes[0].type}: {error}")
                self._storage[layout] = None
            else:
                self._storage[layout] = sum(
                    (line.monthly_usd for line in result.lines if line.unit != "Hrs"), Decimal(0)
                )
        value = self._storage[layout]
        return None if value is None else value * self.copies

    def licences(self, vcpus: int) -> Decimal | None:
        if vcpus not in self._licences:
            if self.plan.licence_model != "byol":
                self._licences[vcpus] = Decimal(0)
            else:
                config = _licence_config(self.workload, vcpus=vcpus, cores=_cores(self.plan, vcpus, self.need),
                                         options=self.plan.options, include=True)  # fmt: skip
                kwargs = dict(edition=self.workload.oracle.edition.value, platform=self.plan.platform,
                              licence_model="byol", deployment=self.plan.deployment, vcpus=vcpus)  # fmt: skip
                try:
                    total = estimate_licences(config, **kwargs).monthly_usd
                except LicenceInvalid:
                    try:
                        total = estimate_licences(
                            config.model_copy(update={"optimize_cpus_cores": None}), **kwargs
                        ).monthly_usd
                    except LicenceInvalid:
                        total = None  # e.g. SE2 beyond its vCPU cap: this class cannot be licensed
                self._licences[vcpus] = None if total is None else total * self.copies
        return self._licences[vcpus]


def _search(
    workload: Workload, book: PriceBook, *, option: str, need: Need, policy: SizingPolicy
) -> tuple[list[Candidate], list[Rejected], list[Capacity], list[str]]:
    platform = PLATFORMS[option]
    plan = _plan(workload, platform)
    layouts = ec2_layouts(need, policy) if platform == "ec2" else rds_layouts(need)
    hourly_prices = book.on_demand_hourly(
        region=workload.environment.region,
        platform=platform,
        edition=workload.oracle.edition.value,
        licence_model=plan.licence_model,
        deployment=plan.deployment,
    )
    classes = _classes(platform, policy)
    priced = sorted((hourly_prices[name], name) for name in classes if name in hourly_prices)
    unpriced = len(classes) - len(priced)
    costs = _Costs(workload, book, plan, need)
    ranked: list[tuple[Decimal, str, int, StorageLayout, Capacity, Decimal, str | None]] = []
    rejected: list[Rejected] = []
    misses: list[Capacity] = []
    best: Decimal | None = None
    if priced:
        _, probe = priced[0]
        layout_costs = sorted(  # equal cost: fewer volumes first (simpler to run)
            ((cost, len(layout.volumes), i, layout) for i, layout in enumerate(layouts)
             if (cost := costs.storage(layout, probe, catalog_rows()[probe]["vcpus"])) is not None),
        )  # fmt: skip
    else:
        layout_costs = []
    cheapest_storage = layout_costs[0][0] if layout_costs else Decimal(0)
    for hourly, name in priced:
        hours = hourly * HOURS_PER_MONTH * costs.copies
        row = catalog_rows()[name]
        licence = costs.licences(row["vcpus"])
        floor = hours + cheapest_storage + (licence or 0)
        if best is not None and floor > best * (1 + NEAR_TIE) and len(ranked) > ALTERNATIVES:
            break  # every class from here costs more than the best total found, before storage: a bound
        base = instance_dimensions(vcpus=row["vcpus"], memory_gib=row["memory_gib"], need=need)
        if not all(d.met for d in base):
            rejected.append(Rejected(name, hourly, tuple(d.shortfall for d in base if not d.met)))
            misses.append(Capacity(base))
            continue
        if licence is None:
            rejected.append(Rejected(name, hourly, (f"{row['vcpus']} vCPUs cannot be licensed for this edition",)))
            continue
        limits = instance_limits(name, "ec2" if platform == "ec2" else "rds")
        closest: Capacity | None = None
        local = platform == "ec2" and policy.use_instance_store and can_read_locally(limits, need)
        found = False
        for storage_cost, _, _, layout in layout_costs:  # cheapest first: the first that fits is this class's best
            for local_reads in (False, True) if local else (False,):
                capacity = Capacity(
                    base
                    + io_dimensions(instance=limits, layout=layout, need=need, policy=policy, local_reads=local_reads)
                    + (storage_dimension(layout, need),)
                )
                if capacity.fits:
                    total = hours + storage_cost + licence
                    store = "preferred_read" if local_reads else None
                    ranked.append((total, name, row["vcpus"], layout, capacity, hourly, store))
                    best = total if best is None else min(best, total)
                    found = True
                    break
                misses.append(capacity)
                if closest is None or len(capacity.shortfalls) < len(closest.shortfalls):
                    closest = capacity
            if found:
                break
        if not found:
            rejected.append(Rejected(name, hourly, closest.shortfalls if closest else ("no storage layout is priced",)))
    ranked.sort(key=lambda item: (item[0], item[1]))
    candidates: list[Candidate] = []
    problems = list(plan.notes)
    for _total, name, vcpus, layout, capacity, hourly, store in ranked[: ALTERNATIVES + 1]:
        try:
            cost, standby = _price(workload, book, plan, name=name, vcpus=vcpus, need=need, layout=layout)
        except (EstimateInvalid, PriceNotFound) as error:
            problems.append(f"{name}: {error}")
            continue
        row = catalog_rows()[name]
        candidates.append(
            Candidate(name, hourly, vcpus, row["memory_gib"], layout, plan.deployment, capacity, cost, standby, store)
        )
    if costs.skipped:
        kinds = sorted({entry.split(":", 1)[0] for entry in costs.skipped})
        problems.append(f"Storage types not priced in {workload.environment.region} were skipped: {', '.join(kinds)}")
    if workload.environment.region not in book.regions():
        problems.append(f"No prices are loaded for {workload.environment.region}; priced regions: "
                        f"{', '.join(book.regions()) or 'none'}")  # fmt: skip
    elif unpriced:
        problems.append(f"{unpriced} catalog classes have no price in {workload.environment.region} for this edition "
                        "and licence model and were not considered")  # fmt: skip
    return candidates, rejected, misses, problems


def _unmet(misses: list[Capacity]) -> tuple[str, ...]:
    """For each requirement no configuration met: the best any reached, and the shortfall in percent."""
    best: dict[str, Dimension] = {}
    for capacity in misses:
        for d in capacity.dimensions:
            reach = d.burst_capacity if d.covered_by == "burst" and d.burst_capacity else d.capacity
            if d.name not in best or reach > best[d.name].capacity:
                best[d.name] = d
    out = []
    for name, d in best.items():
        if any(dd.name == name and dd.met for c in misses for dd in c.dimensions):
            continue
        short = (1 - d.capacity / d.need) * 100 if d.need else 0
        out.append(f"{name}: the most any configuration gives is {d.capacity:,.0f} {d.unit}, the need is "
                   f"{d.need:,.0f} {d.unit} ({short:,.0f} % short)")  # fmt: skip
    return tuple(out)


def recommend(workload: Workload, book: PriceBook, *, policy: SizingPolicy | None = None) -> Recommendation:
    """A recommendation per option: verdict and findings, the chosen configuration, alternatives and why not."""
    policy = policy or SizingPolicy()
    need = need_for(workload, policy)
    verdicts = {v.option: v for v in evaluate_rules(workload)}
    out = []
    for option, label in OPTIONS.items():
        verdict = verdicts[option]
        if option == "odb":
            out.append(OptionRecommendation(option, label, verdict, None, (), (), (), (ODB_NOT_PRICED,)))
            continue
        candidates, rejected, misses, problems = _search(workload, book, option=option, need=need, policy=policy)
        candidates.sort(key=lambda c: (c.total_monthly_usd, c.instance_class))
        chosen = candidates[0] if candidates else None
        alternatives: list[Candidate] = []
        for candidate in candidates[1:]:
            if all(candidate.instance_class != a.instance_class for a in alternatives) and (
                chosen is None or candidate.instance_class != chosen.instance_class
            ):
                alternatives.append(candidate)
            if len(alternatives) == ALTERNATIVES:
                break
        cheaper = [r for r in rejected if chosen is None or (r.hourly_usd or 0) < chosen.hourly_usd]
        out.append(
            OptionRecommendation(
                option,
                label,
                verdict,
                chosen,
                tuple(alternatives),
                tuple(cheaper[-REJECTED_SHOWN:][::-1]),
                () if chosen else _unmet(misses),
                tuple(problems[:5]),
            )
        )
    return Recommendation(need, policy, workload.environment.region, tuple(out))


# --- JSON -----------------------------------------------------------------------------------------


def _dimension_json(d: Dimension) -> dict[str, Any]:
    headroom = d.headroom_pct
    return {
        "name": d.name,
        "unit": d.unit,
        "need": round(d.need, 2),
        "capacity": round(d.capacity, 2),
        "burst_capacity": None if d.burst_capacity is None else round(d.burst_capacity, 2),
        "burst_lasts_seconds": None if d.lasts_seconds is None else round(d.lasts_seconds),
        "met": d.met,
        "covered_by": d.covered_by,
        "headroom_pct": None if headroom is None else round(headroom, 1),
        "binding_limit": d.binding,
    }


def configuration_json(candidate: Candidate) -> dict[str, Any]:
    volumes = [v.model_dump(exclude_none=True) for v in candidate.layout.volumes]
    optimize = candidate.cost.licence.optimize_cpus if candidate.cost.licence else None
    return {
        "instance_class": candidate.instance_class,
        "vcpus": candidate.vcpus,
        "memory_gib": candidate.memory_gib,
        "optimize_cpus": None if optimize is None else optimize.model_dump(mode="json"),
        "deployment": candidate.deployment,
        "standby": "Data Guard standby priced as a second instance" if candidate.standby_cost else None,
        "instance_store": INSTANCE_STORE_WORDS if candidate.instance_store else None,
        "storage": {
            "type": volumes[0]["type"],
            "volumes": len(volumes),
            "striping": "ASM or LVM across identical volumes" if len(volumes) > 1 else None,
            "size_gib_each": volumes[0]["size_gib"],
            "iops_each": volumes[0].get("iops"),
            "throughput_mib_s_each": volumes[0].get("throughput_mib_s"),
        },
    }


def _cost_json(candidate: Candidate) -> dict[str, Any]:
    out = candidate.cost.model_dump(mode="json")
    monthly = candidate.total_monthly_usd
    out["standby"] = None if candidate.standby_cost is None else candidate.standby_cost.model_dump(mode="json")
    out["all_in_monthly_usd"] = format(monthly, "f")
    out["one_year_usd"] = format(monthly * 12, "f")
    out["three_year_usd"] = format(monthly * 36, "f")
    return out


def recommendation_json(recommendation: Recommendation) -> dict[str, Any]:
    """The shape the CLI prints and the API returns."""
    options = []
    for o in recommendation.options:
        chosen = o.chosen
        options.append(
            {
                "option": o.option,
                "label": o.label,
                "verdict": o.verdict.verdict,
                "findings": verdicts_json((o.verdict,))["options"][0]["findings"],
                "configuration": configuration_json(chosen) if chosen else None,
                "capacity": [_dimension_json(d) for d in chosen.capacity.dimensions] if chosen else [],
                "cost": _cost_json(chosen) if chosen else None,
                "alternatives": [
                    {
                        "configuration": configuration_json(a),
                        "all_in_monthly_usd": format(a.total_monthly_usd, "f"),
                        "near_tie": chosen is not None
                        and a.total_monthly_usd <= chosen.total_monthly_usd * (1 + NEAR_TIE),
                    }
                    for a in o.alternatives
                ],
                "rejected_cheaper": [
                    {"instance_class": r.instance_class, "reasons": list(r.reasons)} for r in o.rejected_cheaper
                ],
                "unmet": list(o.unmet),
                "notes": list(o.notes),
            }
        )
    return {
        "region": recommendation.region,
        "policy": recommendation.policy.model_dump(),
        "need": recommendation.need.__dict__,
        "options": options,
    }
