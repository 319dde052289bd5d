"""The hardware facts of a catalog row: Nitro or Xen, and the local instance store (disks, IOPS), for an EC2
type and for the RDS class that runs on it, each with the source it came from. File I/O only through the readers
of ``docs``; no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from advisor.catalog.docs import (
    AWS_DOCS_AS_OF,
    REFERENCE_DOC,
    NitroLists,
    SsdIops,
    instance_store_kinds,
    nitro_lists,
    reference_disks,
    ssd_iops,
)
from advisor.catalog.guide2024 import GUIDE_AS_OF, GUIDE_SOURCE, GuideStore, guide_instance_store

# RDS for Oracle exposes the host's instance store on these families only (storage-io-limits.md §4:
# "[C, RDS 'instance store' page; class list [U]]"), so the list itself is unconfirmed.
RDS_INSTANCE_STORE_FAMILIES = ("m5d", "r5d", "m6id", "r6id", "x2idn", "x2iedn")
RDS_INSTANCE_STORE_SOURCE = "storage-io-limits.md §4 (RDS for Oracle instance-store classes, class list [U])"
# Oracle classes the 2023 RDS guide does not list; their Oracle support is [S] (storage-io-limits.md §4).
SECONDARY_RDS_FAMILIES = ("m7i", "r7i")
# Labels of the '; '-separated parts of an instance store's source that a refresh keeps.
IOPS_SOURCE_LABEL = "4 KiB IOPS:"
RDS_STORE_SOURCE_LABEL = "on RDS:"

NITRO_DOC_SOURCE = f"AWS EC2 User Guide 'Instances built on the Nitro System' ({AWS_DOCS_AS_OF})"
M4_HYPERVISOR_SAMPLE = (
    "DescribeInstanceTypes sample for m4.xlarge: Hypervisor 'xen' "
    "(shared/data/aws-api-samples, aws/amazon-ec2-instance-selector test data)"
)
NITRO_SECONDARY_SOURCE = (
    "not in the 2023 AWS Nitro lists (the family launched later); [S] jayendrapatil.com 'AWS EC2 Instance Types' "
    "2026 update: 'All current generation instances are built on the AWS Nitro System'"
)


@dataclass(frozen=True)
class Nitro:
    nitro: bool
    source: str
    unconfirmed: bool = False


def _nitro(name: str, lists: NitroLists, store_kinds: dict[str, str]) -> Nitro:
    family = name.split(".")[0]
    if name in lists.bare_metal:
        return Nitro(True, f"{NITRO_DOC_SOURCE}: bare metal list")
    if family in lists.virtualized_families:
        return Nitro(True, f"{NITRO_DOC_SOURCE}: virtualized list")
    # A family the 2023 guide's summary tables do not list at all is newer than the guide (the Xen families m4,
    # r4, r3 and i3 are listed there), so the secondary "all current generation" statement applies.
    if family in SECONDARY_RDS_FAMILIES or family not in store_kinds:
        return Nitro(True, NITRO_SECONDARY_SOURCE, unconfirmed=True)
    source = f"Xen: not in the {NITRO_DOC_SOURCE} lists"
    return Nitro(False, f"{source}; {M4_HYPERVISOR_SAMPLE}" if family == "m4" else source)


@dataclass(frozen=True)
class Hardware:
    nitro: Nitro
    instance_store: dict[str, object] | None
    note: str | None = None  # why there is no instance store, for the row's source
    unconfirmed: tuple[str, ...] = ()


@dataclass(frozen=True)
class HardwareSources:
    nitro_lists: NitroLists
    store_kinds: dict[str, str]
    ssd_iops: dict[str, SsdIops]
    disks: dict[str, tuple[int, float]]
    guide_stores: dict[str, GuideStore]  # the 2024-11 guide's instance store table: wins where it lists the type
    guide_types: frozenset[str]  # every type the 2024-11 guide's specifications cover


def hardware_sources(shared_dir: Path, guide_types: frozenset[str] = frozenset()) -> HardwareSources:
    return HardwareSources(
        nitro_lists(shared_dir),
        instance_store_kinds(shared_dir),
        ssd_iops(shared_dir),
        reference_disks(shared_dir),
        guide_instance_store(shared_dir),
        guide_types,
    )


def _guide_store(store: GuideStore) -> dict[str, object]:
    """The instance store as AWS's 2024-11 guide gives it: volumes, type and 4 KiB random IOPS (blank for HDD)."""
    source = GUIDE_SOURCE.format(table="Instance store specifications")
    iops = (
        source if store.random_read_iops_4k is not None else f"not published (HDD or previous generation) in {source}"
    )
    return {
        "disks": store.disks,
        "disk_size_gb": store.disk_size_gb,
        "total_gb": store.disks * store.disk_size_gb if store.disks and store.disk_size_gb else None,
        "nvme": store.kind.startswith("NVMe"),
        "random_read_iops_4k": store.random_read_iops_4k,
        "write_iops_4k": store.write_iops_4k,
        "source": f"volumes and type ({store.kind}): {source}; {IOPS_SOURCE_LABEL} {iops}",
        "as_of": GUIDE_AS_OF,
    }


