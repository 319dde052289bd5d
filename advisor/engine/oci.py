"""What an OCI Flex VM with block volumes can deliver to an Oracle database, per IO size.

The OCI counterpart of ``iolimits`` (AWS), returning results of the same shape. Pure Python (pydantic v2 +
stdlib, no Django). Every limit comes from ``data/oci_block_volumes.json``; each row carries its source,
as-of date and a tag as in shared/reference/storage-io-limits.md: C official Oracle text, S secondary,
U inferred. Model, per IO size:

* each volume: IOPS <= min(IOPS/GB x size, max IOPS per volume) and throughput <= min(KB/s per GB x size,
  max MB/s per volume); N identical volumes striped by ASM (even spread) give N times that;
* the shape: IOPS <= 20,000 per Gbps of network bandwidth and block-volume throughput <= 120 MB/s per Gbps
  (Oracle's "Performance Details for Shapes"), where bandwidth = Gbps per OCPU x OCPUs, up to the shape's
  maximum;
* the IO rate is the lowest of the four; on a tie the volume limit is named.

OCI documents no volume burst (performance auto-tune changes the level, with no credits), so the burst
phase is the baseline and ``lasts_seconds`` is None.

Assumptions Oracle does not state [U]:

* OCI quotes IOPS at 4 KB and gives no rule for splitting or merging IOs, so an IO of any size counts as
  one IO and larger IOs are limited by throughput alone. The Balanced and Lower Cost tables agree
  (their 8 KB throughput = IOPS x 8 KB); the Ultra High Performance size table does not (its 8 KB column is
  about half its 1 MB column), so for small UHP IOs the model is an upper bound. ``sequential`` is accepted
  for symmetry with ``iolimits.evaluate`` and changes nothing.
* Units: OCI's "KB" is 1,024 bytes and its "MB" (in MB/s) is 1,000 KB = 1,024,000 bytes, the reading
  under which Oracle's own tables are exact for real (KiB) IO sizes; see the ``units`` row. Gbps are
  10**9 bit/s; results are in MiB/s (2**20 bytes).
* iSCSI attachments (multipath iSCSI for UHP), regular (not burstable) instances, and the VM's network
  bandwidth free for block-volume traffic.

The data (levels, shapes, units) and its loader live in ``oci_block_volumes``, re-exported here.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from advisor.engine.iolimits import INSTANCE_IOPS, VOLUME_IOPS, VOLUME_THROUGHPUT, LayoutInvalid, Problem
from advisor.engine.oci_block_volumes import (
    DATA_FILE,
    KIB,
    LINE_RATE_BYTES_PER_GBPS,
    MIB,
    Attachments,
    Burst,
    IopsBasis,
    NetworkSharing,
    OciBlockVolumes,
    OciLevel,
    OciShape,
    OciShapeChoice,
    ShapeBlockLimits,
    SizeBounds,
    Tag,
    Units,
    _kib_s_per_mb_s,
    _levels,
    _shapes,
    oci_data,
    oci_levels,
    oci_mb_s_to_mib_s,
    oci_shapes,
)

__all__ = [
    "Attachments",
    "Burst",
    "DATA_FILE",
    "INSTANCE_NETWORK",
    "IopsBasis",
    "KIB",
    "LINE_RATE_BYTES_PER_GBPS",
    "MIB",
    "NetworkSharing",
    "OciBlockVolumes",
    "OciCapability",
    "OciLayoutInvalid",
    "OciLevel",
    "OciPhase",
    "OciShape",
    "OciShapeChoice",
    "ShapeBlockLimits",
    "SizeBounds",
    "Tag",
    "Units",
    "evaluate_oci",
    "oci_data",
    "oci_levels",
    "oci_mb_s_to_mib_s",
    "oci_shapes",
    "validate_oci",
]

INSTANCE_NETWORK = "instance_network"


# --- validation -------------------------------------------------------------------------------


class OciLayoutInvalid(LayoutInvalid):
    """Raised with every problem of an OCI configuration, each naming the bound broken and its source."""


def _n(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}".rstrip("0").rstrip(".")


def _range(
    out: list[Problem], field: str, what: str, value: float, lo: float, hi: float, src: str, unit: str = ""
) -> None:
    if not math.isfinite(value):
        out.append(Problem(field, f"{what} must be a number from {_n(lo)}{unit} to {_n(hi)}{unit} (source: {src})"))
    elif value < lo:
        out.append(Problem(field, f"{what} {_n(value)}{unit} is below the minimum of {_n(lo)}{unit} (source: {src})"))
    elif value > hi:
        out.append(Problem(field, f"{what} {_n(value)}{unit} is above the maximum of {_n(hi)}{unit} (source: {src})"))


def _levels_text() -> str:
    vpus = [level.vpus_per_gb for level in oci_levels()]
    named = ", ".join(f"{level.vpus_per_gb} ({level.name})" for level in oci_levels() if not level.needs_multipath)
    uhp = [v for v in vpus if _levels()[v].needs_multipath]
    steps = f"{uhp[0]}-{uhp[-1]} in steps of {uhp[1] - uhp[0]}" if len(uhp) > 2 else ", ".join(map(str, uhp))
    return f"{named} and {steps} (Ultra High Performance)"


def _problems(*, shape: str, ocpus: float, vpus_per_gb: int, size_gb: float, volumes: int) -> list[Problem]:
    data = oci_data()
    out: list[Problem] = []
    found = _shapes().get(shape)
    if found is None:
        known = ", ".join(_shapes())
        pages = " and ".join(dict.fromkeys(row.source.split()[0] for row in (*data.shapes, *data.shape_block_limits)))
        out.append(
            Problem(
                "shape",
                f"unknown or unmodelled shape {shape!r}; modelled: {known}, the Flex shapes whose network and "
                f"block-volume limits Oracle documents (source: {pages})",
            )
        )
    else:
        spec, _ = found
        _range(out, "ocpus", f"{shape} OCPUs", ocpus, spec.min_ocpus, spec.max_ocpus, spec.cite)
    level = _levels().get(vpus_per_gb)
    if level is None:
        src = oci_levels()[0].cite
        out.append(
            Problem(
                "vpus_per_gb",
                f"{vpus_per_gb!r} VPUs/GB is not a block volume performance level; OCI offers and the model "
                f"covers {_levels_text()} (source: {src})",
            )
        )
    elif level.needs_multipath and found is not None and math.isfinite(ocpus):
        limits = found[1]
        if ocpus < limits.uhp_min_ocpus:
            out.append(
                Problem(
                    "ocpus",
                    f"{level.label} needs a multipath-enabled attachment, which {shape} supports only from "
                    f"{_n(limits.uhp_min_ocpus)} OCPUs; got {_n(ocpus)} (source: {limits.cite})",
                )
            )
    bounds = data.volume_size
    _range(out, "size_gb", "block volume size", size_gb, bounds.min_gb, bounds.max_gb, bounds.cite, " GB")
    if math.isfinite(size_gb) and bounds.min_gb <= size_gb <= bounds.max_gb and size_gb % bounds.increment_gb:
        out.append(
            Problem(
                "size_gb",
                f"block volume size {_n(size_gb)} GB is not a whole number of {_n(bounds.increment_gb)} GB "
                f"increments (source: {bounds.cite})",
            )
        )
    limit = data.attachments
    if isinstance(volumes, bool) or not isinstance(volumes, int):
        out.append(Problem("volumes", f"the number of volumes must be a whole number, got {volumes!r}"))
    else:
        _range(out, "volumes", "attached block volumes", volumes, 1, limit.max_volumes, limit.cite)
    return out


def validate_oci(*, shape: str, ocpus: float, vpus_per_gb: int, size_gb: float, volumes: int = 1) -> None:
    """Raise OciLayoutInvalid listing every reason OCI would refuse (or we cannot model) this configuration."""
    problems = _problems(shape=shape, ocpus=ocpus, vpus_per_gb=vpus_per_gb, size_gb=size_gb, volumes=volumes)
    if problems:
        raise OciLayoutInvalid(problems)


# --- precomputed per-configuration profile -------------------------------------------------------


class _Profile(NamedTuple):
    """Limits independent of IO size, in IOPS and KiB/s, with the words for each."""

    vol_iops: float
    vol_kib_s: float
    inst_iops: float
    inst_kib_s: float
    vol_iops_reason: str
    vol_kib_s_reason: str
    inst_iops_reason: str
    inst_kib_s_reason: str


def _mib(kib_s: float) -> str:
    return f"{kib_s / KIB:,.1f} MiB/s"


def _build(shape: str, ocpus: float, vpus_per_gb: int, size_gb: float, volumes: int) -> _Profile:
    validate_oci(shape=shape, ocpus=ocpus, vpus_per_gb=vpus_per_gb, size_gb=size_gb, volumes=volumes)
    level = _levels()[vpus_per_gb]
    spec, block = _shapes()[shape]
    units = oci_data().units
    kib_per_kb = units.kb_bytes / KIB
    kib_per_mb = _kib_s_per_mb_s()
    n = volumes
    each = f" on each of {n} striped volumes" if n > 1 else ""

    by_size = level.iops_per_gb * size_gb
    iops = min(by_size, level.max_iops)
    if by_size <= level.max_iops:
        words = f"{level.label} volume limit of {_n(iops)} IOPS at {_n(size_gb)} GB ({_n(level.iops_per_gb)} IOPS/GB)"
    else:
        words = (
            f"{level.label} volume maximum of {_n(iops)} IOPS ({_n(level.iops_per_gb)} IOPS/GB would give "
            f"{_n(by_size)} at {_n(size_gb)} GB)"
        )
    iops_reason = words + (f"{each} ({_n(iops * n)} IOPS in all)" if n > 1 else "")

    kb_s = level.kb_s_per_gb * size_gb
    if kb_s <= level.max_mb_s * units.kb_per_mb:
        kib_s = kb_s * kib_per_kb
        words = (
            f"{level.label} volume limit of {_n(kb_s / units.kb_per_mb)} MB/s at {_n(size_gb)} GB "
            f"({_n(level.kb_s_per_gb)} KB/s per GB) = {_mib(kib_s)}"
        )
    else:
        kib_s = level.max_mb_s * kib_per_mb
        words = f"{level.label} volume maximum of {_n(level.max_mb_s)} MB/s = {_mib(kib_s)}"
    tp_reason = words + (f"{each} ({_mib(kib_s * n)} in all)" if n > 1 else "")

    gbps = min(spec.network_gbps_per_ocpu * ocpus, spec.network_max_gbps)
    cores = "OCPU" if ocpus == 1 else "OCPUs"
    if gbps < spec.network_max_gbps:
        bandwidth = f"{_n(gbps)} Gbps ({_n(ocpus)} {cores} × {_n(spec.network_gbps_per_ocpu)} Gbps)"
    else:
        bandwidth = f"{_n(gbps)} Gbps (the shape's maximum)"
    inst_iops = min(block.iops_per_gbps * gbps, block.max_iops)
    if block.iops_per_gbps * gbps <= block.max_iops:
        inst_iops_reason = (
            f"the {shape}'s block-volume limit of {_n(inst_iops)} IOPS: {_n(block.iops_per_gbps)} IOPS per Gbps "
            f"of its network bandwidth of {bandwidth}"
        )
    else:
        inst_iops_reason = f"the {shape}'s block-volume maximum of {_n(inst_iops)} IOPS per instance"
    inst_mb_s = min(block.mb_s_per_gbps * gbps, block.max_mb_s)
    inst_kib_s = inst_mb_s * kib_per_mb
    if block.mb_s_per_gbps * gbps <= block.max_mb_s:
        inst_tp_reason = (
            f"the {shape}'s network bandwidth of {bandwidth} caps block-volume throughput at "
            f"{_n(inst_mb_s)} MB/s ({_n(block.mb_s_per_gbps)} MB/s per Gbps) = {_mib(inst_kib_s)}, "
            "if no other traffic uses the network"
        )
    else:
        inst_tp_reason = (
            f"the {shape}'s block-volume maximum of {_n(inst_mb_s)} MB/s per instance = {_mib(inst_kib_s)}, "
            "if no other traffic uses the network"
        )
    return _Profile(
        iops * n, kib_s * n, inst_iops, inst_kib_s, iops_reason, tp_reason, inst_iops_reason, inst_tp_reason
    )


_PROFILES: dict[tuple[str, float, int, float, int], _Profile] = {}


def _profile(shape: str, ocpus: float, vpus_per_gb: int, size_gb: float, volumes: int) -> _Profile:
    """Validated once per configuration; the recommender then only pays a dict lookup."""
    key = (shape, ocpus, vpus_per_gb, size_gb, volumes)
    hit = _PROFILES.get(key)
    if hit is None:
        hit = _build(shape, ocpus, vpus_per_gb, size_gb, volumes)
        if len(_PROFILES) > 4096:
            _PROFILES.clear()
        _PROFILES[key] = hit
    return hit


# --- results ----------------------------------------------------------------------------------


class OciPhase(NamedTuple):
    """What one phase delivers; same attributes as ``iolimits.PhaseCapability``."""

    phase: str  # "baseline" | "burst"
    iops: float
    throughput_mib_s: float
    binding_limit: str  # volume_iops | volume_throughput | instance_iops | instance_network
    lasts_seconds: float | None  # None: sustainable indefinitely
    reason: str


class OciCapability(NamedTuple):
    io_size_kib: float
    sequential: bool
    baseline: OciPhase
    burst: OciPhase


def evaluate_oci(
    *,
    shape: str,
    ocpus: float,
    vpus_per_gb: int,
    size_gb: float,
    io_size_kib: float,
    volumes: int = 1,
    sequential: bool = False,
) -> OciCapability:
    """IOPS and MiB/s that ``volumes`` identical block volumes on a Flex VM sustain at ``io_size_kib``.

    Raises OciLayoutInvalid for a configuration OCI does not offer or the data does not cover.
    """
    if not io_size_kib > 0 or not math.isfinite(io_size_kib):
        raise ValueError("io_size_kib must be a positive number")
    p = _profile(shape, ocpus, vpus_per_gb, size_gb, volumes)
    io = float(io_size_kib)
    rate, code, reason = p.vol_iops, VOLUME_IOPS, p.vol_iops_reason
    by_volume_tp = p.vol_kib_s / io
    if by_volume_tp < rate:
        rate, code, reason = by_volume_tp, VOLUME_THROUGHPUT, p.vol_kib_s_reason
    if p.inst_iops < rate:
        rate, code, reason = p.inst_iops, INSTANCE_IOPS, p.inst_iops_reason
    by_network = p.inst_kib_s / io
    if by_network < rate:
        rate, code, reason = by_network, INSTANCE_NETWORK, p.inst_kib_s_reason
    mib_s = rate * io / KIB
    return OciCapability(
        io,
        sequential,
        OciPhase("baseline", rate, mib_s, code, None, reason),
        OciPhase("burst", rate, mib_s, code, None, reason),  # no documented burst: the baseline holds
    )
