"""Performance per licensed core: the CPU need counted in the source host's threads, scaled to a candidate's.

Pure Python. Oracle is licensed per core (processor licences per vCPU pair with hyper-threading, SE2 per socket),
so a class whose every thread does more work needs fewer of them for the same peak, and fewer licences. The
measure is CoreMark iterations per second per thread as Vantage measured it on live instances (the catalog's
``coremark``). The need is scaled only when both sides have a figure; otherwise it is counted in vCPUs as they are,
and the reason says so. A family never measured may carry the figures of a measured twin on the same processor model
(the catalog's ``borrowed``): they are used like measurements, held to the twin's spread, and every reason says whose
they are and why.

A difference is counted only when it is larger than the measurements' own noise: the spread between sizes of the
same family (``coremark_spread``), the candidate's family's and, when the source is an EC2 type, the larger of it
and the source's family's. A faster core within that spread gets no credit, nor does one whose family has a single
measured size; a slower core beyond it needs more threads. The sizing policy can turn the credit off
(``credit_faster_cores``): then a faster core is counted as the source's, and a slower one still needs more.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from advisor.engine.coremark_spread import (
    FamilySpread,
    borrowed_words,
    catalog_spreads,
    figure_words,
    pct_words,
    spread_of,
    when_words,
)
from advisor.engine.sizing.need import Need
from advisor.engine.workload import HostLocation, Workload
from pricing.catalog.instances import catalog_rows
from pricing.engine.licences.counting import processor_licences

CREDIT_OFF = "the sizing policy does not credit a faster core"


@dataclass(frozen=True)
class SourceCpu:
    """The per-thread performance the workload's peak CPU was measured on."""

    per_thread: float
    words: str  # where the figure comes from
    spread: FamilySpread | None = None  # the source type's family, when it is an EC2 type of the catalog
    borrowed: str = ""  # why the source type's figure is its twin's, when it is borrowed


@dataclass(frozen=True)
class CoreScaling:
    """One candidate's CPU need in its own threads, and the licence effect in words."""

    ratio: float  # what the need is divided by: the measured ratio when it counts, else 1
    need_vcpus: float  # the scaled need
    words: str
    measured_ratio: float = 1.0  # candidate per-thread performance over the source's, as measured
    counted: bool = True  # False: the difference is within the noise, or a faster core the policy does not credit


def source_of_type(
    name: str, *, rows: Mapping[str, Mapping[str, Any]], spreads: Mapping[str, FamilySpread]
) -> SourceCpu | None:
    """An EC2 type as the source host: its per-thread score (measured, or its twin's) and its family's spread; None
    if it has none."""
    row = rows.get(name)
    mark = row.get("coremark") if row else None
    if not row or not mark:
        return None
    return SourceCpu(float(mark["per_thread"]), f"{name} ({when_words(mark)})", spread_of(row, spreads),
                     borrowed_words(mark))  # fmt: skip


def source_cpu(workload: Workload) -> SourceCpu | None:
    sizing = workload.sizing
    if sizing.source_coremark_per_thread is not None:
        return SourceCpu(sizing.source_coremark_per_thread, "the source host (as given)")
    if sizing.source_instance_type is not None:
        return source_of_type(sizing.source_instance_type, rows=catalog_rows(), spreads=catalog_spreads())
    host = workload.source_host  # an EC2 type named as the source host's CPU model, when Sizing names none
    if host.cpu_model and host.location in (None, HostLocation.AWS):
        return source_of_type(host.cpu_model.strip(), rows=catalog_rows(), spreads=catalog_spreads())
    return None


def _whole_vcpus(vcpus: float, threads: int) -> int:
    """The vCPUs a need takes in whole cores (a core brings all its threads)."""
    return math.ceil(vcpus / threads - 1e-9) * threads


def _instead(after: int, before: int, unit: str) -> str:
    """'6 processor licences instead of 8', or '1 processor licence either way'."""
    counted = f"{after} {unit}{'' if after == 1 else 's'}"
    return f"{counted} either way" if after == before else f"{counted} instead of {before}"


