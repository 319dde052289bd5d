"""Refresh the instance catalog from the live AWS APIs and say exactly what changed.

EC2 ``DescribeInstanceTypes`` gives vCPU, memory, hypervisor, instance store and the EBS limits
(``EbsInfo.EbsOptimizedInfo``); RDS ``DescribeOrderableDBInstanceOptions`` says which ``db.*``
classes are orderable for which Oracle engine. I/O goes through the boto3 clients passed in (no
Django), so tests drive it with botocore's Stubber. Nothing is written unless every call succeeded
and every row validates; rows that came from documents and that the API did not confirm are kept
and listed, never dropped silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from advisor.catalogs import (
    CATALOG_DIR,
    EBS_FIELDS,
    FAMILIES,
    IOPS_SOURCE_LABEL,
    RDS_INSTANCE_STORE_FAMILIES,
    RDS_INSTANCE_STORE_SOURCE,
    RDS_STORE_SOURCE_LABEL,
    CatalogInvalid,
    validate_instance_rows,
    write_catalog,
)

DEFAULT_CATALOG = CATALOG_DIR / "instances.json"
ORACLE_ENGINES = ("oracle-ee", "oracle-se2", "oracle-ee-cdb", "oracle-se2-cdb")
EC2_API = "AWS EC2 DescribeInstanceTypes"
RDS_API = "AWS RDS DescribeOrderableDBInstanceOptions"
# Filter values per call: the instance-type filter takes the catalog's names; a name missing in a
# region just returns nothing (the InstanceTypes parameter would fail the whole call instead).
NAMES_PER_CALL = 100
PAGE_SIZE = 100
# Provenance fields change on every refresh; the report counts re-sourced rows instead of listing them.
PROVENANCE_FIELDS = frozenset({"source", "as_of", "nitro_source"})
ORACLE_TEXT_LABEL = "oracle_support text:"
ORDERABLE = "Orderable for"
Row = dict[str, Any]


class RefreshFailed(RuntimeError):
    """An API call or the validation failed; the catalog file was not touched."""


def aws_clients(region: str) -> tuple[Any, Any]:
    """EC2 and RDS clients for ``region`` with the caller's usual AWS credentials."""
    try:
        return boto3.client("ec2", region_name=region), boto3.client("rds", region_name=region)
    except BotoCoreError as error:
        raise RefreshFailed(f"cannot create AWS clients for {region}: {error}. Nothing was written.") from None


# --- Reading the APIs ---------------------------------------------------------------------------------


def _chunks(names: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(names), size):
        yield names[start : start + size]


def fetch_instance_types(ec2: Any, names: Iterable[str]) -> dict[str, dict[str, Any]]:
    """DescribeInstanceTypes for ``names``, every page of every chunk, by instance type."""
    found: dict[str, dict[str, Any]] = {}
    paginator = ec2.get_paginator("describe_instance_types")
    for chunk in _chunks(sorted(set(names)), NAMES_PER_CALL):
        pages = paginator.paginate(
            Filters=[{"Name": "instance-type", "Values": chunk}], PaginationConfig={"PageSize": PAGE_SIZE}
        )
        for page in pages:
            found.update({item["InstanceType"]: item for item in page["InstanceTypes"]})
    return found


def fetch_oracle_orderable(rds: Any) -> dict[str, set[str]]:
    """db.* class -> the Oracle engines it is orderable for, across every page of each engine."""
    engines: dict[str, set[str]] = {}
    paginator = rds.get_paginator("describe_orderable_db_instance_options")
    for engine in ORACLE_ENGINES:
        for page in paginator.paginate(Engine=engine, PaginationConfig={"PageSize": PAGE_SIZE}):
            for option in page["OrderableDBInstanceOptions"]:
                engines.setdefault(option["DBInstanceClass"], set()).add(option["Engine"])
    return engines


# --- Mapping one DescribeInstanceTypes item onto catalog fields ---------------------------------------


