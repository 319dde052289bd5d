"""The commitments AWS sells for instance hours, named once: on-demand, Reserved Instances (1 or 3 years; standard
or convertible; no, partial or all upfront), EC2 Instance / Compute Savings Plans and the Database Savings Plan
(RDS for Oracle, 1 year No Upfront), each a key of the public config
(``commitment``) tied to the term attributes AWS publishes on its price rows.

Pure Python (no Django). ``spec_of_row`` says which commitment a price row prices; ``commitments_for`` lists what a
platform can be bought under; ``commitment_facts`` holds the sourced facts the quotes stand on (hours in a term, what
All Upfront and No Upfront mean, how an effective rate was formed, which terms AWS does not sell for a platform:
``not_offered``) from ``data/commitments.json``.

Price rows carry AWS's own term attributes: ``LeaseContractLength`` (1yr, 3yr), ``OfferingClass`` (standard,
convertible; RDS rows have none and are standard), ``PurchaseOption`` (No Upfront, Partial Upfront, All Upfront). Two
keys are ours: ``SavingsPlanType`` (AWS's Savings Plans product family, ``EC2InstanceSavingsPlans``,
``ComputeSavingsPlans`` or ``DatabaseSavingsPlans``) on Savings Plans rows, and ``RateBasis: effective`` on a reserved row whose hourly price is
the effective rate a republisher formed (recurring fee + upfront fee / hours in the term), not AWS's recurring fee.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from pricing.engine.rows import PriceRow
from pricing.engine.sourced import SourcedRow

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "commitments.json"

Commitment = Literal[
    "on-demand",
    "reserved-1yr-no-upfront",
    "reserved-1yr-partial-upfront",
    "reserved-1yr-all-upfront",
    "reserved-3yr-no-upfront",
    "reserved-3yr-partial-upfront",
    "reserved-3yr-all-upfront",
    "reserved-convertible-1yr-no-upfront",
    "reserved-convertible-1yr-partial-upfront",
    "reserved-convertible-1yr-all-upfront",
    "reserved-convertible-3yr-no-upfront",
    "reserved-convertible-3yr-partial-upfront",
    "reserved-convertible-3yr-all-upfront",
    "savings-plan-ec2-instance-1yr-no-upfront",
    "savings-plan-ec2-instance-1yr-partial-upfront",
    "savings-plan-ec2-instance-1yr-all-upfront",
    "savings-plan-ec2-instance-3yr-no-upfront",
    "savings-plan-ec2-instance-3yr-partial-upfront",
    "savings-plan-ec2-instance-3yr-all-upfront",
    "savings-plan-compute-1yr-no-upfront",
    "savings-plan-compute-1yr-partial-upfront",
    "savings-plan-compute-1yr-all-upfront",
    "savings-plan-compute-3yr-no-upfront",
    "savings-plan-compute-3yr-partial-upfront",
    "savings-plan-compute-3yr-all-upfront",
    "savings-plan-database-1yr-no-upfront",
]
Kind = Literal["on-demand", "reserved", "savings-plan"]

LEASES = ("1yr", "3yr")
PURCHASE_OPTIONS: dict[str, str] = {
    "no-upfront": "No Upfront",
    "partial-upfront": "Partial Upfront",
    "all-upfront": "All Upfront",
}
PLAN_TYPES: dict[str, str] = {"ec2-instance": "EC2InstanceSavingsPlans", "compute": "ComputeSavingsPlans"}
PLAN_LABELS: dict[str, str] = {"ec2-instance": "EC2 Instance Savings Plan", "compute": "Compute Savings Plan"}
# Database Savings Plans: AWS sells them for 1 year No Upfront only (the offer file holds no other term), so that one
# key; which RDS for Oracle deployments they cover is engine/commitments/database_savings_plans.py.
DATABASE_PLAN = "savings-plan-database-1yr-no-upfront"
DATABASE_PLAN_TYPE = "DatabaseSavingsPlans"  # AWS's Savings Plans product family of the offer file's plans
EFFECTIVE = "effective"  # the RateBasis of a row whose hourly price is an effective (amortised) rate


@dataclass(frozen=True, slots=True)
class CommitmentSpec:
    """One commitment: what it is called, and the term attributes of the rows that price it."""

    key: str
    kind: Kind
    label: str
    lease: str = ""  # 1yr, 3yr
    offering_class: str = ""  # standard, convertible (reserved only)
    purchase_option: str = ""  # AWS's text: No Upfront, Partial Upfront, All Upfront
    plan_type: str = ""  # AWS's Savings Plans product family (savings plans only)

    @property
    def years(self) -> int:
        return int(self.lease[0]) if self.lease else 0

    @property
    def months(self) -> int:
        return 12 * self.years


def _specs() -> dict[str, CommitmentSpec]:
    specs = {"on-demand": CommitmentSpec("on-demand", "on-demand", "On-Demand")}
    for offering in ("standard", "convertible"):
        for lease in LEASES:
            for slug, option in PURCHASE_OPTIONS.items():
                middle = "" if offering == "standard" else "convertible-"
                key = f"reserved-{middle}{lease}-{slug}"
                label = f"Reserved {lease} {option}" + (" (convertible)" if offering == "convertible" else "")
                specs[key] = CommitmentSpec(key, "reserved", label, lease, offering, option)
    for plan, family in PLAN_TYPES.items():
        for lease in LEASES:
            for slug, option in PURCHASE_OPTIONS.items():
                key = f"savings-plan-{plan}-{lease}-{slug}"
                label = f"{PLAN_LABELS[plan]} {lease} {option}"
                specs[key] = CommitmentSpec(key, "savings-plan", label, lease, "", option, family)
    label = "Database Savings Plan 1yr No Upfront"
    specs[DATABASE_PLAN] = CommitmentSpec(
        DATABASE_PLAN, "savings-plan", label, "1yr", "", "No Upfront", DATABASE_PLAN_TYPE
    )
    return specs


SPECS: dict[str, CommitmentSpec] = _specs()
_BY_TERMS: dict[tuple[str, str, str, str, str], str] = {
    (s.kind, s.lease, s.offering_class, s.purchase_option, s.plan_type): k for k, s in SPECS.items()
}

# What each platform can be bought under. RDS for Oracle reservations are standard only (AWS's RDS rows carry no
# OfferingClass); EC2 Instance and Compute Savings Plans cover EC2 instance hours, never RDS; a Database Savings Plan
# covers some RDS for Oracle deployments (engine/commitments/database_savings_plans.py), never EC2 or RDS Custom. A
# term of these AWS does not sell for a platform (RDS: No Upfront for 1 year only) is listed, and said not offered
# (``not_offered``), not left as a price to look for.
_RDS_RESERVED = tuple(k for k, s in SPECS.items() if s.kind == "on-demand" or s.offering_class == "standard")
PLATFORM_COMMITMENTS: dict[str, tuple[str, ...]] = {
    "ec2": tuple(k for k in SPECS if k != DATABASE_PLAN),
    "rds": (*_RDS_RESERVED, DATABASE_PLAN),
    "rds-custom": _RDS_RESERVED,
}


def commitments_for(platform: str) -> tuple[str, ...]:
    """Every commitment the platform's instance hours can be bought under, in display order."""
    return PLATFORM_COMMITMENTS.get(platform, ("on-demand",))


