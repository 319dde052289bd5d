"""Storage for a target that loses Hybrid Columnar Compression: the HCC segments arrive decompressed, so the
database is sized at today's size plus what decompressing them adds, grown to the planning horizon.

Pure Python. Only Exadata (Oracle Database@AWS) keeps HCC; RDS, RDS Custom and EC2 take the decompressed need.
The growth is the decompressed size less the stored one, both as the workload gives them (a dbspace listing's HCC
rows pre-fill them); without both, nothing is added and the HCC finding asks for them.
"""

from __future__ import annotations

import dataclasses

from advisor.engine.sizing.need import Need
from advisor.engine.workload import Workload

HCC_KEEPERS = ("odb",)  # options whose storage keeps HCC (Exadata storage servers)


def hcc_growth_gib(workload: Workload) -> float:
    """What decompressing the HCC segments adds to today's database size (0 when the sizes are not both given)."""
    features = workload.features
    stored, full = features.hcc_compressed_gib, features.hcc_uncompressed_gib
    if not features.hybrid_columnar_compression or stored is None or full is None:
        return 0.0
    return max(full - stored, 0.0)


def decompressed_storage_gib(workload: Workload) -> float:
    """Today's size plus the HCC growth, grown by the yearly rate for the horizon's years (compounded)."""
    sizing = workload.sizing
    today = sizing.db_size_gib + hcc_growth_gib(workload)
    return round(today * (1 + sizing.yearly_growth_pct / 100) ** sizing.horizon_years, 6)


def decompressed_need(workload: Workload, need: Need) -> Need:
    """``need`` with its storage sized for the HCC segments decompressed; the same need when there is no growth."""
    if hcc_growth_gib(workload) <= 0:
        return need
    return dataclasses.replace(need, storage_gib=decompressed_storage_gib(workload))


def decompressed_words(workload: Workload, need: Need) -> str:
    """The note an option sized decompressed carries ("" when nothing was added)."""
    growth = hcc_growth_gib(workload)
    if growth <= 0:
        return ""
    features = workload.features
    return (
        f"Storage sized for the HCC segments decompressed: they store {features.hcc_compressed_gib:,.0f} GiB and take "
        f"{features.hcc_uncompressed_gib:,.0f} GiB decompressed, {growth:,.0f} GiB more than today's "
        f"{workload.sizing.db_size_gib:,.0f} GiB database; {decompressed_storage_gib(workload):,.0f} GiB at the "
        f"planning horizon instead of {need.storage_gib:,.0f} GiB"
    )