@dataclass(frozen=True)
class Stamp:
    region: str
    today: str

    @property
    def ec2(self) -> str:
        return f"{EC2_API}, {self.region}, {self.today}"

    @property
    def rds(self) -> str:
        return f"{RDS_API}, {self.region}, {self.today}"


def _ebs_limits(item: dict[str, Any]) -> dict[str, Any] | None:
    """The six EbsOptimizedInfo figures as catalog fields; None when the response lacks any of them."""
    info = item.get("EbsInfo", {}).get("EbsOptimizedInfo") or {}
    keys = (
        "BaselineBandwidthInMbps",
        "MaximumBandwidthInMbps",
        "BaselineThroughputInMBps",
        "MaximumThroughputInMBps",
        "BaselineIops",
        "MaximumIops",
    )
    if not all(key in info for key in keys):
        return None
    values = [info[key] for key in keys]
    limits = dict(zip(EBS_FIELDS[:4], (float(v) for v in values[:4]), strict=True))
    limits |= {"ebs_baseline_iops_16k": int(values[4]), "ebs_max_iops_16k": int(values[5])}
    # The API has no burst flag: a maximum above the baseline is the 30-minutes-a-day burst.
    limits["max_is_30_minute_burst"] = values[0] < values[1] or values[4] < values[5]
    return limits


def _section(source: str, label: str) -> str | None:
    """The '; '-separated part of ``source`` that starts with ``label``."""
    return next((part for part in source.split("; ") if part.startswith(label)), None)


def _instance_store(item: dict[str, Any], old: Row | None, stamp: Stamp) -> Row | None:
    """The instance store as the API describes it, keeping the documented 4 KiB IOPS where they still apply."""
    info = item.get("InstanceStorageInfo")
    if not item.get("InstanceStorageSupported") or not info:
        return None
    disks = sum(int(d["Count"]) for d in info["Disks"])
    size = float(info["Disks"][0]["SizeInGB"])
    nvme = info.get("NvmeSupport")
    # AWS's IOPS figures belong to a disk layout: carry them over only while the layout is the same.
    same = old if old is not None and (old["disks"], old["disk_size_gb"]) == (disks, size) else None
    iops_source = _section(same["source"], IOPS_SOURCE_LABEL) if same else None
    return {
        "disks": disks,
        "disk_size_gb": size,
        "total_gb": float(info["TotalSizeInGB"]),
        # Older responses omit NvmeSupport: keep what the documents said.
        "nvme": nvme in ("required", "supported") if nvme else bool(old and old["nvme"]),
        "random_read_iops_4k": same["random_read_iops_4k"] if same else None,
        "write_iops_4k": same["write_iops_4k"] if same else None,
        "source": "; ".join(
            [f"disks: {stamp.ec2}", iops_source or f"{IOPS_SOURCE_LABEL} not published for this disk layout"]
        ),
        "as_of": stamp.today,
    }


def _nitro(item: dict[str, Any], old: Row | None, stamp: Stamp) -> tuple[bool, str, bool]:
    """(nitro, source, unconfirmed): bare metal types report no hypervisor, so keep what we knew."""
    hypervisor = item.get("Hypervisor")
    if hypervisor:
        return hypervisor == "nitro", f"Hypervisor '{hypervisor}' in {stamp.ec2}", False
    if old:
        return old["nitro"], old["nitro_source"], "nitro" in old["unconfirmed"]
    source = f"bare metal, no Hypervisor in {stamp.ec2}; AWS: 'The Nitro System provides bare metal capabilities'"
    return True, source, True


API_FIELDS = frozenset({"vcpus", "memory_gib", *EBS_FIELDS, "nitro", "instance_store"})


