"""Recommendations: per deployment option, the cheapest topology that meets the workload with headroom.

Pure Python (no Django). For each option the search walks the catalog's classes in order of their hourly price,
checks each class's vCPUs (after Optimize CPUs) and memory, then the storage layouts sized to the need (``sizing``)
through the IO-limit model. A class whose buffer cache can hold the workload's hot set is also tried with the
physical reads that caching leaves, so memory is traded against IOPS. The configurations that fit are priced as the
topology the option deploys (``topology``: primary, local standby, DR copy, read replicas, redo shipping, licences
once per licensed server), and the walk stops once a class's hours alone cost more than the best total found (a
bound, not an arbitrary cap). Near-ties become alternatives; cheaper classes that did not fit say why.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any, Literal

from advisor.engine.coremark_spread import borrowed_words, spread_of
from advisor.engine.instances import catalog_rows, instance_names
from advisor.engine.odb.option import odb_recommendation
from advisor.engine.recommendation.candidates import Candidate, OptionRecommendation, Rejected
from advisor.engine.recommendation.fitting import Fit, fit_class, priced_layouts
from advisor.engine.recommendation.instance_store import instance_store_words
from advisor.engine.recommendation.option_commitments import option_commitments
from advisor.engine.recommendation.option_costs import (
    OptionPlan,
    RankingCosts,
    config_for,
    licence_config,
    optimize_cores,
    plan_option,
)
from advisor.engine.recommendation.ranking import Ranking, rank_options, service_ending
from advisor.engine.recommendation.unpriced import (
    beyond_licence_cap,
    beyond_rds_allocation,
    larger_unpriced,
    unpriced_reason,
)
from advisor.engine.rules.loader import OPTIONS, evaluate_rules
from advisor.engine.sizing import (
    INSTANCE_DIMENSIONS,
    Capacity,
    Dimension,
    Need,
    SizingPolicy,
    cached_need_for,
    need_for,
)
from advisor.engine.sizing.cores import (
    SourceCpu,
    no_scaling_words,
    scale_for,
    scaled_need,
    source_cpu,
)
from advisor.engine.sizing.hcc import HCC_KEEPERS, decompressed_need, decompressed_words
from advisor.engine.sizing.offers import (
    EBS_UNPUBLISHED_WORDS,
    cannot_check_io,
    ebs_published,
    needs_nitro,
    not_orderable,
)
from advisor.engine.topology import price_topology
from advisor.engine.workload import Workload
from pricing.engine.calculator import EstimateInvalid
from pricing.engine.licences.cost import LicenceInvalid
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.sources.customer_words import customer_words

Platform = Literal["rds", "rds-custom", "ec2"]
PLATFORMS: dict[str, Platform] = {"rds": "rds", "rds_custom": "rds-custom", "ec2": "ec2"}
NEAR_TIE = Decimal("0.05")  # alternatives within 5 % of the chosen total are near-ties
ALTERNATIVES = 3
REJECTED_SHOWN = 5
LATENCY_WORDS = (
    "latency sensitivity is high: only storage AWS rates sub-millisecond is considered (io2 Block Express; "
    "gp3, gp2 and io1 are single-digit milliseconds: Amazon EBS volume types, AWS EC2 User Guide, 2023-06-15)"
)


@dataclass(frozen=True)
class Recommendation:
    need: Need
    policy: SizingPolicy
    region: str
    options: tuple[OptionRecommendation, ...]
    ranking: Ranking = dataclasses.field(init=False, compare=False)  # one basis, ranked from ``options``

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranking", rank_options(options=self.options))


def _classes(platform: Platform, policy: SizingPolicy) -> tuple[str, ...]:
    return _classes_of(platform, policy.include_burstable_classes, policy.include_deprecated_classes)


@cache
def _classes_of(platform: Platform, burstable: bool, deprecated: bool) -> tuple[str, ...]:
    """The catalog's classes the policy lets a search consider (the catalog is loaded once a process)."""
    rows = catalog_rows()
    out = []
    for name in instance_names("ec2" if platform == "ec2" else "rds"):
        row = rows[name]
        if (row["family"] == "t3" or row.get("burstable")) and not burstable:
            continue
        if row.get("deprecated_for_oracle") and not deprecated:
            continue
        out.append(name)
    return tuple(out)


