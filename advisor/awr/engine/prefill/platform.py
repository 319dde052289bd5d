"""The processor family a report's platform shows, for the Core Factor Table that counts licences on premises.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.host``). Reports print Oracle's platform name
(V$DATABASE.PLATFORM_NAME: 'AIX-Based Systems (64-bit)', 'Linux x86 64-bit', 'Solaris[tm] OE (64-bit)') and no CPU
model. The family is pre-filled only where the platform leaves one: AIX runs on IBM POWER. Where it leaves several
(x86 is Intel's or AMD's; SPARC's core factor differs by generation) or none we hold, the answer is left to the
user, saying why. Each mapping is data with its source and date.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from advisor.awr.engine.aggregation import Aggregation
from advisor.engine.workload import ProcessorFamily
from pricing.engine.licences.core_factors import core_factor_table

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder


@dataclass(frozen=True)
class PlatformFamily:
    """A platform, by a word of its name, and the one processor family it runs on (None: several), with why."""

    word: str  # lower case, found in the platform name as printed
    family: ProcessorFamily | None
    why: str
    source: str = ""
    as_of: str = ""


PLATFORMS = (
    PlatformFamily(
        "x86",
        None,
        "runs on Intel or AMD x86 processors, and the report does not say which: choose the family",
    ),
    PlatformFamily(
        "aix",
        ProcessorFamily.IBM_POWER,
        "Oracle Database on AIX runs on IBM POWER Systems",
        "Oracle Database Installation Guide 19c for IBM AIX on POWER Systems (64-bit), E96437-10",
        "2025-07",
    ),
    PlatformFamily(
        "solaris",
        None,
        "runs on SPARC processors, whose core factor differs by generation, which the report does not print: choose "
        "the family if the host's processor is among those it names, else type the licences",
    ),
)


def platform_family(platform: str) -> PlatformFamily | None:
    """The first entry whose word the platform's name holds (x86 first: 'Solaris Operating System (x86-64)')."""
    text = platform.lower()
    return next((p for p in PLATFORMS if p.word in text), None)


def family_prefill(b: Builder, agg: Aggregation) -> None:
    """The processor family from the platform the reports print, or why it is left to the user."""
    platform = agg.facts.get("platform")
    if platform is None or not str(platform.value).strip():
        b.skip("source_host.processor_family", "no platform in these files: choose the processor family")
        return
    named = str(platform.value).strip()
    found = platform_family(named)
    if found is None:
        b.skip("source_host.processor_family", f"the platform '{named}' does not show the processor family: choose it")
        return
    if found.family is None:
        b.skip("source_host.processor_family", f"the platform '{named}' {found.why}")
        return
    held = core_factor_table().family(found.family.value)
    covers = (
        f"; the core factor held for it is for {held.name}: for an older host type the licences instead" if held else ""
    )
    b.set(
        "source_host.processor_family",
        found.family.value,
        f"the platform '{named}': {found.why} ({found.source}, {found.as_of}); the report does not print the "
        f"processor's generation{covers}",
        platform.provenance,
    )
