"""Oracle Database@AWS reference data, read back: list prices, Regions and Exadata shape facts.

Pure Python (pydantic v2, no Django). Three committed files under ``data/``:

* ``odb_prices.json`` and ``odb_regions.json`` are generated from ``shared/data/odb-and-cpu-options/`` by
  ``pricing/fixtures/odb.py`` (``manage.py import_odb``); their README's caveats travel with them.
* ``odb_shapes.json`` is compiled by hand, fact by fact, each with its source, as-of date and a tag as in
  ``advisor/engine/data/oci_block_volumes.json``: C official Oracle/AWS text, S secondary (a transcription or
  a third party), U inferred or derived. A fact no source gave is ``null`` with a note saying so.

Prices are Oracle's OCI list prices: Oracle Database@AWS is bought by AWS Marketplace private offer and no public
AWS price was found, so they are list prices before any private-offer discount.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pricing.engine.sourced import AS_OF_PATTERN

DATA_DIR = Path(__file__).resolve().parent / "data"
PRICES_FILE = DATA_DIR / "odb_prices.json"
REGIONS_FILE = DATA_DIR / "odb_regions.json"
SHAPES_FILE = DATA_DIR / "odb_shapes.json"
DEDICATED = "Exadata Database Service on Dedicated Infrastructure"
AsOf = Annotated[str, Field(pattern=AS_OF_PATTERN)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- prices (generated) -------------------------------------------------------------------------


class OdbPrice(_Strict):
    """One row of odb-prices.csv, verbatim but typed."""

    service: str
    component: str
    shape_generation: str
    license_model: str
    unit: str
    usd_price: Decimal = Field(ge=0)
    as_of: str = Field(pattern=AS_OF_PATTERN)
    source: str = Field(min_length=10)
    part_number: str = Field(pattern=r"^B\d+$")
    oracle_display_name: str
    source_kind: str


class MissingPrice(_Strict):
    """A SKU the price dump lacks: what it would price and why it is not here."""

    part_number: str
    service: str
    component: str
    shape_generation: str
    license_model: str
    unit: str
    twin_part_number: str
    reason: str


class PriceWarning(_Strict):
    """A caveat on priced rows, e.g. a newer price seen only as an unverified lead."""

    part_numbers: tuple[str, ...]
    lead_usd_per_hour: dict[str, Decimal]
    lead_document: str  # the later list the lead figures are said to come from, as people know it
    lead_as_of: str = Field(pattern=AS_OF_PATTERN)  # that list's date
    text: str


class OdbPriceList(_Strict):
    schema_version: Literal[1]
    generated_by: str
    source_files: tuple[str, ...]
    gathered: str = Field(pattern=AS_OF_PATTERN)
    price_basis: str
    about: tuple[str, ...]
    caveats: tuple[str, ...]
    missing: tuple[MissingPrice, ...]
    price_warnings: tuple[PriceWarning, ...]
    prices: tuple[OdbPrice, ...]

    def find(self, service: str, component: str, shape_generation: str, license_model: str) -> OdbPrice | None:
        """The row pricing this (service, component, shape_generation, license_model), if the list has it."""
        key = (service, component, shape_generation, license_model)
        return next(
            (r for r in self.prices if (r.service, r.component, r.shape_generation, r.license_model) == key), None
        )

    def find_missing(self, *, service: str, component: str, license_model: str) -> MissingPrice | None:
        return next(
            (
                m
                for m in self.missing
                if (m.service, m.component, m.license_model) == (service, component, license_model)
            ),
            None,
        )

    def warnings_for(self, part_number: str) -> tuple[PriceWarning, ...]:
        return tuple(w for w in self.price_warnings if part_number in w.part_numbers)


# --- regions (generated) ------------------------------------------------------------------------


class OdbRegion(_Strict):
    aws_region: str
    aws_region_name: str
    az_ids: tuple[str, ...]
    oci_paired_region: str | None
    status: str | None
    date_added: AsOf | None
    date_source: str
    az_source: str | None
    basis: Literal["odb-regions.csv", "reference"]
    note: str = ""


class OdbRegions(_Strict):
    schema_version: Literal[1]
    generated_by: str
    source_files: tuple[str, ...]
    as_of: str = Field(pattern=AS_OF_PATTERN)
    caveats: tuple[str, ...]
    regions: tuple[OdbRegion, ...]

    def codes(self) -> tuple[str, ...]:
        return tuple(r.aws_region for r in self.regions)

    def get(self, code: str) -> OdbRegion | None:
        return next((r for r in self.regions if r.aws_region == code), None)


# --- shapes (hand-compiled) ---------------------------------------------------------------------


class Fact(_Strict):
    """One sourced number. ``value`` None = no source read gave it; ``note`` says so."""

    value: Decimal | None
    unit: str
    tag: Literal["C", "S", "U"]
    source: str = Field(min_length=10)
    source_url: str | None = Field(default=None, pattern=r"^https://")
    as_of: str = Field(pattern=AS_OF_PATTERN)
    note: str = ""

    @property
    def cite(self) -> str:
        return f"[{self.tag}] {self.source}, as of {self.as_of}"


class Sourced(_Strict):
    text: str
    tag: Literal["C", "S", "U"]
    document: str = ""  # the document as people know it, where the words name it apart from the source
    source: str = Field(min_length=10)
    source_url: str | None = Field(default=None, pattern=r"^https://")
    as_of: str = Field(pattern=AS_OF_PATTERN)


class ServiceZones(_Strict):
    """The Availability Zones (AZ IDs) where AWS says Oracle Database@AWS can be used, Region by Region."""

    text: str
    tag: Literal["C", "S", "U"]
    document: str = Field(min_length=10)  # the document, as people know it, that the words name
    source: str = Field(min_length=10)
    source_url: str | None = Field(default=None, pattern=r"^https://")
    as_of: str = Field(pattern=AS_OF_PATTERN)
    note: str = ""
    zones: dict[str, tuple[str, ...]]

    def of(self, region: str) -> tuple[str, ...] | None:
        """The Region's AZ IDs, or None when the list has no row for it (not known, not "none")."""
        return self.zones.get(region)


