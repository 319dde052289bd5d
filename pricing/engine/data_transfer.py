"""The price of shipping redo to another AWS Region (a cross-Region Data Guard standby or RDS read replica) or to a
standby in another Availability Zone of the same Region.

Pure Python (pydantic v2, no Django). Every rate comes from ``data/data_transfer.json``, each row with its source and
as-of date. AWS charges inter-Region transfer per GB as data transfer out of the source Region; the destination
Region is not charged for receiving it. The rate depends on the source Region, with pair exceptions (us-east-1 <->
us-east-2). The same rate applies to an EC2 standby fed by Data Guard and to an RDS cross-Region replica (the file's
``facts`` say why, and that the RDS case is inferred).

A row names a source Region and either one destination Region or ``"*"``: every other Region of the commercial
``aws`` partition. A pair row wins over a ``"*"`` row. Pairs that no row covers, including any pair that crosses
into GovCloud or China, give None: the caller says the pair is not priced and does not guess a rate.

Across Availability Zones of one Region, AWS charges the data twice, out of one zone and into the other; the rate
is one row per partition (``cross_az_rows``). A GB is 2^30 bytes, 1,024 MiB, as AWS counts it (fact
``gb_is_2_30_bytes``).
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parent / "data" / "data_transfer.json"
ANY_REGION = "*"
COMMERCIAL_PARTITION = "aws"
MIB_PER_GB = Decimal(1024)  # AWS's GB is 2^30 bytes: the data file's fact gb_is_2_30_bytes says where that is read
SECONDS_PER_HOUR = Decimal(3600)
_REGION = re.compile(r"^[a-z]{2}(-[a-z]+)+-\d+$")


def partition(region: str) -> str:
    """The AWS partition of a Region code: ``aws``, ``aws-us-gov``, ``aws-cn`` or ``aws-iso``."""
    if region.startswith("us-gov-"):
        return "aws-us-gov"
    if region.startswith("cn-"):
        return "aws-cn"
    if region.startswith("us-iso"):
        return "aws-iso"
    return COMMERCIAL_PARTITION


def _check_region(region: str, what: str) -> str:
    if not isinstance(region, str) or not _REGION.match(region):
        raise ValueError(f"{what} {region!r} is not an AWS Region code such as 'eu-west-1'")
    return region


# --- reference data ---------------------------------------------------------------------------------


class _Sourced(NotedRow):
    source: str = Field(min_length=20)  # these name a repository, a file and a commit


class Fact(_Sourced):
    """A billing rule the rates rest on, quoted from its source."""

    key: str = Field(min_length=3)
    text: str = Field(min_length=20)


class TransferRow(_Sourced):
    """USD per GB out of ``from_region`` to ``to_region`` (or to any other commercial Region: ``"*"``)."""

    from_region: str
    to_region: str
    usd_per_gb: Decimal = Field(gt=0)

    @field_validator("usd_per_gb", mode="before")
    @classmethod
    def _money_is_a_string(cls, value: object) -> object:
        if not isinstance(value, str):
            raise ValueError('usd_per_gb must be written as a string, e.g. "0.02", never as a float')
        return value

    @model_validator(mode="after")
    def _regions(self) -> TransferRow:
        _check_region(self.from_region, "from_region")
        if self.to_region == ANY_REGION:
            if partition(self.from_region) != COMMERCIAL_PARTITION:
                raise ValueError(f"'*' rows are for commercial Regions only, not {self.from_region}")
            return self
        _check_region(self.to_region, "to_region")
        if self.to_region == self.from_region:
            raise ValueError(f"{self.from_region} -> {self.to_region} is not an inter-Region pair")
        return self


class CrossAzRow(_Sourced):
    """USD per GB sent between Availability Zones of one Region, charged in each direction (out and in)."""

    partition: Literal["aws"]
    usd_per_gb_each_direction: Decimal = Field(gt=0)

    @field_validator("usd_per_gb_each_direction", mode="before")
    @classmethod
    def _money_is_a_string(cls, value: object) -> object:
        return TransferRow._money_is_a_string(value)


class DataTransferPrices(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str = Field(min_length=20)
    facts: tuple[Fact, ...]
    rows: tuple[TransferRow, ...] = Field(min_length=1)
    cross_az_rows: tuple[CrossAzRow, ...] = ()
    _by_pair: dict[tuple[str, str], TransferRow] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: object, /) -> None:
        self._by_pair = {(r.from_region, r.to_region): r for r in self.rows}

    @model_validator(mode="after")
    def _unique(self) -> DataTransferPrices:
        pairs = [(r.from_region, r.to_region) for r in self.rows]
        if len(pairs) != len(set(pairs)):
            raise ValueError("each (from_region, to_region) pair may have one row only")
        keys = [f.key for f in self.facts]
        if len(keys) != len(set(keys)):
            raise ValueError("fact keys must be unique")
        return self

    def row(self, from_region: str, to_region: str) -> TransferRow | None:
        """The row written for exactly this pair (``to_region`` may be ``"*"``), or None."""
        return self._by_pair.get((from_region, to_region))

    def fact(self, key: str) -> Fact | None:
        return next((f for f in self.facts if f.key == key), None)


@cache
def transfer_prices() -> DataTransferPrices:
    """The validated contents of ``data/data_transfer.json`` (read once)."""
    return DataTransferPrices.model_validate_json(DATA_FILE.read_text())


# --- lookup -----------------------------------------------------------------------------------------


class TransferPrice(BaseModel):
    """The price of one GB sent from one Region to another, with where it came from."""

    model_config = ConfigDict(frozen=True)
    usd_per_gb: Decimal
    source: str
    as_of: str
    note: str = ""
    directions: int = 1  # how many times a GB sent is charged: 2 across Availability Zones (out and in)


def inter_region_transfer(source_region: str, destination_region: str) -> TransferPrice | None:
    """USD per GB that AWS charges the source Region for data sent to the destination Region.

    A row for the exact pair wins; otherwise the source Region's ``"*"`` row, if the destination is a commercial
    Region too. None when no sourced row covers the pair (the caller reports "not priced: no sourced inter-Region
    rate for source -> destination"). Raises ValueError for a malformed Region code or for the same Region twice,
    which is no inter-Region transfer at all.
    """
    _check_region(source_region, "source Region")
    _check_region(destination_region, "destination Region")
    if source_region == destination_region:
        raise ValueError(f"{source_region} -> {destination_region}: the same Region, no inter-Region transfer")
    prices = transfer_prices()
    row = prices.row(source_region, destination_region)
    if row is None and partition(source_region) == partition(destination_region) == COMMERCIAL_PARTITION:
        row = prices.row(source_region, ANY_REGION)
    if row is None:
        return None
    return TransferPrice(usd_per_gb=row.usd_per_gb, source=row.source, as_of=row.as_of, note=row.note)


def cross_az_transfer(region: str) -> TransferPrice | None:
    """USD per GB that AWS charges for data sent between two Availability Zones of ``region``, in each direction
    (``directions`` = 2: the sender's zone is charged for it out, the receiver's for it in). None where no sourced row
    covers the Region's partition (GovCloud, China): the caller says it is not priced."""
    _check_region(region, "Region")
    row = next((r for r in transfer_prices().cross_az_rows if r.partition == partition(region)), None)
    if row is None:
        return None
    return TransferPrice(usd_per_gb=row.usd_per_gb_each_direction, source=row.source, as_of=row.as_of, note=row.note,
                         directions=2)  # fmt: skip


def redo_gb_per_month(redo_mib_per_s: float | Decimal, hours_per_month: Decimal) -> Decimal:
    """GB of redo generated in a month at an average rate of ``redo_mib_per_s``: the GB a standby is sent.

    A GB is 2^30 bytes, 1,024 MiB, as AWS counts the GB its per-GB data charges are priced in, so 1 MiB/s for one
    hour is 3,600 / 1,024 = 3.515625 GB. AWR's "redo size" per second is bytes: divide it by 2^20 for MiB/s. The
    result is exact (Decimal, not rounded); the caller multiplies it by ``usd_per_gb`` and rounds the money.
    """
    if isinstance(redo_mib_per_s, bool) or not isinstance(redo_mib_per_s, int | float | Decimal):
        raise ValueError(f"redo_mib_per_s must be a number, not {redo_mib_per_s!r}")
    if not math.isfinite(redo_mib_per_s) or redo_mib_per_s < 0:
        raise ValueError(f"redo_mib_per_s must be a finite number >= 0, not {redo_mib_per_s!r}")
    hours = Decimal(str(hours_per_month)) if isinstance(hours_per_month, float) else Decimal(hours_per_month)
    if not hours.is_finite() or hours < 0:
        raise ValueError(f"hours_per_month must be a finite number >= 0, not {hours_per_month!r}")
    mib_per_s = Decimal(str(redo_mib_per_s))
    return mib_per_s * SECONDS_PER_HOUR * hours / MIB_PER_GB
