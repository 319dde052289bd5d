"""What the instance catalog is read from, and the readers of those tables: the AWS EC2 and RDS user guides
(awsdocs copies, 2023-06), the storage reference (storage-io-limits.md) and the ec2instances.info dataset, all under
``shared/``. Each reader returns plain figures by instance type; ``rows`` turns them into rows. File I/O,
no Django.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
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
AWL_COMMIT = "faac1318a02dad5ebe5963c7bb6e3b99e21acfbc"
AWL_DATASET = (
    f"jpetrucciani/awl data/ec2_instance_types.json (commit {AWL_COMMIT}, "
    "generated 2026-05-13 from instances.vantage.sh, i.e. the EC2 DescribeInstanceTypes API)"
)
AWL_AS_OF = "2026-05-13"

EBS_FIELDS = (
    "ebs_baseline_mbps",
    "ebs_max_mbps",
    "ebs_baseline_mb_s_128k",
    "ebs_max_mb_s_128k",
    "ebs_baseline_iops_16k",
    "ebs_max_iops_16k",
    "max_is_30_minute_burst",
)

# The families the product covers: every Oracle-relevant x86 family of issue 17 (m5*, r5*, m6i*, r6i*, r6in, m7i*,
# r7i*, r7iz, m8i*, r8i*, x2idn, x2iedn, x2iezn, x8i, z1d, i3, i3en, i4i, i7i, i7ie, u7i; the "*" spelled out as the
# families cfn-lint's Oracle-relevant EC2 list holds, plus m5dn, m5zn, r5dn, m6idn and r6idn, which that extraction
# missed although AWS's 2024-11 guide documents them and the price snapshots price them), the burstable t3, and the
# seed talk's m4/r4/r3. A priced type of these families with no row is in left_out.json, saying why (m8id, r8id).
FAMILIES = (
    "m5",
    "m5d",
    "m5n",
    "m5dn",
    "m5zn",
    "r5",
    "r5d",
    "r5b",
    "r5n",
    "r5dn",
    "m6i",
    "m6id",
    "m6in",
    "m6idn",
    "r6i",
    "r6id",
    "r6in",
    "r6idn",
    "m7i",
    "m7i-flex",
    "r7i",
    "r7iz",
    "m8i",
    "m8i-flex",
    "m8id",
    "r8i",
    "r8i-flex",
    "r8id",
    "x2iedn",
    "x2idn",
    "x2iezn",
    "x8i",
    "z1d",
    "i3",
    "i3en",
    "i4i",
    "i7i",
    "i7ie",
    "u7i-6tb",
    "u7i-8tb",
    "u7i-12tb",
    "t3",
    "m4",
    "r4",
    "r3",
)


def _markdown_rows(text: str) -> Iterable[list[str]]:
    """Cells of every markdown table row, with the docs' backslash escapes removed."""
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith(("| ---", "|---")):
            # Split on unescaped pipes only: the docs write 'ENA \| EFA' inside one cell.
            cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
            yield [cell.strip().replace("\\", "") for cell in cells]


def _number(cell: str) -> float:
    return float(cell.replace(",", "").replace("*", "").removeprefix("Up to ").strip())


def ec2_ebs_limits(shared_dir: Path) -> dict[str, dict[str, object]]:
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


def dataset_limits(shared_dir: Path) -> dict[str, ReferenceLimits]:
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


def ec2_shapes(shared_dir: Path) -> dict[str, tuple[int, float]]:
    rows = json.loads((shared_dir / EC2_PRICES_2024).read_text())["data"]
    return {row["instance-type"]: (int(row["vCPU"]), float(row["memory"])) for row in rows}


def rds_oracle_classes(shared_dir: Path) -> dict[str, tuple[str, int, float]]:
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


# --- Hardware: the Nitro lists and the local instance store -------------------------------------------


@dataclass(frozen=True)
class NitroLists:
    virtualized_families: frozenset[str]
    bare_metal: frozenset[str]


def nitro_lists(shared_dir: Path) -> NitroLists:
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


def instance_store_kinds(shared_dir: Path) -> dict[str, str]:
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


def ssd_iops(shared_dir: Path) -> dict[str, SsdIops]:
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


def reference_disks(shared_dir: Path) -> dict[str, tuple[int, float]]:
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
