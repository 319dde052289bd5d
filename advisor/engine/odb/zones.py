"""Where an Oracle Database@AWS standby can sit: the Availability Zones the service can be used in, Region by Region.

Pure Python. An Exadata infrastructure and its ODB network sit in one Availability Zone, so a standby in a second
Availability Zone of the same Region (Multi-AZ) needs a second zone where the service runs. AWS's list of those zones
(``odb_shapes.json``'s ``availability_zones``) decides; Oracle's Regional Availability list (the Regions data's AZ
IDs) is read only for a Region AWS's list has no row for. Where a Region has one zone the standby cannot be built:
it is neither built nor priced, and the words say so and what the workload asked for that can stand instead.
"""

from __future__ import annotations

from pricing.engine.odb_prices import OdbRegion, OdbShapes

ORACLE_ZONES = "Oracle's Regional Availability page for Oracle Database@AWS"


def service_zones(where: OdbRegion, shapes: OdbShapes) -> tuple[tuple[str, ...], str] | None:
    """The Region's Availability Zones for the service and the document that lists them (with its date); None when
    no source held lists them."""
    listed = shapes.availability_zones
    zones = listed.of(where.aws_region)
    if zones is not None:
        return zones, f"{listed.document}, as of {listed.as_of}"
    if where.az_ids:
        return where.az_ids, ORACLE_ZONES
    return None


def one_zone_words(where: OdbRegion, zones: tuple[str, ...], document: str, *, dr_region: str | None) -> str:
    """Why no standby in a second Availability Zone is built in a Region with one zone for the service, and what the
    workload asked for that stands instead (its cross-Region standby, only when it asked for one)."""
    words = (
        f"Multi-AZ on Oracle Database@AWS: not built; in {where.aws_region_name} the service can be used in one "
        f"Availability Zone ({zones[0]}; {document}) and an Exadata infrastructure sits in one, so no Data Guard "
        "standby can be built in a second Availability Zone of this Region and none is priced: the availability "
        "asked for is not met"
    )
    if dr_region is not None:
        words += (
            f"; the cross-Region standby in {dr_region} asked for is built and priced, and it is the copy that would "
            "take over if this Availability Zone were lost (a failover to another Region)"
        )
    return words
