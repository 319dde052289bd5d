"""Writing a catalog under ``fixtures/catalog/``: the instance rows' validation (every problem named, nothing
invalid written) and the atomic write (a temp file in the same directory, then ``os.replace``). File I/O, no
Django.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CATALOG_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "catalog"


@dataclass(frozen=True)
class CatalogWritten:
    path: Path
    rows: int


class CatalogInvalid(ValueError):
    """Rows that must not be written; the message lists every problem."""


ROW_FIELDS = {
    "name": str,
    "platform": str,
    "family": str,
    "vcpus": int,
    "memory_gib": float,
    "deprecated_for_oracle": bool,
    "nitro": bool,
    "nitro_source": str,
    "unconfirmed": list,
    "source": str,
    "as_of": str,
}
# Together either all numbers (AWS publishes the type's EBS limits) or all null ("ebs_limits_published": false).
EBS_ROW_FIELDS = {
    "ebs_baseline_mbps": float,
    "ebs_max_mbps": float,
    "ebs_baseline_mb_s_128k": float,
    "ebs_max_mb_s_128k": float,
    "ebs_baseline_iops_16k": int,
    "ebs_max_iops_16k": int,
    "max_is_30_minute_burst": bool,
}
COREMARK_FIELDS = ("iterations_per_s", "threads", "per_thread", "source", "as_of")
# A figure an unmeasured family takes from its twin (advisor/catalog/processors.py) says so in one more field.
BORROWED_FIELDS = ("from", "family", "same_size", "why")
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
    problems += _ebs_problems(row)
    if not (row["source"] and AS_OF.match(row["as_of"])):
        problems.append(f"{name}: needs a source and an as_of date (YYYY-MM-DD)")
    unknown = {str(f) for f in row["unconfirmed"]} - set(row)
    if unknown:
        problems.append(f"{name}: unconfirmed names fields it does not have: {sorted(unknown)}")
    return problems + _optional_field_problems(row)


def _ebs_problems(row: dict[str, Any]) -> list[str]:
    """EBS limits: all numbers with baseline <= maximum, or, where AWS does not publish them, all null."""
    name = row["name"]
    if row.get("ebs_limits_published", True) is False:
        given = [key for key in EBS_ROW_FIELDS if row.get(key) is not None]
        return [f"{name}: EBS limits are marked not published but {', '.join(given)} given"] if given else []
    problems = [
        f"{name}: {key} missing or not {kind.__name__}"
        for key, kind in EBS_ROW_FIELDS.items()
        if not _is(row.get(key), kind)
    ]
    if problems:
        return problems
    for base, top in (("ebs_baseline_mbps", "ebs_max_mbps"), ("ebs_baseline_iops_16k", "ebs_max_iops_16k")):
        if not 0 < row[base] <= row[top]:
            problems.append(f"{name}: {base} {row[base]} must be positive and at most {top} {row[top]}")
    return problems


def _optional_field_problems(row: dict[str, Any]) -> list[str]:
    problems = []
    for key in ("cores", "threads_per_core"):
        if row.get(key) is not None and not (_is(row[key], int) and row[key] > 0):
            problems.append(f"{row['name']}: {key} must be null or a positive whole number")
    mark = row.get("coremark")
    if mark is not None and not (
        isinstance(mark, dict) and set(mark) - {"borrowed"} == set(COREMARK_FIELDS) and _is(mark["per_thread"], float)
        and mark["per_thread"] > 0 and AS_OF.match(str(mark["as_of"])) and mark["source"]
    ):  # fmt: skip
        problems.append(f"{row['name']}: coremark must be null or have exactly {', '.join(COREMARK_FIELDS)}")
    elif mark is not None and "borrowed" in mark:
        problems += _borrowed_problems(row["name"], mark["borrowed"])
    store = row.get("instance_store")
    if store is not None and (not isinstance(store, dict) or set(store) != set(STORE_FIELDS)):
        problems.append(f"{row['name']}: instance_store must be null or have exactly {', '.join(STORE_FIELDS)}")
    engines = row.get("oracle_engines_orderable")
    if engines is not None and not (isinstance(engines, list) and all(isinstance(e, str) for e in engines)):
        problems.append(f"{row['name']}: oracle_engines_orderable must be null or a list of engine names")
    return problems


def _borrowed_problems(name: str, borrowed: object) -> list[str]:
    """A borrowed CoreMark names the measured type it is, that type's family, whether it is the same size, and why."""
    if not (isinstance(borrowed, dict) and set(borrowed) == set(BORROWED_FIELDS)):
        return [f"{name}: coremark borrowed must have exactly {', '.join(BORROWED_FIELDS)}"]
    lender, family = str(borrowed["from"]), str(borrowed["family"])
    if not (lender.startswith(f"{family}.") and isinstance(borrowed["same_size"], bool) and borrowed["why"]):
        return [f"{name}: coremark borrowed from {lender!r} must be a type of its family {family!r}, with why"]
    host = name.removeprefix("db.")
    if host.split(".")[0] == family or (borrowed["same_size"] and lender.split(".", 1)[1] != host.split(".", 1)[1]):
        return [f"{name}: coremark borrowed from {lender!r} is not another family's type of the same size"]
    return []


