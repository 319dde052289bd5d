"""The workload: the one description of an Oracle database that every part of the app shares.

The questionnaire, the JSON API, the CLI and the engines all read and write this model. Units are
in the field names (``_gib``, ``_iops``, ``_mib_s``, ``_minutes``) and in each field's ``unit``
metadata; ``help`` metadata says why the answer matters and is shown next to the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import PydanticCustomError

from pricing.catalog.regions import regions

DATA_DIR = Path(__file__).resolve().parent / "data"
SCHEMA_VERSION = 1
REGION_ACCEPTED = "an AWS region code such as us-east-1"


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


class Architecture(StrEnum):
    CDB = "cdb"
    NON_CDB = "non-cdb"


class LicenceModel(StrEnum):
    BYOL = "byol"
    LICENCE_INCLUDED = "li"


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


class OracleSection(_Section):
    edition: Edition = _field(
        Edition.EE,
        title="Edition",
        help="Decides which options exist at all (Data Guard, Partitioning, TDE are EE only), how licences "
        "are counted, and whether RDS can include the licence (SE2 only).",
    )
    version: OracleVersion = _field(
        OracleVersion.V19C,
        title="Version",
        help="RDS offers 19c, 21c and 26ai; 21c and 26ai are CDB-only and 26ai is EE-only. "
        "Premier Support for 21c ends before 19c's.",
    )
    architecture: Architecture = _field(
        Architecture.CDB,
        title="Architecture",
        help="A 19c non-CDB must be converted to a CDB before any major upgrade; RDS limits how many PDBs a CDB holds.",
    )
    pdb_count: int = _field(
        1,
        title="Pluggable databases",
        help="User PDBs in the CDB (0 for a non-CDB). More than 3 needs the Multitenant option on EE; "
        "RDS allows at most 30 per CDB.",
        unit="PDBs",
        ge=0,
        le=4096,
    )
    character_set: str = _field(
        "AL32UTF8",
        title="Character set",
        help="Only matters if it is not the default AL32UTF8: RDS sets it at creation and it cannot change afterwards.",
        accepted="an Oracle character set name in capitals, such as AL32UTF8 or WE8ISO8859P1",
        min_length=2,
        max_length=30,
        pattern=r"^[A-Z0-9_]+$",
    )
    licence_model: LicenceModel = _field(
        LicenceModel.BYOL,
        title="Licence situation",
        help="Licences usually cost more than the AWS bill. RDS includes the licence only for SE2; "
        "EE must be brought (BYOL) everywhere but on Oracle Database@AWS.",
    )
    processor_licences_owned: int = _field(
        0,
        title="Processor licences already owned",
        help="EE processor licences (or SE2 sockets) you already own and can move to AWS: they are sunk cost, "
        "only the shortfall must be bought.",
        unit="licences",
        ge=0,
        le=100_000,
    )


class FeaturesSection(_Section):
    rac: bool = _feature(
        "Real Application Clusters (RAC)",
        "RAC runs only on Oracle Database@AWS among first-party options; RDS has none, and on EC2 it needs "
        "third-party clustering that Oracle Support does not support.",
    )
    user_managed_data_guard: bool = _feature(
        "User-managed Data Guard",
        "A physical standby you build and control yourself (broker, FSFO). RDS only offers its own managed replicas.",
    )
    active_data_guard: bool = _feature(
        "Active Data Guard / readable standby",
        "A standby open read-only needs the Active Data Guard licence; RDS replicas are read-only (ADG) or mounted.",
    )
    far_sync: bool = _feature(
        "Far Sync", "Zero data loss over distance; needs Active Data Guard and is not offered on RDS."
    )
    asm: bool = _feature(
        "ASM (Automatic Storage Management)",
        "ASM needs Grid Infrastructure and raw devices: possible on EC2 and Exadata, not on RDS.",
    )
    database_vault: bool = _feature(
        "Database Vault", "Separation of duties inside the database; not available on RDS for Oracle."
    )
    oracle_jvm: bool = _feature(
        "Oracle JVM (Java in the database)", "Available on RDS as the JVM option, but not on the smallest classes."
    )
    unified_auditing_pure: bool = _feature(
        "Unified auditing in pure mode",
        "RDS supports mixed-mode auditing only; pure unified auditing needs a relink that RDS does not allow.",
    )
    sysdba_access: bool = _feature(
        "SYSDBA access",
        "RDS gives a master user without SYSDBA, ALTER SYSTEM or ALTER DATABASE; some tools and runbooks assume SYSDBA.",
    )
    host_access: bool = _feature(
        "OS / host access (agents, cron, custom tools)",
        "No shell on RDS: agents, cron jobs, OSWatcher/TFA and file-system tools need EC2, RDS Custom or Exadata VMs.",
    )
    one_off_patches: bool = _feature(
        "One-off patches or a specific patch level",
        "RDS only runs AWS-published release updates; a vendor-mandated one-off patch needs another option.",
    )
    goldengate: bool = _feature(
        "GoldenGate",
        "On RDS, GoldenGate runs from a hub on EC2 (capture and delivery remotely) and is licensed by you.",
    )
    oem_agent: bool = _feature(
        "OEM agent (Cloud Control monitoring)", "RDS offers the OEM_AGENT option; it cannot host the OMS repository."
    )
    oem_repository: bool = _feature(
        "OEM repository (this database hosts the OMS)", "The Enterprise Manager repository is not supported on RDS."
    )
    smart_flash_cache: bool = _feature(
        "Database Smart Flash Cache",
        "Extends the buffer cache onto local NVMe: needs an instance-store class (EE only on RDS).",
    )
    hugepages: bool = _feature(
        "HugePages",
        "Large SGAs without HugePages waste memory on page tables and can swap; incompatible with MEMORY_TARGET (AMM).",
    )
    tde: bool = _feature(
        "Transparent Data Encryption (TDE)",
        "Needs the Advanced Security option on EE; on RDS it cannot be removed once on.",
    )
    native_network_encryption: bool = _feature(
        "Native network encryption", "Encrypts SQL*Net traffic; an option to add on RDS, free in every edition."
    )
    spatial: bool = _feature("Spatial", "No-cost in all editions since 2019; available on RDS.")
    olap: bool = _feature("OLAP", "EE option; available on RDS for EE.")
    label_security: bool = _feature("Label Security", "EE option; available on RDS (CDB support since 2024).")
    apex: bool = _feature("APEX", "Available on RDS as an option, with AWS-supported APEX versions only.")
    oracle_text: bool = _feature(
        "Oracle Text", "Available on RDS, but without FILE or URL datastores (no host file system)."
    )
    partitioning: bool = _feature("Partitioning", "EE option, licensed per processor like the database.")
    advanced_compression: bool = _feature("Advanced Compression", "EE option, licensed per processor.")
    in_memory: bool = _feature(
        "Database In-Memory", "EE option; the column store needs memory on top of the SGA you size for."
    )
    real_application_testing: bool = _feature(
        "Real Application Testing", "EE option; full capture and replay on RDS needs the EFS integration."
    )
    diagnostics_pack: bool = _feature(
        "Diagnostics Pack (AWR, ASH)", "Using AWR or ASH reports needs this EE pack, on every platform."
    )
    tuning_pack: bool = _feature("Tuning Pack (SQL Tuning Advisor)", "EE pack; requires the Diagnostics Pack.")
    extproc: bool = _feature(
        "External procedures (extproc)", "Calls into host libraries; needs host access, which RDS does not give."
    )
    utl_file_directories: bool = _feature(
        "UTL_FILE / directory objects",
        "On RDS directories are created through rdsadmin and files live on the data volume or EFS.",
    )
    database_links: bool = _feature(
        "Database links", "Supported everywhere; across a hybrid link their latency is the risk."
    )
    s3_integration: bool = _feature(
        "S3 integration", "RDS copies files between S3 (same region) and directories with the S3_INTEGRATION option."
    )
    kerberos_ad: bool = _feature(
        "Kerberos / Active Directory authentication",
        "RDS supports AWS Managed Microsoft AD; RDS Custom cannot use Kerberos.",
    )
    statspack: bool = _feature("Statspack", "The free alternative to AWR; available on RDS as the STATSPACK option.")


class AvailabilitySection(_Section):
    target_availability_pct: float = _field(
        99.95,
        title="Target availability",
        help="Decides whether a single instance is enough or a standby (Multi-AZ, Data Guard, RAC) is needed.",
        unit="%",
        ge=90,
        le=99.9999,
    )
    rpo_minutes: float = _field(
        15,
        title="Recovery point objective (RPO)",
        help="How much committed work you may lose. Near 0 needs synchronous replication (Multi-AZ, Data Guard SYNC).",
        unit="minutes",
        ge=0,
        le=10_080,
    )
    rto_minutes: float = _field(
        60,
        title="Recovery time objective (RTO)",
        help="How long an outage may last. Restores from backup take hours for large databases; failovers take minutes.",
        unit="minutes",
        ge=0,
        le=10_080,
    )
    multi_az: bool = _field(
        True,
        title="Same-region HA (Multi-AZ) wanted",
        help="A standby in another Availability Zone. On BYOL the standby must be licensed too.",
    )
    cross_region_dr: bool = _field(
        False,
        title="Cross-region DR wanted",
        help="A whole region can fail (the S3 outage of 2017-02-28 took us-east-1 down). Each option replicates "
        "across regions differently.",
    )
    dr_region: str | None = _field(
        None,
        title="DR region",
        help="Where the DR copy should live, if you know; it must differ from the primary region.",
        accepted=REGION_ACCEPTED,
    )
    read_replicas: int = _field(
        0,
        title="Read replicas",
        help="Readable copies for reporting. RDS allows up to 5 per source and readable ones need Active Data Guard.",
        unit="replicas",
        ge=0,
        le=30,
    )

    @field_validator("dr_region")
    @classmethod
    def _known_dr_region(cls, value: str | None) -> str | None:
        if value is not None:
            _check_region(value)
        return value


class SizingSection(_Section):
    cpu_metric: CpuMetric = _field(
        CpuMetric.VCPUS,
        title="CPU figures are",
        help="vCPUs busy as the OS sees them, or AWR's 'DB CPU' per second; DB CPU leaves out background and OS work.",
    )
    peak_cpu: float = _field(
        4,
        title="Peak CPU used",
        help="The busiest sustained hour: sizes the instance and, through vCPUs, the processor licences.",
        unit="vCPUs",
        gt=0,
        le=1_000,
    )
    average_cpu: float = _field(
        2,
        title="Average CPU used",
        help="Shows how much headroom the peak needs and whether a burstable class could do.",
        unit="vCPUs",
        gt=0,
        le=1_000,
    )
    sga_gib: float = _field(
        8,
        title="SGA",
        help="Instance memory must hold SGA + PGA + the OS; RDS defaults MEMORY_TARGET to 3/4 of memory.",
        unit="GiB",
        gt=0,
        le=32_768,
    )
    pga_gib: float = _field(
        2, title="PGA", help="Sorts and hash joins; counts against instance memory.", unit="GiB", ge=0, le=32_768
    )
    db_size_gib: float = _field(
        100,
        title="Database size now",
        help="Allocated data, temp, undo and redo. Sizes storage and, on gp2, the IOPS you get.",
        unit="GiB",
        gt=0,
        le=1_048_576,
    )
    yearly_growth_pct: float = _field(
        10,
        title="Yearly growth",
        help="Storage is sized for the end of the planning horizon; RDS volumes can grow but never shrink.",
        unit="% per year",
        ge=0,
        le=1_000,
    )
    horizon_years: int = _field(
        3, title="Planning horizon", help="Growth is projected this far ahead.", unit="years", ge=1, le=10
    )
    hot_set_gib: float | None = _field(
        None,
        title="Hot data set (optional)",
        help="The blocks most reads touch. If the buffer cache can hold it, a larger-memory class may serve reads "
        "from memory instead of storage (AWR's segment statistics or the buffer cache advisory show it).",
        unit="GiB",
        gt=0,
        le=1_048_576,
    )
    buffer_cache_gib: float | None = _field(
        None,
        title="Buffer cache today (optional)",
        help="The part of the SGA that caches blocks now (AWR 'Cache Sizes'). Without it, caching the hot set is "
        "sized as a buffer cache added to today's whole SGA.",
        unit="GiB",
        gt=0,
        le=32_768,
    )
    buffer_cache_hit_pct: float | None = _field(
        None,
        title="Buffer cache hit ratio today (optional)",
        help="Logical reads served from memory (AWR 'Buffer Hit %'). With the hot set it tells how far physical "
        "reads fall when the cache holds the hot set.",
        unit="%",
        ge=0,
        lt=100,
    )
    backup_retention_days: int = _field(
        7,
        title="Backup retention",
        help="RDS keeps automated backups up to 35 days; backup storage beyond the allocated size is billed.",
        unit="days",
        ge=0,
        le=3_650,
    )


class IOSection(_Section):
    peak_read_iops: int = _field(
        3_000,
        title="Peak read IOPS",
        help="From AWR 'Physical read total IO requests' per second at peak.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    peak_write_iops: int = _field(
        1_000,
        title="Peak write IOPS",
        help="From AWR 'Physical write total IO requests' per second at peak.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    sustained_read_iops: int = _field(
        1_500,
        title="Sustained read IOPS",
        help="What must hold for hours: burst credits cannot cover it.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    sustained_write_iops: int = _field(
        500,
        title="Sustained write IOPS",
        help="What must hold for hours: burst credits cannot cover it.",
        unit="IOPS",
        ge=0,
        le=10_000_000,
    )
    peak_read_mib_s: float = _field(
        100,
        title="Peak read throughput",
        help="From AWR 'Physical read total bytes' per second. Full scans hit the instance's EBS bandwidth first.",
        unit="MiB/s",
        ge=0,
        le=1_000_000,
    )
    peak_write_mib_s: float = _field(
        30, title="Peak write throughput", help="Redo, DBWR and direct-path writes.", unit="MiB/s", ge=0, le=1_000_000
    )
    db_block_size_kib: Literal[2, 4, 8, 16, 32] = _field(
        8,
        title="Block size (db_block_size)",
        help="The size of single-block reads: AWS counts SSD IOs in units of up to 256 KiB, so small IOs each cost one.",
        unit="KiB",
    )
    multiblock_read_kib: int = _field(
        1_024,
        title="Multiblock read size",
        help="db_block_size × db_file_multiblock_read_count: the IO size of full scans, capped at 1 MiB on Linux. "
        "Large IOs run into throughput limits before IOPS limits.",
        unit="KiB",
        ge=2,
        le=1_024,
    )
    peak_duration_minutes: int = _field(
        30,
        title="How long peaks last",
        help="gp2 credits and the instance's 30-minutes-a-day EBS burst cover short peaks only.",
        unit="minutes",
        ge=1,
        le=1_440,
    )
    full_scans_drive_peaks: bool = _field(
        False,
        title="Full table scans drive the peaks",
        help="A single full scan can saturate a small instance's EBS bandwidth; it changes which limit binds.",
    )
    redo_mib_s: float | None = _field(
        None,
        title="Redo generated, average (optional)",
        help="AWR 'redo size' per second. A standby in another Region receives all of it; without it the sustained "
        "write rate stands in.",
        unit="MiB/s",
        ge=0,
        le=100_000,
    )
    latency_sensitivity: LatencySensitivity = _field(
        LatencySensitivity.MODERATE,
        title="Latency sensitivity",
        help="Latency-sensitive OLTP needs provisioned IOPS or local NVMe, and suffers from round trips over a hybrid link.",
    )


class EnvironmentSection(_Section):
    region: str = _field(
        "us-east-1",
        title="AWS region",
        help="Prices, instance classes and Oracle Database@AWS availability differ by region.",
        accepted=REGION_ACCEPTED,
    )
    hours_per_month: int = _field(
        730,
        title="Hours running per month",
        help="730 is always on. Fewer hours lower instance cost; storage and licences are paid regardless.",
        unit="hours",
        ge=1,
        le=744,
    )
    onprem_connections: bool = _field(
        False,
        title="Clients or databases on premises connect to it",
        help="Every round trip then crosses the hybrid link: milliseconds instead of microseconds.",
    )
    row_by_row_across_link: bool = _field(
        False,
        title="Batch jobs work row by row across that link",
        help="Row-by-row processing between an on-premises and a cloud database slowed a seed migration's ETL badly.",
    )
    dba_depth: DbaDepth = _field(
        DbaDepth.BALANCED,
        title="Team's DBA depth",
        help="A managed service removes routine work but also SYSDBA and host access; full control means running it yourself.",
    )
    current_platform: CurrentPlatform = _field(
        CurrentPlatform.ON_PREMISES,
        title="Where it runs today",
        help="An existing RDS Custom estate needs an exit path before RDS Custom for Oracle ends on 2027-03-31.",
    )

    @field_validator("region")
    @classmethod
    def _known_region(cls, value: str) -> str:
        _check_region(value)
        return value


class Workload(BaseModel):
    """A complete, consistent Oracle workload. Inconsistent combinations are refused with the reason."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, title="Oracle workload", json_schema_extra={"$id": "/api/v1/schema/workload"}
    )

    schema_version: Literal[1] = SCHEMA_VERSION
    oracle: OracleSection = Field(default_factory=OracleSection, title="Oracle")
    features: FeaturesSection = Field(default_factory=FeaturesSection, title="Features needed")
    availability: AvailabilitySection = Field(default_factory=AvailabilitySection, title="Availability and DR")
    sizing: SizingSection = Field(default_factory=SizingSection, title="Sizing")
    io: IOSection = Field(default_factory=IOSection, title="IO profile")
    environment: EnvironmentSection = Field(default_factory=EnvironmentSection, title="Environment")

    @model_validator(mode="after")
    def _consistent(self) -> Workload:
        conflicts = workload_conflicts(self)
        if conflicts:
            raise PydanticCustomError(
                "workload_conflict",
                "{summary}",
                {
                    "summary": "; ".join(f"{c.path}: {c.message}" for c in conflicts),
                    "conflicts": [{"path": c.path, "message": c.message} for c in conflicts],
                },
            )
        return self


