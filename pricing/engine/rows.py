"""One price, as every importer writes it and the calculator reads it.

Pure Python (pydantic v2, no Django). A row is one price dimension of one AWS product SKU (or a price from the
reference tables), with the attributes the calculator matches on, kept under AWS's own attribute names
(``instanceType``, ``databaseEdition``, ``volumeApiName``, ``usagetype`` ...), and where it came from.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Service = Literal["AmazonRDS", "AmazonEC2"]
Term = Literal["OnDemand", "Reserved", "SavingsPlan"]


class PriceRow(BaseModel):
    """One price dimension. ``estimated`` rows were derived (e.g. Multi-AZ = 2 x Single-AZ), not read."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    service: Service
    region: str = Field(min_length=3, description="AWS region code, e.g. eu-west-1")
    sku: str = Field(min_length=1, description="AWS SKU, or a stable made-up key for rows from reference tables")
    product_family: str = Field(min_length=1, description="AWS productFamily, e.g. 'Database Instance'")
    attributes: dict[str, str] = Field(description="AWS product attributes the calculator matches on")
    term: Term = "OnDemand"
    term_attributes: dict[str, str] = Field(
        default_factory=dict,
        description="Reserved: LeaseContractLength, PurchaseOption, OfferingClass (AWS's names); SavingsPlan: "
        "LeaseContractLength, PurchaseOption, SavingsPlanType; RateBasis 'effective' marks an effective hourly rate "
        "(upfront amortised into it, split not published); see engine/commitments/terms.py",
    )
    unit: str = Field(min_length=1, description="AWS price unit: Hrs, GB-Mo, IOPS-Mo, GiBps-mo, IOs, Quantity ...")
    price_usd: Decimal = Field(ge=0, description="USD per unit, as AWS publishes it (no rounding)")
    begin_range: Decimal = Decimal(0)
    end_range: Decimal | None = Field(default=None, description="None = Inf (AWS 'Inf')")
    description: str = ""
    source: str = Field(min_length=3, description="where the row was read: offer file, API call, reference table")
    as_of: date = Field(description="publication or effective date of the price")
    estimated: bool = Field(default=False, description="derived rather than read from the price list")
    estimate_note: str = ""
    rds_custom: bool = Field(
        default=False,
        description="an RDS Custom for Oracle SKU (deploymentModel=Custom or an RDSCustom usagetype): it prices RDS "
        "Custom only, never RDS for Oracle",
    )
