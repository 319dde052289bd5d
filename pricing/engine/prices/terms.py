"""How AWS names Oracle prices, and what every price lookup shares: the vocabulary of the price book.

Pure Python (no Django). The config's words (``ee``, ``byol``, ``multi-az``, ``gp3`` ...) mapped to AWS's attribute
values and usage types, the results a lookup returns (``InstancePrice``, ``IopsTier``) or raises (``PriceNotFound``),
and the deterministic pick among repeated rows: AWS publishes many identical SKUs, some per engine, some for ``Any``,
so rows read from the price list come before estimated ones, the engine's own row before ``Any``, the newest, then
by SKU.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Literal

# The commitment vocabulary lives in commitments/terms.py; re-exported for the modules that import it from here.
from pricing.engine.commitments.terms import Commitment as Commitment
from pricing.engine.commitments.terms import commitment_label as commitment_label
from pricing.engine.rows import PriceRow

Edition = Literal["ee", "se2"]
LicenceModel = Literal["byol", "li"]
Deployment = Literal["single-az", "multi-az"]
RdsStorageType = Literal["gp2", "gp3", "io1", "io2", "magnetic"]
EbsVolumeType = Literal["gp2", "gp3", "io1", "io2", "st1", "sc1", "standard"]

EDITIONS: dict[str, str] = {"ee": "Enterprise", "se2": "Standard Two"}
EDITION_LABELS: dict[str, str] = {"ee": "EE", "se2": "SE2"}
LICENCE_MODELS: dict[str, str] = {"byol": "Bring your own license", "li": "License included"}
LICENCE_MODEL_LABELS: dict[str, str] = {"byol": "BYOL", "li": "License Included"}
PLATFORM_LABELS: dict[str, str] = {"rds": "RDS for Oracle", "rds-custom": "RDS Custom for Oracle", "ec2": "EC2"}
DEPLOYMENTS: dict[str, str] = {"single-az": "Single-AZ", "multi-az": "Multi-AZ"}
RDS_VOLUME_TYPES: dict[str, str] = {
    "gp2": "General Purpose",
    "gp3": "General Purpose-GP3",
    "io1": "Provisioned IOPS",
    "io2": "Provisioned IOPS-IO2",
    "magnetic": "Magnetic",
}
# RDS usage-type suffixes per (dimension, deployment). Multi-AZ rows must say Multi-AZ in both the usage type and
# deploymentOption: in eu-west-1 2023 the Multi-AZ and SQL Server Mirror throughput rows have the two swapped.
RDS_IOPS_USAGE: dict[tuple[str, str], str] = {
    ("io1", "single-az"): "RDS:PIOPS",
    ("io1", "multi-az"): "RDS:Multi-AZ-PIOPS",
    ("io2", "single-az"): "RDS:IO2-PIOPS",
    ("io2", "multi-az"): "RDS:Multi-AZ-IO2-PIOPS",
    ("gp3", "single-az"): "RDS:GP3-PIOPS",
    ("gp3", "multi-az"): "RDS:Multi-AZ-GP3-PIOPS",
}
RDS_THROUGHPUT_USAGE: dict[str, str] = {"single-az": "RDS:GP3-Throughput", "multi-az": "RDS:Multi-AZ-GP3-Throughput"}
EBS_IOPS_USAGE: dict[str, str] = {"io1": "EBS:VolumeP-IOPS.piops", "gp3": "EBS:VolumeP-IOPS.gp3"}
EBS_IO2_TIER_USAGES: tuple[str, ...] = (
    "EBS:VolumeP-IOPS.io2",
    "EBS:VolumeP-IOPS.io2.tier2",
    "EBS:VolumeP-IOPS.io2.tier3",
)
# EC2 Linux on-demand instance rows; an attribute missing from a row (reference-table rows) is not held against it.
EC2_LINUX: dict[str, str] = {
    "operatingSystem": "Linux",
    "tenancy": "Shared",
    "preInstalledSw": "NA",
    "licenseModel": "No License required",
    "capacitystatus": "Used",
    "marketoption": "OnDemand",
}


CENT = Decimal("0.01")
# "Accepted" lists kept: one per distinct set of priced values and wanted value a search meets.
LISTINGS_KEPT = 4096


def round_cents(amount: Decimal) -> Decimal:
    """Half-up to cents, as AWS rounds each line of a bill (negative credits round away from zero)."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