def _search(workload: Workload, book: PriceBook, *, option: str, needs: list[Need], policy: SizingPolicy):
    platform = PLATFORMS[option]
    plan = plan_option(workload, platform)
    costs = RankingCosts(workload, book, plan, needs[0])
    region = workload.environment.region
    home = costs.hourly(region, plan.deployment) if region in book.regions() else {}
    classes = _classes(platform, policy)
    priced = sorted((home[name], name) for name in classes if name in home)
    fits: list[Fit] = []
    seen: dict[tuple[Any, ...], tuple[Dimension, ...]] = {}
    rejected: list[Rejected] = []
    misses: list[Capacity] = []
    reach: dict[int, tuple[Dimension, ...]] = {}  # the storage and IO of every layout that missed (see ``_unmet``)
    best: Decimal | None = None
    standby = any(m.role == "local-standby" for m in plan.topology.members)  # fails over when the NVMe copy is lost
    variants = ([(need, priced_layouts(need, platform, policy, costs, priced[0][1], standby=standby)) for need in needs]
                if priced else [])  # fmt: skip
    cheapest_storage = min((layouts[0][0] for _, layouts in variants if layouts), default=Decimal(0))
    source = source_cpu(workload)
    edition = workload.oracle.edition.value
    regions = (region, *sorted({m.region for m in plan.topology.members if m.region != region}))  # a DR copy's too
    shapes = [_shape(costs, plan, name, needs[0], source, edition, policy) for _, name in priced]
    lowest_after = _suffix_min([shape[3] for shape in shapes])  # the least licence of this class or any after it
    for (hourly, name), (row, scaling, (cores, threads), licence), least in zip(
        priced, shapes, lowest_after, strict=True
    ):
        why_not = (next(filter(None, (not_orderable(name, platform=platform, region=r, edition=edition,
                                                    licence_model=plan.licence_model) for r in regions)), None)
                   or cannot_check_io(name, needs[0]) or needs_nitro(name, needs[0], platform))  # fmt: skip
        if why_not:
            rejected.append(Rejected(name, hourly, (why_not,)))
            continue
        hours = costs.instance_hours(name)
        if hours is None:
            continue
        walk = variants
        limit = None if best is None or len(fits) <= ALTERNATIVES else best * (1 + NEAR_TIE)
        if limit is not None and hours + cheapest_storage + (licence or 0) > limit:
            # this class costs more than the best total found, before storage; once even the least licence of any
            # class after it does too, every class from here does (hours rise along the walk, licences need not:
            # a dearer class may allow fewer cores): a bound. Only the cheapest class that caches the hot set is
            # still looked for, to show that trade.
            past_all = hours + cheapest_storage + least > limit
            walk = [(need, layouts) for need, layouts in variants if need.caching]
            if not walk or any(f.need.caching for f in fits) or row["memory_gib"] < walk[0][0].memory_gib:
                if past_all and (not walk or any(f.need.caching for f in fits)):
                    break
                continue
        if licence is None:
            rejected.append(Rejected(name, hourly, (f"{row['vcpus']} vCPUs cannot be licensed for this edition",)))
            continue
        found: list[Fit] = []
        first_miss: Capacity | None = None
        for need, layouts in walk:
            fit, capacity = fit_class(name, row, scaled_need(need, scaling), layouts, hourly, hours, licence, cores,
                                       threads, platform, policy, need, seen, None if need.caching else reach,
                                       standby=standby)  # fmt: skip
            if fit is not None:
                found.append(dataclasses.replace(fit, need=need, scaling=scaling))
            elif capacity is not None:
                if not need.caching:
                    misses.append(capacity)
                first_miss = first_miss or capacity
        if found:
            fit = min(found, key=lambda f: f.total)
            if costs.stands_in(name):  # compared after the classes every member's Region prices; never the bound
                fits.append(dataclasses.replace(fit, stands_in=True))
            else:
                fits.append(fit)
                best = fit.total if best is None else min(best, fit.total)
        else:
            if first_miss:
                rejected.append(Rejected(name, hourly, closest=first_miss))
            else:
                rejected.append(Rejected(name, hourly, ("no storage layout is priced",)))
    fits.sort(key=lambda f: (f.stands_in, f.total, f.name))
    shown = fits[: ALTERNATIVES + 1]
    other = next((f for f in fits[ALTERNATIVES + 1 :] if bool(f.need.caching) != bool(shown[0].need.caching)), None)
    if shown and other is not None and all(bool(f.need.caching) == bool(shown[0].need.caching) for f in shown):
        shown.append(other)  # show the memory-against-IOPS trade among the alternatives
    notes = list(plan.notes)
    candidates = []
    for fit in shown:
        try:
            candidates.append(_candidate(workload, book, plan, fit, source))
        except (EstimateInvalid, PriceNotFound, LicenceInvalid) as error:
            notes.append(f"{fit.name}: {error}")
    if costs.skipped:
        kinds = sorted({entry.split(":", 1)[0] for entry in costs.skipped})
        notes.append(f"Storage types not priced in {region} were skipped: {', '.join(kinds)}")
    unpriced = "" if priced else unpriced_reason(book, workload, platform, plan.licence_model, plan.deployment)
    if priced and not any(layouts for _, layouts in variants):
        why = "; ".join(sorted(costs.skipped)) or "no layout is within AWS's bounds"
        unpriced = (f"No storage that meets the need has a price in {region}"
                    + (f" ({LATENCY_WORDS})" if needs[0].sub_ms_latency else "") + f": {why}")  # fmt: skip
    if priced and len(classes) > len(priced):
        notes.append(f"{len(classes) - len(priced)} instance classes have no price held for {region} for this "
                     "edition and licence model and were not considered")  # fmt: skip
        short_of = {d.name for c in misses for d in c.dimensions if not d.met}
        if not fits and not unpriced and short_of and short_of <= INSTANCE_DIMENSIONS:  # what a bigger class fixes
            unpriced = larger_unpriced(classes, home, needs[0], region, edition)
    if not fits and not unpriced and platform == "rds":  # a database past one allocation: its size is the cause
        unpriced = beyond_rds_allocation(needs[0])
    past_cap = not fits and not unpriced and bool(beyond_licence_cap(needs[0], edition, plan.licence_model))
    if past_cap:  # a need past the edition's licence cap: the cap is the cause, not the catalog
        unpriced = beyond_licence_cap(needs[0], edition, plan.licence_model)
    return candidates, rejected, (misses, reach), notes, unpriced, past_cap


