"""Oracle Database@AWS in a recommendation: Exadata sized to the need and priced from Oracle's list prices.

Pure Python. The verdict comes from the rules (a Region where the service is not offered blocks it); the sizing,
cost lines (at list price or the buyer's private-offer terms), the BYOL licences and what cannot be priced come from
``odb.recommend_odb``, fed with the workload's licence terms and private-offer terms.
"""

from __future__ import annotations

import dataclasses
import json
import re
from decimal import Decimal
from typing import Any

from advisor.engine.licence_terms import parse_owned_options
from advisor.engine.odb.exadata import NOT_PRICED, OdbResult, recommend_odb
from advisor.engine.odb.price_lead import lead_words
from advisor.engine.odb.rates import OdbRates, reference_row
from advisor.engine.recommendation.candidates import OptionRecommendation
from advisor.engine.recommendation.option_costs import licence_config, wanted_options
from advisor.engine.rules.loader import OptionVerdict
from advisor.engine.sizing import Need
from advisor.engine.workload import Workload, decimal_of
from pricing.engine.cash_flow import CashFlow, cash_flow, cash_flow_json, licence_cash
from pricing.engine.licences.unpriced import unpriced_licences, unpriced_options, unpriced_words
from pricing.engine.odb_prices import odb_shapes

LI_UNPRICED = (
    "License Included is not priced: Oracle's list held has no License Included ECPU price for Exadata Database "
    "Service on Dedicated Infrastructure; a quoted ECPU rate from your private offer would price it."
)


def _optional(value: float | None) -> Decimal | None:
    return None if value is None else decimal_of(value)


def odb_rates(workload: Workload) -> OdbRates:
    """The buyer's private-offer terms the workload states (list prices where it states none)."""
    oracle = workload.oracle
    return OdbRates(
        infrastructure_discount_pct=decimal_of(oracle.odb_infrastructure_discount_pct),
        database_server_usd_per_hour=_optional(oracle.odb_database_server_usd_per_hour),
        storage_server_usd_per_hour=_optional(oracle.odb_storage_server_usd_per_hour),
        ecpu_discount_pct=decimal_of(oracle.odb_ecpu_discount_pct),
        ecpu_usd_per_hour=_optional(oracle.odb_ecpu_usd_per_hour),
    )


def odb_terms_words(rates: OdbRates) -> str:
    """The private-offer terms in words, for the licence assumptions: what prices Oracle Database@AWS."""
    parts = []
    for kind, unit in (("database server", "a database server-hour"), ("storage server", "a storage server-hour"),
                       ("ECPU", "an ECPU-hour")):  # fmt: skip
        quote, discount = rates.quoted(kind), rates.discount(kind)
        if quote is not None:
            parts.append(f"${quote.normalize():f} {unit} (your quoted rate)")
        elif discount:
            parts.append(f"{discount.normalize():f} % off Oracle's list price for {unit}")
    if parts:
        return "; ".join(parts)
    return f"Oracle's list prices of {reference_row('ECPU').as_of}, before any private-offer discount"


def other_reading_note(result: OdbResult, others: tuple[tuple[str, Decimal], ...]) -> str:
    """Under the reading of the licence ratio not counted: what BYOL would cost, and whether it would be cheapest
    of the priced options (``others``: each other option's label and monthly total)."""
    if result.byol_other_reading_usd is None or result.byol_other_reading_ratio is None:
        return ""
    unit = result.infrastructure.compute_unit if result.infrastructure else "ECPU"
    usd = result.byol_other_reading_usd
    return (
        f"Under the other reading ({result.byol_other_reading_ratio.normalize():f} {unit}s per licence) Oracle "
        f"Database@AWS on BYOL would cost ${usd:,.2f} a month and {_ranked(usd, others)}."
    )


def _ranked(usd: Decimal, others: tuple[tuple[str, Decimal], ...]) -> str:
    """Where a BYOL total of ``usd`` a month would stand beside the other options' totals. Above the lowest, it is not
    the cheapest; below it, it is not called the cheapest either: it leaves out costs the others' totals include."""
    lowest = min(others, key=lambda o: o[1], default=None)
    if lowest is None:
        return "no other option is priced to compare it with"
    if usd < lowest[1]:
        left_out = " and ".join(re.sub(r" \(.*?\)", "", cost) for cost in NOT_PRICED)
        return (
            f"would be below every other option's total (the lowest is {lowest[0]} at ${lowest[1]:,.2f}) before the "
            f"{left_out} it leaves out"
        )
    return f"would not be the cheapest ({lowest[0]} is ${lowest[1]:,.2f})"


def rac_as_deployed_note(result: OdbResult, others: tuple[tuple[str, Decimal], ...], *, needed: bool) -> str:
    """For a workload that does not need RAC, on a VM cluster that runs it: why BYOL licenses it, with its source,
    and what running the database as a single instance on one VM would mean (its total and rank, when one VM holds
    the need; otherwise that the cluster would have to grow)."""
    infra = result.infrastructure
    if needed or not result.runs_rac or result.monthly_usd is None or infra is None:
        return ""
    fact = odb_shapes().rac_on_vm_cluster
    why = f"RAC is licensed although the workload does not need it: {fact.text} ({fact.source}, as of {fact.as_of})."
    if result.byol_without_rac_usd is None:
        per_vm, need = Decimal(infra.compute) / infra.vms, result.compute_needed
        held = f"{per_vm.normalize():f} of the {need.quantize(Decimal('0.1')).normalize():f}" if need else "less than"
        return (
            f"{why} A single-instance database would run on one VM, which holds {held} {infra.compute_unit}s needed: "
            "every VM would have to hold the whole need, with Enterprise Edition licences for all their "
            f"{infra.compute_unit}s (not priced here)."
        )
    rac = result.monthly_usd - result.byol_without_rac_usd
    return (
        f"{why} Run as a single-instance database on one VM instead, if Oracle confirms it may be, Oracle "
        f"Database@AWS on BYOL would cost ${result.byol_without_rac_usd:,.2f} a month, without RAC's ${rac:,.2f}, and "
        f"{_ranked(result.byol_without_rac_usd, others)}."
    )


