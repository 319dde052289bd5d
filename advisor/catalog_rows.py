"""The instance catalog's rows: EC2 instance types and RDS for Oracle db.* classes with the EBS limits that cap
their IO, their shape, Oracle support and hardware, each row carrying its sources and as-of date. File I/O only
through the readers of ``catalog_docs``; no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from advisor.catalog_docs import (
    AWL_AS_OF,
    AWL_DATASET,
    AWS_DOCS_AS_OF,
    REFERENCE_DOC,
    dataset_limits,
    ec2_ebs_limits,
    ec2_shapes,
    rds_oracle_classes,
)
from advisor.catalog_hardware import (
    SECONDARY_RDS_FAMILIES,
    Hardware,
    HardwareSources,
    ec2_hardware,
    hardware_sources,
    rds_hardware,
)

SECONDARY_ORACLE_SUPPORT = "Reported by secondary sources only (storage-io-limits.md §4 [S]); editions not confirmed"


@dataclass(frozen=True)
class RowFacts:
    name: str
    platform: str
    vcpus: int
    memory_gib: float
    limits: dict[str, object]
    oracle: str | None
    limits_source: str
    shapes_source: str
    as_of: str
    hardware: Hardware
    unconfirmed: tuple[str, ...] = ()


def _instance_row(facts: RowFacts) -> dict[str, object]:
    host = facts.name.removeprefix("db.")
    source = f"{facts.limits_source}; {facts.shapes_source}"
    note = facts.hardware.note
    unconfirmed = {*facts.unconfirmed, *facts.hardware.unconfirmed}
    return {
        "name": facts.name,
        "platform": facts.platform,
        "family": host.split(".")[0],
        "vcpus": facts.vcpus,
        "memory_gib": facts.memory_gib,
        **facts.limits,
        "oracle_support": facts.oracle,
        "deprecated_for_oracle": facts.oracle == "Deprecated",
        # None until `refresh_catalogs` asks DescribeOrderableDBInstanceOptions; then the Oracle engines offered.
        "oracle_engines_orderable": None,
        "nitro": facts.hardware.nitro.nitro,
        "nitro_source": facts.hardware.nitro.source,
        "instance_store": facts.hardware.instance_store,
        "unconfirmed": sorted(unconfirmed),
        "source": f"{source}; {note}" if note else source,
        "as_of": facts.as_of,
    }


EC2_SHAPES_SOURCE = "vCPU and memory from ec2instances.info EC2 dataset 2024-04-04"
EBS_DOC_SOURCE = f"AWS EC2 User Guide 'Amazon EBS-optimized instances' (awsdocs copy, {AWS_DOCS_AS_OF})"
DATASET_SOURCE = f"{AWL_DATASET} as quoted in {REFERENCE_DOC} §3 [D], MB/s = Mbps/8"


def _ec2_facts(shared_dir: Path, sources: HardwareSources) -> list[RowFacts]:
    """EC2 rows: 2023 doc limits, then the [D] dataset's for the families the doc predates."""
    shapes = ec2_shapes(shared_dir)
    documented = {
        name: (limits, EBS_DOC_SOURCE, AWS_DOCS_AS_OF, ()) for name, limits in ec2_ebs_limits(shared_dir).items()
    }
    from_dataset = {
        name: (found.limits, DATASET_SOURCE, AWL_AS_OF, found.unconfirmed)
        for name, found in dataset_limits(shared_dir).items()
    }
    return [
        RowFacts(
            name=name,
            platform="ec2",
            vcpus=shapes[name][0],
            memory_gib=shapes[name][1],
            limits=limits,
            oracle=None,
            limits_source=limits_source,
            shapes_source=EC2_SHAPES_SOURCE,
            as_of=as_of,
            hardware=ec2_hardware(name, sources),
            unconfirmed=unconfirmed,
        )
        for name, (limits, limits_source, as_of, unconfirmed) in sorted({**documented, **from_dataset}.items())
        if name in shapes
    ]


def _documented_rds_facts(shared_dir: Path, ec2: dict[str, RowFacts]) -> list[RowFacts]:
    """The Oracle classes of the 2023 RDS guide, with their EC2 host's limits and hardware."""
    facts = []
    for name, (oracle, vcpus, memory) in rds_oracle_classes(shared_dir).items():
        host = ec2.get(name.removeprefix("db."))
        if host:
            facts.append(
                RowFacts(
                    name=name,
                    platform="rds",
                    vcpus=vcpus,
                    memory_gib=memory,
                    limits=host.limits,
                    oracle=oracle,
                    limits_source=f"EBS limits of EC2 {host.name} from {host.limits_source}",
                    shapes_source=f"Oracle support, vCPU and memory from AWS RDS User Guide 'DB instance classes' (awsdocs copy, {AWS_DOCS_AS_OF})",
                    as_of=host.as_of,
                    hardware=rds_hardware(host.hardware, host.name.split(".")[0]),
                    unconfirmed=host.unconfirmed,
                )
            )
    return facts


def _secondary_rds_facts(ec2: dict[str, RowFacts]) -> list[RowFacts]:
    """db.m7i/db.r7i: offered for Oracle per secondary sources only (§4 [S]), on the EC2 host of the same name."""
    return [
        RowFacts(
            name=f"db.{host.name}",
            platform="rds",
            vcpus=host.vcpus,
            memory_gib=host.memory_gib,
            limits=host.limits,
            oracle=SECONDARY_ORACLE_SUPPORT,
            limits_source=f"Oracle class per {REFERENCE_DOC} §4 [S]; EBS limits of EC2 {host.name} from {host.limits_source}",
            shapes_source=f"vCPU and memory of EC2 {host.name} from ec2instances.info EC2 dataset 2024-04-04",
            as_of=host.as_of,
            hardware=rds_hardware(host.hardware, host.name.split(".")[0]),
            unconfirmed=(*host.unconfirmed, "oracle_support"),
        )
        for host in ec2.values()
        if host.name.split(".")[0] in SECONDARY_RDS_FAMILIES and "metal" not in host.name  # RDS has no metal
    ]


def build_instances(*, shared_dir: Path) -> list[dict[str, object]]:
    """EC2 instance types and RDS for Oracle db.* classes with the EBS limits that cap their IO.

    A db.X class has the EBS limits of EC2's X (storage-io-limits.md §2.3). The memory-optimized
    db.*.tpcN.memNx classes sit on larger hosts whose limits the docs do not give per class, so
    they are left out rather than guessed.
    """
    ec2 = _ec2_facts(shared_dir, hardware_sources(shared_dir))
    hosts = {f.name: f for f in ec2}
    rds = sorted(_documented_rds_facts(shared_dir, hosts) + _secondary_rds_facts(hosts), key=lambda f: f.name)
    return [_instance_row(f) for f in ec2 + rds]
