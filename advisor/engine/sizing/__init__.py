"""Sizing: what a workload needs, which storage layouts could meet it, and whether a configuration does.

Pure Python. The policy is explicit data shown to the user; every check returns the need, the capacity, the
headroom and the limit that binds, so a rejected class can say why ("memory 16 GiB, needs 22 GiB").
IOPS are checked at the database block size and throughput at the multiblock read size, each on its own
(the two share the instance's limits at the same moment; the model checks each peak separately).

This package's ``__init__`` is the public face: ``need`` (the policy and the need, ``cached_need_for`` included),
``layouts`` (layouts sized to the need) and ``capacity`` (need versus capacity, per dimension).
"""

from advisor.engine.sizing.capacity import (
    GIB_PER_GB,
    INSTANCE_DIMENSIONS,
    Capacity,
    Dimension,
    can_read_locally,
    instance_dimensions,
    io_dimensions,
    storage_dimension,
)
from advisor.engine.sizing.layouts import ec2_layouts, low_latency, rds_layouts
from advisor.engine.sizing.need import (
    RDS_MEMORY_SOURCE,
    Need,
    SizingPolicy,
    cached_need_for,
    need_for,
    writes_on_ebs,
)

__all__ = [
    "Capacity",
    "Dimension",
    "GIB_PER_GB",
    "INSTANCE_DIMENSIONS",
    "Need",
    "RDS_MEMORY_SOURCE",
    "SizingPolicy",
    "cached_need_for",
    "can_read_locally",
    "ec2_layouts",
    "instance_dimensions",
    "io_dimensions",
    "low_latency",
    "need_for",
    "rds_layouts",
    "storage_dimension",
    "writes_on_ebs",
]
