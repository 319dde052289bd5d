"""The CPU core and thread counts AWS accepts per instance type, for Optimize CPUs, and the threads per core of the
RDS for Oracle classes AWS preconfigures (``db.r5.2xlarge.tpc1.mem2x``), whose processor cannot be configured.

Pure Python (pydantic v2, no Django). Reads ``data/cpu_options.json``, which ``pricing/fixtures/cpu_options.py``
builds from AWS's EC2 and RDS user-guide tables and DescribeInstanceTypes; every row names its source and date.
EC2 rows are keyed by the EC2 type (``r5.4xlarge``), RDS rows by the DB instance class (``db.r5.4xlarge``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_FILE = Path(__file__).resolve().parent / "data" / "cpu_options.json"
_AS_OF = r"^\d{4}-\d{2}(-\d{2})?$"


class CpuOptions(BaseModel):
    """One instance type's defaults and the values its CPU options accept."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    instance_type: str
    platform: Literal["ec2", "rds"]
    default_vcpus: int = Field(ge=1)
    default_cores: int = Field(ge=1)
    default_threads_per_core: int = Field(ge=1)
    valid_cores: tuple[int, ...] = Field(min_length=1)
    valid_threads_per_core: tuple[int, ...] = Field(min_length=1)
    source: str = Field(min_length=20)
    as_of: str = Field(pattern=_AS_OF)
    note: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> CpuOptions:
        if self.default_vcpus != self.default_cores * self.default_threads_per_core:
            raise ValueError(f"{self.instance_type}: default vCPUs are not default cores x threads per core")
        for name in ("valid_cores", "valid_threads_per_core"):
            values = getattr(self, name)
            if list(values) != sorted(set(values)) or values[0] < 1:
                raise ValueError(f"{self.instance_type}: {name} must be ascending positive whole numbers")
        if (
            self.default_cores not in self.valid_cores
            or self.default_threads_per_core not in self.valid_threads_per_core
        ):
            raise ValueError(f"{self.instance_type}: the defaults are not among the valid values")
        if self.platform == "rds" and not self.instance_type.startswith("db."):
            raise ValueError(f"{self.instance_type}: RDS rows are keyed by the db. class name")
        return self


# db.<family>.<size>.tpc<threads per core>.mem<ratio>x: the RDS for Oracle classes AWS preconfigures
PRECONFIGURED_NAME = re.compile(r"db\.[a-z0-9-]+\.[a-z0-9-]+\.tpc(?P<threads>\d+)\.mem\d+x")


class PreconfiguredClass(BaseModel):
    """An RDS for Oracle class AWS preconfigures with a fixed number of threads per core, which cannot be changed:
    its threads per core from the ``tpcN`` part of its name, its vCPUs from the RDS hardware table and its cores =
    vCPUs / threads (None for a class that table does not list: only its name is known)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    instance_class: str
    threads_per_core: int = Field(ge=1)
    vcpus: int | None = Field(default=None, ge=1)
    cores: int | None = Field(default=None, ge=1)
    source: str = Field(min_length=20)
    shown_as: str = Field(min_length=10)  # the guide and pages as users know them, for the words beside a count
    as_of: str = Field(pattern=_AS_OF)

    @model_validator(mode="after")
    def _consistent(self) -> PreconfiguredClass:
        named = PRECONFIGURED_NAME.fullmatch(self.instance_class)
        if named is None or int(named["threads"]) != self.threads_per_core:
            raise ValueError(f"{self.instance_class}: not a tpc{self.threads_per_core} preconfigured class name")
        listed = (self.vcpus, self.cores) != (None, None)
        if listed and (self.vcpus is None or self.cores is None or self.vcpus != self.cores * self.threads_per_core):
            raise ValueError(f"{self.instance_class}: vCPUs are not cores x threads per core")
        return self


class PreconfiguredText(BaseModel):
    """An AWS text on the preconfigured classes: the one that defines the ``tpcN`` part of their names as their
    threads per core, or the one that says their processor cannot be configured."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=20)
    shown_as: str = Field(min_length=10)  # the guide and page as users know them, for the words beside a count
    as_of: str = Field(pattern=_AS_OF)


class CpuOptionsTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    note: str
    rows: tuple[CpuOptions, ...]
    preconfigured: tuple[PreconfiguredClass, ...] = ()
    preconfigured_naming: PreconfiguredText | None = None  # where the tpcN part of a class name is defined
    preconfigured_fixed: PreconfiguredText | None = None  # where AWS says their processor cannot be configured

    @model_validator(mode="after")
    def _unique(self) -> CpuOptionsTable:
        names = [row.instance_type for row in self.rows]
        if len(names) != len(set(names)):
            raise ValueError("an instance type appears twice")
        classes = [row.instance_class for row in self.preconfigured]
        if len(classes) != len(set(classes)) or set(classes) & set(names):
            raise ValueError("a preconfigured class appears twice, or also among the CPU-options rows")
        if any(row.vcpus is None for row in self.preconfigured):
            raise ValueError("a listed preconfigured class needs its vCPUs and cores")
        if self.preconfigured and (self.preconfigured_naming is None or self.preconfigured_fixed is None):
            raise ValueError("preconfigured classes need the texts that define their tpcN and keep it fixed")
        return self


@cache
def _table() -> CpuOptionsTable:
    return CpuOptionsTable.model_validate_json(DATA_FILE.read_text())


@cache
def _rows() -> dict[str, CpuOptions]:
    return {row.instance_type: row for row in _table().rows}


@cache
def _preconfigured() -> dict[str, PreconfiguredClass]:
    return {row.instance_class: row for row in _table().preconfigured}


def cpu_options(instance_type: str) -> CpuOptions | None:
    """The row for an EC2 type or a ``db.`` RDS class, looked up as given; None when AWS publishes none."""
    return _rows().get(instance_type)


def preconfigured_class(instance_class: str) -> PreconfiguredClass | None:
    """An RDS for Oracle class AWS preconfigures (``db.r5.2xlarge.tpc1.mem2x``), with its threads per core; None for
    any other name. A class the RDS hardware table of the data's date lists comes with its vCPUs and cores; a newer
    one (``db.r7i.xlarge.tpc2.mem4x``) with its threads per core only.

    The threads per core are the ``tpcN`` part of the name, as the AWS RDS User Guide, "RDS for Oracle instance
    classes" (2023-06), defines it: "tpc2 – The threads per core. A value of 2 means that multithreading is turned
    on. If the value is 1, multithreading is turned off." ("DB instance classes": "db.r5b.xlarge.tpc2.mem4x is
    preconfigured with 2 threads per core (tpc2)"; AWS publishes these classes' vCPUs, not their cores.)"""
    listed = _preconfigured().get(instance_class)
    if listed is not None:
        return listed
    named = PRECONFIGURED_NAME.fullmatch(instance_class)
    naming = preconfigured_naming()
    if named is None or naming is None:
        return None
    return PreconfiguredClass(instance_class=instance_class, threads_per_core=int(named["threads"]),
                              source=naming.source, shown_as=naming.shown_as, as_of=naming.as_of)  # fmt: skip


def preconfigured_naming() -> PreconfiguredText | None:
    """The AWS text that defines a preconfigured class's ``tpcN`` as its threads per core, with its date."""
    return _table().preconfigured_naming


def preconfigured_fixed() -> PreconfiguredText | None:
    """The AWS text that says a preconfigured class's processor features cannot be configured, with its date."""
    return _table().preconfigured_fixed


def smallest_valid_cores(instance_type: str, min_cores: int) -> int | None:
    """The smallest core count AWS allows for the type that is at least ``min_cores``; None if none or no data."""
    options = cpu_options(instance_type)
    if options is None:
        return None
    return next((cores for cores in options.valid_cores if cores >= min_cores), None)


def _listed(values: tuple[int, ...]) -> str:
    return ", ".join(str(value) for value in values)


def core_count_problem(instance_type: str, cores: int, *, platform: Literal["ec2", "rds"]) -> str | None:
    """Why AWS would refuse ``cores`` active cores on this type (what it accepts, with the source), or None."""
    options = cpu_options(instance_type)
    if options is None or options.platform != platform:
        if platform == "rds":
            rds = [row for row in _rows().values() if row.platform == "rds"]
            families = sorted({row.instance_type.rsplit(".", 1)[0] for row in rds})
            return (
                f"no published processor-features table for {instance_type or 'this DB instance class'}: AWS's RDS "
                f"for Oracle table lists only {len(rds)} classes, of the families {', '.join(families)} (source: "
                f"{rds[0].source}, as of {rds[0].as_of}); accepted: omit licences.optimize_cpus_cores to license "
                "every core"
            )
        return (
            f"{instance_type or 'this instance type'} does not support CPU options: it is in none of AWS's "
            "CPU-options tables (EC2 User Guide 2023-06, DescribeInstanceTypes 2026-10); accepted: omit "
            "licences.optimize_cpus_cores to license every core"
        )
    if cores not in options.valid_cores:
        return (
            f"{cores} cores is not a core count AWS allows; accepted for {instance_type}: "
            f"{_listed(options.valid_cores)} (source: {options.source}, as of {options.as_of})"
        )
    return None
