"""Price rows indexed once, by Region, service and product family: what every lookup of the price book stands on.

Pure Python (no Django). ``PriceIndex`` answers for the book as a whole (its Regions, their newest price dates and
sources), hands each lookup its small bucket of rows, turns "nothing matched" into a ``PriceNotFound`` that says
where it looked and what is priced, and picks an instance's row for a commitment (on-demand or a standard
reservation). ``RdsLookups`` and ``Ec2Lookups`` build on it; ``PriceBook`` is both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date

from pricing.engine.price_terms import (
    LEASES,
    PURCHASE_OPTIONS,
    InstancePrice,
    PriceNotFound,
    commitment_label,
    listing,
    pick,
)
from pricing.engine.rows import PriceRow


class PriceIndex:
    """Rows by (region, service, product family), with the book-wide questions and the commitment pick."""

    def __init__(self, rows: Iterable[PriceRow]) -> None:
        self._buckets: dict[tuple[str, str, str], list[PriceRow]] = defaultdict(list)
        self._regions: dict[str, list[PriceRow]] = defaultdict(list)
        for row in rows:
            self._buckets[(row.region, row.service, row.product_family)].append(row)
            self._regions[row.region].append(row)
        self._snapshot = {region: max(r.as_of for r in rows_) for region, rows_ in self._regions.items()}
        self._service_snapshot: dict[tuple[str, str], date] = {}
        for region, rows_ in self._regions.items():
            for r in rows_:
                key = (region, r.service)
                if key not in self._service_snapshot or r.as_of > self._service_snapshot[key]:
                    self._service_snapshot[key] = r.as_of

    # --- the book itself -----------------------------------------------------------------------

    def regions(self) -> tuple[str, ...]:
        return tuple(sorted(self._regions))

    def snapshot(self, region: str) -> str:
        """The newest as-of date among the region's rows (shown with every 'not found')."""
        self._require_region(region)
        return self._snapshot[region].isoformat()

    def sources(self, region: str) -> tuple[tuple[str, str], ...]:
        """Distinct (source, as_of) pairs of the region's rows."""
        self._require_region(region)
        return tuple(sorted({(r.source, r.as_of.isoformat()) for r in self._regions[region]}))

    def _require_region(self, region: str) -> None:
        if region not in self._regions:
            raise PriceNotFound(
                "region", f"{region!r} has no prices in this price book; priced regions: {listing(self._regions)}"
            )

    def _where(self, region: str, service: str | None = None) -> str:
        """Where a price was looked for: the region and the newest price date of that service's rows there."""
        as_of = self._service_snapshot.get((region, service or ""), self._snapshot[region])
        return f"{region} (snapshot {as_of.isoformat()})"

    def _rows(self, region: str, service: str, *families: str) -> list[PriceRow]:
        self._require_region(region)
        return [row for family in families for row in self._buckets.get((region, service, family), ())]

    def _one(self, rows: Iterable[PriceRow], field: str, what: str, region: str, accepted: str) -> PriceRow:
        row = pick(rows)
        if row is None:
            raise PriceNotFound(field, f"no {what} price in {self._where(region)}; {accepted}")
        return row

    def _instance_vcpus(self, region: str, service: str, families: tuple[str, ...], instance: str) -> int | None:
        """The ``vcpu`` attribute of any row of the instance, when the rows carry it (live price-list rows do)."""
        if region not in self._regions:
            return None
        for r in self._rows(region, service, *families):
            if r.attributes.get("instanceType") == instance and r.attributes.get("vcpu", "").isdigit():
                return int(r.attributes["vcpu"])
        return None

    # --- commitments ---------------------------------------------------------------------------------

    def _commit(self, rows: list[PriceRow], commitment: str, what: str, region: str) -> InstancePrice:
        on_demand = [r for r in rows if r.term == "OnDemand" and r.unit == "Hrs"]
        reserved: dict[str, dict[str, list[PriceRow]]] = defaultdict(lambda: defaultdict(list))
        for r in rows:
            if r.term == "Reserved" and r.term_attributes.get("OfferingClass", "standard") == "standard":
                key = self._reserved_key(r.term_attributes)
                if key:
                    reserved[key][r.unit].append(r)
        available = (["on-demand"] if on_demand else []) + sorted(
            k for k, units in reserved.items() if units.get("Hrs")
        )
        if commitment == "on-demand" and on_demand:
            row = pick(on_demand)
            assert row is not None
            return InstancePrice(row, None, commitment, "On-Demand", None)
        if commitment in reserved and reserved[commitment].get("Hrs"):
            hourly = pick(reserved[commitment]["Hrs"])
            assert hourly is not None
            upfront = pick(reserved[commitment].get("Quantity", []))
            months = 12 if "-1yr-" in commitment else 36
            return InstancePrice(hourly, upfront, commitment, commitment_label(commitment), months)
        raise PriceNotFound(
            "commitment",
            f"no {commitment} price for {what} in {self._where(region)}; available commitments: {listing(available)}",
        )

    @staticmethod
    def _reserved_key(term: dict[str, str]) -> str | None:
        lease = LEASES.get(term.get("LeaseContractLength", ""))
        purchase = {v: k for k, v in PURCHASE_OPTIONS.items()}.get(term.get("PurchaseOption", ""))
        return f"reserved-{lease}-{purchase}" if lease and purchase else None