def commitment_label(commitment: str) -> str:
    spec = SPECS.get(commitment)
    return spec.label if spec else commitment


def spec_of_row(row: PriceRow) -> CommitmentSpec | None:
    """The commitment an instance-hours row prices (on-demand, a reservation, a savings plan), or None."""
    if row.term == "OnDemand":
        return SPECS["on-demand"]
    t = row.term_attributes
    if row.term == "Reserved":
        key = (
            "reserved",
            t.get("LeaseContractLength", ""),
            t.get("OfferingClass", "standard"),
            t.get("PurchaseOption", ""),
            "",
        )
    else:
        key = (
            "savings-plan",
            t.get("LeaseContractLength", ""),
            "",
            t.get("PurchaseOption", ""),
            t.get("SavingsPlanType", ""),
        )
    found = _BY_TERMS.get(key)
    return SPECS[found] if found else None


def is_effective_rate(row: PriceRow) -> bool:
    """The row's Hrs price is an effective rate (upfront amortised into it), not AWS's recurring fee."""
    return row.term_attributes.get("RateBasis") == EFFECTIVE


@dataclass(frozen=True, slots=True)
class Sourced:
    source: str
    as_of: str


class NotOffered(SourcedRow):
    """A commitment of a platform's list that AWS does not sell for it (RDS reservations: No Upfront for 1 year
    only), in the words users read and with the source as people know it."""

    platform: Literal["ec2", "rds", "rds-custom"]
    commitment: str
    words: str = Field(min_length=20)  # "not offered for RDS: ..."
    shown_as: str = Field(min_length=10)  # the source as people know it, beside the date

    @property
    def reason(self) -> str:
        return f"{self.words} (source: {self.shown_as}, {self.as_of})"


@dataclass(frozen=True, slots=True)
class CommitmentFacts:
    hours_per_year: int
    hours_source: Sourced
    all_upfront: Sourced
    no_upfront: Sourced
    effective_rate: Sourced
    savings_plan_partial_upfront: Sourced
    not_offered: tuple[NotOffered, ...]


@cache
def commitment_facts() -> CommitmentFacts:
    data = json.loads(DATA_FILE.read_text())

    def sourced(name: str) -> Sourced:
        item = data[name]
        return Sourced(item["source"], item["as_of"])

    hours = data["hours_per_year"]
    if hours["value"] != 365 * 24:  # the source defines a year as 365 x 24 x 60 x 60 seconds
        raise ValueError(f"{DATA_FILE}: hours_per_year {hours['value']} is not 365 x 24")
    unsold = tuple(NotOffered.model_validate(item) for item in data["not_offered"])
    for fact in unsold:
        if fact.commitment not in commitments_for(fact.platform):
            raise ValueError(f"{DATA_FILE}: not_offered {fact.commitment} is not a commitment of {fact.platform}")
    return CommitmentFacts(
        hours_per_year=int(hours["value"]),
        hours_source=sourced("hours_per_year"),
        all_upfront=sourced("all_upfront"),
        no_upfront=sourced("no_upfront"),
        effective_rate=sourced("effective_rate"),
        savings_plan_partial_upfront=sourced("savings_plan_partial_upfront"),
        not_offered=unsold,
    )


def not_offered(platform: str, commitment: str) -> str:
    """Why AWS does not sell ``commitment`` for ``platform``, with the source and its date; "" where it does."""
    fact = next(
        (f for f in commitment_facts().not_offered if (f.platform, f.commitment) == (platform, commitment)), None
    )
    return fact.reason if fact is not None else ""
