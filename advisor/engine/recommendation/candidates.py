"""The options a recommendation holds: each option's chosen candidate, its near-tie alternatives and the cheaper
classes rejected with why. Below the search (``recommender``), the ranking and Oracle Database@AWS's option."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from advisor.engine.iolimits import StorageLayout
from advisor.engine.rules.verdicts import OptionVerdict
from advisor.engine.sizing import Capacity
from advisor.engine.topology import Topology
from pricing.engine.aws_rules import Included, aws_rules, included
from pricing.engine.commitments.totals import CommitmentSummary

NOT_DEPLOYABLE = "Not deployable as sized"


@dataclass(frozen=True)
class Candidate:
    instance_class: str
    hourly_usd: Decimal
    vcpus: int  # the class's
    memory_gib: float
    layout: StorageLayout
    deployment: str
    capacity: Capacity
    topology: Topology
    cores: int | None = None  # Optimize CPUs: the active cores
    threads_per_core: int = 2
    # "preferred_read": reads from an ASM mirror on the local NVMe disks, counted in the sizing; "extra_reads": the
    # same mirror offered for read speed, not counted (no standby to fail over to when it is lost)
    instance_store: str | None = None
    caching: str = ""  # when the buffer cache holds the hot set: what that does, in words
    reasons: tuple[str, ...] = ()
    coremark_per_thread: float | None = None  # CoreMark per thread (the catalog's, with its date): measured or borrowed
    coremark_as_of: str | None = None
    cpu_scaling: str = ""  # how per-thread performance changed the CPU need and licences, in words
    ebs_limits_published: bool = True
    coremark_spread_pct: float | None = None  # how far sizes of its family differ per thread in the measurements
    coremark_spread: str = ""  # that spread, in words
    stands_in: bool = False  # a DR member priced at the primary Region's price where its Region prices other classes
    coremark_borrowed_from: str | None = None  # the measured type whose figure an unmeasured family's class carries
    coremark_borrowed: str = ""  # why: the twin on the same processor, with AWS's document
    instance_store_words: str = ""  # what the NVMe disks do, and what losing them leaves (see ``instance_store``)

    @property
    def effective_vcpus(self) -> int:
        return self.cores * self.threads_per_core if self.cores else self.vcpus

    @property
    def total_monthly_usd(self) -> Decimal:
        return self.topology.total_monthly_usd

    @property
    def storage_platform(self) -> str:
        """The platform whose storage rules its volumes follow: the primary's calculator config's ("rds",
        "rds-custom" or "ec2"), else its layout's."""
        config = self.topology.primary.config if self.topology.members else None
        return config.platform if config is not None else self.layout.platform

    @property
    def included(self) -> Included | None:
        """What the GB price of each of its volumes includes (gp3's IOPS and MiB/s, by AWS's rules for its platform);
        None for a type whose price includes none."""
        volume = self.layout.volumes[0]
        rule = aws_rules().storage_rules(self.storage_platform).get(volume.type)
        return included(rule, volume.size_gib) if rule is not None else None


@dataclass(frozen=True)
class Rejected:
    """A cheaper class that was not chosen: why, given in words or as the closest configuration's shortfalls (written
    only when read: a search rejects hundreds of classes and shows five)."""

    instance_class: str
    hourly_usd: Decimal | None
    given: tuple[str, ...] = ()
    closest: Capacity | None = None

    @property
    def reasons(self) -> tuple[str, ...]:
        return self.closest.shortfalls if self.closest is not None else self.given


@dataclass(frozen=True)
class OptionRecommendation:
    option: str
    label: str
    verdict: OptionVerdict
    chosen: Candidate | None
    alternatives: tuple[Candidate, ...]
    rejected_cheaper: tuple[Rejected, ...]
    unmet: tuple[str, ...]  # when nothing fits: which requirement failed, and by how much
    notes: tuple[str, ...]
    unpriced_reason: str = ""  # when nothing is priced: why, in words
    odb: object | None = None  # Oracle Database@AWS: its own sizing and list-price result
    commitments: CommitmentSummary | None = None  # the chosen topology under each AWS commitment
    # nothing is deployable as sized, though the rules allow the option: the need passes the edition's licence cap
    # (Standard Edition 2's 8 vCPUs once the policy's headroom is added to a peak within them), not a price missing
    does_not_fit: bool = False

    @property
    def verdict_label(self) -> str:
        """The verdict as the results show it: never "Viable" where nothing can be deployed as sized."""
        return NOT_DEPLOYABLE if self.does_not_fit else self.verdict.verdict_label
