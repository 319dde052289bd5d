"""The instance catalog's rows: EC2 instance types and RDS for Oracle db.* classes with the EBS limits that cap
their IO, their shape, Oracle support and hardware, each row carrying its sources and as-of date. File I/O only
through the readers of ``docs``; no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from advisor.catalog.availability import ec2_regions, rds_offers, rds_support_words
from advisor.catalog.docs import (
    AWL_AS_OF,
    AWL_COMMIT,
    AWS_DOCS_AS_OF,
    EBS_FIELDS,
    FAMILIES,
    REFERENCE_DOC,
    dataset_limits,
    ec2_ebs_limits,
    ec2_shapes,
    rds_oracle_classes,
)
from advisor.catalog.guide2024 import (
    CPU_OPTIONS_SOURCE,
    GUIDE_AS_OF,
    GUIDE_SOURCE,
    ComputeSpec,
    coremark,
    guide_compute_specs,
    guide_ebs_limits,
    newer_cpu_specs,
)
from advisor.catalog.hardware import Hardware, HardwareSources, ec2_hardware, hardware_sources, rds_hardware
from advisor.catalog.processors import borrowed_mark, build_twins


@dataclass(frozen=True)
class RowFacts:
    name: str
    platform: str
    vcpus: int
    memory_gib: float
    limits: dict[str, object] | None  # None: AWS's EBS limits for the type are not in the stored sources
    oracle: str | None
    limits_source: str
    shapes_source: str
    as_of: str
    hardware: Hardware
    unconfirmed: tuple[str, ...] = ()
    cores: int | None = None
    threads_per_core: int | None = None
    burstable: bool = False
    coremark: dict[str, object] | None = None


UNPUBLISHED_LIMITS = dict.fromkeys(EBS_FIELDS)


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
        "cores": facts.cores,
        "threads_per_core": facts.threads_per_core,
        "memory_gib": facts.memory_gib,
        "burstable": facts.burstable,
        "ebs_limits_published": facts.limits is not None,
        **(facts.limits if facts.limits is not None else UNPUBLISHED_LIMITS),
        "oracle_support": facts.oracle,
        "deprecated_for_oracle": facts.oracle == "Deprecated",
        # None until `refresh_catalogs` asks DescribeOrderableDBInstanceOptions; then the Oracle engines offered.
        "oracle_engines_orderable": None,
        "nitro": facts.hardware.nitro.nitro,
        "nitro_source": facts.hardware.nitro.source,
        "instance_store": facts.hardware.instance_store,
        "coremark": facts.coremark,
        "unconfirmed": sorted(unconfirmed),
        "source": f"{source}; {note}" if note else source,
        "as_of": facts.as_of,
    }


EC2_SHAPES_SOURCE = "vCPU and memory from ec2instances.info EC2 dataset 2024-04-04"
EBS_DOC_SOURCE = f"AWS EC2 User Guide 'Amazon EBS-optimized instances' ({AWS_DOCS_AS_OF})"
EBS_GUIDE_SOURCE = GUIDE_SOURCE.format(table="Amazon EBS specifications")
# the [D] dataset's EBS figures, named as what they are (a copy of the EC2 API's figures), its provenance in the
# parenthesis customer_words drops
DATASET_SOURCE = (
    f"Amazon EC2 DescribeInstanceTypes EBS figures, {AWL_AS_OF} (third-party copy), MB/s = Mbps/8 "
    f"(jpetrucciani/awl data/ec2_instance_types.json at commit {AWL_COMMIT}; quoted in {REFERENCE_DOC} §3 [D])"
)
EBS_UNPUBLISHED = (
    "EBS limits not published: the type is newer than AWS's 2024-11 instance-types guide and no AWS document used here gives "
    "them (shared/data/aws-2026/README.md); they are left blank, not guessed"
)
VISIBLE_MEMORY_SOURCE = (
    "memory: no AWS document used here gives the nominal size; the figure is the memory visible to the OS as measured by "
    "{coremark} on {ran_on} ({mb:,} MB / 1024), a little below the nominal size"
)


def _limits_for(name: str, guide: dict, dataset: dict, documented: dict) -> tuple[dict | None, str, str | None, tuple]:
    """(limits, source, as_of, unconfirmed): AWS's 2024-11 guide, else the reference's [D] dataset (m7i/r7i sizes the
    guide lacks), else the 2023-06 user guide; None where none of them gives the type."""
    if name in guide:
        return guide[name], EBS_GUIDE_SOURCE, GUIDE_AS_OF, ()
    if name in dataset:
        return dataset[name].limits, DATASET_SOURCE, AWL_AS_OF, dataset[name].unconfirmed
    if name in documented:
        return documented[name], EBS_DOC_SOURCE, AWS_DOCS_AS_OF, ()
    return None, EBS_UNPUBLISHED, None, ()


def _shape_for(name: str, specs: dict, older: dict, newer: dict, marks: dict) -> tuple[ComputeSpec, tuple] | None:
    """vCPU, cores, threads and memory: the 2024-11 guide, else the 2024-04 dataset (vCPU, memory) with the 2026
    CPU options' cores, else the 2026 CPU options with the memory the CoreMark run saw; None if no memory is known."""
    if name in specs:
        return specs[name], ()
    cpu = newer.get(name)
    if name in older:
        vcpus, memory = older[name]
        cores, threads = (cpu.cores, cpu.threads_per_core) if cpu and cpu.vcpus == vcpus else (None, None)
        source = EC2_SHAPES_SOURCE + (f"; cores and threads per core from {CPU_OPTIONS_SOURCE}" if cores else "")
        return ComputeSpec(vcpus, cores or 0, threads or 0, memory, None, source, AWS_DOCS_AS_OF), ()
    mark = marks.get(name)
    if cpu is None or mark is None or not mark.get("memory_visible_mb"):
        return None
    mb = int(mark["memory_visible_mb"])  # type: ignore[call-overload]
    memory_source = VISIBLE_MEMORY_SOURCE.format(coremark="Vantage's CoreMark run", ran_on=mark["ran_on"], mb=mb)
    spec = ComputeSpec(cpu.vcpus, cpu.cores, cpu.threads_per_core, round(mb / 1024, 2), None,
                       f"{cpu.source}; {memory_source}", cpu.as_of)  # fmt: skip
    return spec, ("memory_gib",)


