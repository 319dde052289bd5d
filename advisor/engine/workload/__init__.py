"""The workload: the one description of an Oracle database that every part of the app shares.

The questionnaire, the JSON API, the CLI and the engines all read and write this model. Units are
in the field names (``_gib``, ``_iops``, ``_mib_s``, ``_minutes``) and in each field's ``unit``
metadata; ``help`` metadata says why the answer matters and is shown next to the field.

This package's ``__init__`` is the public face of the contract, held in modules named for what they hold:
``fields`` (the field helper, choices and labels), ``database`` (Oracle and features),
``capacity`` (sizing and IO), ``deployment`` (availability and environment), ``host`` (the source host),
``model`` (the whole document), ``editions`` (the edition constraints data),
``conflicts`` (cross-field rules) and ``errors`` (readable errors and parsing).
"""

from advisor.engine.workload.capacity import IOSection, SizingSection
from advisor.engine.workload.conflicts import Conflict, workload_conflicts
from advisor.engine.workload.database import FeaturesSection, OracleSection
from advisor.engine.workload.deployment import AvailabilitySection, EnvironmentSection
from advisor.engine.workload.editions import DATA_DIR, EditionConstraints, edition_constraints
from advisor.engine.workload.errors import (
    FieldError,
    WorkloadInvalid,
    accepted_values,
    field_errors,
    parse_workload,
    parse_workload_json,
)
from advisor.engine.workload.fields import CHOICE_LABELS as _FIELD_LABELS
from advisor.engine.workload.fields import (
    REGION_ACCEPTED,
    Architecture,
    CpuMetric,
    CurrentPlatform,
    DbaDepth,
    Edition,
    LatencySensitivity,
    LicenceCosting,
    LicenceMetric,
    LicenceModel,
    OracleVersion,
    decimal_of,
)
from advisor.engine.workload.host import HOST_CHOICE_LABELS, HostLocation, ProcessorFamily, SourceHostSection
from advisor.engine.workload.model import SCHEMA_VERSION, SECTIONS, Workload, workload_json_schema
from pricing.catalog.regions import regions

CHOICE_LABELS = {**_FIELD_LABELS, **HOST_CHOICE_LABELS}

__all__ = [
    "Architecture",
    "AvailabilitySection",
    "CHOICE_LABELS",
    "Conflict",
    "CpuMetric",
    "CurrentPlatform",
    "DATA_DIR",
    "DbaDepth",
    "Edition",
    "EditionConstraints",
    "EnvironmentSection",
    "FeaturesSection",
    "FieldError",
    "HostLocation",
    "IOSection",
    "LatencySensitivity",
    "LicenceCosting",
    "LicenceMetric",
    "LicenceModel",
    "OracleSection",
    "OracleVersion",
    "ProcessorFamily",
    "REGION_ACCEPTED",
    "SCHEMA_VERSION",
    "SECTIONS",
    "SizingSection",
    "SourceHostSection",
    "Workload",
    "WorkloadInvalid",
    "decimal_of",
    "accepted_values",
    "edition_constraints",
    "field_errors",
    "parse_workload",
    "parse_workload_json",
    "regions",
    "workload_conflicts",
    "workload_json_schema",
]
