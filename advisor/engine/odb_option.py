"""Oracle Database@AWS in a recommendation: Exadata sized to the need and priced from Oracle's list prices.

Pure Python. The verdict comes from the rules (a Region where the service is not offered blocks it); the sizing,
list-price lines and what cannot be priced come from ``odb.recommend_odb``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from advisor.engine.odb import OdbResult, recommend_odb
from advisor.engine.option_costs import wanted_options
from advisor.engine.rules import OptionVerdict
from advisor.engine.sizing import Need
from advisor.engine.workload import Workload

BYOL_LICENCES_LEFT_OUT = (
    "The BYOL total leaves out the Oracle processor licences you bring: no source held says how many ECPUs one "
    "licence covers on Exadata Database Service."
)


def odb_recommendation(workload: Workload, need: Need, label: str, verdict: OptionVerdict) -> Any:
    from advisor.engine.recommender import OptionRecommendation

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
        options_byol=wanted_options(workload),
        multi_az=workload.availability.multi_az,
    )
    notes = list(result.problems)
    if result.monthly_usd is not None and workload.oracle.licence_model.value == "byol":
        notes.append(BYOL_LICENCES_LEFT_OUT)
    unpriced = "" if result.monthly_usd is not None else "; ".join((*result.problems, *result.unpriced))
    return OptionRecommendation("odb", label, verdict, None, (), (), (), tuple(notes), unpriced, odb=result)


def odb_lines(result: OdbResult, licence_model: str) -> tuple[Any, ...]:
    """The lines of the licence model asked for (infrastructure belongs to both)."""
    return tuple(line for line in result.lines if line.licence_model in ("both", licence_model))


def odb_words(result: OdbResult) -> str:
    infra = result.infrastructure
    if infra is None:
        return ""
    words = (
        f"{infra.shape}: {infra.database_servers} database + {infra.storage_servers} storage servers "
        f"({infra.database_server_type}/{infra.storage_server_type}), a VM cluster of {infra.compute} "
        f"{infra.compute_unit}s on {infra.vms} VMs (RAC)"
    )
    if result.local_standby is not None:
        words += "; a Data Guard standby of the same size in a second AZ"
    if result.standby is not None:
        words += f"; a Data Guard standby of the same size in {result.standby.region}"
    return words
