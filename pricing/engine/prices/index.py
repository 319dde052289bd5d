"""Price rows indexed once, by Region, service and product family: what every lookup of the price book stands on.

Pure Python (no Django). ``PriceIndex`` answers for the book as a whole (its Regions, their newest price dates and
sources), hands each lookup its small bucket of rows, turns "nothing matched" into a ``PriceNotFound`` that says
where it looked and what is priced, and picks an instance's row for a commitment (on-demand, a reservation or a
Savings Plan; the vocabulary is ``commitments.terms``). ``RdsLookups`` and ``Ec2Lookups`` build on it; ``PriceBook`` is both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date

from pricing.engine.commitments.terms import SPECS, is_effective_rate, spec_of_row
from pricing.engine.prices.answers import BILLS_KEPT, Answers
from pricing.engine.prices.terms import InstancePrice, PriceNotFound, TermIncomplete, listing, pick
from pricing.engine.rows import PriceRow

PAID_UPFRONT = ("Partial Upfront", "All Upfront")  # the reserved terms AWS prices with an upfront fee (Quantity) row


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
        self._vcpus: dict[tuple[str, str, tuple[str, ...]], dict[str, int]] = {}  # built on first use
        self.answers = Answers()  # lookups answered once (the rows never change)
        self.bills = Answers(BILLS_KEPT)  # whole bills and commitment comparisons (``answers.answered``)
        for region, rows_ in self._regions.items():
            for r in rows_:  # on-demand rows date a service's snapshot: commitment rows may be newer
                key = (region, r.service)
                if r.term == "OnDemand" and (
                    key not in self._service_snapshot or r.as_of > self._service_snapshot[key]
                ):
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
        """Where a price was looked for: the region and the newest on-demand price date of that service's rows there."""
        as_of = self._service_snapshot.get((region, service or ""), self._snapshot[region])
        return f"{region} (prices as of {as_of.isoformat()})"

    def _rows(self, region: str, service: str, *families: str) -> list[PriceRow]:
        self._require_region(region)
        return [row for family in families for row in self._buckets.get((region, service, family), ())]

    def _one(
        self, service: str, rows: Iterable[PriceRow], field: str, what: str, region: str, accepted: str
    ) -> PriceRow:
        row = pick(rows)
        if row is None:
            raise PriceNotFound(field, f"no {what} price in {self._where(region, service)}; {accepted}")
        return row

    def _instance_vcpus(self, region: str, service: str, families: tuple[str, ...], instance: str) -> int | None:
        """The ``vcpu`` attribute of any row of the instance, when the rows carry it (live price-list rows do)."""
        if region not in self._regions:
            return None
        key = (region, service, families)
        if key not in self._vcpus:  # the first row of each instance that carries a vCPU count, as a scan would find
            found: dict[str, int] = {}
            for r in self._rows(region, service, *families):
                name, vcpu = r.attributes.get("instanceType"), r.attributes.get("vcpu", "")
                if name and name not in found and vcpu.isdigit():
                    found[name] = int(vcpu)
            self._vcpus[key] = found
        return self._vcpus[key].get(instance)

    # --- commitments ---------------------------------------------------------------------------------

    @staticmethod
    def _by_commitment(rows: Iterable[PriceRow]) -> dict[str, dict[str, list[PriceRow]]]:
        """Instance-hour rows by commitment key, then by unit (Hrs, and Quantity for an upfront fee)."""
        found: dict[str, dict[str, list[PriceRow]]] = defaultdict(lambda: defaultdict(list))
        for r in rows:
            spec = spec_of_row(r)
            if spec is not None and r.unit in ("Hrs", "Quantity"):
                found[spec.key][r.unit].append(r)
        return found

    def _available(self, rows: Iterable[PriceRow]) -> tuple[str, ...]:
        """The commitments priced by ``rows`` (an hourly row each, and the upfront fee row a term of AWS's own split
        paid upfront has), in display order."""
        found = self._by_commitment(rows)
        return tuple(key for key in SPECS if found.get(key, {}).get("Hrs") and not _incomplete(key, found[key]))

    def _commit(
        self, rows: list[PriceRow], commitment: str, what: str, region: str, *, not_sold: str = ""
    ) -> InstancePrice:
        """The rows of ``commitment``; ``not_sold``: why AWS does not sell it for this instance (then said instead of
        'no price held')."""
        found = self._by_commitment(rows)
        spec = SPECS.get(commitment)
        units = found.get(commitment, {})
        hourly = pick(units.get("Hrs", []))
        if spec is None or hourly is None:
            available = self._available(rows)
            if not_sold:
                raise PriceNotFound("commitment", f"{not_sold}; accepted for {what}: {', '.join(available) or 'none'}")
            raise PriceNotFound(
                "commitment",
                f"no {commitment} price held for {what} in {self._where(region)}; "
                f"commitments priced: {', '.join(available) or 'none'}",
            )
        if spec.kind == "on-demand":
            return InstancePrice(hourly, None, commitment, spec.label, None)
        upfront = pick(units.get("Quantity", []))
        if upfront is None and _incomplete(commitment, units):
            raise TermIncomplete(
                "commitment",
                f"{commitment} for {what} in {self._where(region)} cannot be priced: AWS sells every "
                f"{spec.purchase_option} term with an upfront fee, and the prices held give its hourly fee (SKU "
                f"{hourly.sku}) but not that upfront fee",
            )
        return InstancePrice(hourly, upfront, commitment, spec.label, spec.months, is_effective_rate(hourly))


def _incomplete(commitment: str, units: dict[str, list[PriceRow]]) -> bool:
    """A reserved term of AWS's own split paid upfront whose hourly row is held without its upfront fee row: it
    cannot be priced (an effective rate has the upfront fee inside it and needs none)."""
    spec = SPECS[commitment]
    if spec.kind != "reserved" or spec.purchase_option not in PAID_UPFRONT or units.get("Quantity"):
        return False
    hourly = pick(units.get("Hrs", []))
    return hourly is not None and not is_effective_rate(hourly)
