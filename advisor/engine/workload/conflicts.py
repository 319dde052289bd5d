"""Cross-field consistency of a workload: every combination that cannot be asked for, with the reason.

Pure Python. SE2's limits come from the edition constraints data; the other rules (CDB and PDBs, average and
peak, redo within the writes, whole-block multiblock reads, DR region, buffer cache) are the contract's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from advisor.engine.workload.editions import edition_constraints
from advisor.engine.workload.fields import Architecture, Edition, LicenceMetric, release_against, versions_from

if TYPE_CHECKING:
    from advisor.engine.workload.capacity import IOSection, SizingSection
    from advisor.engine.workload.database import FeaturesSection, OracleSection
    from advisor.engine.workload.deployment import AvailabilitySection, EnvironmentSection


class WorkloadSections(Protocol):
    """The sections the cross-field rules read: a ``workload.model.Workload`` (which calls them while validating,
    so this module names what it reads instead of importing the model back)."""

    @property
    def oracle(self) -> OracleSection: ...
    @property
    def features(self) -> FeaturesSection: ...
    @property
    def sizing(self) -> SizingSection: ...
    @property
    def io(self) -> IOSection: ...
    @property
    def environment(self) -> EnvironmentSection: ...
    @property
    def availability(self) -> AvailabilitySection: ...


@dataclass(frozen=True)
class Conflict:
    """An inconsistent answer: the field to change and why the combination cannot be asked for."""

    path: str
    message: str


def workload_conflicts(workload: WorkloadSections) -> list[Conflict]:
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

    if release_against(oracle.current_release, oracle.version.value) > 0:
        later = versions_from(oracle.current_release)
        choose = (f"choose {' or '.join(later)}, or correct the release it runs" if later
                  else "no version offered here is as recent: correct the release it runs")  # fmt: skip
        found.append(Conflict("oracle.version", f"The database runs {oracle.current_release} today, a later release "
                                                f"than {oracle.version.value}: {choose}."))  # fmt: skip

    named_user_plus = oracle.licence_metric is LicenceMetric.NAMED_USER_PLUS
    if named_user_plus and oracle.named_users is None:
        found.append(Conflict("oracle.named_users", "Named User Plus is counted per named user: give the people and "
                                                    "devices that use the database, 1 or more."))  # fmt: skip
    elif not named_user_plus and oracle.named_users is not None:
        found.append(Conflict("oracle.named_users", "Named users are counted only with Named User Plus: choose that "
                                                    "licence metric, or clear this."))  # fmt: skip

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
    if io.redo_mib_s is not None and io.redo_mib_s > io.peak_write_mib_s:
        found.append(
            Conflict(
                "io.redo_mib_s",
                f"Redo is written to the redo logs, part of the writes, so it cannot exceed the peak write throughput "
                f"({io.peak_write_mib_s:g} MiB/s). Accepted: 0 to {io.peak_write_mib_s:g} MiB/s, or raise the peak "
                "write throughput.",
            )
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
    if sizing.backup_daily_change_gib is not None and sizing.backup_daily_change_gib > sizing.db_size_gib:
        found.append(Conflict("sizing.backup_daily_change_gib",
                              f"A day's changed blocks cannot exceed the database ({sizing.db_size_gib:g} GiB). "
                              f"Accepted: 0 to {sizing.db_size_gib:g} GiB."))  # fmt: skip
    if sizing.source_instance_type is not None and sizing.source_coremark_per_thread is not None:
        found.append(Conflict("sizing.source_coremark_per_thread",
                              "Give the source host's EC2 type or its CoreMark per thread, not both: the type's "
                              "measured figure would be replaced by this one."))  # fmt: skip
    stored, full = features.hcc_compressed_gib, features.hcc_uncompressed_gib
    for path, size in (("features.hcc_compressed_gib", stored), ("features.hcc_uncompressed_gib", full)):
        if size is not None and not features.hybrid_columnar_compression:
            found.append(Conflict(path, "HCC sizes need Hybrid Columnar Compression ticked: tick it, or clear this."))
    if stored is not None and full is not None and full < stored:
        found.append(Conflict("features.hcc_uncompressed_gib",
                              f"Decompressed, the HCC segments take at least what they store ({stored:g} GiB)."))  # fmt: skip
    return found