class ShapeFacts(_Strict):
    shape: str = Field(description="the AWS API's system model, e.g. Exadata.X11M")
    generation: str = Field(description="as odb-prices.csv's shape_generation column names it")
    database_server_type: str
    storage_server_type: str
    compute_model: Literal["ECPU", "OCPU"]
    offered_on_aws: Sourced
    compute_per_database_server: Fact
    cores_per_database_server: Fact
    memory_gb_per_database_server: Fact
    usable_tb_per_storage_server: Fact
    database_share_of_usable_storage: Fact
    min_database_servers: Fact
    max_database_servers: Fact
    min_storage_servers: Fact
    max_storage_servers: Fact
    min_compute_per_vm: Fact
    compute_step: Fact


class Conversions(_Strict):
    vcpus_per_ocpu: Fact
    ecpus_per_ocpu: Fact
    ecpus_per_processor_licence: Fact
    ocpus_per_processor_licence: Fact
    ecpus_per_processor_licence_other_reading: Fact  # the reading not counted, shown beside the count


class OdbShapes(_Strict):
    schema_version: Literal[1]
    compiled: str = Field(pattern=AS_OF_PATTERN)
    note: str
    editions: Sourced
    infrastructure_billing: Sourced
    stopped_vm_billing: Sourced  # a stopped VM bills on: the VM cluster's ECPUs are billed all month
    rac_on_vm_cluster: Sourced  # why BYOL licenses RAC on a VM cluster of two or more VMs
    purchase: Sourced  # bought by private offer: no AWS Reserved Instance or Savings Plan applies
    availability_zones: ServiceZones  # where an Exadata infrastructure can sit, Region by Region (AWS's list)
    shapes: tuple[ShapeFacts, ...]
    conversions: Conversions

    def shape(self, name: str) -> ShapeFacts | None:
        return next((s for s in self.shapes if name in (s.shape, s.generation)), None)


@cache
def odb_price_list() -> OdbPriceList:
    return OdbPriceList.model_validate_json(PRICES_FILE.read_text())


@cache
def odb_regions() -> OdbRegions:
    return OdbRegions.model_validate_json(REGIONS_FILE.read_text())


@cache
def odb_shapes() -> OdbShapes:
    return OdbShapes.model_validate_json(SHAPES_FILE.read_text())