class PriceNotFound(LookupError):
    """No row prices what was asked. ``field`` names the config field at fault; the message says what is priced."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")

    def at(self, field: str) -> PriceNotFound:
        """The same problem under another config path (``volumes[2].type`` rather than ``type``)."""
        return PriceNotFound(field, self.message)


class TermIncomplete(PriceNotFound):
    """A commitment's rows are held in part (an hourly row without the upfront fee its term has): it cannot be
    priced, and the message says which row is missing."""


@dataclass(frozen=True, slots=True)
class InstancePrice:
    """Instance hours under one commitment. Reserved terms may add an upfront fee (unit ``Quantity``).
    ``effective_rate``: the hourly row is an effective rate with the upfront amortised into it (split not published).
    """

    hourly: PriceRow
    upfront: PriceRow | None
    commitment: str
    label: str
    term_months: int | None
    effective_rate: bool = False


@dataclass(frozen=True, slots=True)
class IopsTier:
    """IOPS from ``begin`` (exclusive) to ``end`` (inclusive; None = no limit) at ``row``'s price."""

    begin: Decimal
    end: Decimal | None
    row: PriceRow
    bound_source: str  # where the tier bounds come from, in customer words: the price list itself, or a named source


def usage_matches(usagetype: str, suffix: str) -> bool:
    """``EU-RDS:PIOPS``, ``RDS:PIOPS`` and ``EU:PI_LTR:M5`` style matching: exact, or after a ``-``/``:`` prefix."""
    return usagetype == suffix or usagetype.endswith(("-" + suffix, ":" + suffix))


def row_usage(row: PriceRow, suffix: str) -> bool:
    """The row's usage type matches ``suffix`` (see ``usage_matches``)."""
    return usage_matches(row.attributes.get("usagetype", ""), suffix)


def is_custom(row: PriceRow) -> bool:
    """An RDS Custom for Oracle row (``deploymentModel`` Custom or an ``RDSCustom:`` usage type)."""
    usage = row.attributes.get("usagetype", "")
    return row.attributes.get("deploymentModel", "") == "Custom" or "RDSCustom:" in usage


def rank(row: PriceRow) -> tuple[bool, int, int, str]:
    """Sort key of the pick: read before estimated, Oracle's own before ``Any``, newest, then SKU."""
    engine = row.attributes.get("databaseEngine", "")
    return (row.estimated, 0 if engine == "Oracle" else 1, -row.as_of.toordinal(), row.sku)


def pick(rows: Iterable[PriceRow]) -> PriceRow | None:
    return min(rows, key=rank, default=None)


def listing(values: Iterable[str], wanted: str = "", limit: int = 12) -> str:
    """A readable 'accepted' list: all if short, else close matches or same-family values first, and the count."""
    return _listing(tuple(sorted(set(values))), wanted, limit)


@lru_cache(maxsize=LISTINGS_KEPT)
def _listing(items: tuple[str, ...], wanted: str, limit: int) -> str:
    """``listing`` of sorted distinct values; kept, as a search asks for the same 'not priced' list many times and
    close matches are slow to find."""
    if len(items) <= limit:
        return ", ".join(items) if items else "none"
    family = wanted.rsplit(".", 1)[0] + "." if "." in wanted else ""
    near = [v for v in items if family and v.startswith(family)] or difflib.get_close_matches(wanted, items, n=limit)
    shown = (near or items)[:limit]
    return f"{', '.join(shown)} ... ({len(items)} in all)"
