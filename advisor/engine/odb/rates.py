"""Oracle Database@AWS cost lines and the rates they are priced at: Oracle's list price, or the buyer's own.

Pure Python. Oracle Database@AWS is bought by AWS Marketplace private offer, so the held list prices are a reference,
not the price paid. A quoted rate replaces the list price of its line; a discount lowers the list price of the lines
that have no quoted rate. A quoted rate must be above 0 and at most ``MAX_TIMES_LIST`` times the list price: beyond
that it is surely a typing error (a sanity bound this advisor sets, not a fact about Oracle's prices).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from pricing.engine.odb_prices import DEDICATED, OdbPrice, odb_price_list
from pricing.engine.prices.book import round_cents

Kind = Literal["database server", "storage server", "ECPU"]
LineModel = Literal["both", "li", "byol"]
MAX_TIMES_LIST = 10
"""A quoted Oracle Database@AWS rate above this many times its line's list price is refused as a typing error. A
sanity bound this advisor sets, not a fact about Oracle's prices."""
UNITS: dict[str, str] = {
    "database server": "database server-hour",
    "storage server": "storage server-hour",
    "ECPU": "ECPU-hour",
}
QUOTED = "your quoted rate"


@dataclass(frozen=True, slots=True)
class CostLine:
    """One monthly line; ``unit_price_usd``/``monthly_usd`` None = the price list lacks the SKU (see ``note``).
    ``rate_basis`` says where the unit price came from: Oracle's list price (and its date), less a discount, or the
    buyer's quoted rate."""

    name: str
    quantity: Decimal
    unit: str
    hours: Decimal
    unit_price_usd: Decimal | None
    monthly_usd: Decimal | None
    part_number: str
    source: str
    as_of: str
    note: str
    licence_model: LineModel  # which total it belongs to: both, License Included only, BYOL only
    copy: Literal["primary", "standby"]
    rate_basis: str = ""
    kind: Literal["infrastructure", "compute", "licence"] = "infrastructure"


@dataclass(frozen=True, slots=True)
class OdbRates:
    """The buyer's private-offer terms; the defaults price every line at Oracle's list price."""

    infrastructure_discount_pct: Decimal = Decimal(0)
    database_server_usd_per_hour: Decimal | None = None
    storage_server_usd_per_hour: Decimal | None = None
    ecpu_discount_pct: Decimal = Decimal(0)
    ecpu_usd_per_hour: Decimal | None = None

    def quoted(self, kind: str) -> Decimal | None:
        return {
            "database server": self.database_server_usd_per_hour,
            "storage server": self.storage_server_usd_per_hour,
        }.get(kind, self.ecpu_usd_per_hour)

    def discount(self, kind: str) -> Decimal:
        return (
            self.infrastructure_discount_pct
            if kind in ("database server", "storage server")
            else self.ecpu_discount_pct
        )

    @property
    def any(self) -> bool:
        return self != OdbRates()


def reference_row(kind: Kind, generation: str = "X11M") -> OdbPrice:
    """The list-price row a quoted rate is checked against: the X11M server, or the BYOL ECPU (the only ECPU the
    held list prices on Dedicated Infrastructure)."""
    prices = odb_price_list()
    if kind == "ECPU":
        row = prices.find(DEDICATED, "database compute ECPU", "any (ECPU-billed systems)", "BYOL")
    else:
        row = prices.find(DEDICATED, f"infrastructure: {kind}", generation, "n/a (infrastructure)")
    assert row is not None, f"the Oracle Database@AWS price list has no {kind} row"
    return row


def quoted_rate_problem(value: float | None, kind: Kind) -> str | None:
    """Why a quoted rate cannot be right, with what is accepted; None when it can be."""
    if value is None:
        return None
    row = reference_row(kind)
    most = row.usd_price * MAX_TIMES_LIST
    if 0 < Decimal(str(value)) <= most:  # the rate as typed, not its binary float
        return None
    if value <= 0:
        return f"${value:g} per {UNITS[kind]} is {'negative' if value < 0 else 'zero'}: a rate must be more than $0"
    return (
        f"${value:g} per {UNITS[kind]} is over {MAX_TIMES_LIST} times Oracle's list price of ${row.usd_price} "
        f"({row.as_of}): at most ${most.normalize():f} is taken as a rate, more is surely mistyped"
    )


def unit_rate(kind: str, list_price: Decimal | None, as_of: str, rates: OdbRates) -> tuple[Decimal | None, str]:
    """The unit price a line is priced at and the words saying where it came from."""
    quote = rates.quoted(kind)
    if quote is not None:
        return quote, QUOTED
    if list_price is None:
        return None, ""
    words, discount = f"Oracle list price, {as_of}", rates.discount(kind)
    if discount:
        return list_price * (1 - discount / 100), f"{words}, less your {discount.normalize():f} % discount"
    return list_price, words


def priced_line(
    name: str, qty: Decimal, hours: Decimal, row: OdbPrice, model: str, copy: str, *, kind: str, rates: OdbRates,
    note: str = "",
) -> CostLine:  # fmt: skip
    """A line for ``qty`` of ``row`` over ``hours``, at the buyer's rate where given, else the list price."""
    price, basis = unit_rate(kind, row.usd_price, row.as_of, rates)
    assert price is not None
    monthly = round_cents(qty * price * hours)
    return CostLine(name, qty, row.unit, hours, price, monthly, row.part_number, row.source, row.as_of, note,
                    model, copy, basis, "compute" if kind == "ECPU" else "infrastructure")  # type: ignore[arg-type]  # fmt: skip
