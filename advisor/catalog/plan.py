"""Merging the AWS API answers into the instance catalog (pure: no I/O): which rows are refreshed, added,
removed or kept as documented, and every field that changed, for the refresh's report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from advisor.catalog.api_rows import Row, Stamp, ebs_limits, ec2_row, rds_row
from advisor.catalog.aws_api import EC2_API, RDS_API
from advisor.catalog.docs import FAMILIES

# Provenance fields change on every refresh; the report counts re-sourced rows instead of listing them.
PROVENANCE_FIELDS = frozenset({"source", "as_of", "nitro_source"})


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


def hosts_to_describe(rows: list[Row], orderable: dict[str, set[str]]) -> set[str]:
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
        limits = ebs_limits(item) if item else None
        if item and limits:
            result[name] = ec2_row(name, item, limits, old, stamp)
            (plan.confirmed if old else plan.added).append(name)
        elif old and not item and _is_api_row(old, EC2_API):
            plan.removed.append(KeptRow(name, f"no longer returned in {stamp.region}", old["source"]))
        elif old:
            reason = "the response has no EbsOptimizedInfo" if item else f"not returned in {stamp.region}"
            plan.kept.append(KeptRow(name, reason, old["source"]))
            result[name] = old
    return result


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
            result.append(rds_row(name, engines, hosts[host], old, stamp))
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
    hosts = _refresh_ec2(rows, instance_types, hosts_to_describe(rows, orderable), stamp, plan)
    rds = _refresh_rds(rows, hosts, orderable, stamp, plan)
    plan.rows = list(hosts.values()) + rds
    old_rows = {row["name"]: row for row in rows}
    plan.changes = [change for row in plan.rows for change in _changes(old_rows.get(row["name"]), row)]
    return plan