def _shape(costs: RankingCosts, plan: OptionPlan, name: str, need: Need, source: SourceCpu | None, edition: str,
           policy: SizingPolicy) -> tuple[dict[str, Any], Any, tuple[int | None, int], Decimal | None]:  # fmt: skip
    """A class's catalog row, its need scaled to its cores, the cores Optimize CPUs leaves and its licence a month."""
    row = catalog_rows()[name]
    scaling = scale_for(row, need, source, edition=edition, credit=policy.credit_faster_cores)
    cores, threads = optimize_cores(plan, name, scaled_need(need, scaling).vcpus)
    return row, scaling, (cores, threads), costs.licences(name, row["vcpus"], cores, threads)


def _suffix_min(licences: list[Decimal | None]) -> list[Decimal]:
    """For each position, the least licence there or after it (a class that cannot be licensed is never a fit, so
    it does not lower the bound; with none licensable after, infinity)."""
    out: list[Decimal] = []
    least = Decimal("Infinity")
    for licence in reversed(licences):
        if licence is not None:
            least = min(least, licence)
        out.append(least)
    return out[::-1]


def _candidate(workload: Workload, book: PriceBook, plan: OptionPlan, fit: Fit, source: SourceCpu | None) -> Candidate:
    row = catalog_rows()[fit.name]
    cores = fit.cores
    while True:
        config = config_for(workload, plan, name=fit.name, layout=fit.layout, cores=cores)
        licences = licence_config(workload, vcpus=None, cores=cores, options=plan.options,
                                  include=plan.licence_model == "byol")  # fmt: skip
        try:
            topology = price_topology(workload, book, plan.topology, config, licences=licences, vcpus=row["vcpus"],
                                      hyperthreading=fit.threads > 1)  # fmt: skip
            break
        except LicenceInvalid:
            if cores is None:
                raise
            cores = None  # the class does not allow Optimize CPUs here: license every core
    reasons = [LATENCY_WORDS] if fit.need.sub_ms_latency else []
    if fit.need.caching:
        reasons.append(f"{fit.name}: {row['memory_gib']:g} GiB holds {fit.need.caching}")
    scaling_words = fit.scaling.words if fit.scaling else no_scaling_words(row, source)
    reasons.append(scaling_words)
    published = ebs_published(fit.name)
    if not published:
        reasons.append(f"{fit.name}: {EBS_UNPUBLISHED_WORDS}; this workload states none")
    if fit.stands_in:
        elsewhere = sorted({m.region for m in plan.topology.members if m.region != workload.environment.region})
        reasons.append(f"{fit.name}: no {', '.join(elsewhere)} price is held for it, so its DR copy is priced at "
                       f"{workload.environment.region}'s price (estimated) and it is compared after the classes "
                       "priced in every Region of the topology")  # fmt: skip
    mark = row.get("coremark") or {}
    spread = spread_of(row)
    return Candidate(
        fit.name, fit.hourly, row["vcpus"], row["memory_gib"], fit.layout, plan.deployment, fit.capacity, topology,
        cores, fit.threads, fit.store, fit.need.caching, tuple(reasons), mark.get("per_thread"), mark.get("as_of"),
        scaling_words, published, spread.pct if spread else None, spread.words if spread else "", fit.stands_in,
        (mark.get("borrowed") or {}).get("from"), borrowed_words(mark),
        instance_store_words(fit.store, fit.capacity, fit.need),
    )  # fmt: skip