SECTIONS: tuple[tuple[str, type[_Section]], ...] = (
    ("oracle", OracleSection),
    ("features", FeaturesSection),
    ("availability", AvailabilitySection),
    ("sizing", SizingSection),
    ("io", IOSection),
    ("environment", EnvironmentSection),
)


# --- reference data --------------------------------------------------------------------------


class _Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    explanation: str
    source_url: str
    as_of: str


class _VersionRule(_Sourced):
    versions: list[OracleVersion]


class _CountRule(_Sourced):
    value: int


class _EnterpriseOnlyFeature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    feature: str
    product: str


class EditionConstraints(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    as_of: str
    source_title: str
    source_url: str
    enterprise_only_features: list[_EnterpriseOnlyFeature]
    rac_on_se2: _Sourced
    se2_max_pdbs: _CountRule
    cdb_only_versions: _VersionRule
    enterprise_only_versions: _VersionRule

    @model_validator(mode="after")
    def _features_exist(self) -> EditionConstraints:
        unknown = {f.feature for f in self.enterprise_only_features} - set(FeaturesSection.model_fields)
        if unknown:
            raise ValueError(f"enterprise_only_features names unknown features: {sorted(unknown)}")
        return self


@cache
def edition_constraints() -> EditionConstraints:
    return EditionConstraints.model_validate_json((DATA_DIR / "edition_constraints.json").read_text())


def _check_region(code: str) -> None:
    if code not in regions():
        raise PydanticCustomError(
            "unknown_region",
            "Unknown AWS region '{code}'",
            {"code": code},
        )


# --- consistency -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Conflict:
    """An inconsistent answer: the field to change and why the combination cannot be asked for."""

    path: str
    message: str


def workload_conflicts(workload: Workload) -> list[Conflict]:
    """Every cross-field inconsistency, so the user sees all of them at once."""
    rules = edition_constraints()
    oracle, features, sizing, io = workload.oracle, workload.features, workload.sizing, workload.io
    env, availability = workload.environment, workload.availability
    found: list[Conflict] = []

    if oracle.edition is Edition.SE2:
        if features.rac:
            found.append(Conflict("features.rac", rules.rac_on_se2.explanation))
        for item in rules.enterprise_only_features:
            if getattr(features, item.feature):
                found.append(
                    Conflict(
                        f"features.{item.feature}",
                        f"Standard Edition 2 cannot use {item.product}: it is Enterprise Edition only "
                        "(Oracle Database Licensing Information). Choose Enterprise Edition or untick it.",
                    )
                )
        if oracle.version in rules.enterprise_only_versions.versions:
            found.append(Conflict("oracle.version", rules.enterprise_only_versions.explanation))
        if oracle.pdb_count > rules.se2_max_pdbs.value:
            found.append(
                Conflict(
                    "oracle.pdb_count",
                    f"{rules.se2_max_pdbs.explanation} Accepted with SE2: 1 to {rules.se2_max_pdbs.value}.",
                )
            )

    if oracle.architecture is Architecture.NON_CDB:
        if oracle.version in rules.cdb_only_versions.versions:
            found.append(Conflict("oracle.architecture", rules.cdb_only_versions.explanation))
        if oracle.pdb_count != 0:
            found.append(Conflict("oracle.pdb_count", "A non-CDB has no pluggable databases: enter 0."))
    elif oracle.pdb_count < 1:
        found.append(Conflict("oracle.pdb_count", "A CDB holds at least one user PDB: enter 1 or more."))

    if sizing.average_cpu > sizing.peak_cpu:
        found.append(Conflict("sizing.average_cpu", f"The average cannot exceed the peak ({sizing.peak_cpu:g} vCPUs)."))
    for kind in ("read", "write"):
        sustained = getattr(io, f"sustained_{kind}_iops")
        peak = getattr(io, f"peak_{kind}_iops")
        if sustained > peak:
            found.append(
                Conflict(f"io.sustained_{kind}_iops", f"Sustained {kind} IOPS cannot exceed the peak ({peak:,}).")
            )
    if io.multiblock_read_kib < io.db_block_size_kib or io.multiblock_read_kib % io.db_block_size_kib:
        found.append(
            Conflict(
                "io.multiblock_read_kib",
                f"A multiblock read is a whole number of {io.db_block_size_kib} KiB blocks "
                f"(db_file_multiblock_read_count × db_block_size): use a multiple of {io.db_block_size_kib} KiB "
                f"from {io.db_block_size_kib} to 1024.",
            )
        )

    if env.row_by_row_across_link and not env.onprem_connections:
        found.append(
            Conflict(
                "environment.row_by_row_across_link",
                "Row-by-row work across a hybrid link needs on-premises connections: tick that too, or untick this.",
            )
        )
    if availability.dr_region == env.region:
        found.append(
            Conflict("availability.dr_region", f"The DR region must differ from the primary region ({env.region}).")
        )
    if sizing.buffer_cache_gib is not None and sizing.buffer_cache_gib > sizing.sga_gib:
        found.append(
            Conflict("sizing.buffer_cache_gib", f"The buffer cache is part of the SGA ({sizing.sga_gib:g} GiB).")
        )
    if sizing.buffer_cache_hit_pct is not None and sizing.hot_set_gib is None:
        found.append(
            Conflict("sizing.hot_set_gib", "Give the hot data set too: the hit ratio alone does not say what to cache.")
        )
    return found


# --- errors users can read -------------------------------------------------------------------


@dataclass(frozen=True)
class FieldError:
    path: str
    message: str


def field_errors(error: ValidationError) -> list[FieldError]:
    """Flatten pydantic's errors to (dotted field path, readable message) pairs."""
    found = _conflict_errors(error)
    for item in error.errors(include_url=False):
        if item["type"] != "workload_conflict":
            path = ".".join(str(part) for part in item["loc"])
            found.append(FieldError(path or "(workload)", _readable(item, path)))
    return found


def _conflict_errors(error: ValidationError) -> list[FieldError]:
    return [
        FieldError(c["path"], c["message"])
        for item in error.errors(include_url=False)
        if item["type"] == "workload_conflict"
        for c in (item.get("ctx") or {})["conflicts"]
    ]


def _readable(item: Any, path: str) -> str:
    accepted = accepted_values(path)
    message = str(item["msg"])
    if item["type"] == "extra_forbidden":
        return "Unknown field: the workload schema has no such key (see /api/v1/schema/workload)."
    if item["type"] == "missing":
        return f"Required. Accepted: {accepted}." if accepted else "Required."
    if accepted:
        return f"{message}. Accepted: {accepted}."
    return message


def _field_info(path: str) -> Any:
    section_name, _, field_name = path.partition(".")
    section = dict(SECTIONS).get(section_name)
    if section is None or field_name not in section.model_fields:
        return None
    return section.model_fields[field_name]


def accepted_values(path: str) -> str | None:
    """What a field accepts, in words, from its type and constraints (the same text the form shows)."""
    info = _field_info(path)
    if info is None:
        return None
    annotation = info.annotation
    extra = info.json_schema_extra or {}
    if extra.get("accepted"):
        return str(extra["accepted"])
    unit = f" {extra['unit']}" if extra.get("unit") else ""
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        return "one of " + ", ".join(f"'{member.value}'" for member in annotation)
    if annotation is bool:
        return "true or false"
    if getattr(annotation, "__origin__", None) is Literal:
        return "one of " + ", ".join(str(a) for a in annotation.__args__) + unit
    bounds = {type(m).__name__: m for m in info.metadata}
    low = bounds.get("Ge") or bounds.get("Gt")
    high = bounds.get("Le") or bounds.get("Lt")
    if annotation in (int, float) and low is not None and high is not None:
        kind = "a whole number" if annotation is int else "a number"
        low_value = getattr(low, "ge", None) if "Ge" in bounds else getattr(low, "gt", None)
        high_value = getattr(high, "le", None)
        lower = f"from {low_value:,}" if "Ge" in bounds else f"above {low_value:,}"
        return f"{kind} {lower} to {high_value:,}{unit}"
    return None


class WorkloadInvalid(Exception):
    """A workload that failed validation, with every error it has."""

    def __init__(self, errors: list[FieldError]):
        self.errors = errors
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


def parse_workload(data: Any) -> Workload:
    """Validate a decoded JSON document (or form data already nested) into a Workload."""
    if not isinstance(data, dict):
        raise WorkloadInvalid([FieldError("(workload)", "Expected a JSON object with the workload's sections.")])
    try:
        return Workload.model_validate(data)
    except ValidationError as error:
        errors = field_errors(error)
    raise WorkloadInvalid(errors + _conflicts_among_valid_answers(data, errors))


def _conflicts_among_valid_answers(data: dict[str, Any], errors: list[FieldError]) -> list[FieldError]:
    """Conflicts between the answers that are valid on their own, so the user sees them too.

    The invalid answers are set aside (their defaults stand in) and the rest checked again; a
    conflict is reported only if it names a field that has no error of its own.
    """
    invalid = {e.path for e in errors}
    trimmed: dict[str, Any] = {}
    for key, value in data.items():
        if key in invalid or not isinstance(value, dict):
            continue
        trimmed[key] = {k: v for k, v in value.items() if f"{key}.{k}" not in invalid}
    try:
        Workload.model_validate(trimmed)
    except ValidationError as error:
        return [e for e in _conflict_errors(error) if e.path not in invalid]
    return []


def parse_workload_json(text: str | bytes) -> Workload:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise WorkloadInvalid([FieldError("(file)", f"Not valid JSON: {error}.")]) from None
    return parse_workload(data)


def workload_json_schema() -> dict[str, Any]:
    return Workload.model_json_schema()
