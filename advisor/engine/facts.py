"""The typed registry of workload facts that rules may test.

Pure Python. Every questionnaire field is a fact (``oracle.edition``, ``features.rac`` ...), typed from the
workload model, with its label and unit; a few derived facts are computed here, each with its reason.
Rules refer to facts by path; the rule loader refuses paths not in this registry.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from advisor.engine.workload import CHOICE_LABELS, SECTIONS, CpuMetric, CurrentPlatform, Workload
from advisor.engine.workload.fields import release_against, release_parts

FactType = Literal["bool", "enum", "int", "float", "str"]


@dataclass(frozen=True)
class Fact:
    path: str
    label: str
    type: FactType
    unit: str | None
    choices: tuple[str, ...] | None  # enum values, for "eq"/"in" checks and the rules page
    help: str
    read: Callable[[Workload], Any]
    choice_labels: dict[str, str] | None = None  # enum value -> the words the questionnaire shows

    def value_words(self, value: Any) -> str:
        """A value as the questionnaire says it: 'Enterprise Edition (EE)', 'yes', '8 vCPUs'."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if self.choice_labels and str(value) in self.choice_labels:
            return self.choice_labels[str(value)]
        return f"{value:g} {self.unit}" if self.unit and isinstance(value, int | float) else str(value)


def _section_reader(section: str, name: str) -> Callable[[Workload], Any]:
    def read(workload: Workload) -> Any:
        value = getattr(getattr(workload, section), name)
        return value.value if isinstance(value, StrEnum) else value

    return read


def _labels_of(annotation: Any) -> dict[str, str] | None:
    for member in (annotation, *get_args(annotation)):
        if isinstance(member, type) and issubclass(member, StrEnum):
            return CHOICE_LABELS.get(member)
    return None


def _type_of(annotation: Any) -> tuple[FactType, tuple[str, ...] | None]:
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):  # "str | None" and the like: the non-None member decides
        (annotation,) = [a for a in get_args(annotation) if a is not type(None)]
        origin = get_origin(annotation)
    if origin is Literal:
        values = get_args(annotation)
        return ("int", None) if all(isinstance(v, int) for v in values) else ("enum", tuple(map(str, values)))
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        return "enum", tuple(member.value for member in annotation)
    for python_type, fact_type in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str")):
        if annotation is python_type:
            return fact_type, None  # type: ignore[return-value]
    raise TypeError(f"no fact type for {annotation!r}")


def _derived() -> list[Fact]:
    return [
        Fact(
            "derived.peak_vcpus",
            "Peak vCPUs busy",
            "float",
            "vCPUs",
            None,
            "The questionnaire's peak CPU; DB CPU seconds per second are counted as busy vCPUs (one busy thread each).",
            lambda w: w.sizing.peak_cpu,
        ),
        Fact(
            "derived.uses_db_cpu_metric",
            "Peak CPU was given as DB CPU per second",
            "bool",
            None,
            None,
            "True when the peak comes from AWR's DB CPU rather than the operating system's view.",
            lambda w: w.sizing.cpu_metric == CpuMetric.DB_CPU_PER_SECOND,
        ),
        Fact(
            "derived.existing_rds_custom",
            "Runs on RDS Custom for Oracle today",
            "bool",
            None,
            None,
            "An existing RDS Custom estate needs an exit path; a new deployment should not start there.",
            lambda w: w.environment.current_platform == CurrentPlatform.RDS_CUSTOM,
        ),
        Fact(
            "derived.release_before_19c",
            "Runs a release before 19c today",
            "bool",
            None,
            None,
            "The release the database runs today (11g, 12c or 18c), which no managed option offers.",
            lambda w: bool(w.oracle.current_release) and release_parts(w.oracle.current_release)[0] < 19,
        ),
        Fact(
            "derived.upgrade_in_move",
            "Moves as an upgrade",
            "bool",
            None,
            None,
            "The release it runs today is older than the version it moves to.",
            lambda w: release_against(w.oracle.current_release, w.oracle.version.value) < 0,
        ),
        Fact(
            "derived.dr_region_given",
            "DR region given",
            "bool",
            None,
            None,
            "Whether the questionnaire names the Region the DR copy should live in.",
            lambda w: w.availability.dr_region is not None,
        ),
        Fact(
            "derived.storage_at_horizon_gib",
            "Database size at the planning horizon",
            "float",
            "GiB",
            None,
            "Today's size grown by the yearly growth rate for the horizon's years, compounded.",
            lambda w: w.sizing.db_size_gib * (1 + w.sizing.yearly_growth_pct / 100) ** w.sizing.horizon_years,
        ),
        Fact(
            "derived.memory_gib",
            "SGA plus PGA",
            "float",
            "GiB",
            None,
            "The memory the instance must hold for Oracle alone.",
            lambda w: w.sizing.sga_gib + w.sizing.pga_gib,
        ),
        Fact(
            "derived.hcc_growth_gib",
            "Storage the HCC segments gain when decompressed",
            "float",
            "GiB",
            None,
            "Their decompressed size less what they store today; unknown (no value) unless both sizes are given.",
            _hcc_growth,
        ),
        Fact(
            "derived.storage_decompressed_at_horizon_gib",
            "Database size at the planning horizon with the HCC segments decompressed",
            "float",
            "GiB",
            None,
            "Today's size plus what decompressing the HCC segments adds, grown by the yearly rate for the horizon's "
            "years: the storage RDS, RDS Custom and EC2 are sized for, as they keep no HCC. The same as the database "
            "size at the horizon when no HCC segment grows (or its two sizes are not both given).",
            _decompressed_at_horizon,
        ),
    ]


def _hcc_growth(workload: Workload) -> float | None:
    stored, full = workload.features.hcc_compressed_gib, workload.features.hcc_uncompressed_gib
    return None if stored is None or full is None else full - stored


def _decompressed_at_horizon(workload: Workload) -> float:
    growth = _hcc_growth(workload)
    added = max(growth, 0) if growth is not None and workload.features.hybrid_columnar_compression else 0
    sizing = workload.sizing
    return (sizing.db_size_gib + added) * (1 + sizing.yearly_growth_pct / 100) ** sizing.horizon_years


@cache
def fact_registry() -> dict[str, Fact]:
    facts: dict[str, Fact] = {}
    for section, model in SECTIONS:
        for name, field in model.model_fields.items():
            fact_type, choices = _type_of(field.annotation)
            extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
            path = f"{section}.{name}"
            facts[path] = Fact(
                path,
                field.title or name,
                fact_type,
                extra.get("unit"),  # type: ignore[arg-type]
                choices,
                str(extra.get("help", "")),
                _section_reader(section, name),
                _labels_of(field.annotation),
            )
    for fact in _derived():
        facts[fact.path] = fact
    return facts


def fact_values(workload: Workload) -> dict[str, Any]:
    """Every fact's value for one workload, keyed by path."""
    return {path: fact.read(workload) for path, fact in fact_registry().items()}
