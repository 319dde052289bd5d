"""Oracle licences for Oracle Database@AWS on BYOL: processor licences for every VM cluster's ECPUs (or OCPUs), or
Named User Plus: the named users on each VM cluster, at least Oracle's minimum of 25 per processor licence so counted.

Pure Python. How many ECPUs one processor licence covers is data (``odb_shapes.json``, with its sources): the count
uses the reading Oracle's service description gives (8 ECPUs a licence, stated for Exadata Cloud@Customer) and
prices the stricter reading some third parties give (4) beside it. Each VM cluster (primary, Multi-AZ standby,
cross-Region standby) is licensed like the primary, its ECPUs divided by the ratio and rounded up. A VM cluster of two
or more VMs runs its database as RAC instances on every VM, so BYOL licenses RAC there whether or not the workload
needs it (``odb_shapes.json``'s ``rac_on_vm_cluster``, sourced); the total without RAC is priced beside it. The licences,
options, discount, owned licences, support, uplift and amortisation are priced by ``pricing.engine.licences.cost``
exactly as on EC2 and RDS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

from advisor.engine.licence_terms import OwnedOptions, with_owned
from advisor.engine.odb.rates import CostLine
from pricing.engine.licences.cost import (
    LicenceConfig,
    LicenceEstimate,
    LicenceInvalid,
    estimate_counted_licences,
    licence_price_list,
)
from pricing.engine.odb_prices import Fact, OdbShapes


@dataclass(frozen=True, slots=True)
class OdbLicences:
    """``estimate`` None = not counted (``note`` says why); ``other`` is the same estimate under the other reading."""

    estimate: LicenceEstimate | None
    other: LicenceEstimate | None
    ratio: Fact
    other_ratio: Fact | None
    per_cluster: int | None
    note: str


def _fmt(value: Decimal) -> str:
    return f"{value.normalize():,f}"


def _estimate(
    config: LicenceConfig,
    ratio: Fact,
    *,
    compute: int,
    unit: str,
    clusters: int,
    options: tuple[str, ...],
    readable: int | None = None,
    owned: OwnedOptions | None = None,
) -> tuple[LicenceEstimate, int]:
    assert ratio.value is not None
    per_cluster = math.ceil(Decimal(compute) / ratio.value)
    rule = (
        f"EE: {compute} {unit}s per VM cluster / {_fmt(ratio.value)} {unit}s per processor licence, rounded up = "
        f"{per_cluster} processor licence(s) per VM cluster ({ratio.source}, as of {ratio.as_of})"
    )
    counted = config.model_copy(update={"servers": clusters, "options": options, "include": True, "standby": None})
    if owned is not None:  # the option licences owned of what is licensed now: RAC too, on two or more VMs
        counted = with_owned(counted, "ee", owned)
    estimate = estimate_counted_licences(counted, edition="ee", platform="odb", licences_per_server=per_cluster,
                                         rule_text=rule, compute=compute, readable_servers=readable)  # fmt: skip
    return estimate, per_cluster


def count_byol_licences(
    *,
    compute: int,
    compute_unit: str,
    clusters: int,
    shapes: OdbShapes,
    options: tuple[str, ...],
    config: LicenceConfig | None = None,
    readable_clusters: int | None = None,
    owned: OwnedOptions | None = None,
) -> OdbLicences:
    """The Enterprise Edition processor licences (and options) for ``clusters`` VM clusters of ``compute`` each;
    Active Data Guard only on the ``readable_clusters`` open for reads (the primary's, and a standby open read-only;
    a mounted standby needs none); ``owned``: the option licences the customer owns, counted for every product
    licensed (a product licensing adds, such as RAC on a cluster of two or more VMs, included)."""
    conv = shapes.conversions
    ecpu = compute_unit == "ECPU"
    ratio = conv.ecpus_per_processor_licence if ecpu else conv.ocpus_per_processor_licence
    other_ratio = conv.ecpus_per_processor_licence_other_reading if ecpu else None
    covered = f"{compute} {compute_unit}s" + (f" on each of {clusters} VM clusters" if clusters > 1 else "")
    if ratio.value is None:
        note = (f"BYOL also needs your own Oracle Database Enterprise Edition processor licences covering the VM "
                f"cluster's {covered}; the count is not given: {ratio.source}. Ask Oracle.")  # fmt: skip
        return OdbLicences(None, None, ratio, other_ratio, None, note)
    config = config or LicenceConfig()
    try:
        estimate, per_cluster = _estimate(config, ratio, compute=compute, unit=compute_unit, clusters=clusters,
                                          options=options, readable=readable_clusters, owned=owned)  # fmt: skip
        other = None
        if other_ratio is not None and other_ratio.value is not None:
            other, _ = _estimate(config, other_ratio, compute=compute, unit=compute_unit, clusters=clusters,
                                 options=options, readable=readable_clusters, owned=owned)  # fmt: skip
    except LicenceInvalid as invalid:
        why = "; ".join(problem.message for problem in invalid.problems)  # what is refused, not the config's path
        note = f"BYOL licences for the VM cluster's {covered} could not be counted: {why}"
        return OdbLicences(None, None, ratio, other_ratio, None, note)
    licences = per_cluster * clusters
    note = (
        f"BYOL counts {licences} Oracle Database Enterprise Edition processor licences for {covered} at "
        f"{_fmt(ratio.value)} {compute_unit}s per licence ({ratio.source}, as of {ratio.as_of})."
    )
    if estimate.metric == "nup":  # Named User Plus: the named users, at least 25 per processor licence counted
        note = (
            f"BYOL counts {estimate.licences_per_server * clusters:,} Oracle Database Enterprise Edition Named User "
            f"Plus licences for {covered}: {estimate.named_users:,} named users on each VM cluster, at least "
            f"{licence_price_list().nup_rule.ee_minimum_per_processor} per processor licence counted, {per_cluster} per VM cluster at {_fmt(ratio.value)} {compute_unit}s per "
            f"licence ({ratio.source}, as of {ratio.as_of})."
        )
    if other_ratio is not None and other_ratio.value is not None:
        note += (
            f" The stricter reading some third parties give, {_fmt(other_ratio.value)} {compute_unit}s per licence, is "
            "priced beside it."
        )
    named = [p.name for p in estimate.products if p.key != "ee"]
    if named:
        note += f" The Enterprise Edition options the database runs ({', '.join(named)}) are licensed like it."
    return OdbLicences(estimate, other, ratio, other_ratio, per_cluster, note)


def licence_lines(estimate: LicenceEstimate) -> list[CostLine]:
    """The estimate's Oracle lines as BYOL cost lines (paid whatever the hours the VM cluster runs)."""
    return [
        CostLine(
            line.name,
            line.quantity,
            line.unit,
            Decimal(0),
            line.unit_price_usd,
            line.monthly_usd,
            "",
            line.source,
            line.as_of,
            line.note,
            "byol",
            "primary",
            "Oracle Technology price list",
            "licence",
        )  # fmt: skip
        for line in estimate.lines
    ]


