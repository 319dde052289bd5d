"""The processor licences a customer holds for the source host, suggested from its cores, and the host's measured
per-thread performance when we hold one.

Pure Python. On premises Oracle's Core Factor Table applies (cores x the family's factor, rounded up); on AWS, Azure
and Google Cloud its cloud policy counts vCPUs (2 vCPUs = 1 licence with hyper-threading, 1 without; no core factor).
A figure the answers cannot give is left out with the reason, never guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal

from advisor.engine.coremark_spread import borrowed_words, figure_words
from advisor.engine.workload.fields import Edition
from advisor.engine.workload.host import (
    CLOUD_LOCATIONS,
    HOST_CHOICE_LABELS,
    HostLocation,
    SourceHostSection,
    ec2_row,
)
from pricing.engine.licences.core_factors import CoreFactor, core_factor_table
from pricing.engine.licences.counting import processor_licences
from pricing.engine.licences.prices import licence_price_list


@dataclass(frozen=True)
class HostLicences:
    """Processor licences suggested for the source host (None when they cannot be counted) and how, in words."""

    licences: int | None
    basis: str
    source: str = ""


def _family(host: SourceHostSection) -> CoreFactor | None:
    table = core_factor_table()
    if host.processor_family is not None:
        return table.family(host.processor_family.value)
    return table.family_of_model(host.cpu_model) if host.cpu_model else None


def _on_premises(host: SourceHostSection, edition: Edition) -> HostLicences:
    if edition is Edition.SE2:
        return HostLicences(None, "Standard Edition 2 on premises is licensed per occupied socket, not per core: "
                                  "type your socket licences.")  # fmt: skip
    family = _family(host)
    if family is None:
        named = f"'{host.cpu_model}'" if host.cpu_model else "the host's processor"
        return HostLicences(None, f"No core factor for {named} in the Core Factor Table entries we hold: choose "
                                  "the processor family, or type your licences.")  # fmt: skip
    if host.cores is None:
        return HostLicences(None, f"{family.name} has a core factor of {family.factor}: give the host's physical "
                                  "cores to count the licences.")  # fmt: skip
    licences = math.ceil(Decimal(host.cores) * family.factor)
    return HostLicences(
        licences,
        f"{host.cores} cores × core factor {family.factor} ({family.name}) = {licences} processor licence"
        f"{'' if licences == 1 else 's'}, rounded up (Oracle Processor Core Factor Table)",
        family.source,
    )


def _cloud_vcpus(host: SourceHostSection) -> tuple[int, int, str] | None:
    """(vCPUs, threads per core, where they came from), or None when the answers do not give them."""
    row = ec2_row(host.cpu_model) if host.location == HostLocation.AWS else None
    cores = host.cores if host.cores is not None else (row or {}).get("cores")
    threads = host.threads_per_core if host.threads_per_core is not None else (row or {}).get("threads_per_core")
    if not cores or not threads:
        return None
    origin = f"{row['name']}: " if row is not None and (host.cores is None or host.threads_per_core is None) else ""
    return cores * threads, threads, f"{origin}{cores} cores × {threads} thread{'' if threads == 1 else 's'}"


def _cloud(host: SourceHostSection, edition: Edition) -> HostLicences:
    where = HOST_CHOICE_LABELS[HostLocation][host.location.value]  # type: ignore[union-attr]
    counted = _cloud_vcpus(host)
    if counted is None:
        return HostLicences(None, f"On {where} Oracle's cloud policy counts vCPUs: give the host's cores and threads "
                                  "per core (or its EC2 type) to count the licences.")  # fmt: skip
    vcpus, threads, origin = counted
    prices = licence_price_list()
    if edition is Edition.SE2:
        rule = prices.socket_rule
        if vcpus > rule.max_vcpus:
            return HostLicences(None, f"{vcpus} vCPUs ({origin}) exceed the {rule.max_vcpus} vCPUs Oracle's cloud "
                                      "policy allows Standard Edition 2 on: no socket count to suggest.")  # fmt: skip
        sockets = math.ceil(vcpus / rule.vcpus_per_socket)
        return HostLicences(sockets, f"{vcpus} vCPUs ({origin}) on {where}: every {rule.vcpus_per_socket} vCPUs or "
                                     f"fewer count as one socket = {sockets} SE2 socket licence"
                                     f"{'' if sockets == 1 else 's'} (Oracle's cloud policy)", rule.source)  # fmt: skip
    licences = processor_licences(vcpus, hyperthreading=threads > 1, prices=prices)
    per = "2 vCPUs = 1 licence with hyper-threading" if threads > 1 else "1 vCPU = 1 licence without hyper-threading"
    return HostLicences(
        licences,
        f"{vcpus} vCPUs ({origin}) on {where}: {per} = {licences} processor licence{'' if licences == 1 else 's'} "
        "(Oracle's cloud policy; no core factor)",
        prices.processor_rule.source,
    )


def host_licences(host: SourceHostSection, *, edition: Edition) -> HostLicences | None:
    """The licences the source host suggests; None when the workload says nothing of where the host runs."""
    if host.location is None:
        return None
    if host.location in CLOUD_LOCATIONS:
        return _cloud(host, edition)
    return _on_premises(host, edition)


@dataclass(frozen=True)
class HostPerformance:
    """The source host's measured CoreMark per thread (None when we hold none for it), in words."""

    coremark_per_thread: float | None
    words: str


def host_performance(host: SourceHostSection) -> HostPerformance | None:
    """What the sizing can use of the host's CPU speed: an EC2 type's measured CoreMark (or the one its family borrows
    from a twin on the same processor, saying so); for any other CPU model we hold no measurement, and say so."""
    if not host.cpu_model:
        return None
    row = ec2_row(host.cpu_model) if host.location in (None, HostLocation.AWS) else None
    mark = (row or {}).get("coremark")
    if mark:
        borrowed = borrowed_words(mark)
        return HostPerformance(float(mark["per_thread"]), f"{row['name']}: {figure_words(mark)}, used to compare "  # type: ignore[index]
                               f"cores{f'; {borrowed}' if borrowed else ''}")  # fmt: skip
    return HostPerformance(None, f"No measured CoreMark for '{host.cpu_model}' in the data we hold (EC2 types "
                                 "only): give the host's CoreMark per thread under Sizing to compare cores.")  # fmt: skip


def with_suggested_licences(data: object) -> object:
    """A workload document whose processor licences owned are left out (or blank) takes the source host's
    suggestion (none under Named User Plus: a host's cores count processors); a figure the user gave is kept.
    Anything malformed is left for validation to explain."""
    if not isinstance(data, dict) or not isinstance(data.get("oracle", {}), dict):
        return data
    oracle = dict(data.get("oracle", {}))
    if oracle.get("processor_licences_owned") not in (None, ""):
        return data
    oracle.pop("processor_licences_owned", None)  # blank: the suggestion, or the default
    if str(oracle.get("licence_metric", "")).strip() == "nup":  # the host's cores say processors, not named users
        return {**data, "oracle": oracle}
    suggested = None
    try:
        host = SourceHostSection.model_validate(data.get("source_host") or {})
        found = host_licences(host, edition=Edition(oracle.get("edition", Edition.EE.value)))
        suggested = found.licences if found is not None else None
    except (ValueError, TypeError):
        pass  # an invalid host or edition: validation reports it
    if suggested is not None:
        oracle["processor_licences_owned"] = suggested
    return {**data, "oracle": oracle}
