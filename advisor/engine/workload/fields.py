"""The workload contract's building blocks: the field helper, the choices with their labels, the section base.

Pure Python. Every field carries its ``help`` (why the answer matters), its ``unit`` and, where type and bounds
cannot say it, what it accepts (``accepted``); the questionnaire, the JSON Schema and the readable errors all read them.
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from pricing.catalog.regions import regions

REGION_ACCEPTED = "an AWS region code such as us-east-1"


def decimal_of(value: float) -> Decimal:
    """An answer's number as the Decimal it reads as, to six significant digits as the questionnaire shows it:
    12.5 -> Decimal('12.5'), not the float's binary expansion."""
    return Decimal(f"{value:g}")


def _field(
    default: Any, *, title: str, help: str, unit: str | None = None, accepted: str | None = None, **constraints: Any
) -> Any:
    """A workload field; ``accepted`` describes valid values where type and bounds cannot say it."""
    extra: dict[str, Any] = {"help": help}
    if unit:
        extra["unit"] = unit
    if accepted:
        extra["accepted"] = accepted
    return Field(default, title=title, description=help, json_schema_extra=extra, **constraints)


def _feature(title: str, help: str) -> Any:
    return _field(False, title=title, help=help)


class Edition(StrEnum):
    EE = "ee"
    SE2 = "se2"


class OracleVersion(StrEnum):
    V19C = "19c"
    V21C = "21c"
    V26AI = "26ai"


# Each version the questionnaire offers as the release numbers Oracle prints for it: 26ai is release 23.26 onwards
# (Oracle renamed 23ai's later Release Updates 26ai).
VERSION_RELEASE: dict[str, tuple[int, ...]] = {"19c": (19,), "21c": (21,), "26ai": (23, 26)}


# A release as Oracle prints it (12.2.0.1, 19.21.0.0.0), or blank.
RELEASE_PATTERN = r"^(\d{1,2}(\.\d{1,3}){0,4})?$"


RELEASE = re.compile(RELEASE_PATTERN)


def versions_from(release: str) -> list[str]:
    """The versions offered at or after ``release``, oldest first (none where it is later than every one)."""
    return [version for version in VERSION_RELEASE if release_against(release, version) <= 0]


def release_parts(release: str) -> tuple[int, ...]:
    """``12.2.0.1`` -> (12, 2, 0, 1); "" -> ()."""
    return tuple(int(part) for part in release.split(".")) if release else ()


def release_against(release: str, version: str) -> int:
    """-1 where the database runs a release before ``version`` (an upgrade in the move), 1 where it runs a later
    one, 0 where it runs ``version`` (or no release is given). "26" is read as 26ai, the name's number."""
    parts, target = release_parts(release), VERSION_RELEASE[version]
    if not parts:
        return 0
    if parts[0] == 26:
        parts = VERSION_RELEASE["26ai"]
    if parts[0] != target[0]:
        return -1 if parts[0] < target[0] else 1
    return -1 if parts[: len(target)] < target else 0


class Architecture(StrEnum):
    CDB = "cdb"
    NON_CDB = "non-cdb"


class LicenceCosting(StrEnum):
    PURCHASE_AND_SUPPORT = "purchase-and-support"
    SUPPORT_ONLY = "support-only"


class LicenceModel(StrEnum):
    BYOL = "byol"
    LICENCE_INCLUDED = "li"


class LicenceMetric(StrEnum):
    PROCESSOR = "processor"
    NAMED_USER_PLUS = "nup"


class CpuMetric(StrEnum):
    VCPUS = "vcpus"
    DB_CPU_PER_SECOND = "db-cpu-per-second"


class LatencySensitivity(StrEnum):
    TOLERANT = "tolerant"
    MODERATE = "moderate"
    HIGH = "high"


class DbaDepth(StrEnum):
    MANAGED = "managed"
    BALANCED = "balanced"
    FULL_CONTROL = "full-control"


class CurrentPlatform(StrEnum):
    ON_PREMISES = "on-premises"
    RDS = "rds"
    RDS_CUSTOM = "rds-custom"
    EC2 = "ec2"
    OTHER_CLOUD = "other-cloud"


CHOICE_LABELS: dict[type[StrEnum], dict[str, str]] = {
    Edition: {"ee": "Enterprise Edition (EE)", "se2": "Standard Edition 2 (SE2)"},
    OracleVersion: {"19c": "19c", "21c": "21c", "26ai": "26ai"},
    Architecture: {"cdb": "Container database (CDB with PDBs)", "non-cdb": "Non-CDB (classic)"},
    LicenceModel: {"byol": "Bring your own licences (BYOL)", "li": "Licence included wanted"},
    LicenceMetric: {
        "processor": "Processor (SE2: per socket)",
        "nup": "Named User Plus (per named user, at least Oracle's minimum)",
    },
    LicenceCosting: {
        "purchase-and-support": "Purchase of the licences to buy, and support",
        "support-only": "Support only (licences bought under another budget or agreement)",
    },
    CpuMetric: {"vcpus": "vCPUs busy (OS view)", "db-cpu-per-second": "DB CPU seconds per second (AWR)"},
    LatencySensitivity: {
        "tolerant": "Tolerant (batch, reporting)",
        "moderate": "Moderate (typical OLTP)",
        "high": "High (single-block reads must stay around 1 ms)",
    },
    DbaDepth: {
        "managed": "Managed service wanted (small or no DBA team)",
        "balanced": "Some DBA depth, prefer less operations work",
        "full-control": "Deep DBA team, wants full control",
    },
    CurrentPlatform: {
        "on-premises": "On premises",
        "rds": "Amazon RDS for Oracle",
        "rds-custom": "Amazon RDS Custom for Oracle",
        "ec2": "Self-managed on EC2",
        "other-cloud": "Another cloud",
    },
}


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False)

    @field_validator("*", mode="before")
    @classmethod
    def _true_or_false_is_no_figure(cls, value: Any, info: ValidationInfo) -> Any:
        """true or false where a number or a choice is asked is refused, not read as 1 or 0 (pydantic's lax mode
        would store "hcc_compressed_gib": true as 1.0 GiB)."""
        if isinstance(value, bool) and info.field_name is not None:
            annotation = cls.model_fields[info.field_name].annotation
            if annotation is not bool and bool not in get_args(annotation):
                choices = _choices(annotation)
                if choices:  # a choice (a Literal or an enum): said as the choice's refusal, naming what it takes
                    expected = ", ".join(repr(c) for c in choices)
                    raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
                numbers = {int, float, Decimal} & {annotation, *get_args(annotation)}
                kind = "int_type" if numbers == {int} else "float_type" if numbers else "string_type"
                raise PydanticCustomError(kind, "Input should not be true or false")
        return value


def _choices(annotation: Any) -> tuple[Any, ...]:
    """The values a choice field takes (a Literal's values, an enum's), or () for any other annotation."""
    for part in (annotation, *get_args(annotation)):
        if get_origin(part) is Literal:
            return get_args(part)
        if isinstance(part, type) and issubclass(part, Enum):
            return tuple(member.value for member in part)
    return ()


def _check_region(code: str) -> None:
    if not code.strip():
        raise PydanticCustomError("missing", "required")
    if code not in regions():
        raise PydanticCustomError(
            "unknown_region",
            "Unknown AWS region '{code}'",
            {"code": code},
        )