def odb_recommendation(
    workload: Workload, need: Need, label: str, verdict: OptionVerdict,
    others: tuple[tuple[str, Decimal], ...] = (),
) -> Any:  # fmt: skip
    """``others``: the other options' labels and monthly totals, to say whether the other licence reading would
    make Oracle Database@AWS the cheapest."""
    # BYOL licenses the options the database runs (Oracle's service descriptions: Enterprise Edition "plus a license
    # for each database option/management pack that you elect to run"); RAC joins them on a VM cluster of two or more
    # VMs (recommend_odb decides it once it has sized the cluster)
    wanted = wanted_options(workload, "odb")
    # an option with no list price held (OLAP, Real Application Testing, GoldenGate) is licensed all the same: it is
    # listed as not priced, as on the other options, and the licences with a price are counted without it
    no_price = unpriced_options(wanted, metric=workload.oracle.licence_metric.value)
    options = tuple(key for key in wanted if key not in no_price)
    result = recommend_odb(
        vcpus_needed=need.vcpus,
        memory_gib_needed=need.memory_gib,
        storage_gib_needed=need.storage_gib,
        edition=workload.oracle.edition.value,
        licence_model=workload.oracle.licence_model.value,
        region=workload.environment.region,
        cross_region_dr=workload.availability.cross_region_dr,
        dr_region=workload.availability.dr_region,
        hours_per_month=Decimal(workload.environment.hours_per_month),
        options_byol=options,
        multi_az=workload.availability.multi_az,
        rates=odb_rates(workload),
        licences=licence_config(workload, vcpus=None, cores=None, options=options, include=True),
        far_sync=workload.features.far_sync,
        owned=parse_owned_options(workload.oracle.option_licences_owned),
    )
    if no_price and result.byol_licences is not None and workload.oracle.licence_model.value == "byol":
        gap = unpriced_words(unpriced_licences(no_price, result.byol_licences))
        result = dataclasses.replace(result, not_priced=(*result.not_priced, gap) if gap else result.not_priced)
    replicas = workload.availability.read_replicas
    if replicas and result.infrastructure is not None:
        # none is built: a read-only copy on Oracle Database@AWS is an Active Data Guard standby on an Exadata
        # infrastructure of its own, which the other options' replicas (a server each) do not compare with
        lacking = (f"{replicas} read replica{'s' if replicas > 1 else ''} on Oracle Database@AWS: not built; a "
                   "read-only copy there is an Active Data Guard standby on another Exadata infrastructure, not "
                   "sized or priced here")  # fmt: skip
        result = dataclasses.replace(result, lacking=(*result.lacking, ("replicas", lacking)))
    notes = list(result.problems)
    if result.lacking:
        notes += [words + "." for _, words in result.lacking]
    byol = workload.oracle.licence_model.value == "byol"
    if byol and (rac := rac_as_deployed_note(result, others, needed="rac" in options)):
        notes.append(rac)
    if result.monthly_usd is not None and byol and result.byol_licence_note:
        notes.append(result.byol_licence_note)
    if byol and result.monthly_usd is not None:
        other = other_reading_note(result, others)
        if other:
            notes.append(other)
    if not byol and result.total_li_usd is None and result.infrastructure is not None:
        notes.append(LI_UNPRICED)
    if result.price_lead is not None:
        notes.append(lead_words(result.price_lead))
    unpriced = "" if result.monthly_usd is not None else "; ".join((*result.problems, *result.unpriced))
    return OptionRecommendation("odb", label, verdict, None, (), (), (), tuple(notes), unpriced, odb=result)


def odb_cash_flow(result: OdbResult) -> CashFlow | None:
    """The requested total on both bases: Oracle bills the infrastructure and ECPUs a month; the BYOL processor
    licences its total counts are bought in month 1 with support yearly, as on every other option."""
    if result.monthly_usd is None:
        return None
    estimate = result.byol_licences
    byol = result.licences_in_total and estimate is not None and result.monthly_usd == result.total_byol_usd
    licence = licence_cash(estimate) if byol else None
    if licence is None or estimate is None:
        return cash_flow(aws_monthly_usd=result.monthly_usd)
    return cash_flow(aws_monthly_usd=result.monthly_usd - estimate.monthly_usd, licence=licence)


def odb_json(result: OdbResult) -> dict[str, Any]:
    """The result as JSON-ready data (money as strings, as ``dataclasses.asdict`` and ``str`` give it), the licence
    estimate as its own model's JSON, and the requested total on both bases (run-rate, cash as paid)."""
    data = dataclasses.asdict(dataclasses.replace(result, byol_licences=None))
    estimate = result.byol_licences
    data["byol_licences"] = None if estimate is None else estimate.model_dump(mode="json")
    flow = odb_cash_flow(result)
    if flow is not None:
        data.update(cash_flow_json(flow))
    return dict(json.loads(json.dumps(data, default=str)))


def odb_lines(result: OdbResult, licence_model: str) -> tuple[Any, ...]:
    """The lines of the licence model asked for (infrastructure belongs to both)."""
    return tuple(line for line in result.lines if line.licence_model in ("both", licence_model))
