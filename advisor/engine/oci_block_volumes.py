"""OCI block volumes and Flex shapes as data: the models of ``data/oci_block_volumes.json`` and its loader.

Pure Python (pydantic v2 + stdlib, no Django). Each row carries its source, as-of date and a tag as in
shared/reference/storage-io-limits.md: C official Oracle text, S secondary, U inferred. The ``units`` row says
how many bytes OCI's KB and MB have.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pricing.engine.sourced import SourcedRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "oci_block_volumes.json"
LINE_RATE_BYTES_PER_GBPS = 10**9 / 8  # Gbps are decimal bits
KIB = 1024
MIB = 2**20

Tag = Literal["C", "S", "U"]


class _Row(SourcedRow):
    tag: Tag
    notes: str | None = None

    @property
    def cite(self) -> str:
        return f"[{self.tag}] {self.source}, as of {self.as_of}"


class Units(_Row):
    """How many bytes OCI's KB has, and how many of those make its MB (in MB/s)."""

    kb_bytes: int = Field(gt=0)
    kb_per_mb: int = Field(gt=0)


class IopsBasis(_Row):
    io_size_kib: float = Field(gt=0)


class SizeBounds(_Row):
    min_gb: float = Field(gt=0)
    max_gb: float = Field(gt=0)
    increment_gb: float = Field(gt=0)


class Attachments(_Row):
    max_volumes: int = Field(ge=1)


class Burst(_Row):
    volume_burst: Literal[False]  # a documented burst would need a burst model here


class NetworkSharing(_Row):
    statement: str


class OciLevel(_Row):
    """One block-volume performance level (VPUs/GB) as Oracle tabulates it."""

    vpus_per_gb: int = Field(ge=0)
    name: str
    iops_per_gb: float = Field(gt=0)
    max_iops: float = Field(gt=0)
    kb_s_per_gb: float = Field(gt=0)
    max_mb_s: float = Field(gt=0)
    needs_multipath: bool

    @property
    def label(self) -> str:
        return f"{self.name} ({self.vpus_per_gb} VPUs/GB)"


class OciShape(_Row):
    shape: str
    min_ocpus: float = Field(gt=0)
    max_ocpus: float = Field(gt=0)
    network_gbps_per_ocpu: float = Field(gt=0)
    network_max_gbps: float = Field(gt=0)


class ShapeBlockLimits(_Row):
    shape: str
    iops_per_gbps: float = Field(gt=0)
    max_iops: float = Field(gt=0)
    mb_s_per_gbps: float = Field(gt=0)
    max_mb_s: float = Field(gt=0)
    uhp_min_ocpus: float = Field(gt=0)


class OciBlockVolumes(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    units: Units
    iops_basis: IopsBasis
    volume_size: SizeBounds
    attachments: Attachments
    burst: Burst
    network_sharing: NetworkSharing
    levels: tuple[OciLevel, ...] = Field(min_length=1)
    shapes: tuple[OciShape, ...] = Field(min_length=1)
    shape_block_limits: tuple[ShapeBlockLimits, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> OciBlockVolumes:
        vpus = [level.vpus_per_gb for level in self.levels]
        if len(set(vpus)) != len(vpus):
            raise ValueError(f"duplicate performance levels in {vpus}")
        shapes = [s.shape for s in self.shapes]
        limited = [s.shape for s in self.shape_block_limits]
        if len(set(shapes)) != len(shapes) or sorted(shapes) != sorted(limited):
            raise ValueError(f"shapes {shapes} and shape_block_limits {limited} must list the same shapes once")
        if self.volume_size.min_gb > self.volume_size.max_gb:
            raise ValueError("volume_size: min_gb above max_gb")
        for s in self.shapes:
            if s.min_ocpus > s.max_ocpus:
                raise ValueError(f"{s.shape}: min_ocpus above max_ocpus")
        mb_bytes = self.units.kb_bytes * self.units.kb_per_mb
        for b in self.shape_block_limits:
            if b.mb_s_per_gbps * mb_bytes > LINE_RATE_BYTES_PER_GBPS:
                raise ValueError(f"{b.shape}: {b.mb_s_per_gbps} MB/s per Gbps exceeds 1 Gbps with these units")
        return self


@cache
def oci_data() -> OciBlockVolumes:
    return OciBlockVolumes.model_validate_json(DATA_FILE.read_text())


@cache
def _levels() -> dict[int, OciLevel]:
    return {level.vpus_per_gb: level for level in oci_data().levels}


@cache
def _shapes() -> dict[str, tuple[OciShape, ShapeBlockLimits]]:
    limits = {b.shape: b for b in oci_data().shape_block_limits}
    return {s.shape: (s, limits[s.shape]) for s in oci_data().shapes}


class OciShapeChoice(NamedTuple):
    shape: str
    min_ocpus: float
    max_ocpus: float
    uhp_min_ocpus: float


@cache
def oci_shapes() -> tuple[OciShapeChoice, ...]:
    """The Flex shapes modelled, with their OCPU range, for the UI's choices."""
    return tuple(OciShapeChoice(s.shape, s.min_ocpus, s.max_ocpus, b.uhp_min_ocpus) for s, b in _shapes().values())


@cache
def oci_levels() -> tuple[OciLevel, ...]:
    """The performance levels modelled (0, 10, 20, 30..120 VPUs/GB), in VPU order."""
    return tuple(sorted(oci_data().levels, key=lambda level: level.vpus_per_gb))


def _kib_s_per_mb_s() -> float:
    units = oci_data().units
    return units.kb_per_mb * units.kb_bytes / KIB


def oci_mb_s_to_mib_s(mb_s: float) -> float:
    """OCI MB/s (1,000 OCI KB of 1,024 bytes, per the ``units`` row) in MiB/s."""
    return mb_s * _kib_s_per_mb_s() / KIB
