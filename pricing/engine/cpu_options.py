"""The CPU core and thread counts AWS accepts per instance type, for Optimize CPUs.

Pure Python (pydantic v2, no Django). Reads ``data/cpu_options.json``, which ``pricing/fixtures/cpu_options.py``
builds from AWS's EC2 and RDS user-guide tables and DescribeInstanceTypes; every row names its source and date.
EC2 rows are keyed by the EC2 type (``r5.4xlarge``), RDS rows by the DB instance class (``db.r5.4xlarge``).
"""

from __future__ import annotations

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


class CpuOptionsTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    note: str
    rows: tuple[CpuOptions, ...]

    @model_validator(mode="after")
    def _unique(self) -> CpuOptionsTable:
        names = [row.instance_type for row in self.rows]
        if len(names) != len(set(names)):
            raise ValueError("an instance type appears twice")
        return self


@cache
def _rows() -> dict[str, CpuOptions]:
    table = CpuOptionsTable.model_validate_json(DATA_FILE.read_text())
    return {row.instance_type: row for row in table.rows}


def cpu_options(instance_type: str) -> CpuOptions | None:
    """The row for an EC2 type or a ``db.`` RDS class, looked up as given; None when AWS publishes none."""
    return _rows().get(instance_type)


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