def _coremark_of(name: str, vcpus: int, marks: dict, twins: dict[str, dict]) -> dict[str, object] | None:
    """The type's measured CoreMark; for a type of a family never measured, its twin's (``processors``), saying so."""
    mark = marks.get(name)
    if mark is None:
        twin = twins.get(name.split(".")[0])
        return borrowed_mark(name, vcpus, twin, marks) if twin else None
    return {key: mark[key] for key in ("iterations_per_s", "threads", "per_thread", "source")} | {
        "as_of": mark["ran_on"]
    }


def _ec2_facts(shared_dir: Path, sources: HardwareSources, known: set[str], twins: dict[str, dict]) -> list[RowFacts]:
    """EC2 rows of the covered families that are real types (``known``), with the newest source winning per field."""
    guide, dataset = guide_ebs_limits(shared_dir, FAMILIES), dataset_limits(shared_dir)
    documented = ec2_ebs_limits(shared_dir)
    specs, older, newer, marks = guide_compute_specs(shared_dir), ec2_shapes(shared_dir), newer_cpu_specs(
        shared_dir), coremark(shared_dir)  # fmt: skip
    names = {n for n in known | set(guide) | set(dataset) | set(documented) if n.split(".")[0] in FAMILIES}
    facts = []
    for name in sorted(names & known):
        limits, limits_source, limits_as_of, unconfirmed = _limits_for(name, guide, dataset, documented)
        shape = _shape_for(name, specs, older, newer, marks)
        if shape is None or (limits is None and (name in specs or name in older)):
            # no source gives its memory; or an older type AWS lists without EBS-optimized limits (r3.large, not
            # EBS-optimized): left out rather than guessed. Only types newer than the 2024-11 guide stay, unpublished.
            continue
        spec, shape_unconfirmed = shape
        facts.append(
            RowFacts(
                name=name,
                platform="ec2",
                vcpus=spec.vcpus,
                memory_gib=spec.memory_gib or 0.0,
                limits=limits,
                oracle=None,
                limits_source=limits_source,
                shapes_source=spec.source,
                as_of=limits_as_of or spec.as_of,
                hardware=ec2_hardware(name, sources),
                unconfirmed=(*unconfirmed, *shape_unconfirmed),
                cores=spec.cores or None,
                threads_per_core=spec.threads_per_core or None,
                burstable=bool(spec.burstable) or name.startswith("t3."),
                coremark=_coremark_of(name, spec.vcpus, marks, twins),
            )
        )
    return facts


