"""What an AWS storage layout can deliver to an Oracle database, per IO size.

Pure Python (pydantic v2 + stdlib, no Django). Every limit comes from ``data/storage_limits.json``,
which cites shared/reference/storage-io-limits.md row by row. Model, per phase (baseline, burst):

* each EBS volume's IOPS limit is counted in accounting units (256 KiB SSD, 1 MiB HDD): a larger IO costs
  ``ceil(size / unit)`` units; a small IO costs one unit unless ``sequential=True``, when EBS merging
  (which AWS only "attempts") is taken at its best: ``size / unit`` units;
* a volume also has a throughput cap; striped volumes (ASM/LVM, or RDS's own 4-way stripe) get equal
  shares of the IO, so the slowest member sets the pace: ``n * min(member)``;
* then the instance's EBS IOPS and bandwidth limits. Mbps -> MiB/s is ``Mbps * 10**6 / 8 / 2**20``
  (AWS's MB/s column is Mbps / 8 in decimal MB). The instance IOPS limit is applied to EBS-level IOs
  (after splitting/merging) -- AWS quotes it at 16 KiB and does not say how larger IOs count [U].

``iops`` in results are IOs of ``io_size_kib`` as the database issues them.

This package's ``__init__`` is the public face; the model lives in modules named for what they hold:
``data`` (the storage-limits data and its loader), ``layout`` (instance limits, volumes,
layouts and their validation), ``profile`` (a layout's per-volume limits, cached),
``evaluation`` (baseline, burst and the binding limit), ``credits`` (gp2 and instance burst
credits) and ``demand`` (full scans, instance-store reads, burst at a given demand).
"""

from advisor.engine.iolimits.credits import (
    gp2_baseline_iops,
    gp2_burst_seconds,
    gp2_burst_seconds_at,
    gp2_refill_seconds,
    instance_burst_seconds,
)
from advisor.engine.iolimits.data import (
    DATA_FILE,
    GIB_PER_TIB,
    MIB_S_PER_MBPS,
    STANDARD_IO_SIZES_KIB,
    HistoryRow,
    Kind,
    RdsAdditionalVolumes,
    RdsNotOffered,
    RdsOracle,
    RdsStorageRule,
    RdsStriping,
    StorageLimits,
    ThroughputTier,
    VolumeTypeSpec,
    storage_limits,
    volume_specs,
)
from advisor.engine.iolimits.demand import (
    INSTANCE_STORE_4K_FLOOR,
    INSTANCE_STORE_4K_IOPS,
    DemandEstimate,
    LocalRead,
    burst_at_demand,
    full_scan_seconds,
    instance_store_read,
)
from advisor.engine.iolimits.evaluation import (
    INSTANCE_BANDWIDTH,
    INSTANCE_IOPS,
    RDS_STORAGE_THROUGHPUT,
    VOLUME_IOPS,
    VOLUME_THROUGHPUT,
    IOCapability,
    PhaseCapability,
    evaluate,
)
from advisor.engine.iolimits.layout import (
    InstanceLimits,
    InstanceStore,
    LayoutInvalid,
    Problem,
    StorageLayout,
    Volume,
    validate_layout,
    validate_volume,
)

__all__ = [
    "DATA_FILE",
    "DemandEstimate",
    "GIB_PER_TIB",
    "HistoryRow",
    "INSTANCE_BANDWIDTH",
    "INSTANCE_IOPS",
    "INSTANCE_STORE_4K_FLOOR",
    "INSTANCE_STORE_4K_IOPS",
    "IOCapability",
    "InstanceLimits",
    "InstanceStore",
    "Kind",
    "LayoutInvalid",
    "LocalRead",
    "MIB_S_PER_MBPS",
    "PhaseCapability",
    "Problem",
    "RDS_STORAGE_THROUGHPUT",
    "RdsAdditionalVolumes",
    "RdsNotOffered",
    "RdsOracle",
    "RdsStorageRule",
    "RdsStriping",
    "STANDARD_IO_SIZES_KIB",
    "StorageLayout",
    "StorageLimits",
    "ThroughputTier",
    "VOLUME_IOPS",
    "VOLUME_THROUGHPUT",
    "Volume",
    "VolumeTypeSpec",
    "burst_at_demand",
    "evaluate",
    "full_scan_seconds",
    "gp2_baseline_iops",
    "gp2_burst_seconds",
    "gp2_burst_seconds_at",
    "gp2_refill_seconds",
    "instance_burst_seconds",
    "instance_store_read",
    "storage_limits",
    "validate_layout",
    "validate_volume",
    "volume_specs",
]
