"""A bill being planned: the lines found so far, each with the price row it will be priced from, the notes that go
with them and every problem met on the way. Nothing is priced until every check has passed.

Pure Python (no Django). ``BillPlan.get`` turns a lookup's ``PriceNotFound`` into a problem on its config field;
``instance_items`` plans the instance hours of any platform (reservations billed for every hour, upfront fees
amortised over the term). The RDS lines are ``rds``, the EC2 and EBS lines ``ec2``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from pricing.engine.aws_rules import HOURS_PER_MONTH
from pricing.engine.estimate_config import Problem
from pricing.engine.prices.book import PriceBook
from pricing.engine.prices.terms import InstancePrice, PriceNotFound
from pricing.engine.rows import PriceRow

T = TypeVar("T")


@dataclass
class PlanItem:
    """A line waiting for every check to pass."""

    name: str
    quantity: Decimal
    row: PriceRow
    unit: str = ""
    unit_price: Decimal | None = None  # default: the row's price
    sign: int = 1
    estimated: bool = False
    note: str = ""


@dataclass
class BillPlan:
    """The lines of one bill as they are found, with their notes and the problems that stop it being priced."""

    book: PriceBook
    region: str
    problems: list[Problem]
    hours: Decimal = HOURS_PER_MONTH
    items: list[PlanItem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def get(self, lookup: Callable[[], T], path: str | None = None) -> T | None:
        try:
            return lookup()
        except PriceNotFound as exc:
            self.problems.append(Problem(path or exc.field, exc.message))
            return None

    def add(self, name: str, quantity: Decimal | int, row: PriceRow | None, **kw: Any) -> None:
        if row is not None:
            self.items.append(PlanItem(name, Decimal(quantity), row, **kw))


def instance_items(plan: BillPlan, price: InstancePrice | None, name: str, note: str = "") -> None:
    """Instance hours at the commitment's rate, and a reserved term's upfront fee spread over its months; ``note``
    says on the hours line why they are what they are, where the bill says so."""
    if price is None:
        return
    hours = plan.hours
    if price.commitment != "on-demand" and hours != HOURS_PER_MONTH:
        hours = HOURS_PER_MONTH
        plan.notes.append(
            f"A reservation is billed for every hour of its term: {HOURS_PER_MONTH} hours a month, not the "
            f"{plan.hours} the instance runs"
        )
    effective = (
        "effective hourly rate: the upfront fee is amortised into it (hourly fee + upfront fee / hours in the term, "
        "as the source publishes it); the split into upfront and hourly fee is not published"
        if price.effective_rate
        else ""
    )
    plan.add(f"{name} ({price.label})", hours, price.hourly, note="; ".join(n for n in (note, effective) if n))
    if price.upfront is not None and price.term_months:
        per_month = price.upfront.price_usd / price.term_months
        plan.add(
            f"{name}: {price.label} upfront fee ${price.upfront.price_usd:,} amortised over {price.term_months} months",
            1,
            price.upfront,
            unit="month",
            unit_price=per_month,
        )
    if price.commitment != "on-demand":
        plan.notes.append(
            f"Instance hours at the {price.label} rate; storage and other lines stay on-demand, and Oracle licences "
            "are not discounted by AWS commitments"
        )
