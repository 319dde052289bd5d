"""Performance per licensed core: the CPU need counted in the source host's threads, scaled to a candidate's.

Pure Python. Oracle is licensed per core (processor licences per vCPU pair with hyper-threading, SE2 per socket),
so a class whose every thread does more work needs fewer of them for the same peak, and fewer licences. The
measure is CoreMark iterations per second per thread as Vantage measured it on live instances (the catalog's
``coremark``). The need is scaled only when both sides have a measured figure; otherwise it is counted in vCPUs as
they are, and the reason says so.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from advisor.engine.sizing_need import Need
from advisor.engine.workload import Workload
from pricing.catalog.instances import catalog_rows, coremark_per_thread
from pricing.engine.licence_counting import processor_licences


@dataclass(frozen=True)
class SourceCpu:
    """The per-thread performance the workload's peak CPU was measured on."""

    per_thread: float
    words: str  # where the figure comes from


@dataclass(frozen=True)
class CoreScaling:
    """One candidate's CPU need in its own threads, and the licence effect in words."""

    ratio: float  # candidate per-thread performance over the source's
    need_vcpus: float  # the scaled need
    words: str


def source_cpu(workload: Workload) -> SourceCpu | None:
    sizing = workload.sizing
    if sizing.source_coremark_per_thread is not None:
        return SourceCpu(sizing.source_coremark_per_thread, "the source host (as given)")
    if sizing.source_instance_type is not None:
        value = coremark_per_thread(sizing.source_instance_type)
        if value is not None:
            mark = catalog_rows()[sizing.source_instance_type]["coremark"]
            return SourceCpu(value, f"{sizing.source_instance_type} (measured {mark['as_of']})")
    return None


def _whole_vcpus(vcpus: float, threads: int) -> int:
    """The vCPUs a need takes in whole cores (a core brings all its threads)."""
    return math.ceil(vcpus / threads - 1e-9) * threads


def licence_words(vcpus_before: float, vcpus_after: float, *, threads: int, edition: str) -> str:
    """'6 processor licences instead of 8' for EE; SE2 is licensed per socket of up to 4 vCPUs."""
    before, after = _whole_vcpus(vcpus_before, threads), _whole_vcpus(vcpus_after, threads)
    if edition == "se2":
        return (f"{math.ceil(after / 4)} SE2 socket licences instead of {math.ceil(before / 4)} "
                "(one socket per 4 vCPUs)")  # fmt: skip
    hyperthreading = threads > 1
    return (
        f"{processor_licences(after, hyperthreading=hyperthreading)} processor licences instead of "
        f"{processor_licences(before, hyperthreading=hyperthreading)} for the need alone"
    )


def scale_for(row: dict[str, Any], need: Need, source: SourceCpu | None, *, edition: str) -> CoreScaling | None:
    """The need in ``row``'s threads, or None (no scaling) when either side has no measured figure."""
    mark = row.get("coremark")
    if source is None or not mark:
        return None
    ratio = float(mark["per_thread"]) / source.per_thread
    scaled = need.vcpus / ratio
    more = (ratio - 1) * 100
    compared = f"{abs(more):.0f} % {'more' if more >= 0 else 'less'} work per thread than the source"
    threads = int(row.get("threads_per_core") or 2)
    words = (
        f"{row['name']}: CoreMark {float(mark['per_thread']):,.0f} per thread (measured {mark['as_of']}) against "
        f"{source.per_thread:,.0f} on {source.words}: {compared} → CPU need {need.vcpus:,.1f} → {scaled:,.1f} vCPUs, "
        f"{licence_words(need.vcpus, scaled, threads=threads, edition=edition)}"
    )
    return CoreScaling(ratio, scaled, words)


def scaled_need(need: Need, scaling: CoreScaling | None) -> Need:
    if scaling is None:
        return need
    return dataclasses.replace(need, vcpus=need.vcpus / scaling.ratio)


NO_SOURCE = (
    "CPU need counted in vCPUs as they are: the source host's per-thread performance is not given (its EC2 type or "
    "CoreMark per thread, in Sizing), so a faster core is not credited"
)


def no_scaling_words(row: dict[str, Any], source: SourceCpu | None) -> str:
    if source is None:
        return NO_SOURCE
    return f"{row['name']}: no measured CoreMark, so the CPU need is counted in vCPUs as they are"