def _ec2_row(name: str, item: dict[str, Any], limits: dict[str, Any], old: Row | None, stamp: Stamp) -> Row:
    nitro, nitro_source, nitro_unconfirmed = _nitro(item, old, stamp)
    base = old or {
        "name": name,
        "platform": "ec2",
        "family": name.split(".")[0],
        "oracle_support": None,
        "deprecated_for_oracle": False,
        "oracle_engines_orderable": None,
        "unconfirmed": [],
    }
    unconfirmed = {f for f in base["unconfirmed"] if f not in API_FIELDS} | ({"nitro"} if nitro_unconfirmed else set())
    return {
        **base,
        "vcpus": int(item["VCpuInfo"]["DefaultVCpus"]),
        "memory_gib": item["MemoryInfo"]["SizeInMiB"] / 1024,
        **limits,
        "nitro": nitro,
        "nitro_source": nitro_source,
        "instance_store": _instance_store(item, (old or {}).get("instance_store"), stamp),
        "unconfirmed": sorted(unconfirmed),
        "source": stamp.ec2,
        "as_of": stamp.today,
    }


# --- Merging API answers into the catalog -------------------------------------------------------------


@dataclass(frozen=True)
class FieldChange:
    name: str
    field: str
    old: object
    new: object


@dataclass(frozen=True)
class KeptRow:
    name: str
    reason: str
    source: str


@dataclass
class RefreshPlan:
    """The refreshed rows and everything the report says about them."""

    rows: list[Row] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[KeptRow] = field(default_factory=list)
    kept: list[KeptRow] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)
    not_addable: list[str] = field(default_factory=list)
    changes: list[FieldChange] = field(default_factory=list)


def _is_api_row(row: Row, api: str) -> bool:
    return str(row["source"]).startswith(api)


def _plain_class(name: str) -> bool:
    """db.family.size, not the Oracle-only db.r5.<size>.tpcN.memNx variants."""
    return name.startswith("db.") and name.count(".") == 2


def _hosts_to_describe(rows: list[Row], orderable: dict[str, set[str]]) -> set[str]:
    """The catalog's EC2 names plus hosts of orderable Oracle classes in the catalog's families."""
    hosts = {row["name"] for row in rows if row["platform"] == "ec2"}
    return hosts | {
        name.removeprefix("db.") for name in orderable if _plain_class(name) and name.split(".")[1] in FAMILIES
    }


def _refresh_ec2(
    rows: list[Row], items: dict[str, dict[str, Any]], wanted: set[str], stamp: Stamp, plan: RefreshPlan
) -> dict[str, Row]:
    """EC2 rows by name, refreshed where the API answered in full; hosts the RDS side needs are added."""
    old_rows = {row["name"]: row for row in rows if row["platform"] == "ec2"}
    result: dict[str, Row] = {}
    for name in sorted(set(old_rows) | (wanted & set(items))):
        old, item = old_rows.get(name), items.get(name)
        limits = _ebs_limits(item) if item else None
        if item and limits:
            result[name] = _ec2_row(name, item, limits, old, stamp)
            (plan.confirmed if old else plan.added).append(name)
        elif old and not item and _is_api_row(old, EC2_API):
            plan.removed.append(KeptRow(name, f"no longer returned in {stamp.region}", old["source"]))
        elif old:
            reason = "the response has no EbsOptimizedInfo" if item else f"not returned in {stamp.region}"
            plan.kept.append(KeptRow(name, reason, old["source"]))
            result[name] = old
    return result


def _rds_store(host: Row) -> tuple[Row | None, bool]:
    """(instance store, unconfirmed): RDS exposes the host's disks only on the §4 families."""
    store = host["instance_store"]
    if store is None:
        return None, False
    if host["family"] not in RDS_INSTANCE_STORE_FAMILIES:
        return None, True
    return {**store, "source": f"{store['source']}; {RDS_STORE_SOURCE_LABEL} {RDS_INSTANCE_STORE_SOURCE}"}, True


