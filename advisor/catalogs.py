"""Build the committed catalogs under ``fixtures/catalog/`` from the shared source data.

This is import code (file I/O, no Django): ``python manage.py import_catalogs`` runs it, and the
app only ever reads the files it writes. Every row carries its source and as-of date; a value taken
from an unconfirmed or secondary source is named in the row's ``unconfirmed`` list.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import botocore

REPO_ROOT = Path(__file__).resolve().parent.parent
CATALOG_DIR = REPO_ROOT / "fixtures" / "catalog"
DEFAULT_SHARED_DIR = REPO_ROOT.parent / "shared"

EBS_OPTIMIZED_DOC = "data/aws-docs-2023-06/ec2/ebs-optimized.md"
INSTANCE_TYPES_DOC = "data/aws-docs-2023-06/ec2/instance-types.md"
# The three family pages whose "SSD-based instance store volume I/O performance" tables we read.
SSD_IOPS_DOCS = {
    "data/aws-docs-2023-06/ec2/general-purpose-instances.md": "General purpose instances",
    "data/aws-docs-2023-06/ec2/memory-optimized-instances.md": "Memory optimized instances",
    "data/aws-docs-2023-06/ec2/storage-optimized-instances.md": "Storage optimized instances",
}
RDS_CLASSES_DOC = "data/aws-docs-2023-06/rds/Concepts.DBInstanceClass.md"
AWS_DOCS_AS_OF = "2023-06-15"
EC2_PRICES_2024 = "data/pricing/ec2instances-info-ec2-linux-2024-04-04.json"
RDS_PRICES_2021 = "data/pricing/ec2instances-info-rds-2021-08-03.json"
REFERENCE_DOC = "reference/storage-io-limits.md"
# The [D] dataset the reference quotes for m7i/r7i (storage-io-limits.md §3.1).
AWL_DATASET = (
    "jpetrucciani/awl data/ec2_instance_types.json (commit faac1318a02dad5ebe5963c7bb6e3b99e21acfbc, "
    "generated 2026-05-13 from instances.vantage.sh, i.e. the EC2 DescribeInstanceTypes API)"
)
AWL_AS_OF = "2026-05-13"
# Commercial and GovCloud partitions: the China and isolated partitions have no Oracle prices here.
PARTITIONS = ("aws", "aws-us-gov")

EBS_FIELDS = (
    "ebs_baseline_mbps",
    "ebs_max_mbps",
    "ebs_baseline_mb_s_128k",
    "ebs_max_mb_s_128k",
    "ebs_baseline_iops_16k",
    "ebs_max_iops_16k",
    "max_is_30_minute_burst",
)


@dataclass(frozen=True)
class CatalogWritten:
    path: Path
    rows: int


class CatalogInvalid(ValueError):
    """Rows that must not be written; the message lists every problem."""


def _botocore_regions() -> dict[str, str]:
    endpoints = Path(botocore.__file__).parent / "data" / "endpoints.json"
    data = json.loads(endpoints.read_text())
    regions: dict[str, str] = {}
    for partition in data["partitions"]:
        if partition["partition"] in PARTITIONS:
            for code, region in partition["regions"].items():
                regions[code] = region["description"]
    return regions


def _regions_with_prices(path: Path, rows_of: str) -> set[str]:
    data = json.loads(path.read_text())
    if rows_of == "ec2":
        return {row["region"] for row in data["data"]}
    return {region for row in data for region in row.get("pricing", {})}


def build_regions(*, shared_dir: Path, as_of: str) -> list[dict[str, object]]:
    """AWS regions (names from botocore's endpoint data) and which price datasets cover them."""
    names = _botocore_regions()
    ec2 = _regions_with_prices(shared_dir / EC2_PRICES_2024, "ec2")
    rds = _regions_with_prices(shared_dir / RDS_PRICES_2021, "rds")
    source = f"botocore {botocore.__version__} data/endpoints.json (partitions {', '.join(PARTITIONS)})"
    return [
        {
            "code": code,
            "name": names[code],
            "ec2_prices_2024_04_04": code in ec2,
            "rds_prices_2021_08_03": code in rds,
            "source": source,
            "as_of": as_of,
        }
        for code in sorted(names)
    ]


# The families the product covers (issue 3): today's Oracle hosts and the seed talk's m4/r4/r3.
FAMILIES = (
    "m5",
    "m5d",
    "r5",
    "r5d",
    "r5b",
    "m6i",
    "r6i",
    "m7i",
    "r7i",
    "x2iedn",
    "x2idn",
    "z1d",
    "i3",
    "i4i",
    "t3",
    "m4",
    "r4",
    "r3",
)
# RDS for Oracle exposes the host's instance store on these families only (storage-io-limits.md §4:
# "[C, RDS 'instance store' page; class list [U]]"), so the list itself is unconfirmed.
RDS_INSTANCE_STORE_FAMILIES = ("m5d", "r5d", "m6id", "r6id", "x2idn", "x2iedn")
RDS_INSTANCE_STORE_SOURCE = "storage-io-limits.md §4 (RDS for Oracle instance-store classes, class list [U])"
# Oracle classes the 2023 RDS guide does not list; their Oracle support is [S] (storage-io-limits.md §4).
SECONDARY_RDS_FAMILIES = ("m7i", "r7i")
# Labels of the '; '-separated parts of an instance store's source that a refresh keeps.
IOPS_SOURCE_LABEL = "4 KiB IOPS:"
RDS_STORE_SOURCE_LABEL = "on RDS:"
SECONDARY_ORACLE_SUPPORT = "Reported by secondary sources only (storage-io-limits.md §4 [S]); editions not confirmed"


def _markdown_rows(text: str) -> Iterable[list[str]]:
    """Cells of every markdown table row, with the docs' backslash escapes removed."""
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith(("| ---", "|---")):
            # Split on unescaped pipes only: the docs write 'ENA \| EFA' inside one cell.
            cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
            yield [cell.strip().replace("\\", "") for cell in cells]


def _number(cell: str) -> float:
    return float(cell.replace(",", "").replace("*", "").removeprefix("Up to ").strip())


def _ec2_ebs_limits(shared_dir: Path) -> dict[str, dict[str, object]]:
    """EBS limits per EC2 instance type from the 'EBS-optimized instances' tables.

    Rows marked * reach their maximum for 30 minutes once every 24 hours; other rows show one
    figure that is both baseline and maximum.
    """
    limits: dict[str, dict[str, object]] = {}
    for cells in _markdown_rows((shared_dir / EBS_OPTIMIZED_DOC).read_text()):
        name, burst = cells[0].rstrip(" *"), cells[0].endswith("*")
        if name.split(".")[0] not in FAMILIES or not cells[1][:1].isdigit():
            continue
        values = [_number(c) for c in cells[1:] if c]
        if len(values) == 6:
            base_mbps, max_mbps, base_mb_s, max_mb_s, base_iops, max_iops = values
        elif len(values) == 3:
            base_mbps = max_mbps = values[0]
            base_mb_s = max_mb_s = values[1]
            base_iops = max_iops = values[2]
        else:
            continue
        limits[name] = _limits(base_mbps, max_mbps, base_mb_s, max_mb_s, base_iops, max_iops, burst)
    return limits


def _limits(
    base_mbps: float, max_mbps: float, base_mb_s: float, max_mb_s: float, base_iops: float, max_iops: float, burst: bool
) -> dict[str, object]:
    return {
        "ebs_baseline_mbps": base_mbps,
        "ebs_max_mbps": max_mbps,
        "ebs_baseline_mb_s_128k": base_mb_s,
        "ebs_max_mb_s_128k": max_mb_s,
        "ebs_baseline_iops_16k": int(base_iops),
        "ebs_max_iops_16k": int(max_iops),
        "max_is_30_minute_burst": burst,
    }


def _reference_section(shared_dir: Path, number: int) -> str:
    """One numbered '## N.' section of the storage reference."""
    text = (shared_dir / REFERENCE_DOC).read_text()
    start = text.index(f"\n## {number}. ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def _figure_pair(part: str) -> tuple[float, float, bool]:
    """'650/10,000' -> (650, 10000); '10,000' -> (10000, 10000); a trailing '*' marks a burst."""
    burst = "*" in part
    values = [_number(v) for v in part.replace("*", "").split("/")]
    return values[0], values[-1], burst


@dataclass(frozen=True)
class ReferenceLimits:
    limits: dict[str, object]
    unconfirmed: tuple[str, ...]


def _dataset_limits(shared_dir: Path) -> dict[str, ReferenceLimits]:
    """m7i/r7i EBS limits from the reference §3 column tagged [D] (the May-2026 dataset).

    Cells read 'Mbps · IOPS' or 'Mbps · MB/s · IOPS'; '(= metal-24xl)' names a size with the same
    figures; '(r7i; m7i **[U]** same)' marks m7i's figures as filled from the r7i row.
    """
    rows = list(_markdown_rows(_reference_section(shared_dir, 3)))
    header = next(cells for cells in rows if cells[0] == "Size" and any("[D]" in c for c in cells))
    column = next(i for i, c in enumerate(header) if "[D]" in c)
    families = [f.strip() for f in header[column].replace("[D]", "").split("/")]
    found: dict[str, ReferenceLimits] = {}
    for cells in rows[rows.index(header) + 1 :]:
        if cells[0] == "Size":
            break
        cell = cells[column].replace("**", "")
        if cell.startswith("—"):
            continue
        note = cell[cell.index("(") + 1 : cell.rindex(")")] if "(" in cell else ""
        parts = [p.strip() for p in cell.split("(")[0].split("·")]
        base_mbps, max_mbps, value_burst = _figure_pair(parts[0])
        base_iops, max_iops, _ = _figure_pair(parts[-1])
        burst = cells[0].endswith("*") or value_burst
        # Most cells omit MB/s; the reference says MB/s = Mbps / 8 (§0).
        base_mb_s, max_mb_s, _ = _figure_pair(parts[1]) if len(parts) == 3 else (base_mbps / 8, max_mbps / 8, False)
        limits = _limits(base_mbps, max_mbps, base_mb_s, max_mb_s, base_iops, max_iops, burst)
        sizes = [cells[0].rstrip("*")] + re.findall(r"= ([\w-]+)", note)
        for family in families:
            unconfirmed = EBS_FIELDS if re.search(rf"\b{family} \[U\]", note) else ()
            for size in sizes:
                found[f"{family}.{size}"] = ReferenceLimits(limits, tuple(unconfirmed))
    return found


def _ec2_shapes(shared_dir: Path) -> dict[str, tuple[int, float]]:
    rows = json.loads((shared_dir / EC2_PRICES_2024).read_text())["data"]
    return {row["instance-type"]: (int(row["vCPU"]), float(row["memory"])) for row in rows}


def _rds_oracle_classes(shared_dir: Path) -> dict[str, tuple[str, int, float]]:
    """db.* classes the RDS guide marks as supported for Oracle, with vCPU and memory."""
    support: dict[str, str] = {}
    shapes: dict[str, tuple[int, float]] = {}
    for cells in _markdown_rows((shared_dir / RDS_CLASSES_DOC).read_text()):
        cells[0] = cells[0].rstrip("*")  # '*' marks classes whose EBS maximum is a 30-minute burst
        if not cells[0].startswith("db.") or " " in cells[0]:
            continue
        # Engine support rows: MariaDB, SQL Server, MySQL, Oracle, PostgreSQL (Yes/No/text, never a number).
        if len(cells) == 6 and not cells[1][:1].isdigit() and cells[0] not in support:
            support[cells[0]] = cells[4].lstrip(">")
        elif len(cells) == 7 and cells[1][:1].isdigit():  # hardware: vCPU, ECU, memory, ...
            shapes[cells[0]] = (int(cells[1]), _number(cells[3]))
    return {
        name: (oracle, *shapes[name])
        for name, oracle in support.items()
        if oracle != "No" and not oracle.startswith("Only on") and name in shapes  # 'Only on' = 12.1 only
    }


# --- Hardware: Nitro or Xen, and the local instance store ---------------------------------------------


@dataclass(frozen=True)
class NitroLists:
    virtualized_families: frozenset[str]
    bare_metal: frozenset[str]


def _nitro_lists(shared_dir: Path) -> NitroLists:
    """The EC2 guide's 'Instances built on the Nitro System' lists (virtualized families, bare metal names)."""
    text = (shared_dir / INSTANCE_TYPES_DOC).read_text().replace("\\", "")
    virtualized = text[text.index("### Virtualized instances") : text.index("### Bare metal instances")]
    bare_metal = text[text.index("### Bare metal instances") : text.index("**Learn more**")]
    families = {
        name.strip().lower()
        for line in virtualized.splitlines()
        if line.startswith("+ **")
        for name in re.split(r",|\band\b", line.split(":**", 1)[1])
        if name.strip()
    }
    return NitroLists(frozenset(families), frozenset(re.findall(r"`([\w.-]+)`", bare_metal)))


NITRO_DOC_SOURCE = f"AWS EC2 User Guide 'Instances built on the Nitro System' (awsdocs copy, {AWS_DOCS_AS_OF})"
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


def _nitro(name: str, lists: NitroLists) -> Nitro:
    family = name.split(".")[0]
    if name in lists.bare_metal:
        return Nitro(True, f"{NITRO_DOC_SOURCE}: bare metal list")
    if family in lists.virtualized_families:
        return Nitro(True, f"{NITRO_DOC_SOURCE}: virtualized list")
    if family in SECONDARY_RDS_FAMILIES:
        return Nitro(True, NITRO_SECONDARY_SOURCE, unconfirmed=True)
    source = f"Xen: not in the {NITRO_DOC_SOURCE} lists"
    return Nitro(False, f"{source}; {M4_HYPERVISOR_SAMPLE}" if family == "m4" else source)


def _instance_store_kinds(shared_dir: Path) -> dict[str, str]:
    """Family -> 'No', 'NVMe', 'SSD' or 'HDD' from the EC2 guide's networking-and-storage summary tables."""
    kinds: dict[str, str] = {}
    for cells in _markdown_rows((shared_dir / INSTANCE_TYPES_DOC).read_text()):
        if len(cells) == 6 and cells[3] in ("No", "NVMe", "SSD", "HDD"):
            kinds[cells[0].lower()] = cells[3]
    return kinds


@dataclass(frozen=True)
class SsdIops:
    random_read: float
    write: float
    page: str


def _ssd_iops(shared_dir: Path) -> dict[str, SsdIops]:
    """4 KiB random read and write IOPS of the instance store, from the family pages' SSD tables."""
    iops: dict[str, SsdIops] = {}
    for doc, page in SSD_IOPS_DOCS.items():
        text = (shared_dir / doc).read_text().replace("\\", "")
        section = text[text.index("## SSD-based instance store volume I/O performance") :]
        section = section[: section.index("\n## ", 1)]
        for cells in _markdown_rows(section):
            if len(cells) == 3 and re.fullmatch(r"[\d,]+", cells[1]):
                iops[cells[0]] = SsdIops(_number(cells[1]), _number(cells[2]), page)
    return iops


def _reference_disks(shared_dir: Path) -> dict[str, tuple[int, float]]:
    """Disk count and size per type from the reference §5 table ('1×475 / 1×950 GB', '2 / 4 / 8 ×1,900 GB')."""
    disks: dict[str, tuple[int, float]] = {}
    for cells in _markdown_rows(_reference_section(shared_dir, 5)):
        if "." not in cells[0]:
            continue
        family, first = cells[0].split(".", 1)
        sizes = [s.strip().split(" ")[0] for s in first.split("/")]
        layout = cells[1].removesuffix("GB").strip()
        if "×" in layout.split("/")[0]:
            pairs = [p.strip().split("×") for p in layout.split("/")]
        else:  # one size for all: '2 / 4 / 8 ×1,900'
            counts, size = layout.split("×")
            pairs = [[c, size] for c in counts.split("/")]
        for size_name, (count, gb) in zip(sizes, pairs, strict=True):
            disks[f"{family}.{size_name}"] = (int(count), _number(gb))
        if "(metal)" in first:
            disks[f"{family}.metal"] = disks[f"{family}.{sizes[-1]}"]
    return disks


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


def _hardware_sources(shared_dir: Path) -> HardwareSources:
    return HardwareSources(
        _nitro_lists(shared_dir), _instance_store_kinds(shared_dir), _ssd_iops(shared_dir), _reference_disks(shared_dir)
    )


def _store(name: str, kind: str, sources: HardwareSources) -> dict[str, object]:
    """The instance store of an EC2 type: disk layout where the reference gives it, IOPS where AWS publishes them."""
    summary = f"AWS EC2 User Guide 'Instance types' summary table (awsdocs copy, {AWS_DOCS_AS_OF}): {kind}"
    parts = [f"instance store type: {summary}"]
    disks, size = sources.disks.get(name, (None, None))
    if disks is not None and size is not None:
        parts.append(f"disks: {REFERENCE_DOC} §5 (AWS EC2 guide 2023)")
    else:
        parts.append("disk count and size: not in the stored sources")
    iops = sources.ssd_iops.get(name)
    if iops:
        parts.append(
            f"{IOPS_SOURCE_LABEL} AWS EC2 User Guide '{iops.page}', SSD instance store table ({AWS_DOCS_AS_OF})"
        )
    else:
        parts.append(f"{IOPS_SOURCE_LABEL} not published in the stored sources")
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


def _ec2_hardware(name: str, sources: HardwareSources) -> Hardware:
    nitro = _nitro(name, sources.nitro_lists)
    nitro_unconfirmed = ("nitro",) if nitro.unconfirmed else ()
    kind = sources.store_kinds.get(name.split(".")[0])
    if kind is None:  # a family the 2023 summary predates
        note = "no instance store: no 'd' in the name (AWS naming: 'd – Instance store volumes'), not in the 2023 table"
        return Hardware(nitro, None, note, (*nitro_unconfirmed, "instance_store"))
    if kind == "No":
        note = f"no instance store: 'EBS only' in AWS EC2 User Guide 'Instance types' summary ({AWS_DOCS_AS_OF})"
        return Hardware(nitro, None, note, nitro_unconfirmed)
    return Hardware(nitro, _store(name, kind, sources), None, nitro_unconfirmed)


def _rds_hardware(host: Hardware, family: str) -> Hardware:
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


# --- Rows ---------------------------------------------------------------------------------------------


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
    shapes = _ec2_shapes(shared_dir)
    documented = {
        name: (limits, EBS_DOC_SOURCE, AWS_DOCS_AS_OF, ()) for name, limits in _ec2_ebs_limits(shared_dir).items()
    }
    from_dataset = {
        name: (found.limits, DATASET_SOURCE, AWL_AS_OF, found.unconfirmed)
        for name, found in _dataset_limits(shared_dir).items()
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
            hardware=_ec2_hardware(name, sources),
            unconfirmed=unconfirmed,
        )
        for name, (limits, limits_source, as_of, unconfirmed) in sorted({**documented, **from_dataset}.items())
        if name in shapes
    ]


def _documented_rds_facts(shared_dir: Path, ec2: dict[str, RowFacts]) -> list[RowFacts]:
    """The Oracle classes of the 2023 RDS guide, with their EC2 host's limits and hardware."""
    facts = []
    for name, (oracle, vcpus, memory) in _rds_oracle_classes(shared_dir).items():
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
                    hardware=_rds_hardware(host.hardware, host.name.split(".")[0]),
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
            hardware=_rds_hardware(host.hardware, host.name.split(".")[0]),
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
    ec2 = _ec2_facts(shared_dir, _hardware_sources(shared_dir))
    hosts = {f.name: f for f in ec2}
    rds = sorted(_documented_rds_facts(shared_dir, hosts) + _secondary_rds_facts(hosts), key=lambda f: f.name)
    return [_instance_row(f) for f in ec2 + rds]


# --- Validation and writing ---------------------------------------------------------------------------

ROW_FIELDS = {
    "name": str,
    "platform": str,
    "family": str,
    "vcpus": int,
    "memory_gib": float,
    "ebs_baseline_mbps": float,
    "ebs_max_mbps": float,
    "ebs_baseline_mb_s_128k": float,
    "ebs_max_mb_s_128k": float,
    "ebs_baseline_iops_16k": int,
    "ebs_max_iops_16k": int,
    "max_is_30_minute_burst": bool,
    "deprecated_for_oracle": bool,
    "nitro": bool,
    "nitro_source": str,
    "unconfirmed": list,
    "source": str,
    "as_of": str,
}
STORE_FIELDS = ("disks", "disk_size_gb", "total_gb", "nvme", "random_read_iops_4k", "write_iops_4k", "source", "as_of")
AS_OF = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _is(value: object, kind: type) -> bool:
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _row_problems(row: dict[str, Any]) -> list[str]:
    name = row.get("name", "?")
    problems = [
        f"{name}: {key} missing or not {kind.__name__}"
        for key, kind in ROW_FIELDS.items()
        if not _is(row.get(key), kind)
    ]
    if problems:
        return problems
    if row["platform"] not in ("ec2", "rds") or (row["platform"] == "rds") != name.startswith("db."):
        problems.append(f"{name}: platform {row['platform']!r} does not fit the name")
    if not (row["vcpus"] > 0 and row["memory_gib"] > 0):
        problems.append(f"{name}: vcpus and memory_gib must be positive")
    for base, top in (("ebs_baseline_mbps", "ebs_max_mbps"), ("ebs_baseline_iops_16k", "ebs_max_iops_16k")):
        if not 0 < row[base] <= row[top]:
            problems.append(f"{name}: {base} {row[base]} must be positive and at most {top} {row[top]}")
    if not (row["source"] and AS_OF.match(row["as_of"])):
        problems.append(f"{name}: needs a source and an as_of date (YYYY-MM-DD)")
    unknown = {str(f) for f in row["unconfirmed"]} - set(row)
    if unknown:
        problems.append(f"{name}: unconfirmed names fields it does not have: {sorted(unknown)}")
    return problems + _optional_field_problems(row)


def _optional_field_problems(row: dict[str, Any]) -> list[str]:
    problems = []
    store = row.get("instance_store")
    if store is not None and (not isinstance(store, dict) or set(store) != set(STORE_FIELDS)):
        problems.append(f"{row['name']}: instance_store must be null or have exactly {', '.join(STORE_FIELDS)}")
    engines = row.get("oracle_engines_orderable")
    if engines is not None and not (isinstance(engines, list) and all(isinstance(e, str) for e in engines)):
        problems.append(f"{row['name']}: oracle_engines_orderable must be null or a list of engine names")
    return problems


def validate_instance_rows(rows: list[dict[str, Any]]) -> None:
    """Raise CatalogInvalid naming every bad row; nothing invalid reaches instances.json."""
    problems = [p for row in rows for p in _row_problems(row)]
    counts = Counter(str(row.get("name")) for row in rows)
    problems += [f"{name}: appears more than once" for name, count in sorted(counts.items()) if count > 1]
    if problems:
        raise CatalogInvalid("invalid instance catalog: " + "; ".join(problems))


def write_catalog(
    name: str,
    rows: Iterable[dict[str, object]],
    *,
    catalog_dir: Path = CATALOG_DIR,
    validate: Callable[[list[dict[str, Any]]], None] | None = None,
) -> CatalogWritten:
    """Write one catalog atomically: a temp file in the same directory, then os.replace.

    Validation runs first, so an invalid or partial file never replaces a good one.
    """
    rows = list(rows)
    if validate:
        validate(rows)
    catalog_dir.mkdir(parents=True, exist_ok=True)
    path = catalog_dir / f"{name}.json"
    handle, tmp = tempfile.mkstemp(dir=catalog_dir, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(json.dumps(rows, indent=1, sort_keys=True) + "\n")
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the catalog is an ordinary committed file
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return CatalogWritten(path=path, rows=len(rows))


def import_all(
    *, shared_dir: Path = DEFAULT_SHARED_DIR, catalog_dir: Path = CATALOG_DIR, as_of: str | None = None
) -> list[CatalogWritten]:
    """Regenerate every catalog; ``as_of`` is the day the sources were read (default today)."""
    as_of = as_of or date.today().isoformat()
    if not (shared_dir / "data").is_dir():
        raise FileNotFoundError(f"no shared data at {shared_dir}/data: pass --shared with the path to shared/")
    instances = build_instances(shared_dir=shared_dir)
    return [
        write_catalog("regions", build_regions(shared_dir=shared_dir, as_of=as_of), catalog_dir=catalog_dir),
        write_catalog("instances", instances, catalog_dir=catalog_dir, validate=validate_instance_rows),
    ]
