"""Where and how the workload must run: availability and DR, and its environment (region, hours, team, platform).

Pure Python; part of the workload contract (``advisor.engine.workload``).
"""

from __future__ import annotations

from pydantic import field_validator

from advisor.engine.workload.fields import (
    REGION_ACCEPTED,
    CurrentPlatform,
    DbaDepth,
    _check_region,
    _field,
    _Section,
)


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
        max_length=32,
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


class EnvironmentSection(_Section):
    region: str = _field(
        "us-east-1",
        title="AWS region",
        help="Prices, instance classes and Oracle Database@AWS availability differ by region.",
        accepted=REGION_ACCEPTED,
        max_length=32,
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
        help="Row-by-row processing between an on-premises and a cloud database slowed one published migration's ETL badly (Maris Elsins' 2017 talk).",
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