def licence_words(vcpus_before: float, vcpus_after: float, *, threads: int, edition: str) -> str:
    """'6 processor licences instead of 8' for EE; SE2 is licensed per socket of up to 4 vCPUs."""
    before, after = _whole_vcpus(vcpus_before, threads), _whole_vcpus(vcpus_after, threads)
    if edition == "se2":
        sockets = _instead(math.ceil(after / 4), math.ceil(before / 4), "SE2 socket licence")
        return f"{sockets} (one socket per 4 vCPUs)"
    hyperthreading = threads > 1
    after_n = processor_licences(after, hyperthreading=hyperthreading)
    before_n = processor_licences(before, hyperthreading=hyperthreading)
    return f"{_instead(after_n, before_n, 'processor licence')} for the need alone"


def _noise(candidate: FamilySpread | None, source: SourceCpu) -> tuple[float | None, str]:
    """The ratio a difference must pass to count, and where it comes from; None when a spread is not known.

    The candidate's family's spread, and the source type's family's when the source is an EC2 type: the larger.
    A source given as a number brings no spread of its own."""
    sides = [(candidate, False)] + ([(source.spread, True)] if source.spread is not None else [])
    known: list[tuple[float, str]] = []
    for spread, of_source in sides:
        if spread is None or spread.ratio is None:
            family = spread.family if spread is not None else "this family"
            return None, f"only one size of {family} was measured, so how far its sizes differ is not known"
        known.append((spread.ratio, spread.named(source=of_source)))
    ratio, family = max(known)
    return ratio, f"the {pct_words((ratio - 1) * 100)} % by which sizes of {family} differ in the measurements"


def _compared(ratio: float, noise_pct: float | None) -> str:
    more = (ratio - 1) * 100
    close = noise_pct is not None and abs(abs(more) - noise_pct) < 1  # say it to one decimal beside the spread
    figure = pct_words(abs(more)) if close else f"{abs(more):.0f}"
    return f"{figure} % {'more' if more >= 0 else 'less'} work per thread than the source"


def scale_for(
    row: Mapping[str, Any],
    need: Need,
    source: SourceCpu | None,
    *,
    edition: str,
    credit: bool = True,
    spreads: Mapping[str, FamilySpread] | None = None,
) -> CoreScaling | None:
    """The need in ``row``'s threads, or None (no scaling) when either side has no measured figure.

    ``credit`` is the sizing policy's: False counts a faster core as the source's. ``spreads`` are the families'
    measured spreads (the catalog's unless given)."""
    mark = row.get("coremark")
    if source is None or not mark:
        return None
    ratio = float(mark["per_thread"]) / source.per_thread
    limit, noise = _noise(spread_of(row, spreads), source)
    noise_pct = None if limit is None else (limit - 1) * 100
    faster = ratio > 1
    beyond = limit is not None and (ratio > limit if faster else 1 / ratio > limit)
    if limit is None and not faster:
        beyond = ratio < 1  # a slower core with no known spread still needs more threads: the safe side
    counted = beyond and (credit or not faster)
    applied = ratio if counted else 1.0
    scaled = need.vcpus / applied
    threads = int(row.get("threads_per_core") or 2)
    measured = (f"{row['name']}: {figure_words(mark)} "
                f"against {source.per_thread:,.0f} on {source.words}: {_compared(ratio, noise_pct)}")  # fmt: skip
    if counted:
        why = f", more than {noise}" if limit is not None else ""
        words = (f"{measured}{why} → CPU need {need.vcpus:,.1f} → {scaled:,.1f} vCPUs, "
                 f"{licence_words(need.vcpus, scaled, threads=threads, edition=edition)}")  # fmt: skip
    elif beyond:
        words = f"{measured}, more than {noise}, but {CREDIT_OFF}: CPU need {need.vcpus:,.1f} vCPUs as it is"
    elif limit is None:
        words = f"{measured}, but {noise}, so a faster core is not credited: CPU need {need.vcpus:,.1f} vCPUs as it is"
    else:
        words = (
            f"{measured}, within {noise}, so the difference is not counted: CPU need {need.vcpus:,.1f} vCPUs as it is"
        )
    borrowed = [w for w in (borrowed_words(mark), source.borrowed) if w]
    return CoreScaling(applied, scaled, "; ".join([words, *borrowed]), ratio, counted)


def scaled_need(need: Need, scaling: CoreScaling | None) -> Need:
    if scaling is None or scaling.ratio == 1:
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