def other_reading_total(total_byol: Decimal | None, counted: OdbLicences) -> Decimal | None:
    """The BYOL total with the licences counted under the other reading of the ratio, if there is one."""
    if total_byol is None or counted.estimate is None or counted.other is None:
        return None
    return total_byol - counted.estimate.monthly_usd + counted.other.monthly_usd


def deployed_options(options: tuple[str, ...], *, vms: int) -> tuple[str, ...]:
    """The options the database runs as deployed: on a VM cluster of two or more VMs Oracle's tooling runs an RAC
    instance on every VM, so Real Application Clusters joins the options BYOL licenses."""
    return options if vms < 2 or "rac" in options else (*options, "rac")


def without_rac_total(
    total_byol: Decimal | None, counted: OdbLicences, *, needed: bool, one_vm_holds_the_need: bool
) -> Decimal | None:
    """The BYOL total without Real Application Clusters' licences, for a workload that does not need RAC but whose
    VM cluster runs it, with the database run as a single instance on one VM. None when RAC is needed, not counted,
    nothing is priced, or one VM's share of the cluster's ECPUs is less than the need (the cluster would then have
    to grow, which is not priced)."""
    if needed or not one_vm_holds_the_need or total_byol is None or counted.estimate is None:
        return None
    rac = next((p.monthly_usd for p in counted.estimate.products if p.key == "rac"), None)
    return None if rac is None else total_byol - rac