def _store(name: str, kind: str, sources: HardwareSources) -> dict[str, object]:
    """The instance store of an EC2 type: disk layout where the reference gives it, IOPS where AWS publishes them."""
    summary = f"AWS EC2 User Guide 'Instance types' summary table ({AWS_DOCS_AS_OF}): {kind}"
    parts = [f"instance store type: {summary}"]
    disks, size = sources.disks.get(name, (None, None))
    if disks is not None and size is not None:
        parts.append(f"disks: {REFERENCE_DOC} §5 (AWS EC2 guide 2023)")
    else:
        parts.append("disk count and size: not published in the AWS documents used here")
    iops = sources.ssd_iops.get(name)
    if iops:
        parts.append(
            f"{IOPS_SOURCE_LABEL} AWS EC2 User Guide '{iops.page}', SSD instance store table ({AWS_DOCS_AS_OF})"
        )
    else:
        parts.append(f"{IOPS_SOURCE_LABEL} not published in the AWS documents used here")
    return {
        "disks": disks,
        "disk_size_gb": size,
        "total_gb": disks * size if disks is not None and size is not None else None,
        "nvme": kind == "NVMe",
        "random_read_iops_4k": iops.random_read if iops else None,
        "write_iops_4k": iops.write if iops else None,
        "source": "; ".join(parts),
        "as_of": AWS_DOCS_AS_OF,
    }


def ec2_hardware(name: str, sources: HardwareSources) -> Hardware:
    nitro = _nitro(name, sources.nitro_lists, sources.store_kinds)
    nitro_unconfirmed = ("nitro",) if nitro.unconfirmed else ()
    if name in sources.guide_stores:
        return Hardware(nitro, _guide_store(sources.guide_stores[name]), None, nitro_unconfirmed)
    store_families = {store_name.split(".")[0] for store_name in sources.guide_stores}
    if name in sources.guide_types and name.split(".")[0] not in store_families:  # the PDF's tables miss some rows
        note = f"no instance store: not in the 'Instance store specifications' of AWS's {GUIDE_AS_OF} guide"
        return Hardware(nitro, None, note, nitro_unconfirmed)
    kind = sources.store_kinds.get(name.split(".")[0])
    if kind is None and name.split(".")[0] in ("i7i", "i7ie", "m8id", "r8id"):  # storage families newer than 2024-11
        note = "instance store: not published in the AWS documents used here (the family is newer than AWS's 2024-11 guide)"
        return Hardware(nitro, None, note, (*nitro_unconfirmed, "instance_store"))
    if kind is None:  # a family the 2023 summary predates
        note = "no instance store: no 'd' in the name (AWS naming: 'd – Instance store volumes'), not in the 2023 table"
        return Hardware(nitro, None, note, (*nitro_unconfirmed, "instance_store"))
    if kind == "No":
        note = f"no instance store: 'EBS only' in AWS EC2 User Guide 'Instance types' summary ({AWS_DOCS_AS_OF})"
        return Hardware(nitro, None, note, nitro_unconfirmed)
    return Hardware(nitro, _store(name, kind, sources), None, nitro_unconfirmed)


def rds_hardware(host: Hardware, family: str) -> Hardware:
    """A db.X class runs on EC2 X; RDS exposes X's instance store only on the §4 families."""
    if host.instance_store is None:
        return host
    if family in RDS_INSTANCE_STORE_FAMILIES:
        store = {
            **host.instance_store,
            "source": f"{host.instance_store['source']}; {RDS_STORE_SOURCE_LABEL} {RDS_INSTANCE_STORE_SOURCE}",
        }
        return Hardware(host.nitro, store, None, (*host.unconfirmed, "instance_store"))
    note = f"no instance store on RDS: the family is not in {RDS_INSTANCE_STORE_SOURCE}"
    return Hardware(host.nitro, None, note, (*host.unconfirmed, "instance_store"))
