"""The cost lines of one Oracle Database@AWS infrastructure: its Exadata servers and its VM cluster's compute, at
Oracle's list prices or the buyer's quoted rates. Pure Python; ``odb`` sizes, this prices what it sized."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

from advisor.engine.odb.rates import CostLine, OdbRates, priced_line, unit_rate
from pricing.engine.calculator import HOURS_PER_MONTH
from pricing.engine.odb_prices import DEDICATED, OdbPriceList, ShapeFacts, Sourced
from pricing.engine.prices.book import round_cents

LICENCE_LABELS = {"li": "License Included", "byol": "BYOL"}


def part_time_words(infra: Any, facts: ShapeFacts, hours: Decimal, billing: Sourced) -> str:
    """For a workload that runs fewer hours than the month's: why its VM cluster's ECPUs (or OCPUs) are billed for
    every hour all the same, and what could lower them (not priced); "" for a workload that runs all month."""
    if hours >= HOURS_PER_MONTH:
        return ""
    unit, vms = facts.compute_model, infra.vms
    words = (f"Billed for all {HOURS_PER_MONTH} hours of the month, not only the workload's {hours.normalize():f}: "
             f"stopping the VMs does not stop the billing on Exadata ({billing.document}, as of {billing.as_of}).")  # fmt: skip
    per_vm = facts.min_compute_per_vm.value
    if per_vm is None:
        return f"{words} Scaling the {unit}s down outside the working hours could lower it; that is not priced."
    least = int(per_vm) * vms
    if infra.compute <= least:
        return (f"{words} The VM cluster already has the least {unit}s allowed, {per_vm.normalize():f} per VM on its "
                f"{vms} VM{'s' if vms > 1 else ''}, so scaling down cannot lower it.")  # fmt: skip
    return (f"{words} Scaling the {unit}s down outside the working hours, to the least allowed ({per_vm.normalize():f} "
            f"per VM: {least} on its {vms} VM{'s' if vms > 1 else ''}), could lower it; that is not priced.")  # fmt: skip


def infrastructure_lines(
    infra: Any, prices: OdbPriceList, facts: ShapeFacts, copy: str, hours: Decimal, label: str = "", *,
    rates: OdbRates, licence_model: str, billing: Sourced,
) -> list[CostLine]:  # fmt: skip
    """The Exadata servers and the VM cluster's ECPUs (or OCPUs) of one infrastructure, per licence model, at Oracle's
    list price or the buyer's private-offer rates; a compute price the list lacks is a line without a price. Both are
    billed for every hour of the month: ``hours``, the workload's, only says what scaling down could save (``billing``:
    why a stopped VM bills on)."""
    label = label or ("" if copy == "primary" else f"Standby in {infra.region}: ")
    out = []
    for kind, count in (("database server", infra.database_servers), ("storage server", infra.storage_servers)):
        row = prices.find(DEDICATED, f"infrastructure: {kind}", facts.generation, "n/a (infrastructure)")
        assert row is not None, f"Oracle's price list held has no {facts.generation} {kind}"
        # said once, on the primary's lines (the standbys' are the same servers); the option's notes say the rest
        leads = [f"${lead.normalize():f} an hour on a later list ({w.lead_as_of})" for w in prices.warnings_for(row.part_number)
                 for pn, lead in w.lead_usd_per_hour.items() if pn == row.part_number] if copy == "primary" else []  # fmt: skip
        note = (
            f"Oracle's list of {row.as_of}; {'; '.join(leads)}, not confirmed and not used as the price"
            if leads
            else ""
        )
        name = f"{label}{kind}s ({row.oracle_display_name})"
        out.append(priced_line(name, Decimal(count), HOURS_PER_MONTH, row, "both", copy, kind=kind, rates=rates,
                               note=note))  # fmt: skip
    component, qty = f"database compute {facts.compute_model}", Decimal(infra.compute)
    all_month = part_time_words(infra, facts, hours, billing)
    for model, model_label in LICENCE_LABELS.items():
        # ECPU rates are the buyer's for the licence model asked; OCPU-billed shapes stay at list price
        mine = rates if facts.compute_model == "ECPU" else OdbRates()
        if model != licence_model:
            mine = replace(mine, ecpu_usd_per_hour=None)
        row = prices.find(DEDICATED, component, f"any ({facts.compute_model}-billed systems)", model_label)
        name = f"{label}VM cluster {facts.compute_model}s, {model_label}"
        if row is not None:
            out.append(priced_line(name, qty, HOURS_PER_MONTH, row, model, copy, kind="ECPU", rates=mine,
                                   note=all_month))  # fmt: skip
            continue
        gap = prices.find_missing(service=DEDICATED, component=component, license_model=model_label)
        unit, part, why = (gap.unit, gap.part_number, gap.reason) if gap else (component, "", "no price row for it")
        price, basis = unit_rate("ECPU", None, "", mine)
        if price is not None:  # the buyer's quoted rate prices what the list lacks
            monthly = round_cents(qty * price * HOURS_PER_MONTH)
            out.append(CostLine(name, qty, unit, HOURS_PER_MONTH, price, monthly, part, "your private offer", "", all_month, model, copy,  # type: ignore[arg-type]
                                basis, "compute"))  # fmt: skip
            continue
        out.append(CostLine(name, qty, unit, HOURS_PER_MONTH, None, None, part, "not in the Oracle price list held", "", why, model, copy,  # type: ignore[arg-type]
                            "", "compute"))  # fmt: skip
    return out
