"""Size and price Oracle Database@AWS: Exadata Database Service on Dedicated Infrastructure.

Pure Python (no Django). Facts come from ``pricing/engine/data/odb_{prices,regions,shapes}.json`` through
``pricing.engine.odb_prices``; every number below is read there, with its source. The model:

* The service must be offered in the Region (and in the DR Region for a cross-Region standby).
* Compute, database and storage servers: sized by ``odb.sizing`` (one VM per database server).
* Cost: database and storage servers per hour for the whole month (the infrastructure exists all month), the
  VM cluster's ECPUs per hour for the whole month too (a stopped VM bills on: ``stopped_vm_billing``; fewer hours
  only say what scaling the ECPUs down could save, not priced), at Oracle's list prices or the buyer's private-offer rates
  or discounts (``odb.rates``); each line rounded half-up to cents and saying which rate it used. A price the list
  lacks (License Included ECPUs) leaves its total unpriced, with why, unless the buyer quotes a rate for it.
* BYOL: the Oracle processor licences (and the options the database runs: those the workload needs, and RAC on a VM
  cluster of two or more VMs) for every VM cluster are counted and priced like every other option's
  (``odb.licences``), so the BYOL total includes them (``licences_in_total``).
* Multi-AZ and cross-Region DR: a second, identical infrastructure and VM cluster for each Data Guard standby. In a
  Region where the service runs in one Availability Zone (``odb.zones``) the Multi-AZ standby cannot be built: it is
  neither built nor priced, and ``lacking`` says so (the option does not meet the availability asked for).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import partial

from advisor.engine.licence_terms import OwnedOptions
from advisor.engine.odb.licences import (
    count_byol_licences,
    deployed_options,
    licence_lines,
    other_reading_total,
    without_rac_total,
)
from advisor.engine.odb.lines import LICENCE_LABELS, infrastructure_lines
from advisor.engine.odb.price_lead import PriceLead, price_lead
from advisor.engine.odb.rates import CostLine, OdbRates
from advisor.engine.odb.sizing import Infrastructure, size_infrastructure
from advisor.engine.odb.zones import one_zone_words, service_zones
from pricing.engine.calculator import HOURS_PER_MONTH
from pricing.engine.licences.cost import LicenceConfig, LicenceEstimate, licence_price_list
from pricing.engine.odb_prices import OdbPriceList, OdbRegions, OdbShapes, odb_price_list, odb_regions, odb_shapes
from pricing.engine.sources.customer_words import customer_words

EDITION_WORDS = {"ee": "Enterprise Edition", "se2": "Standard Edition 2"}
RECOVERY_SERVICE = "Oracle Database Autonomous Recovery Service"

__all__ = ["CostLine", "Infrastructure", "OdbRates", "OdbResult", "recommend_odb"]


# What every Oracle Database@AWS deployment costs beside the lines priced: no source held says what they would bill
NOT_PRICED = (
    "backup storage (Autonomous Recovery Service or Amazon S3)",
    "AWS-side networking (redo shipped to a standby, traffic to the applications)",
)


@dataclass(frozen=True, slots=True)
class OdbResult:
    """Not offered or not sizable: ``problems`` say why and there are no lines. Totals None = not priced."""

    offered: bool
    offered_source: str
    region: str
    shape: str
    price_basis: str
    problems: tuple[str, ...]
    reasons: tuple[str, ...]
    compute_needed: Decimal | None = None  # exact, before rounding to the shape's step
    infrastructure: Infrastructure | None = None
    standby: Infrastructure | None = None
    local_standby: Infrastructure | None = None  # Multi-AZ: a second infrastructure in another AZ
    lines: tuple[CostLine, ...] = ()
    total_li_usd: Decimal | None = None
    total_byol_usd: Decimal | None = None
    monthly_usd: Decimal | None = None  # the requested licence model's total
    unpriced: tuple[str, ...] = ()
    byol_processor_licences: int | None = None  # Enterprise Edition processor licences, every VM cluster
    byol_licence_note: str = ""
    byol_options: tuple[str, ...] = ()
    byol_licences: LicenceEstimate | None = None  # the licences in the BYOL total, priced as on EC2 and RDS
    byol_other_reading_usd: Decimal | None = None  # the BYOL total under the reading of the ratio not counted
    byol_other_reading_ratio: Decimal | None = None  # that reading's ECPUs (or OCPUs) per processor licence
    runs_rac: bool = False  # the database runs RAC instances on every VM of its cluster (two or more VMs)
    byol_without_rac_usd: Decimal | None = None  # the BYOL total without RAC, when the workload does not need it
    licences_in_total: bool = False  # the requested model's total includes every Oracle licence it needs
    not_priced: tuple[str, ...] = NOT_PRICED  # costs every deployment has that no price held prices
    quoted_rates: bool = False  # the user's private-offer rates or discounts priced some lines
    # what the workload asks for that this deployment does not build, by kind (as ``TopologyPlan.lacking``)
    lacking: tuple[tuple[str, str], ...] = ()
    price_lead: PriceLead | None = None  # the total at a later list seen only unconfirmed: never the price

    def __post_init__(self) -> None:  # what a reader sees: our notes' citation keys and files left in the data
        for name in ("problems", "reasons", "unpriced"):
            object.__setattr__(self, name, tuple(customer_words(text) for text in getattr(self, name)))
        object.__setattr__(self, "byol_licence_note", customer_words(self.byol_licence_note))
        object.__setattr__(self, "offered_source", customer_words(self.offered_source))


def _total(lines: list[CostLine], model: str) -> Decimal | None:
    mine = [line.monthly_usd for line in lines if line.licence_model in ("both", model)]
    return None if None in mine else sum((m for m in mine if m is not None), Decimal("0.00"))


def _dr_region(region: str, dr_region: str | None, regions: OdbRegions) -> tuple[str | None, list[str]]:
    if not dr_region:
        return None, ["Cross-Region DR needs a DR Region: none was given"]
    if dr_region == region:
        return None, [f"The DR Region must differ from the primary Region ({region})"]
    if regions.get(dr_region) is None:
        listed = ", ".join(regions.codes())
        return None, [
            f"Oracle Database@AWS is not offered in the DR Region {dr_region}: the Regions list (as of "
            f"{regions.as_of}) has {listed}"
        ]
    return dr_region, []


def recommend_odb(
    *,
    vcpus_needed: float,
    memory_gib_needed: float,
    storage_gib_needed: float,
    edition: str,
    licence_model: str,
    region: str,
    cross_region_dr: bool,
    dr_region: str | None,
    hours_per_month: Decimal,
    options_byol: tuple[str, ...] = (),
    multi_az: bool = False,
    shape: str = "Exadata.X11M",
    prices: OdbPriceList | None = None,
    regions: OdbRegions | None = None,
    shapes: OdbShapes | None = None,
    rates: OdbRates | None = None,
    licences: LicenceConfig | None = None,
    far_sync: bool = False,
    owned: OwnedOptions | None = None,
) -> OdbResult:
    """Size and price one Exadata deployment (and its standbys); problems and reasons in words. ``rates`` are the
    buyer's private-offer rates (default: Oracle's list prices); ``licences`` the licence terms BYOL is counted with
    (default: list price, none owned, 3 years); ``far_sync``: the standbys are fed through Far Sync, an Active Data
    Guard feature licensed on every VM cluster of the configuration (as on EC2); ``owned``: the option licences
    owned, counted for every product licensed once the cluster is sized (RAC included where it runs)."""
    rates = rates or OdbRates()
    prices, regions, shapes = prices or odb_price_list(), regions or odb_regions(), shapes or odb_shapes()
    where = regions.get(region)
    listed = ", ".join(regions.codes())
    result = partial(
        OdbResult,
        offered=where is not None,
        offered_source=where.date_source
        if where
        else f"the Oracle Database@AWS Regions list (as of {regions.as_of}): {listed}",
        region=region,
        price_basis=prices.price_basis,
    )
    reasons = [f"Prices are {prices.price_basis} (as of {prices.prices[0].as_of}): {prices.about[0]}"]
    facts = shapes.shape(shape)
    if facts is None:
        known = ", ".join(s.shape for s in shapes.shapes)
        return result(shape=shape, problems=(f"Unknown shape {shape!r}; accepted: {known}",), reasons=tuple(reasons))
    if where is None:
        problem = (
            f"Oracle Database@AWS is not offered in {region}: the Regions list (as of {regions.as_of}) has "
            f"{listed}. The list has been growing, so check the current one."
        )
        return result(shape=facts.shape, problems=(problem,), reasons=tuple(reasons))
    reasons.append(f"{facts.offered_on_aws.text} ({facts.offered_on_aws.source})")
    problems = []
    if licence_model not in LICENCE_LABELS:
        problems.append(f"Licence model {licence_model!r}; accepted: li, byol")
    elif licence_model == "byol" and edition != "ee":
        problems.append(f"BYOL on Exadata takes Enterprise Edition licences, not {EDITION_WORDS.get(edition, edition)}: "
                        f"{shapes.editions.text}")  # fmt: skip
    elif edition != "ee":
        reasons.append(f"License Included runs Enterprise Edition - Extreme Performance: {shapes.editions.text}")
    known_options = licence_price_list().option_keys()
    problems += [
        f"Unknown option {o!r}; accepted: {', '.join(known_options)}" for o in options_byol if o not in known_options
    ]
    standby_region, dr_problems = _dr_region(region, dr_region, regions) if cross_region_dr else (None, [])
    problems += dr_problems
    infra, raw, size_problems, size_reasons = size_infrastructure(
        facts,
        shapes,
        region,
        vcpus=Decimal(str(vcpus_needed)),
        memory_gib=Decimal(str(memory_gib_needed)),
        storage_gib=Decimal(str(storage_gib_needed)),
    )
    problems += size_problems
    reasons += size_reasons
    if infra is None or problems:
        return result(shape=facts.shape, problems=tuple(problems), reasons=tuple(reasons), compute_needed=raw)
    priced = partial(
        infrastructure_lines,
        prices=prices,
        facts=facts,
        hours=hours_per_month,
        rates=rates,
        licence_model=licence_model,
        billing=shapes.stopped_vm_billing,
    )
    lines = priced(infra, copy="primary")
    zones = service_zones(where, shapes) if multi_az else None
    one_zone = zones is not None and len(zones[0]) == 1
    lacking = (("standby", one_zone_words(where, *zones, dr_region=standby_region)),) if zones and one_zone else ()
    local_standby = infra if multi_az and not one_zone else None
    if local_standby:
        lines += priced(local_standby, copy="standby", label="Standby in a second AZ: ")
        reasons.append(
            f"Multi-AZ: an Exadata infrastructure sits in one Availability Zone, so a standby in another AZ is a "
            f"second {facts.shape} infrastructure and VM cluster with Data Guard, sized like the primary "
            "(reference, Multi-AZ row [ODB][ODB-BLOG])."
        )
    standby = replace(infra, region=standby_region) if standby_region else None
    if standby:
        lines += priced(standby, copy="standby")
        reasons.append(
            f"Cross-Region DR: a second {facts.shape} infrastructure and VM cluster in {standby.region} "
            "for a Data Guard standby, sized like the primary so it can take over at full capacity."
        )
    clusters = 1 + (local_standby is not None) + (standby is not None)
    readable, adg_words = _readable(clusters, local_standby, standby, adg="active_data_guard" in options_byol,
                                    far_sync=far_sync, second_az=not one_zone)  # fmt: skip
    reasons += adg_words
    rac_needed, options_byol = "rac" in options_byol, deployed_options(tuple(options_byol), vms=infra.vms)
    counted = count_byol_licences(compute=infra.compute, compute_unit=infra.compute_unit, clusters=clusters,
                                  shapes=shapes, options=options_byol, config=licences,
                                  readable_clusters=readable, owned=owned)  # fmt: skip
    if counted.estimate is not None:
        lines += licence_lines(counted.estimate)
    total_li, total_byol = _total(lines, "li"), _total(lines, "byol")
    unpriced = tuple(
        f"{line.name}: Oracle's price list as held has no price for it"
        + (f" (part {line.part_number})" if line.part_number else "")
        for line in lines
        if line.monthly_usd is None
    )
    if total_li is None:
        infra_only = sum((ln.monthly_usd or Decimal(0) for ln in lines if ln.licence_model == "both"), Decimal("0.00"))
        reasons.append(
            f"License Included is not priced: its {facts.compute_model} price is missing (see unpriced); "
            f"the infrastructure alone is ${infra_only:,} a month."
        )
    if hours_per_month < HOURS_PER_MONTH:
        reasons += [
            f"{fact.text} ({fact.source})" for fact in (shapes.infrastructure_billing, shapes.stopped_vm_billing)
        ]
    reasons.append(f"Not in these lines, and not priced: {' and '.join(NOT_PRICED)}.{_backup_words(prices)}")
    parts = {line.part_number for line in lines}
    reasons += [f"Caveat: {w.text}" for w in prices.price_warnings if parts & set(w.part_numbers)]
    if rates.any:
        reasons.insert(1, "Your private-offer terms price the lines that say so (your quoted rate, or Oracle's list "
                          "price less your discount); the other lines are at Oracle's list price.")  # fmt: skip
    other_usd = other_reading_total(total_byol, counted)
    estimate = counted.estimate
    monthly = total_li if licence_model == "li" else total_byol
    return result(
        shape=facts.shape,
        problems=(),
        reasons=tuple(reasons),
        compute_needed=raw,
        infrastructure=infra,
        standby=standby,
        local_standby=local_standby,
        lines=tuple(lines),
        total_li_usd=total_li,
        total_byol_usd=total_byol,
        monthly_usd=monthly,
        unpriced=unpriced,
        byol_processor_licences=None if counted.per_cluster is None else counted.per_cluster * clusters,
        byol_licence_note=counted.note,
        byol_options=tuple(options_byol),
        byol_licences=estimate,
        byol_other_reading_usd=other_usd,
        byol_other_reading_ratio=counted.other_ratio.value if other_usd is not None and counted.other_ratio else None,
        runs_rac=infra.vms >= 2,
        byol_without_rac_usd=without_rac_total(
            total_byol, counted, needed=rac_needed, one_vm_holds_the_need=infra.compute / infra.vms >= raw
        ),  # fmt: skip
        licences_in_total=(total_li is not None) if licence_model == "li" else estimate is not None,
        quoted_rates=rates.any,
        lacking=lacking,
        price_lead=price_lead(tuple(lines), monthly, prices),
    )


def _readable(
    clusters: int, local_standby: Infrastructure | None, standby: Infrastructure | None, *, adg: bool, far_sync: bool,
    second_az: bool = True,
) -> tuple[int, list[str]]:  # fmt: skip
    """The VM clusters licensed for Active Data Guard, and why. Far Sync licenses every one; a readable standby asked
    for opens the Multi-AZ standby read-only, else the cross-Region one (a mounted copy would leave the option licensed
    on the primary alone, which no deployment uses); with no standby at all nothing would read, and that is said."""
    if far_sync:
        return clusters, []
    if not adg:
        return 1, []
    if local_standby is not None:
        return 2, []
    if standby is not None:
        return 2, [f"Active Data Guard: the standby in {standby.region} opens read-only (the readable standby asked "
                   "for) and is licensed for it, as the primary is."]  # fmt: skip
    ask = "a standby in a second Availability Zone or a DR copy" if second_az else "a DR copy in another Region"
    return 1, ["Active Data Guard is asked for, but no standby is built to open read-only: it is licensed on the "
               f"primary; ask for {ask}."]  # fmt: skip


def _backup_words(prices: OdbPriceList) -> str:
    """Why the backups are not priced where Oracle's list holds the Recovery Service's rate: it is a rate per
    "virtualized GB" a month, and no source held says how many of them a database and its retention are billed."""
    row = prices.find(RECOVERY_SERVICE, "backup storage", "n/a", "n/a (storage)")
    if row is None:
        return ""
    return (f" Oracle lists the Autonomous Recovery Service at ${row.usd_price} per \"{row.unit}\" (part "
            f"{row.part_number}, as of {row.as_of}), but no source held says how many virtualized GB a database and "
            "its retention are billed, so the backups are not priced from it.")  # fmt: skip
