"""Everything wrong with a ``licences`` object for one deployment, found before anything is priced: unknown or
unpriced options, options SE2 or a platform cannot have, PDBs beyond SE2's limit, Optimize CPUs where AWS does not
offer it or with a core count it does not allow, a BYOL Multi-AZ standby left unlicensed, hyper-threading a type
does not have or cannot be counted without, a missing vCPU count, SE2 beyond 8 vCPUs, discounts, terms and owned
licences out of range, Named User Plus without its named users.

Pure Python (no Django). Each problem names its field and what would be accepted.
"""

from __future__ import annotations

from decimal import Decimal

from pricing.engine.cpu_options import core_count_problem
from pricing.engine.licences.contract import LicenceConfig, LicenceProblem
from pricing.engine.licences.counting import (
    LicenceContext,
    licence_context,
    licensed_products,
    licensed_vcpus,
    se2_cap_message,
    threading_problem,
)
from pricing.engine.licences.prices import LicencePriceList, licence_price_list
from pricing.engine.prices.terms import PLATFORM_LABELS
from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import dated

# The longest term a licence purchase is spread over: a modelling bound, not Oracle's (a perpetual licence has no
# term); beyond ten years the monthly figure says little about what is paid
MAX_TERM_YEARS = 10


def validate_licences(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licence_model: str,
    deployment: str = "single-az",
    instance_class: str = "",
    vcpus: int | None = None,
    hyperthreading: bool | None = None,
    prices: LicencePriceList | None = None,
) -> tuple[LicenceProblem, ...]:
    """Every problem with the ``licences`` object for this deployment, before anything is priced."""
    prices = prices or licence_price_list()
    ctx = licence_context(
        config,
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=vcpus,
        hyperthreading=hyperthreading,
    )
    if not config.include:
        return ()
    out: list[LicenceProblem] = []
    known = prices.option_keys()
    for i, key in enumerate(config.options):
        path = f"licences.options[{i}]"
        if key not in known:
            out.append(LicenceProblem(path, f"unknown option {key!r}; accepted: {', '.join(known)}"))
            continue
        product = prices.product(key)
        if product.licence_usd is None:
            out.append(
                LicenceProblem(
                    path,
                    f"{product.name} has no list price here ({dated(product)}); accepted options with a price: "
                    + ", ".join(k for k in known if prices.product(k).licence_usd is not None),
                )
            )
        if edition == "se2":
            out.append(
                LicenceProblem(
                    path,
                    f"{product.name} is an Enterprise Edition option; Standard Edition 2 cannot license it; "
                    "accepted: edition ee, or no options",
                )
            )
        for na in prices.not_available:
            if na.option == key and platform in na.platforms:
                out.append(LicenceProblem(path, f"{product.name} is not available on {PLATFORM_LABELS[platform]} "
                                                f"(source: {customer_words(na.source)}, {na.as_of})"))  # fmt: skip
    if config.pdbs is not None:
        if config.pdbs < 0:
            out.append(LicenceProblem("licences.pdbs", "must be 0 or more"))
        elif edition == "se2" and config.pdbs > prices.multitenant_rule.se2_max_pdbs:
            out.append(
                LicenceProblem(
                    "licences.pdbs",
                    f"Standard Edition 2 allows at most {prices.multitenant_rule.se2_max_pdbs} user-created PDBs per "
                    f"CDB; accepted: 0-{prices.multitenant_rule.se2_max_pdbs}, or edition ee with Multitenant "
                    f"(source: {dated(prices.multitenant_rule)})",
                )
            )
    optimize_problems = _optimize_problems(config, ctx, prices) if config.optimize_cpus_cores is not None else []
    out.extend(optimize_problems)
    if licence_model == "li":
        return tuple(out)  # AWS holds the licence: counts, discounts and standbys are not ours to check
    if config.standby is False and platform in ("rds", "rds-custom") and deployment == "multi-az":
        out.append(
            LicenceProblem(
                "licences.standby",
                "a BYOL Multi-AZ standby must be licensed like the primary; accepted: true, or omit it "
                f"(source: {dated(prices.standby_rule)})",
            )
        )
    threading = threading_problem(config, ctx, caller_hyperthreading=hyperthreading)
    if threading is not None:
        out.append(LicenceProblem("licences.hyperthreading", threading))
    if ctx.vcpus is None:
        out.append(
            LicenceProblem(
                "licences.vcpus",
                f"the vCPU count of {instance_class or 'the instance'} is needed to count Oracle licences; the price "
                "book carries none for it: set licences.vcpus or pass vcpus",
            )
        )
    elif ctx.vcpus < 1:
        out.append(LicenceProblem(ctx.vcpus_field, f"{ctx.vcpus} vCPUs; accepted: 1 or more"))
    elif edition == "se2" and not optimize_problems and threading is None:
        licensed = licensed_vcpus(config, ctx)
        if licensed > prices.socket_rule.max_vcpus:
            field = "licences.optimize_cpus_cores" if config.optimize_cpus_cores is not None else ctx.vcpus_field
            out.append(LicenceProblem(field, se2_cap_message(licensed, prices.socket_rule)))
    if not Decimal(0) <= config.discount_pct <= Decimal(100):
        out.append(LicenceProblem("licences.discount_pct", f"{config.discount_pct}; accepted: 0 to 100 (percent)"))
    if not Decimal(0) <= config.support_uplift_pct <= Decimal(100):
        out.append(LicenceProblem("licences.support_uplift_pct",
                                  f"{config.support_uplift_pct}; accepted: 0 to 100 (percent a year)"))  # fmt: skip
    if not 1 <= config.term_years <= MAX_TERM_YEARS:
        out.append(LicenceProblem("licences.term_years", f"{config.term_years}; accepted: 1 to {MAX_TERM_YEARS} years"))
    out.extend(_owned_problems(config, ctx, prices))
    out.extend(_named_user_problems(config, ctx, prices))
    return tuple(out)


