"""What a report says about Exadata: the pre-filled Exadata features (Smart Scan, Smart Flash Cache, HCC with its
stored and decompressed sizes), each with its source, and the review page's notes on what the target loses.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). A feature is ticked only on evidence the
reports print: Smart Scan reads in IOStat by Function, 'Optimized Requests' in the IO Profile, HCC rows in a
dbspace listing. Sizes are rounded up to 0.01 GiB, so the decompressed size never falls below the stored one.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine.aggregation import Aggregation
from advisor.awr.engine.figures import Provenance

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder


class Finding(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    code: str
    severity: str
    message: str
    provenance: tuple[Provenance, ...] = ()
    title: str = ""  # what the reader sees as its heading ("" in imports stored before titles were kept)


def _gib(value: float) -> float:
    return max(math.ceil(round(value * 100, 6)) / 100, 0.01)


def exadata_prefill(b: Builder, agg: Aggregation) -> None:
    """Tick the Exadata features the reports show in use; say why the others are left alone (on Exadata only)."""
    on_exadata = agg.facts.get("exadata") is not None
    smart = agg.rates.get("smart_scan_read_mib_s")
    if smart and smart.average > 0:
        b.set(
            "features.exadata_smart_scan",
            True,
            f"Smart Scan reads {smart.average:,.1f} MiB/s on average (IOStat by Function, {smart.windows} window(s))",
            smart.sources,
        )
    elif on_exadata:
        b.skip("features.exadata_smart_scan", "no Smart Scan reads in IOStat by Function")
    optimized, total = agg.rates.get("optimized_iops"), agg.rates.get("total_iops")
    if optimized and total and total.average > 0 and optimized.average > 0:
        share = optimized.average / total.average * 100
        b.set(
            "features.exadata_flash_cache",
            True,
            f"'Optimized Requests' (served by Exadata flash or storage indexes) are {share:.1f}% of IO requests "
            f"({optimized.average:,.1f} of {total.average:,.1f}/s, IO Profile)",
            optimized.sources[:1] + total.sources[:1],
        )
    elif on_exadata:
        b.skip("features.exadata_flash_cache", "no 'Optimized Requests' in the IO Profile")
    stored, full = agg.facts.get("hcc_stored_gib"), agg.facts.get("hcc_uncompressed_gib")
    if stored is not None and float(stored.value) > 0:
        b.set(
            "features.hybrid_columnar_compression", True, "HCC rows in the table-compression listing", stored.provenance
        )
        b.set(
            "features.hcc_compressed_gib",
            _gib(float(stored.value)),
            f"HCC rows' stored size ({stored.note})" if stored.note else "HCC rows' stored size",
            stored.provenance,
        )
        if full is not None and float(full.value) > 0:
            b.set(
                "features.hcc_uncompressed_gib",
                max(_gib(float(full.value)), _gib(float(stored.value))),
                f"HCC rows' uncompressed estimate ({full.note})" if full.note else "HCC rows' uncompressed estimate",
                full.provenance,
            )
        else:
            b.skip(
                "features.hcc_uncompressed_gib",
                "the listing prints no uncompressed estimate: DBMS_COMPRESSION.GET_COMPRESSION_RATIO gives it",
            )
    elif on_exadata:
        b.skip(
            "features.hybrid_columnar_compression",
            "no HCC rows (QUERY/ARCHIVE HIGH/LOW) in these files: a dbspace listing's table compression shows them",
        )


def exadata_findings(agg: Aggregation) -> list[Finding]:
    found: list[Finding] = []
    exadata = agg.facts.get("exadata")
    smart = agg.rates.get("smart_scan_read_mib_s")
    if smart and smart.average > 0:
        found.append(
            Finding(
                code="exadata-smart-scan",
                title="Smart Scan: an Exadata feature the target loses",
                severity="warning",
                message=f"Smart Scan reads {smart.average:,.1f} MiB/s on average in the storage cells; off Exadata "
                "every one of those scans reads all its blocks through the instance's storage bandwidth. Only Oracle "
                "Database@AWS keeps Smart Scan.",
                provenance=smart.sources,
            )
        )
    optimized, total = agg.rates.get("optimized_iops"), agg.rates.get("total_iops")
    if optimized and total and total.average > 0 and optimized.average > 0:
        share = optimized.average / total.average * 100
        found.append(
            Finding(
                code="exadata-flash",
                title="Exadata Smart Flash Cache: a feature the target loses",
                severity="warning",
                message=f"{share:.1f}% of IO requests ({optimized.average:,.1f} of {total.average:,.1f}/s) are "
                "'Optimized Requests' served by Exadata flash; on EBS each is a real IO at EBS latency. Only Oracle "
                "Database@AWS keeps the flash cache.",
                provenance=optimized.sources[:1] + total.sources[:1],
            )
        )
    stored, full = agg.facts.get("hcc_stored_gib"), agg.facts.get("hcc_uncompressed_gib")
    if stored:
        grows = ""
        if full:
            grows = (
                f"; decompressed off Exadata they need about {float(full.value):,.0f} GiB "
                f"(+{float(full.value) - float(stored.value):,.0f} GiB of storage and IO)"
            )
        found.append(
            Finding(
                code="exadata-hcc",
                title="Hybrid Columnar Compression: an Exadata feature the target loses",
                severity="warning",
                message=f"Hybrid Columnar Compressed tables store {float(stored.value):,.0f} GiB{grows}. HCC needs "
                "Exadata storage: only Oracle Database@AWS keeps it.",
                provenance=stored.provenance,
            )
        )
    if exadata and not found:
        found.append(
            Finding(
                code="exadata",
                title="The database runs on Exadata",
                severity="info",
                message="The database runs on Exadata: check which Exadata features it depends on.",
                provenance=exadata.provenance,
            )
        )
    return found
