"""The licence model's public contract: what the user says about Oracle licences (the ``licences`` object of the
estimate config), what comes back (``LicenceEstimate`` and its lines), and the problems it raises.

Pure Python (pydantic v2, no Django). Counts and rates are checked against Oracle's policy in ``checks``,
not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.sources.customer_words import customer_words

DbVersion = Literal["12.1", "12.2", "18c", "19c", "21c", "23ai", "26ai"]
# The licence metric bought or owned: processor (SE2: per socket, as Oracle's cloud policy counts it), or Named User
# Plus (per named user, at least Oracle's minimum per server)
Metric = Literal["processor", "nup"]
# The metric a count is in: processor licences, SE2 sockets, or Named User Plus
CountedMetric = Literal["processor", "socket", "nup"]


# Outer bound of counts (vCPUs, PDBs, cores, years, licences): finite and far past any real estate; the licence
# checks give the precise ranges (e.g. 4,096 PDBs per CDB, the socket rule's vCPUs) with their sources.
MAX_COUNT = 100_000
Count = Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]


class LicenceConfig(BaseModel):
    """What the user says about Oracle licences. Counts and rates are checked against the policy, not here."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    include: bool = True
    vcpus: int | None = Field(
        default=None,
        ge=-MAX_COUNT,
        le=MAX_COUNT,
        description="the instance's vCPUs as AWS lists them (every thread of every core); default: the caller's "
        "catalog value",
    )
    hyperthreading: bool | None = Field(
        default=None,
        description="false runs one thread per core, so a type with 2 threads per core runs half its vCPUs, each "
        "one processor licence; default: the caller's value, else the type's own, else true",
    )
    options: tuple[Annotated[str, Field(max_length=64)], ...] = Field(default=(), max_length=64)
    pdbs: int | None = Field(
        default=None,
        ge=-MAX_COUNT,
        le=MAX_COUNT,
        description="user-created PDBs per CDB; more than the free ones need Multitenant",
    )
    db_version: DbVersion = "19c"
    standby: bool | None = Field(default=None, description="license a standby; default: BYOL Multi-AZ on RDS")
    servers: int | None = Field(
        default=None,
        ge=1,
        le=64,
        description="servers of this shape to license in all (primary, standbys, replicas); default 1, or 2 with "
        "a licensed standby. Owned licences are counted once against them all",
    )
    metric: Metric = Field(
        default="processor",
        description="the licence metric bought or owned: processor (SE2: per socket), or nup (Named User Plus: the "
        "named users, at least Oracle's minimum per server); not used with License Included",
    )
    named_users: int | None = Field(
        default=None,
        ge=-MAX_COUNT,
        le=MAX_COUNT,
        description="with metric nup: the people and devices that use the database, 1 or more",
    )
    discount_pct: Decimal = Field(default=Decimal(0), allow_inf_nan=False, max_digits=12, decimal_places=6)
    owned_processor_licences: Count | dict[Annotated[str, Field(max_length=64)], Count] = Field(
        default=0,
        description="licences already owned: a number (the edition's) or per product key; with metric nup, "
        "Named User Plus licences",
    )
    term_years: int = Field(
        default=3, ge=-MAX_COUNT, le=MAX_COUNT, description="amortise the purchase over this many years"
    )
    support_uplift_pct: Decimal = Field(
        default=Decimal(0), allow_inf_nan=False, max_digits=12, decimal_places=6,
        description="yearly rise of Oracle support fees over the term, percent (the contract's uplift); the monthly "
        "support line is the term's average",
    )  # fmt: skip
    count_purchase: bool = Field(
        default=True,
        description="false: count support only (licences bought under another budget or agreement); the purchase "
        "of licences to buy is left out and said so",
    )
    optimize_cpus_cores: int | None = Field(
        default=None, ge=-MAX_COUNT, le=MAX_COUNT, description="active cores with Optimize CPUs"
    )


# --- results ----------------------------------------------------------------------------------------


class LicenceLine(BaseModel):
    """One Oracle cost line; ``monthly_usd`` is rounded half-up to cents from the exact unit price."""

    model_config = ConfigDict(frozen=True)
    name: str
    quantity: Decimal
    unit: str
    unit_price_usd: Decimal
    monthly_usd: Decimal
    source: str
    as_of: str
    estimated: bool = False
    note: str = ""


class ProductLicences(BaseModel):
    model_config = ConfigDict(frozen=True)
    key: str
    name: str
    metric: CountedMetric
    per_server: int
    servers: int
    required: int
    owned: int  # of those required
    to_buy: int
    surplus: int = Field(default=0, description="owned beyond those required: their support is still paid and counted")
    list_price_usd: Decimal
    net_price_usd: Decimal
    purchase_usd: Decimal
    annual_support_usd: Decimal
    monthly_usd: Decimal


class OptimizeCpus(BaseModel):
    model_config = ConfigDict(frozen=True)
    cores: int
    threads_per_core: int
    licensed_vcpus: int
    instance_vcpus: int
    monthly_without_usd: Decimal | None
    monthly_with_usd: Decimal
    saving_monthly_usd: Decimal | None
    note: str = ""
    source: str = ""  # of the core counts and threads per core AWS allows for the type
    as_of: str = ""


class LicenceEstimate(BaseModel):
    model_config = ConfigDict(frozen=True)
    included: bool
    licence_model: str
    edition: str
    metric: CountedMetric | None = None
    named_users: int | None = None  # with Named User Plus: the named users counted on each server
    instance_vcpus: int | None = None
    licensed_vcpus: int | None = None
    hyperthreading: bool | None = None
    licences_per_server: int = 0
    servers: int = 0
    products: tuple[ProductLicences, ...] = ()
    lines: tuple[LicenceLine, ...] = ()
    monthly_usd: Decimal = Decimal("0.00")
    upfront_purchase_usd: Decimal = Decimal("0.00")
    annual_support_usd: Decimal = Field(
        default=Decimal("0.00"), description="support a year, the term's average (with the yearly uplift)"
    )
    support_first_year_usd: Decimal = Field(
        default=Decimal("0.00"), description="support paid for the first year (before any uplift)"
    )
    term_years: int | None = None
    discount_pct: Decimal = Decimal(0)
    support_uplift_pct: Decimal = Decimal(0)
    count_purchase: bool = True
    optimize_cpus: OptimizeCpus | None = None
    notes: tuple[str, ...] = ()


# --- problems ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LicenceProblem:
    field: str
    message: str

    def __post_init__(self) -> None:  # the message as a reader reads it: no citation keys or files of our notes
        object.__setattr__(self, "message", customer_words(self.message))


class LicenceInvalid(ValueError):
    """Raised with every problem found; each names the ``licences.*`` (or config) field and what is accepted."""

    def __init__(self, problems: list[LicenceProblem] | tuple[LicenceProblem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))
