"""Oracle licence cost beside the AWS bill, counted by Oracle's cloud policy.

Pure Python (pydantic v2, no Django). Every price and rule comes from ``data/oracle_licences.json``, which cites
shared/reference/oracle-on-aws-features.md section 4 entry by entry. The model:

* Enterprise Edition and its options: 2 vCPUs = 1 processor licence with hyper-threading, 1 vCPU = 1 without.
  Standard Edition 2: every 4 vCPUs or fewer = 1 socket, at most 8 vCPUs; beyond that the deployment cannot be
  licensed, which is a problem to fix, not a price.
* The vCPUs counted are those the instance runs: hyper-threading off leaves one thread per core, so an r6i.4xlarge
  (8 cores x 2 threads) runs 8 vCPUs = 8 processor licences, the same as 16 vCPUs / 2 with it on.
* A licensed standby (BYOL Multi-AZ on RDS and RDS Custom must license it) doubles every product.
* Active Data Guard is licensed only on the servers open for reads (``readable_servers``: the primary and every
  standby open read-only while applying redo); a mounted standby or replica does not need it.
* Purchase at list price less the user's discount; support is 22 % a year of that net price.
* Owned licences are sunk: nothing is bought for them, but their support is still paid, so it is counted, those
  owned beyond what this deployment needs too (Oracle's support policies take part of a licence set off support only
  by terminating those licences: a separate decision, so every option counts the same owned licences' support).
* Monthly cost = purchase / (term years x 12) + yearly support / 12, each line rounded half-up to cents.
* License Included has no Oracle lines: the instance price includes the licence.
* Named User Plus (``metric`` "nup", ``named_users``): each product on each server is licensed for the named users,
  at least Oracle's minimum (EE: 25 per processor licence counted as above; SE2: 10 per server), at the price list's
  Named User Plus price (``named_users``); owned licences are then Named User Plus. The user's metric is priced, never
  swapped for the cheaper one. With License Included the metric does not apply and is said so.
* Optimize CPUs (EC2, and RDS BYOL outside the preconfigured ``tpc`` classes) licenses the active cores only; the
  saving is the licence cost of every core with the same threading minus the cost at the reduced count. Only the core
  counts AWS publishes for the type are accepted, and active vCPUs = cores x the type's threads per core
  (``data/cpu_options.json``; 1 with hyper-threading off). A type that runs one thread per core counts as
  hyper-threading off unless the caller says otherwise.

This module prices (``estimate_licences``, each answer kept by ``kept``); the price list is ``prices``, the config
and results ``contract``, the counting ``counting`` and the checks ``checks``, all re-exported here.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from pricing.engine.licences.checks import validate_licences
from pricing.engine.licences.contract import (
    CountedMetric,
    DbVersion,
    LicenceConfig,
    LicenceEstimate,
    LicenceInvalid,
    LicenceLine,
    LicenceProblem,
    OptimizeCpus,
    ProductLicences,
)
from pricing.engine.licences.counting import (
    LicenceContext,
    licence_context,
    licensed_products,
    licensed_vcpus,
    processor_licences,
    readable_note,
    readable_server_count,
    running_words,
    se2_sockets,
    standby_licensed,
    support_uplift_factor,
    threads_per_core,
)
from pricing.engine.licences.kept import kept_estimates
from pricing.engine.licences.lines import MONTHS_PER_YEAR, ProductTerms, SurplusOwned, product_lines, surplus_note
from pricing.engine.licences.named_users import (
    NUP_UNIT,
    NamedUserCount,
    metric_not_used_note,
    named_user_count,
    named_user_note,
)
from pricing.engine.licences.prices import (
    LicencePriceList,
    MultitenantRule,
    NotAvailable,
    OptimizeCpusRule,
    PriceListInfo,
    ProcessorRule,
    ProductPrice,
    Rate,
    SocketRule,
    licence_price_list,
)
from pricing.engine.prices.terms import round_cents
from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import dated

__all__ = [
    "MONTHS_PER_YEAR",
    "DbVersion",
    "LicenceConfig",
    "LicenceEstimate",
    "LicenceInvalid",
    "LicenceLine",
    "LicencePriceList",
    "LicenceProblem",
    "MultitenantRule",
    "NotAvailable",
    "OptimizeCpus",
    "OptimizeCpusRule",
    "PriceListInfo",
    "ProcessorRule",
    "ProductLicences",
    "ProductPrice",
    "Rate",
    "SocketRule",
    "estimate_counted_licences",
    "estimate_licences",
    "licence_price_list",
    "processor_licences",
    "se2_sockets",
    "validate_licences",
]


@kept_estimates
def estimate_licences(
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
    readable_servers: int | None = None,
) -> LicenceEstimate:
    """Oracle licence lines for one deployment. Raises ``LicenceInvalid`` with every problem found.
    ``readable_servers``: of the servers licensed, those open for reads (the primary and the standbys open read-only
    while applying redo), the only ones Active Data Guard is licensed on; None = every server."""
    prices = prices or licence_price_list()
    kwargs: dict[str, Any] = dict(
        edition=edition,
        platform=platform,
        licence_model=licence_model,
        deployment=deployment,
        instance_class=instance_class,
        vcpus=vcpus,
        hyperthreading=hyperthreading,
    )
    problems = validate_licences(config, prices=prices, **kwargs)
    if problems:
        raise LicenceInvalid(problems)
    if not config.include:
        return LicenceEstimate(
            included=False,
            licence_model=licence_model,
            edition=edition,
            notes=("Oracle licences not included (licences.include is false)",),
        )
    if licence_model == "li":
        li_note = "License Included: the Oracle licence is part of the instance price, so there are no Oracle lines"
        return LicenceEstimate(
            included=True,
            licence_model=licence_model,
            edition=edition,
            notes=(li_note, *([metric_not_used_note()] if config.metric == "nup" else [])),
        )
    ctx = licence_context(config, **kwargs)
    assert ctx.vcpus is not None
    with_cores = _price(config, ctx, prices, licensed_vcpus(config, ctx), readable_servers=readable_servers)
    optimize = None
    if config.optimize_cpus_cores is not None:
        optimize = _optimize_saving(config, ctx, prices, with_cores, readable_servers)
    notes = list(with_cores.notes)
    if optimize is not None:
        notes.append(optimize.note)
    return with_cores.model_copy(update={"optimize_cpus": optimize, "notes": tuple(notes)})


@kept_estimates
def estimate_counted_licences(
    config: LicenceConfig,
    *,
    edition: str,
    platform: str,
    licences_per_server: int,
    rule_text: str,
    compute: int,
    prices: LicencePriceList | None = None,
    readable_servers: int | None = None,
) -> LicenceEstimate:
    """Oracle processor licences counted by the caller's own rule (e.g. ECPUs per licence on Exadata), priced exactly
    as ``estimate_licences`` prices them: discount, owned licences, support and its uplift, amortisation, options and
    Multitenant. ``compute`` is the licensed unit count of one server (its ECPUs), kept as ``instance_vcpus``;
    ``config.servers`` says how many such servers are licensed, ``readable_servers`` how many of them are open for
    reads (Active Data Guard is licensed on those only). Raises ``LicenceInvalid`` with every problem found."""
    prices = prices or licence_price_list()
    kwargs: dict[str, Any] = dict(edition=edition, platform=platform, licence_model="byol", deployment="single-az",
                                  instance_class="", vcpus=compute, hyperthreading=None)  # fmt: skip
    problems = validate_licences(config, prices=prices, **kwargs)
    if problems:
        raise LicenceInvalid(problems)
    ctx = licence_context(config, **kwargs)
    return _price(config, ctx, prices, compute, counted=(licences_per_server, rule_text),
                  readable_servers=readable_servers)  # fmt: skip


def _optimize_saving(
    config: LicenceConfig,
    ctx: LicenceContext,
    prices: LicencePriceList,
    reduced: LicenceEstimate,
    readable_servers: int | None,
) -> OptimizeCpus:
    assert ctx.vcpus is not None and config.optimize_cpus_cores is not None and ctx.cpu is not None
    assert ctx.running_vcpus is not None
    threads = threads_per_core(ctx)
    licensed = config.optimize_cpus_cores * threads
    every_core = ctx.running_vcpus  # every core, with the same threads per core
    counted = (
        f"Optimize CPUs: {config.optimize_cpus_cores} cores x {threads} thread(s) per core = {licensed} licensed "
        f"vCPUs of {every_core}" + (" (hyper-threading off: one per core)" if ctx.threads_halved else "")
    )
    if ctx.edition == "se2" and every_core > prices.socket_rule.max_vcpus:
        full = None
        note = (
            f"{counted}; without it this SE2 deployment could not be licensed at all (more than "
            f"{prices.socket_rule.max_vcpus} vCPUs)"
        )
    else:
        full = _price(config, ctx, prices, every_core, readable_servers=readable_servers).monthly_usd
        note = (
            f"{counted}, same memory and instance price; Oracle licences ${full - reduced.monthly_usd:,.2f} a month "
            "less than with every core active"
        )
    return OptimizeCpus(
        cores=config.optimize_cpus_cores,
        threads_per_core=threads,
        licensed_vcpus=licensed,
        instance_vcpus=every_core,
        monthly_without_usd=full,
        monthly_with_usd=reduced.monthly_usd,
        saving_monthly_usd=None if full is None else full - reduced.monthly_usd,
        note=note,
        source=ctx.cpu.source,
        as_of=ctx.cpu.as_of,
    )


def _price(
    config: LicenceConfig,
    ctx: LicenceContext,
    prices: LicencePriceList,
    licensed_vcpus: int,
    counted: tuple[int, str] | None = None,
    readable_servers: int | None = None,
) -> LicenceEstimate:
    metric: CountedMetric
    if counted is not None:
        metric, (per_server, rule_text) = "processor", counted
    elif ctx.edition == "se2":
        metric = "socket"
        per_server = math.ceil(licensed_vcpus / prices.socket_rule.vcpus_per_socket)
        rule_text = (
            f"SE2: {licensed_vcpus} vCPUs{running_words(ctx, licensed_vcpus)} / "
            f"{prices.socket_rule.vcpus_per_socket} per socket, rounded up = {per_server} socket(s) "
            f"(source: {dated(prices.socket_rule)})"
        )
    else:
        metric = "processor"
        per_server = processor_licences(licensed_vcpus, hyperthreading=ctx.hyperthreading, prices=prices)
        per = "2 vCPUs" if ctx.hyperthreading else "1 vCPU"
        rule_text = (
            f"EE: {licensed_vcpus} vCPUs{running_words(ctx, licensed_vcpus)}, {per} per processor licence "
            f"({'hyper-threading on' if ctx.hyperthreading else 'hyper-threading off'}) = {per_server} processor "
            f"licence(s) (source: {dated(prices.processor_rule)})"
        )
    standby = standby_licensed(config, ctx)
    servers = config.servers if config.servers is not None else 2 if standby else 1
    keys, notes = licensed_products(config, ctx, prices)
    nup: NamedUserCount | None = None
    counts = [customer_words(rule_text)]
    if config.metric == "nup":
        assert config.named_users is not None  # checked: 1 or more with Named User Plus
        where = "VM cluster" if ctx.platform == "odb" else "server"
        nup = named_user_count(config.named_users, edition=ctx.edition, processors=per_server, prices=prices,
                               server_word=where)  # fmt: skip
        metric, per_server = "nup", nup.per_server
        nup_words = named_user_note(nup, edition=ctx.edition, options=len(keys) > 1, prices=prices)
        counts = [*(counts if ctx.edition == "ee" else []), nup_words]  # SE2's sockets do not count under NUP
    notes = [*counts, *(customer_words(note) for note in notes)]
    readable = readable_server_count(keys, servers, readable_servers, prices)
    if config.servers is not None and config.servers > 1:
        but = f" but {prices.product(prices.readable_standby_rule.option).name}" if readable is not None else ""
        notes.append(
            f"{config.servers} servers of this shape are licensed like the primary, for every product{but}: a Data "
            f"Guard standby or replica is licensed like its primary (source: {customer_words(prices.standby_rule.source)})"
        )
    elif standby:
        notes.append(
            "The standby is licensed like the primary, for every product"
            + (f" (source: {customer_words(prices.standby_rule.source)})" if ctx.platform != "ec2" else "")
            + ("; its EC2 instance and storage are not in this estimate" if ctx.platform == "ec2" else "")
        )
    discount = config.discount_pct / Decimal(100)
    months = Decimal(config.term_years * MONTHS_PER_YEAR)
    rate = prices.support_rate.value
    rate_words = f"{(rate * 100).normalize():f}%"  # the price list's support rate, as the lines say it
    uplift = support_uplift_factor(config.support_uplift_pct, config.term_years)
    # the monthly support is the term's average: with a 1-year term that is year 1's fee, later years paying more
    averaged = f"the average over {config.term_years} years" if config.term_years > 1 else "year 1's fee, a 1-year term"
    uplifted = (
        f", rising {config.support_uplift_pct.normalize():f}% a year ({averaged})" if config.support_uplift_pct else ""
    )
    not_bought: list[str] = []
    owned_map = (
        {ctx.edition: config.owned_processor_licences}
        if isinstance(config.owned_processor_licences, int)
        else dict(config.owned_processor_licences)
    )
    products: list[ProductLicences] = []
    lines: list[LicenceLine] = []
    surplus: list[SurplusOwned] = []
    if readable is not None:
        notes.append(readable_note(readable, servers, prices))
    terms = ProductTerms(config=config, prices=prices, months=months, rate_words=rate_words, uplifted=uplifted,
                         uplift=uplift, unit=NUP_UNIT if nup is not None else f"{metric} licence")  # fmt: skip
    for key in keys:
        product = prices.product(key)
        list_price = product.nup_usd if nup is not None else product.licence_usd
        assert list_price is not None
        product_servers = readable if readable is not None and key == prices.readable_standby_rule.option else servers
        required = per_server * product_servers
        owned = min(owned_map.get(key, 0), required)
        beyond = owned_map.get(key, 0) - owned  # owned, not needed here: still supported unless terminated
        if beyond:
            surplus.append(SurplusOwned(product.name, owned + beyond, required))
        to_buy = required - owned
        net = list_price * (1 - discount)
        purchase = to_buy * net if config.count_purchase else Decimal(0)
        if to_buy and not config.count_purchase:
            not_bought.append(f"{to_buy} {product.name}")
        support = (required + beyond) * net * rate * uplift
        counted_words = "" if nup is None else nup.line_words(product_servers, required)
        product_lines_ = product_lines(product, terms, list_price=list_price, net=net, required=required,
                                       owned=owned, to_buy=to_buy, purchase=purchase, support=support,
                                       counted_words=counted_words, surplus=beyond)  # fmt: skip
        lines.extend(product_lines_)
        products.append(
            ProductLicences(
                key=key,
                name=product.name,
                metric=metric,
                per_server=per_server,
                servers=product_servers,
                required=required,
                owned=owned,
                to_buy=to_buy,
                surplus=beyond,
                list_price_usd=list_price,
                net_price_usd=net,
                purchase_usd=round_cents(purchase),
                annual_support_usd=round_cents(support),
                monthly_usd=sum((line.monthly_usd for line in product_lines_), Decimal("0.00")),
            )
        )
    if any(p.owned for p in products):
        notes.append(
            f"Owned licences are sunk: nothing is bought for them, but their support ({rate_words} a year of the net "
            "price) is still paid and counted"
        )
    if surplus:
        notes.append(surplus_note(surplus, prices))
    if not_bought:
        notes.append("Support only, as asked: the purchase of the licences to buy is not counted ("
                     + ", ".join(not_bought) + " licences)")  # fmt: skip
    return LicenceEstimate(
        included=True,
        licence_model=ctx.licence_model,
        edition=ctx.edition,
        metric=metric,
        named_users=None if nup is None else nup.named_users,
        instance_vcpus=ctx.vcpus,
        licensed_vcpus=licensed_vcpus,
        hyperthreading=ctx.hyperthreading,
        licences_per_server=per_server,
        servers=servers,
        products=tuple(products),
        lines=tuple(lines),
        monthly_usd=sum((line.monthly_usd for line in lines), Decimal("0.00")),
        upfront_purchase_usd=sum((p.purchase_usd for p in products), Decimal("0.00")),
        annual_support_usd=sum((p.annual_support_usd for p in products), Decimal("0.00")),
        support_first_year_usd=sum(
            (round_cents((p.required + p.surplus) * p.net_price_usd * rate) for p in products), Decimal("0.00")
        ),
        term_years=config.term_years,
        discount_pct=config.discount_pct,
        support_uplift_pct=config.support_uplift_pct,
        count_purchase=config.count_purchase,
        notes=tuple(notes),
    )