def _unmet(misses: list[Capacity], reach: dict[int, tuple[Dimension, ...]]) -> tuple[str, ...]:
    """For each requirement no configuration met: the most any reached, over each class's closest miss (its vCPUs
    and memory) and the storage and IO of every layout tried on every class (``reach``), and the shortfall in
    percent. An unmet requirement is never covered by a burst, so what it reached is its baseline."""
    best: dict[str, Dimension] = {}
    met: set[str] = set()
    for dimensions in (*(c.dimensions for c in misses), *reach.values()):
        for d in dimensions:
            if d.met:
                met.add(d.name)
            elif d.name not in best or d.capacity > best[d.name].capacity:
                best[d.name] = d
    out = []
    for name, d in best.items():
        if name in met:
            continue
        short = (1 - d.capacity / d.need) * 100 if d.need else 0
        capacity, needed = d.shown  # 8 and 8.4 vCPUs, never 8 and 8
        out.append(f"{name}: the most any configuration gives is {capacity} {d.unit}, the need is {needed} {d.unit} "
                   f"({short:,.0f} % short)")  # fmt: skip
    return tuple(out)


def recommend(workload: Workload, book: PriceBook, *, policy: SizingPolicy | None = None) -> Recommendation:
    """A recommendation per option: verdict and findings, the chosen topology, alternatives and why not."""
    policy = policy or SizingPolicy()
    need = need_for(workload, policy)
    cached = cached_need_for(workload, policy)
    needs = [need] + ([cached] if cached is not None else [])
    verdicts = {v.option: v for v in evaluate_rules(workload)}
    out: list[OptionRecommendation] = []
    for option, label in OPTIONS.items():
        verdict = verdicts[option]
        if option == "odb":
            priced = tuple((o.label, o.chosen.total_monthly_usd) for o in out
                           if o.chosen is not None and o.verdict.verdict != "blocked")  # fmt: skip
            out.append(odb_recommendation(workload, need, label, verdict, priced))
            continue
        option_needs = needs if option in HCC_KEEPERS else [decompressed_need(workload, n) for n in needs]
        candidates, rejected, tried, notes, unpriced, past_cap = _search(workload, book, option=option,
                                                                         needs=option_needs, policy=policy)  # fmt: skip
        hcc_words = "" if option in HCC_KEEPERS else decompressed_words(workload, need)
        notes = [hcc_words, *notes] if hcc_words else notes
        candidates.sort(key=lambda c: (c.stands_in, c.total_monthly_usd, c.instance_class))
        chosen = candidates[0] if candidates else None
        alternatives: list[Candidate] = []
        for candidate in candidates[1:]:
            if candidate.instance_class not in {a.instance_class for a in alternatives} and (
                chosen is None or candidate.instance_class != chosen.instance_class
            ):
                alternatives.append(candidate)
        cheaper = [r for r in rejected if chosen is None or (r.hourly_usd or 0) < chosen.hourly_usd]
        commitments = None
        if chosen is not None:
            notes = [*chosen.topology.gaps, *chosen.topology.notes, *notes]
            if ends := service_ending(verdict):  # no 1- or 3-year term can run its course on a service that ends
                notes.append(f"No AWS commitment is offered: {label} ends on {ends.service_ends}, before a 1-year "
                             "term would end.")  # fmt: skip
            else:
                commitments = option_commitments(chosen.topology, book, workload.environment.region,
                                                 vcpus=chosen.vcpus, hyperthreading=chosen.threads_per_core > 1)  # fmt: skip
        out.append(
            OptionRecommendation(
                option,
                label,
                verdict,
                chosen,
                tuple(alternatives[: ALTERNATIVES + 1]),
                tuple(cheaper[-REJECTED_SHOWN:][::-1]),
                () if chosen else tuple(customer_words(line) for line in _unmet(*tried)),
                tuple(customer_words(note) for note in notes[:8]),
                unpriced,
                commitments=commitments,
                does_not_fit=past_cap and verdict.verdict != "blocked",
            )  # fmt: skip
        )
    return Recommendation(need, policy, workload.environment.region, tuple(out))
