"""Which RDS for Oracle deployments a Database Savings Plan covers, and what to say where it does not.

Pure Python (pydantic v2, no Django). The coverage is data read from AWS's Database Savings Plans offer file
(``data/database_savings_plans.json``): RDS for Oracle BYOL (EE and SE2) on db.r7i, db.r8i and db.m8i, 1 year No
Upfront. EC2 Instance and Compute Savings Plans never cover RDS (``terms.PLATFORM_COMMITMENTS``); a
Database Savings Plan never covers EC2 or RDS Custom.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.catalog.availability import offered
from pricing.engine.aws_rules import HOURS_PER_MONTH
from pricing.engine.commitments.terms import DATABASE_PLAN
from pricing.engine.prices.terms import LICENCE_MODEL_LABELS, PriceNotFound
from pricing.engine.sourced import SourcedRow

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "database_savings_plans.json"


class Coverage(SourcedRow):
    platform: Literal["rds"]
    licence_models: tuple[str, ...] = Field(min_length=1)
    editions: tuple[str, ...] = Field(min_length=1)
    families: tuple[str, ...] = Field(min_length=1)
    commitments: tuple[str, ...] = Field(min_length=1)
    words: str = Field(min_length=20)


class DatabaseSavingsPlans(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    note: str
    coverage: Coverage
    multi_az: SourcedRow


@cache
def database_savings_plans() -> DatabaseSavingsPlans:
    return DatabaseSavingsPlans.model_validate_json(DATA_FILE.read_text())


def family_of(instance_class: str) -> str:
    """``db.r7i`` of ``db.r7i.4xlarge``."""
    return ".".join(instance_class.split(".")[:2])


def size_of(instance_class: str) -> str:
    """``4xlarge`` of ``db.r7i.4xlarge``."""
    return instance_class.split(".", 2)[2] if instance_class.count(".") >= 2 else ""


def _blocker(*, platform: str, instance_class: str, edition: str, licence_model: str) -> tuple[str, str]:
    """(what stands in the way: platform, licence, edition, class or "", the words)."""
    cover = database_savings_plans().coverage
    if platform != cover.platform:
        return "platform", f"{cover.words}; they do not cover self-managed EC2 or RDS Custom"
    if licence_model not in cover.licence_models:
        return "licence", f"{cover.words}: {LICENCE_MODEL_LABELS.get(licence_model, licence_model)} is not covered"
    if edition not in cover.editions:
        return "edition", f"{cover.words}: this edition is not covered"
    if family_of(instance_class) not in cover.families:
        return "class", f"{cover.words}: {instance_class} is not one of them"
    return "", ""


def not_covered(*, platform: str, instance_class: str, edition: str, licence_model: str) -> str:
    """Why a Database Savings Plan does not cover this deployment, in words; "" when it does."""
    return _blocker(platform=platform, instance_class=instance_class, edition=edition, licence_model=licence_model)[1]


def eligible_moves(instance_class: str) -> tuple[str, ...]:
    """The classes of the covered families with the same size (db.r7i.4xlarge, db.r8i.4xlarge ... for
    db.r5b.4xlarge), whichever exist; the caller keeps those it can price."""
    size = size_of(instance_class)
    if not size:
        return ()
    return tuple(f"{family}.{size}" for family in database_savings_plans().coverage.families)


def _hourly(book: Any, commitment: str, **where: str) -> Decimal | None:
    try:
        return book.rds_instance(commitment=commitment, **where).hourly.price_usd
    except PriceNotFound:
        return None


def uncovered_reason(*, book: Any, platform: str, region: str, instance_class: str, edition: str,
                     licence_model: str, deployment: str) -> str:  # fmt: skip
    """Why a Database Savings Plan cannot be bought for this deployment ("" when it can), and where only the class
    stands in the way, what a move to a covered class of the same size would change, from the rows ``book`` prices
    in the Region (instance hours a month, 730 hours, under the plan against on-demand); where the rows cannot say,
    which such classes can be ordered there (the availability catalog)."""
    what, reason = _blocker(
        platform=platform, instance_class=instance_class, edition=edition, licence_model=licence_model
    )
    if what != "class":
        return reason
    where = {"region": region, "edition": edition, "licence_model": licence_model, "deployment": deployment}
    now = _hourly(book, "on-demand", instance_class=instance_class, **where)
    said = []
    for move in eligible_moves(instance_class):
        plan = _hourly(book, DATABASE_PLAN, instance_class=move, **where)
        on_demand = _hourly(book, "on-demand", instance_class=move, **where)
        if plan is not None and on_demand is not None and now is not None:
            said.append(
                f"{move} would cost ${plan * HOURS_PER_MONTH:,.2f} a month in instance hours under the plan "
                f"(${on_demand * HOURS_PER_MONTH:,.2f} on demand), against ${now * HOURS_PER_MONTH:,.2f} on demand "
                f"for {instance_class} now"
            )
    if said:
        return f"{reason}; " + "; ".join(said)
    orderable = [
        move
        for move in eligible_moves(instance_class)
        if (o := offered(move, platform="rds", region=region, edition=edition, licence_model=licence_model))
        and o.offered
    ]
    if not orderable:
        return reason
    return (
        f"{reason}; of its size, {', '.join(orderable)} can be ordered in the Region, but the price snapshots "
        "price neither the plan nor their on-demand hours there"
    )
