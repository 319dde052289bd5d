"""The EC2 types of the covered families that AWS prices (or the 2024-04 dataset lists) but the instance catalog
leaves out, each with the reason in words: no AWS document used here gives its memory (m8id, r8id: newer than AWS's 2024-11
guide and never benchmarked), or its vCPUs and cores, or it has no EBS-optimized limits at all (r3.large). Written
to ``fixtures/catalog/left_out.json`` so that a page or API refusing such a name can say why instead of calling it
unknown. File I/O only through the readers of the other ``catalog_*`` modules; no Django.
"""

from __future__ import annotations

from pathlib import Path

from advisor.catalog.availability import AVAILABILITY_AS_OF, EC2_AVAILABILITY_SOURCE, ec2_regions
from advisor.catalog.docs import AWS_DOCS_AS_OF, FAMILIES, ec2_shapes
from advisor.catalog.guide2024 import CPU_OPTIONS_SOURCE, coremark, guide_compute_specs, newer_cpu_specs
from advisor.catalog.rows import EC2_SHAPES_SOURCE

NOT_GUESSED = "Left out of the instance catalog rather than guessed."
NO_MEMORY = (
    "no AWS document used here gives its memory: it is newer than AWS's 2024-11 instance-types guide and the 2024-04 "
    "ec2instances.info dataset, and Vantage's CoreMark runs (the memory the OS sees, used for r8i) never measured it; "
    "{cpu}. " + NOT_GUESSED
)
NO_CPU = (
    "no AWS document used here gives its vCPUs and cores{memory}: it is newer than AWS's 2024-11 instance-types guide and "
    "the 2024-04 ec2instances.info dataset, and the EC2 DescribeInstanceTypes CPU options of 2026 do not list it. "
    + NOT_GUESSED
)
NO_EBS_LIMITS = (
    "AWS gives no EBS-optimized limits for it: the type is not EBS-optimized (not in AWS EC2 User Guide 'Amazon "
    "EBS-optimized instances', {as_of}, nor in the 2024-11 guide's 'Amazon EBS specifications'), so its IO cannot "
    "be capped. " + NOT_GUESSED
)


def _reason(name: str, readers: dict[str, dict]) -> str:
    if name in readers["specs"] or name in readers["older"]:
        return NO_EBS_LIMITS.format(as_of=AWS_DOCS_AS_OF)
    cpu = readers["newer"].get(name)
    if cpu is None:
        mark = readers["marks"].get(name)
        return NO_CPU.format(memory="" if mark and mark["memory_visible_mb"] else " or its memory")
    return NO_MEMORY.format(
        cpu=f"{cpu.vcpus} vCPUs, {cpu.cores} core(s), {cpu.threads_per_core} threads per core from {CPU_OPTIONS_SOURCE}"
    )


def build_left_out(*, shared_dir: Path, names: set[str]) -> list[dict[str, object]]:
    """One row per real EC2 type of ``FAMILIES`` (priced per cfn-lint's 2026-10-20 enum, or in the 2024-04 dataset)
    that is not among the catalog's ``names``, saying why it was left out. The regions that price it are kept: the
    type exists, it is the figures that are missing."""
    regions = ec2_regions(shared_dir)
    known = set(regions) | set(ec2_shapes(shared_dir))
    readers: dict[str, dict] = {
        "specs": guide_compute_specs(shared_dir),
        "older": ec2_shapes(shared_dir),
        "newer": newer_cpu_specs(shared_dir),
        "marks": coremark(shared_dir),
    }
    out: list[dict[str, object]] = []
    for name in sorted(known - names):
        if name.split(".")[0] not in FAMILIES:
            continue
        priced = sorted(regions.get(name, ()))
        out.append(
            {
                "name": name,
                "platform": "ec2",
                "family": name.split(".")[0],
                "reason": _reason(name, readers),
                "priced_in": priced,
                "source": EC2_AVAILABILITY_SOURCE if priced else EC2_SHAPES_SOURCE,
                "as_of": AVAILABILITY_AS_OF if priced else AWS_DOCS_AS_OF,
            }
        )
    return out
