"""What the instance store does for an EC2 configuration, in words: a counted ASM preferred-read mirror where a
standby takes over when the mirror is lost, or extra read speed not counted where nothing would take over.

Pure Python (no Django). Instance-store data is erased when the instance stops, hibernates or terminates (Amazon EC2
User Guide, "Storage optimized instances", 2023-06): until the mirror is copied back from EBS, EBS serves every read.
"""

from __future__ import annotations

import math

from advisor.engine.sizing import Capacity, Need

ERASED_WORDS = "erased when the instance stops, hibernates or terminates (Amazon EC2 User Guide, 2023-06)"

PREFERRED_READ_WORDS = (
    "instance-store NVMe as an ASM preferred-read mirror: reads are served locally, every write goes to the NVMe "
    "and EBS failure groups; EBS is sized for the writes, and the NVMe copy is " + ERASED_WORDS
)

EXTRA_READS_WORDS = (
    "instance-store NVMe may also hold an ASM preferred-read mirror for faster reads, not counted in the sizing: "
    "its copy is " + ERASED_WORDS + ", and with no standby in the Region to fail over to, EBS is sized to serve "
    "every read and write on its own"
)


def _duration(seconds: float) -> str:
    """8,192 s -> '2 h 17 min' (rounded up: a rebuild takes at least this long)."""
    minutes = math.ceil(seconds / 60)
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest} min" if hours else f"{rest} min"


def instance_store_words(store: str | None, capacity: Capacity, need: Need) -> str:
    """The instance store's part of a configuration, in words ("" when it has none). A counted mirror says what
    EBS serves once it is lost and how long copying the database back takes at the layout's EBS throughput."""
    if store == "extra_reads":
        return EXTRA_READS_WORDS
    if store != "preferred_read":
        return ""
    ebs = {d.name.split(" at ")[0]: d for d in capacity.dimensions if d.name.endswith("(EBS)")}
    iops, throughput = ebs.get("write IOPS"), ebs.get("write throughput")
    if iops is None or throughput is None or throughput.capacity <= 0:
        return PREFERRED_READ_WORDS
    needed = max(need.sustained_iops, need.peak_iops)
    rebuild = need.storage_gib * 1024 / throughput.capacity
    return (
        f"{PREFERRED_READ_WORDS}. Losing it (a stop, a host failure) leaves EBS serving {iops.capacity:,.0f} IOPS of "
        f"the {needed:,.0f} needed until the mirror is rebuilt: at least {_duration(rebuild)} to copy "
        f"{need.storage_gib:,.0f} GiB at the {throughput.capacity:,.0f} MiB/s EBS gives, so the database fails over "
        "to its standby instead"
    )
