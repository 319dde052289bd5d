"""Oracle's price list and cloud licensing policy, as data: product prices, the support rate, how vCPUs count as
processors or sockets, the standby, readable-standby and Multitenant rules, Optimize CPUs and what a platform does
not offer.

Pure Python (pydantic v2, no Django). Read from ``data/oracle_licences.json``, which cites
shared/reference/oracle-on-aws-features.md section 4 entry by entry.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pricing.engine.sourced import NotedRow

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "oracle_licences.json"


class Prerequisite(NotedRow):
    """Another product that must be licensed wherever this one is (the Tuning Pack needs the Diagnostics Pack)."""

    option: str


class ProductPrice(NotedRow):
    """One price-list product. ``licence_usd`` None = the reference did not capture its price."""

    key: str
    name: str
    kind: Literal["edition", "option"]
    licence_usd: Decimal | None = None
    support_usd_per_year: Decimal | None = None  # as the reference states it; None = not stated
    nup_usd: Decimal | None = None  # per Named User Plus
    nup_support_usd_per_year: Decimal | None = None  # as the reference states it; None = not stated
    requires: tuple[Prerequisite, ...] = ()


class PriceListInfo(NotedRow):
    title: str


class Rate(NotedRow):
    value: Decimal = Field(ge=0, le=1)


class ProcessorRule(NotedRow):
    vcpus_per_licence_with_hyperthreading: int = Field(ge=1)
    vcpus_per_licence_without_hyperthreading: int = Field(ge=1)


class SocketRule(NotedRow):
    vcpus_per_socket: int = Field(ge=1)
    max_vcpus: int = Field(ge=1)


class NupRule(NotedRow):
    """Named User Plus: the minimum Oracle's price list sets per server (SE2) or per processor licence (EE)."""

    title: str  # the price list as the lines name it under this metric
    ee_minimum_per_processor: int = Field(ge=1)
    se2_minimum_per_server: int = Field(ge=1)


class MultitenantRule(NotedRow):
    free_pdbs_from_19c: int = Field(ge=0)
    free_pdbs_before_19c: int = Field(ge=0)
    se2_max_pdbs: int = Field(ge=0)


class ReadableStandbyRule(NotedRow):
    """The option licensed only where a standby is open for reads (Active Data Guard), not on a mounted one."""

    option: str


class SupportReductionRule(NotedRow):
    """What freeing licences saves of their support, in Oracle's support policies: said beside licences freed."""

    text: str = Field(min_length=20)
    shown_as: str = Field(min_length=10)  # the policy's name as customers know it, without the pages that quote it


class OptimizeCpusRule(NotedRow):
    platforms: tuple[str, ...]
    licence_models: tuple[str, ...]
    excluded_class_markers: tuple[str, ...]


class NotAvailable(NotedRow):
    option: str
    platforms: tuple[str, ...]


class LicencePriceList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1]
    compiled_from: str
    price_list: PriceListInfo
    support_rate: Rate
    products: tuple[ProductPrice, ...]
    processor_rule: ProcessorRule
    socket_rule: SocketRule
    nup_rule: NupRule
    standby_rule: NotedRow
    readable_standby_rule: ReadableStandbyRule
    multitenant_rule: MultitenantRule
    support_reduction_rule: SupportReductionRule
    optimize_cpus: OptimizeCpusRule
    not_available: tuple[NotAvailable, ...]

    @model_validator(mode="after")
    def _keys(self) -> LicencePriceList:
        keys = [p.key for p in self.products]
        if len(keys) != len(set(keys)) or not {"ee", "se2"} <= set(keys):
            raise ValueError("products need unique keys, including ee and se2")
        if any(n.option not in keys for n in self.not_available):
            raise ValueError("not_available names an unknown option")
        if any(r.option not in keys for p in self.products for r in p.requires):
            raise ValueError("a product requires an unknown option")
        if self.readable_standby_rule.option not in keys:
            raise ValueError("readable_standby_rule names an unknown option")
        return self

    def product(self, key: str) -> ProductPrice:
        return self._by_key[key]

    @cached_property
    def _by_key(self) -> dict[str, ProductPrice]:
        """The products by key, built once (every licence estimate asks for each of its products)."""
        return {p.key: p for p in self.products}

    def option_keys(self) -> tuple[str, ...]:
        return self._option_keys

    @cached_property
    def _option_keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.products if p.kind == "option")


@cache
def licence_price_list() -> LicencePriceList:
    return LicencePriceList.model_validate_json(DATA_FILE.read_text())