def _rds_from_host(host: RowFacts, **changes: object) -> RowFacts:
    """A db.X class on EC2 X: X's EBS limits, hardware (as RDS exposes it), cores and measured CoreMark (or the
    figure X borrows from its twin, the same words with it)."""
    on = "the figure of EC2" if host.coremark and host.coremark.get("borrowed") else "measured on EC2"
    coremark = host.coremark and {**host.coremark, "source": f"{on} {host.name}: {host.coremark['source']}"}
    fields: dict[str, object] = {
        "name": f"db.{host.name}",
        "platform": "rds",
        "vcpus": host.vcpus,
        "memory_gib": host.memory_gib,
        "limits": host.limits,
        "oracle": None,
        "limits_source": _host_limits(host),
        "shapes_source": f"vCPU and memory of EC2 {host.name}: {host.shapes_source}",
        "as_of": host.as_of,
        "hardware": rds_hardware(host.hardware, host.name.split(".")[0]),
        "unconfirmed": host.unconfirmed,
        "cores": host.cores,
        "threads_per_core": host.threads_per_core,
        "burstable": host.burstable,
        "coremark": coremark,
    }
    fields.update(changes)
    if fields["vcpus"] != host.vcpus:  # the RDS guide's vCPUs differ from the host's: its cores are not known here
        fields["cores"] = fields["threads_per_core"] = None
    return RowFacts(**fields)  # type: ignore[arg-type]


def _documented_rds_facts(shared_dir: Path, ec2: dict[str, RowFacts]) -> list[RowFacts]:
    """The Oracle classes of the 2023 RDS guide, with their EC2 host's limits and hardware."""
    guide_source = f"Oracle support, vCPU and memory from AWS RDS User Guide 'DB instance classes' ({AWS_DOCS_AS_OF})"
    facts = []
    for name, (oracle, vcpus, memory) in rds_oracle_classes(shared_dir).items():
        host = ec2.get(name.removeprefix("db."))
        if host:
            facts.append(
                _rds_from_host(host, vcpus=vcpus, memory_gib=memory, oracle=oracle, shapes_source=guide_source)
            )
    return facts


def _priced_rds_facts(shared_dir: Path, ec2: dict[str, RowFacts], documented: set[str]) -> list[RowFacts]:
    """Classes the 2023 RDS guide predates that the AWS Price List prices for Oracle (cfn-lint 1.58.0, 2026-10-20),
    on the EC2 host of the same name. The optimized-CPU ``db.*.tpcN.memNx`` classes are left out (their hosts'
    limits are not given per class); a priced SKU is a proxy for Oracle support, so it stays unconfirmed."""
    facts = []
    for name, by_engine in sorted(rds_offers(shared_dir).items()):
        host = ec2.get(name.removeprefix("db."))
        if host is None or name in documented or name.count(".") != 2 or "metal" in name:
            continue
        words = rds_support_words(by_engine)
        facts.append(_rds_from_host(host, oracle=words, limits_source=f"Oracle class: {words}; {_host_limits(host)}",
                                    unconfirmed=(*host.unconfirmed, "oracle_support")))  # fmt: skip
    return facts


def _host_limits(host: RowFacts) -> str:
    """Where the EBS limits of a db. class's EC2 host come from, or that they are not published."""
    if host.limits_source.startswith(UNPUBLISHED := "EBS limits not published"):
        return f"EBS limits of EC2 {host.name} not published{host.limits_source.removeprefix(UNPUBLISHED)}"
    return f"EBS limits of EC2 {host.name} from {host.limits_source}"


def build_instances(*, shared_dir: Path, twins: list[dict[str, object]] | None = None) -> list[dict[str, object]]:
    """EC2 instance types and RDS for Oracle db.* classes with the EBS limits that cap their IO.

    A db.X class has the EBS limits of EC2's X (storage-io-limits.md §2.3). The memory-optimized
    db.*.tpcN.memNx classes sit on larger hosts whose limits the docs do not give per class, so
    they are left out rather than guessed. Only real type names are kept (the 2024-11 guide's PDF wraps
    'm7i.metal-24xl' to 'm7i.metal'): those AWS prices per cfn-lint or the 2024-04 dataset lists. A family with no
    CoreMark measurement takes its twin's (``twins``, the ``processors`` rows; read from ``shared_dir`` if not given).
    """
    known = set(ec2_regions(shared_dir)) | set(ec2_shapes(shared_dir))
    specs = guide_compute_specs(shared_dir)
    by_family = {str(t["family"]): t for t in (build_twins(shared_dir=shared_dir) if twins is None else twins)}
    ec2 = _ec2_facts(shared_dir, hardware_sources(shared_dir, frozenset(specs)), known, by_family)
    hosts = {f.name: f for f in ec2}
    documented = _documented_rds_facts(shared_dir, hosts)
    priced = _priced_rds_facts(shared_dir, hosts, {f.name for f in documented})
    rds = sorted(documented + priced, key=lambda f: f.name)
    return [_instance_row(f) for f in ec2 + rds]