def _rds_row(name: str, engines: set[str], host: Row, old: Row | None, stamp: Stamp) -> Row:
    offered = f"{ORDERABLE} {', '.join(sorted(engines))} ({stamp.rds})"
    base = old or {
        "name": name,
        "platform": "rds",
        "family": host["family"],
        "oracle_support": offered,
        "deprecated_for_oracle": False,
        "unconfirmed": [],
    }
    # Documents' edition text stays; an [S] claim or an earlier refresh's text gives way to what the API says.
    keeps_text = "oracle_support" not in base["unconfirmed"] and not base["oracle_support"].startswith(ORDERABLE)
    store, store_unconfirmed = _rds_store(host)
    unconfirmed = {f for f in base["unconfirmed"] if f not in API_FIELDS and f != "oracle_support"}
    unconfirmed |= {f for f in host["unconfirmed"] if f != "instance_store"}
    unconfirmed |= {"instance_store"} if store_unconfirmed else set()
    return {
        **base,
        **{key: host[key] for key in ("vcpus", "memory_gib", *EBS_FIELDS, "nitro", "nitro_source")},
        "oracle_support": base["oracle_support"] if keeps_text else offered,
        "oracle_engines_orderable": sorted(engines),
        "instance_store": store,
        "unconfirmed": sorted(unconfirmed),
        "source": "; ".join(
            [
                f"{stamp.rds} (Oracle engines)",
                f"EBS limits, vCPU and memory of EC2 {host['name']} from {stamp.ec2}",
                *([_oracle_text_source(base["source"])] if keeps_text else []),
            ]
        ),
        "as_of": stamp.today,
    }


def _oracle_text_source(source: str) -> str:
    """Where a kept oracle_support text came from: the part of the old source that cited it."""
    if cited := _section(source, ORACLE_TEXT_LABEL):
        return cited
    cited = _section(source, "Oracle support") or source  # import: 'Oracle support, vCPU and memory from <guide>'
    return f"{ORACLE_TEXT_LABEL} {cited.split(' from ', 1)[-1]}"


def _keep_rds(old: Row, engines: set[str], reason: str, stamp: Stamp, plan: RefreshPlan) -> Row:
    """A documented row the API did not confirm in full: figures unchanged, orderable engines recorded."""
    plan.kept.append(KeptRow(old["name"], reason, old["source"]))
    label = "Oracle engines orderable:"
    parts = [part for part in str(old["source"]).split("; ") if not part.startswith(label)]
    return {**old, "oracle_engines_orderable": sorted(engines), "source": "; ".join([*parts, f"{label} {stamp.rds}"])}


def _refresh_rds(
    rows: list[Row], hosts: dict[str, Row], orderable: dict[str, set[str]], stamp: Stamp, plan: RefreshPlan
) -> list[Row]:
    """RDS rows: refreshed where the class is orderable and its host was refreshed in this run."""
    old_rows = {row["name"]: row for row in rows if row["platform"] == "rds"}
    confirmed_hosts = set(plan.confirmed) | set(plan.added)  # only EC2 names so far
    result: list[Row] = []
    for name in sorted(set(old_rows) | set(orderable)):
        old, engines = old_rows.get(name), orderable.get(name, set())
        host = name.removeprefix("db.")
        if engines and host in confirmed_hosts and (old or _plain_class(name)):
            result.append(_rds_row(name, engines, hosts[host], old, stamp))
            (plan.confirmed if old else plan.added).append(name)
        elif old and not engines and _is_api_row(old, RDS_API):
            plan.removed.append(KeptRow(name, f"no longer orderable for Oracle in {stamp.region}", old["source"]))
        elif old:
            reason = (
                f"EC2 {host} not confirmed by {EC2_API}" if engines else f"not orderable for Oracle in {stamp.region}"
            )
            result.append(_keep_rds(old, engines, reason, stamp, plan))
        else:
            plan.not_addable.append(name)
    return result


def _changes(old: Row | None, new: Row) -> list[FieldChange]:
    if old is None:
        return []
    changes = []
    for key in sorted((set(old) | set(new)) - PROVENANCE_FIELDS):
        before, after = old.get(key), new.get(key)
        if key == "instance_store" and isinstance(before, dict) and isinstance(after, dict):
            changes += [
                FieldChange(new["name"], f"instance_store.{sub}", before.get(sub), after.get(sub))
                for sub in sorted(set(before) | set(after))
                if sub not in PROVENANCE_FIELDS and before.get(sub) != after.get(sub)
            ]
        elif before != after:
            changes.append(FieldChange(new["name"], key, before, after))
    return changes