def _named_user_problems(config: LicenceConfig, ctx: LicenceContext, prices: LicencePriceList) -> list[LicenceProblem]:
    """Named User Plus needs the named users (1 or more) and a Named User Plus price for every product licensed;
    named users are counted under that metric only."""
    field = "licences.named_users"
    if config.metric != "nup":
        if config.named_users is None:
            return []
        return [LicenceProblem(field, "named users are counted only with Named User Plus; accepted: metric nup, or "
                                      "omit the named users")]  # fmt: skip
    if config.named_users is None:
        return [LicenceProblem(field, "Named User Plus needs the number of named users (the people and devices that "
                                      "use the database); accepted: a whole number, 1 or more")]  # fmt: skip
    if config.named_users < 1:
        return [LicenceProblem(field, f"{config.named_users}; accepted: a whole number of named users, 1 or more")]
    keys, _ = licensed_products(config, ctx, prices)
    known = {p.key for p in prices.products}  # an unknown option is refused on its own field above
    unpriced = [prices.product(k).name for k in keys if k in known and prices.product(k).nup_usd is None]
    if unpriced:
        return [LicenceProblem("licences.metric", f"no Named User Plus price is held for {', '.join(unpriced)}; "
                                                  "accepted: processor")]  # fmt: skip
    return []


def _optimize_problems(config: LicenceConfig, ctx: LicenceContext, prices: LicencePriceList) -> list[LicenceProblem]:
    rule = prices.optimize_cpus
    field = "licences.optimize_cpus_cores"
    cores = config.optimize_cpus_cores
    assert cores is not None
    if ctx.platform not in rule.platforms:
        return [
            LicenceProblem(
                field,
                f"Optimize CPUs is not available on {PLATFORM_LABELS.get(ctx.platform, ctx.platform)}; accepted on: "
                f"{', '.join(PLATFORM_LABELS.get(p, p) for p in rule.platforms)} (source: {customer_words(rule.source)})",
            )
        ]
    if ctx.licence_model not in rule.licence_models:
        return [
            LicenceProblem(
                field, f"Optimize CPUs is for BYOL only, not {ctx.licence_model}; omit it (source: {dated(rule)})"
            )
        ]
    if ctx.platform == "rds" and any(m in ctx.instance_class for m in rule.excluded_class_markers):
        return [
            LicenceProblem(
                field, f"{ctx.instance_class} is a preconfigured class without Optimize CPUs (source: {dated(rule)})"
            )
        ]
    problem = core_count_problem(ctx.instance_class, cores, platform="rds" if ctx.platform == "rds" else "ec2")
    if problem is not None:
        return [LicenceProblem(field, problem)]
    return []


def _owned_problems(config: LicenceConfig, ctx: LicenceContext, prices: LicencePriceList) -> list[LicenceProblem]:
    owned = config.owned_processor_licences
    field = "licences.owned_processor_licences"
    if isinstance(owned, int):
        return [LicenceProblem(field, f"{owned}; accepted: 0 or more")] if owned < 0 else []
    keys, _ = licensed_products(config, ctx, prices)
    out = []
    for key, count in owned.items():
        if key not in keys:
            out.append(
                LicenceProblem(
                    f"{field}.{key}", f"{key!r} is not licensed by this deployment; accepted: {', '.join(keys)}"
                )
            )
        elif count < 0:
            out.append(LicenceProblem(f"{field}.{key}", f"{count}; accepted: 0 or more"))
    return out
