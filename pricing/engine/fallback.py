"""A price book that prices a Region it lacks rows for at another Region's rows, marking each such row estimated.

Pure Python. A DR copy or replica lives in its own Region and is priced there; where the committed snapshots hold
no row for that Region (storage outside eu-west-1 and us-east-1, say), the row of the primary's Region stands in,
marked ``estimated`` with a note saying from where, so no line looks read from a price list it was not read from.
Commitments (reservations, savings plans) never stand in: one the Region does not price stays unpriced.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pricing.engine.prices.book import InstancePrice, IopsTier, PriceBook, PriceNotFound
from pricing.engine.rows import PriceRow

# What each price-book lookup prices, as a user reads it in a note ("no ap-northeast-1 price held for RDS storage").
LOOKUP_WORDS = {
    "rds_instance": "RDS instance hours",
    "rds_instance_vcpus": "RDS instance vCPUs",
    "rds_storage": "RDS storage",
    "rds_iops": "RDS provisioned IOPS",
    "rds_throughput": "RDS storage throughput",
    "rds_backup": "RDS backup storage",
    "rds_magnetic_io": "RDS magnetic I/O requests",
    "rds_performance_insights": "Performance Insights",
    "database_insights_advanced": "Database Insights",
    "ec2_instance": "EC2 instance hours",
    "ec2_instance_vcpus": "EC2 instance vCPUs",
    "ebs_storage": "EBS volume storage",
    "ebs_iops": "EBS provisioned IOPS",
    "ebs_io2_iops_tiers": "EBS io2 provisioned IOPS",
    "ebs_throughput": "EBS gp3 throughput",
    "ebs_io_requests": "EBS magnetic I/O requests",
    "ebs_snapshot": "EBS snapshots",
    "instance_commitments": "reservations and savings plans",
    "on_demand_hourly": "on-demand instance hours",
}


def lookup_words(name: str) -> str:
    """What the price-book lookup ``name`` prices, in a user's words (a lookup not listed: its name in words)."""
    return LOOKUP_WORDS.get(name, name.replace("_", " "))


def _mark(value: Any, note: str) -> Any:
    if isinstance(value, PriceRow):
        joined = "; ".join(n for n in (note, value.estimate_note) if n)
        return value.model_copy(update={"estimated": True, "estimate_note": joined})
    if isinstance(value, InstancePrice):
        upfront = None if value.upfront is None else _mark(value.upfront, note)
        return dataclasses.replace(value, hourly=_mark(value.hourly, note), upfront=upfront)
    if isinstance(value, IopsTier):
        return dataclasses.replace(value, row=_mark(value.row, note))
    if isinstance(value, tuple | list):
        return type(value)(_mark(v, note) for v in value)
    return value


class RegionFallbackBook:
    """Looks up ``region`` in ``book``; a row the book lacks there is taken from ``fallback`` and marked estimated."""

    stands_in = True  # a book over another book, recording what it priced elsewhere (see ``answers.answered``)

    def __init__(self, book: PriceBook, *, region: str, fallback: str) -> None:
        self.book, self.region, self.fallback = book, region, fallback
        self.used_fallback: set[str] = set()  # what was priced at the fallback Region's rows

    def regions(self) -> tuple[str, ...]:
        regions = self.book.regions()
        return regions if self.region in regions or self.fallback not in regions else (*regions, self.region)

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.book, name)
        if not callable(method):
            return method

        def lookup(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("region") != self.region or kwargs.get("commitment", "on-demand") != "on-demand":
                # a commitment is bought in its own Region or not at all: another Region's reserved rate or plan
                # never stands in, so a commitment counts only where every instance of the topology can buy it
                return method(*args, **kwargs)
            try:
                return method(*args, **kwargs)
            except PriceNotFound:
                result = method(*args, **{**kwargs, "region": self.fallback})
                what = lookup_words(name)
                self.used_fallback.add(what)
                return _mark(result, f"no {self.region} price held for {what}: priced at {self.fallback}'s price")

        return lookup

    def snapshot(self, region: str) -> str:
        return self.book.snapshot(region if region in self.book.regions() else self.fallback)
