"""The workload's database: the Oracle section (edition, version, CDB, licences) and the features it needs.

Pure Python; part of the workload contract (``advisor.engine.workload``).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from advisor.engine.licence_terms import parse_owned_options
from advisor.engine.odb.rates import Kind, quoted_rate_problem
from advisor.engine.workload.fields import (
    RELEASE_PATTERN,
    Architecture,
    Edition,
    LicenceCosting,
    LicenceMetric,
    LicenceModel,
    OracleVersion,
    _feature,
    _field,
    _Section,
)


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
    current_release: str = _field(
        "",
        title="Release it runs today",
        help="As Oracle prints it (12.2.0.1, 19.21): an older release than the version above moves as an upgrade, "
        "which each option's findings weigh. Blank when it already runs that version.",
        accepted="a release number such as 11.2.0.4, 12.2.0.1 or 19.21, or blank",
        max_length=20,
        pattern=RELEASE_PATTERN,
    )
    architecture: Architecture = _field(
        Architecture.CDB,
        title="Architecture",
        help="A 19c non-CDB must be converted to a CDB before any major upgrade; RDS limits how many PDBs a CDB holds.",
    )
    pdb_count: int = _field(
        1,
        title="Pluggable databases",
        help="User PDBs in the CDB (0 for a non-CDB; left blank, a non-CDB counts 0). More than 3 needs the Multitenant option on EE; "
        "RDS allows at most 30 per CDB.",
        unit="PDBs",
        ge=0,
        le=4096,
    )

    @model_validator(mode="before")
    @classmethod
    def _non_cdb_has_no_pdbs_unless_told(cls, data: Any) -> Any:
        """A non-CDB whose PDB count is not given (absent, or a blank field or cell) has none: the default of 1 is a
        CDB's, and refusing every non-CDB row of an inventory without a PDB column helps nobody. A count that is
        given is kept, and a non-CDB with PDBs is still refused as a conflict."""
        if not isinstance(data, dict) or str(data.get("architecture", "")).strip() != Architecture.NON_CDB.value:
            return data
        given = data.get("pdb_count", "")
        return {**data, "pdb_count": 0} if isinstance(given, str) and not given.strip() else data

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
    licence_metric: LicenceMetric = _field(
        LicenceMetric.PROCESSOR,
        title="Licence metric",
        help="How your Oracle licences are counted: per processor (SE2: per socket), or per Named User Plus, the "
        "people and devices that use the database, at least Oracle's minimum on each server (Enterprise Edition: 25 "
        "per processor licence; Standard Edition 2: 10 per server). Your choice is priced, never switched for the "
        "cheaper one. Not used where AWS's rate includes the licence.",
    )
    named_users: int | None = _field(
        None,
        title="Named users",
        help="With Named User Plus: the people and devices that use the database (every server licensed counts "
        "them, or Oracle's minimum where it is more).",
        unit="named users",
        accepted="a whole number, 1 or more, with Named User Plus; blank with the processor metric",
        ge=1,
        le=100_000,
    )
    processor_licences_owned: int = _field(
        0,
        title="Processor licences already owned",
        help="EE processor licences (or SE2 sockets) you already own and can move to AWS: they are sunk cost, "
        "only the shortfall must be bought; with Named User Plus, the Named User Plus licences you own. Left "
        "blank, the source host's suggestion is taken (0 without one; none with Named User Plus).",
        unit="licences",
        ge=0,
        le=100_000,
    )
    option_licences_owned: str = _field(
        "",
        title="Option licences already owned",
        help="Processor licences you own of the Enterprise Edition options licensed (those the features need, and "
        "Multitenant or RAC where the deployment licenses them): a number for every option (often as many as the "
        "database's), or per product, e.g. 'partitioning=8, diagnostics_pack=4'; only the shortfall is bought.",
        accepted="a number and/or product=count pairs separated by commas, products as in Oracle's price list "
        "(partitioning, diagnostics_pack, tuning_pack, active_data_guard, advanced_compression, ...)",
        max_length=2000,
    )

    @field_validator("option_licences_owned")
    @classmethod
    def _owned_options_are_products_and_counts(cls, value: str) -> str:
        parse_owned_options(value)  # raises ValueError naming what is accepted
        return ", ".join(part.strip() for part in value.split(",") if part.strip())

    licence_discount_pct: float = _field(
        0,
        title="Discount off Oracle's list price",
        help="Your discount on Oracle's Technology price list: it lowers the purchase and the 22 % yearly support "
        "that is charged on the net price.",
        unit="%",
        ge=0,
        le=100,
    )
    support_uplift_pct: float = _field(
        0,
        title="Yearly support uplift",
        help="How much Oracle support rises each year under your contract; the monthly support shown is the "
        "average over the licence term (3 years).",
        unit="% a year",
        ge=0,
        le=100,
    )
    licence_costing: LicenceCosting = _field(
        LicenceCosting.PURCHASE_AND_SUPPORT,
        title="Licence costs to count",
        help="Count the purchase of the licences to buy (spread over 3 years) and support, or support only when "
        "the licences come from another budget or agreement.",
    )
    odb_infrastructure_discount_pct: float = _field(
        0,
        title="Oracle Database@AWS: discount on the Exadata infrastructure",
        help="Oracle Database@AWS is bought by private offer; your discount off Oracle's list price for the Exadata "
        "database and storage servers. A quoted rate below replaces the list price and this discount.",
        unit="%",
        ge=0,
        le=100,
        allow_inf_nan=False,
    )
    odb_database_server_usd_per_hour: float | None = _field(
        None,
        title="Oracle Database@AWS: quoted rate per database server",
        help="The rate your private offer quotes for one Exadata database server an hour; empty: Oracle's list price "
        "less the discount above.",
        unit="USD per server-hour",
        accepted="more than 0 and at most 10 times Oracle's list price, or empty",
        allow_inf_nan=False,
    )
    odb_storage_server_usd_per_hour: float | None = _field(
        None,
        title="Oracle Database@AWS: quoted rate per storage server",
        help="The rate your private offer quotes for one Exadata storage server an hour; empty: Oracle's list price "
        "less the discount above.",
        unit="USD per server-hour",
        accepted="more than 0 and at most 10 times Oracle's list price, or empty",
        allow_inf_nan=False,
    )
    odb_ecpu_discount_pct: float = _field(
        0,
        title="Oracle Database@AWS: discount on ECPUs",
        help="Your discount off Oracle's list price for the VM cluster's ECPUs (the list holds the BYOL ECPU price). "
        "A quoted rate below replaces the list price and this discount.",
        unit="%",
        ge=0,
        le=100,
        allow_inf_nan=False,
    )
    odb_ecpu_usd_per_hour: float | None = _field(
        None,
        title="Oracle Database@AWS: quoted rate per ECPU",
        help="The rate your private offer quotes for one ECPU an hour under the licence model chosen above; with "
        "License Included it prices the ECPUs the held list leaves unpriced.",
        unit="USD per ECPU-hour",
        accepted="more than 0 and at most 10 times Oracle's list price of a BYOL ECPU, or empty",
        allow_inf_nan=False,
    )

    @field_validator("odb_database_server_usd_per_hour", "odb_storage_server_usd_per_hour", "odb_ecpu_usd_per_hour")
    @classmethod
    def _quoted_rate_is_plausible(cls, value: float | None, info: ValidationInfo) -> float | None:
        kind: Kind = {"odb_database_server_usd_per_hour": "database server",
                      "odb_storage_server_usd_per_hour": "storage server"}.get(info.field_name or "", "ECPU")  # type: ignore[assignment]  # fmt: skip
        problem = quoted_rate_problem(value, kind)
        if problem:
            raise PydanticCustomError("quoted_rate", "{problem}", {"problem": problem})
        return value


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
    # Exadata storage features the database relies on today: only Oracle Database@AWS (Exadata) keeps them.
    exadata_smart_scan: bool = _feature(
        "Exadata Smart Scan offload",
        "Full scans served by the Exadata storage cells (AWR: 'cell physical IO bytes eligible for predicate "
        "offload', IOStat 'Smart Scan'). Off Exadata every scanned block crosses the instance's storage bandwidth.",
    )
    exadata_flash_cache: bool = _feature(
        "Exadata Smart Flash Cache",
        "Reads served by the storage cells' flash (AWR 'Optimized Requests', 'cell flash cache read hits'). "
        "Off Exadata each one is a real read from EBS.",
    )
    hybrid_columnar_compression: bool = _feature(
        "Hybrid Columnar Compression (HCC)",
        "Segments compressed FOR QUERY or FOR ARCHIVE (DBA_TABLES.COMPRESS_FOR). HCC needs Exadata or Oracle "
        "storage: elsewhere the segments are decompressed or recompressed, and grow.",
    )
    hcc_compressed_gib: float | None = _field(
        None,
        title="HCC segments, stored (optional)",
        help="What the HCC-compressed segments occupy today (DBA_SEGMENTS, or a size listing's HCC rows).",
        unit="GiB",
        gt=0,
        le=1_048_576,
    )
    hcc_uncompressed_gib: float | None = _field(
        None,
        title="HCC segments, decompressed (optional)",
        help="What the same segments occupy uncompressed (DBMS_COMPRESSION.GET_COMPRESSION_RATIO, or a size "
        "listing's uncompressed estimate): the storage they need off Exadata.",
        unit="GiB",
        gt=0,
        le=1_048_576,
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