def plan_refresh(
    *, rows: list[Row], instance_types: dict[str, dict[str, Any]], orderable: dict[str, set[str]], stamp: Stamp
) -> RefreshPlan:
    """Merge the API answers into ``rows`` (pure: no I/O)."""
    plan = RefreshPlan()
    hosts = _refresh_ec2(rows, instance_types, _hosts_to_describe(rows, orderable), stamp, plan)
    rds = _refresh_rds(rows, hosts, orderable, stamp, plan)
    plan.rows = list(hosts.values()) + rds
    old_rows = {row["name"]: row for row in rows}
    plan.changes = [change for row in plan.rows for change in _changes(old_rows.get(row["name"]), row)]
    return plan


# --- The report and the whole refresh -----------------------------------------------------------------


@dataclass(frozen=True)
class RefreshReport:
    stamp: Stamp
    plan: RefreshPlan
    written: Path | None

    def text(self) -> str:
        plan, region = self.plan, self.stamp.region
        lines = [f"Instance catalog refresh from the AWS APIs, {region}, {self.stamp.today}"]
        lines.append(f"Rows confirmed by the APIs (source and as_of now the API call): {len(plan.confirmed)}")
        lines.append(_listing("Rows added", plan.added))
        lines.append(_listing("Rows removed", [f"{r.name} ({r.reason}; was: {r.source})" for r in plan.removed]))
        changes = [f"{c.name} {c.field}: {_shown(c.old)} -> {_shown(c.new)}" for c in plan.changes]
        lines.append(_listing("Changed fields", changes))
        kept = [f"{r.name} ({r.reason}); source: {r.source}" for r in plan.kept]
        lines.append(_listing("Rows kept as documented, not confirmed by the APIs", kept))
        lines.append(
            _listing("Orderable for Oracle but not in the catalog (limits unknown, not added)", plan.not_addable)
        )
        if self.written:
            lines.append(f"Wrote {self.written} ({len(plan.rows)} rows).")
        else:
            lines.append("Dry run: nothing was written.")
        return "\n".join(lines)


def _shown(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _listing(title: str, items: list[str]) -> str:
    if not items:
        return f"{title}: none"
    return "\n".join([f"{title} ({len(items)}):", *(f"  {item}" for item in items)])


def _read_catalog(path: Path) -> list[Row]:
    try:
        rows = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise RefreshFailed(f"cannot read the catalog {path}: {error}") from None
    if not isinstance(rows, list):
        raise RefreshFailed(f"{path} is not a list of rows")
    return rows


def refresh_catalog(
    *, ec2: Any, rds: Any, catalog_path: Path = DEFAULT_CATALOG, region: str, today: str, dry_run: bool = False
) -> RefreshReport:
    """Ask both APIs, merge, validate, then (unless ``dry_run``) replace the catalog atomically."""
    rows = _read_catalog(catalog_path)
    stamp = Stamp(region=region, today=today)
    try:
        orderable = fetch_oracle_orderable(rds)
        instance_types = fetch_instance_types(ec2, _hosts_to_describe(rows, orderable))
    except (ClientError, BotoCoreError) as error:
        raise RefreshFailed(f"AWS API call failed in {region}: {error}. Nothing was written.") from None
    plan = plan_refresh(rows=rows, instance_types=instance_types, orderable=orderable, stamp=stamp)
    plan.rows.sort(key=lambda row: (row["platform"] != "ec2", row["name"]))
    try:
        validate_instance_rows(plan.rows)
        written = None if dry_run else write_catalog(catalog_path.stem, plan.rows, catalog_dir=catalog_path.parent)
    except CatalogInvalid as error:
        raise RefreshFailed(f"{error}. Nothing was written.") from None
    except OSError as error:
        raise RefreshFailed(f"cannot write {catalog_path}: {error}. The old file is unchanged.") from None
    return RefreshReport(stamp=stamp, plan=plan, written=written.path if written else None)
