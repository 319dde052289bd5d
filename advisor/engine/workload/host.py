"""The workload's source host: where the database runs today, its CPU model (or EC2 type) and its sockets, cores
and threads. From it the processor licences the customer holds for that host are suggested (``host_licences``).

Pure Python; part of the workload contract (``advisor.engine.workload``).
"""

from __future__ import annotations

from enum import StrEnum

from advisor.engine.workload.conflicts import Conflict
from advisor.engine.workload.fields import _field, _Section
from pricing.catalog.instances import catalog_rows
from pricing.engine.licences.core_factors import core_factor_table


class HostLocation(StrEnum):
    ON_PREMISES = "on-premises"
    AWS = "aws"
    AZURE = "azure"
    GCP = "gcp"


class ProcessorFamily(StrEnum):
    """The processor families of Oracle's Processor Core Factor Table that licence counts use."""

    INTEL_XEON = "intel-xeon"
    AMD = "amd"
    IBM_POWER = "ibm-power"
    SPARC = "sparc"
    SINGLE_CORE = "single-core"


CLOUD_LOCATIONS = (HostLocation.AWS, HostLocation.AZURE, HostLocation.GCP)

HOST_CHOICE_LABELS: dict[type[StrEnum], dict[str, str]] = {
    HostLocation: {
        "on-premises": "On premises",
        "aws": "AWS",
        "azure": "Microsoft Azure",
        "gcp": "Google Cloud",
    },
    ProcessorFamily: {f.key: f.name for f in core_factor_table().families},
}


def ec2_row(cpu_model: str | None) -> dict | None:
    """The catalog row of an EC2 type named as the CPU model (``r5.4xlarge``); None for any other name."""
    return catalog_rows().get(cpu_model.strip()) if cpu_model else None


class SourceHostSection(_Section):
    location: HostLocation | None = _field(
        None,
        title="Where the host runs",
        help="On premises, Oracle's Core Factor Table turns physical cores into processor licences; on AWS, Azure "
        "and Google Cloud its cloud policy counts vCPUs instead (2 vCPUs = 1 licence with hyper-threading).",
    )
    cpu_model: str | None = _field(
        None,
        title="CPU model or EC2 type (optional)",
        help="As the host reports it, e.g. 'Intel Xeon Gold 6248' or 'r5.4xlarge'. The model's name gives the "
        "processor family (core factor); an EC2 type gives its cores, threads and measured CoreMark.",
        max_length=80,
    )
    processor_family: ProcessorFamily | None = _field(
        None,
        title="Processor family (optional)",
        help="For the core factor on premises, when the CPU model's name does not show it.",
    )
    sockets: int | None = _field(
        None, title="Sockets (optional)", help="Occupied processor sockets.", unit="sockets", ge=1, le=64
    )
    cores: int | None = _field(
        None,
        title="Physical cores (optional)",
        help="All cores of all sockets that run the database (AWR 'Cores'). Licences are counted from them.",
        unit="cores",
        ge=1,
        le=4_096,
    )
    threads_per_core: int | None = _field(
        None,
        title="Threads per core (optional)",
        help="2 with hyper-threading (SMT) on, 1 with it off (AWR 'CPUs' divided by 'Cores').",
        unit="threads",
        ge=1,
        le=8,
    )


def host_conflicts(host: SourceHostSection) -> list[Conflict]:
    """Answers about the source host that cannot all be true, each naming the field to change."""
    found: list[Conflict] = []
    if host.cores is not None and host.sockets is not None and host.cores < host.sockets:
        found.append(Conflict("source_host.cores", f"{host.cores} cores on {host.sockets} sockets: a socket holds at "
                              f"least one core. Accepted: {host.sockets} cores or more."))  # fmt: skip
    row = ec2_row(host.cpu_model) if host.location == HostLocation.AWS else None
    if row is None:
        return found
    if row.get("cores") and host.cores is not None and host.cores > row["cores"]:
        found.append(Conflict("source_host.cores", f"{row['name']} has {row['cores']} cores. Accepted: 1 to "
                              f"{row['cores']}, or another EC2 type."))  # fmt: skip
    threads = row.get("threads_per_core")
    if threads and host.threads_per_core is not None and host.threads_per_core > threads:
        found.append(Conflict("source_host.threads_per_core", f"{row['name']} runs {threads} thread(s) per core. "
                              f"Accepted: 1 to {threads}."))  # fmt: skip
    return found