TWIN_FIELDS = ("family", "twin", "processor", "named_in", "twin_named_in", "reason", "source", "as_of")


def validate_twin_rows(rows: list[dict[str, Any]]) -> None:
    """Raise CatalogInvalid naming every bad row of the CoreMark twins: each unmeasured family once, with a reason,
    a source and a date; a twin only with the one processor model AWS names and where it names it for both."""
    problems = []
    for row in rows:
        family = row.get("family", "?")
        if set(row) != set(TWIN_FIELDS):
            problems.append(f"{family}: needs exactly {', '.join(TWIN_FIELDS)}")
            continue
        if not (row["reason"] and row["source"] and AS_OF.match(str(row["as_of"]))):
            problems.append(f"{family}: needs a reason, a source and an as_of date (YYYY-MM-DD)")
        if row["twin"] is not None and (
            row["twin"] == family or not (row["processor"] and row["named_in"] and row["twin_named_in"])
        ):
            problems.append(f"{family}: a twin needs another family, the processor and where AWS names it for both")
        if row["twin"] is None and row["twin_named_in"] is not None:
            problems.append(f"{family}: twin_named_in without a twin")
    counts = Counter(str(row.get("family")) for row in rows)
    problems += [f"{family}: appears more than once" for family, count in sorted(counts.items()) if count > 1]
    if problems:
        raise CatalogInvalid("invalid CoreMark twins: " + "; ".join(problems))


def validate_availability_rows(rows: list[dict[str, Any]]) -> None:
    """Raise CatalogInvalid naming every bad availability row (name, platform, offers of Region lists, source)."""
    problems = []
    for row in rows:
        name = row.get("name", "?")
        offers = row.get("offers")
        if row.get("platform") not in ("ec2", "rds") or not isinstance(offers, dict) or not offers:
            problems.append(f"{name}: needs a platform (ec2 or rds) and offers by engine")
        elif not all(isinstance(v, list) and v and all(isinstance(r, str) for r in v) for v in offers.values()):
            problems.append(f"{name}: every offer must list Region codes")
        if not (row.get("source") and AS_OF.match(str(row.get("as_of")))):
            problems.append(f"{name}: needs a source and an as_of date (YYYY-MM-DD)")
    counts = Counter((str(row.get("name")), str(row.get("platform"))) for row in rows)
    problems += [f"{name}: appears more than once" for (name, _), count in sorted(counts.items()) if count > 1]
    if problems:
        raise CatalogInvalid("invalid availability catalog: " + "; ".join(problems))


LEFT_OUT_FIELDS = ("name", "platform", "family", "reason", "priced_in", "source", "as_of")


def validate_left_out_rows(rows: list[dict[str, Any]]) -> None:
    """Raise CatalogInvalid naming every bad row of the types left out of the catalog (each must say why)."""
    problems = []
    for row in rows:
        name = row.get("name", "?")
        if set(row) != set(LEFT_OUT_FIELDS) or row.get("platform") != "ec2":
            problems.append(f"{name}: needs exactly {', '.join(LEFT_OUT_FIELDS)}, platform ec2")
        elif not (row["reason"] and row["source"] and AS_OF.match(str(row["as_of"]))):
            problems.append(f"{name}: needs a reason, a source and an as_of date (YYYY-MM-DD)")
        elif not (isinstance(row["priced_in"], list) and all(isinstance(r, str) for r in row["priced_in"])):
            problems.append(f"{name}: priced_in must list Region codes")
    counts = Counter(str(row.get("name")) for row in rows)
    problems += [f"{name}: appears more than once" for name, count in sorted(counts.items()) if count > 1]
    if problems:
        raise CatalogInvalid("invalid left-out list: " + "; ".join(problems))


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
