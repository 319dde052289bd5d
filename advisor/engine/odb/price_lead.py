"""Oracle Database@AWS at a later price list seen only unconfirmed: what its total would be, never its price.

Pure Python. The X11M servers are priced at Oracle's list held (2026-01-05); a third-party copy of a later Oracle
list (2026-07-01) gives higher server prices that no source held confirms (``odb_prices.json``'s price warning).
They are not the price: the lines and totals stay at the list held. They only say how much higher the total could
be, so that where the ranking places Oracle Database@AWS ahead of another option it can say whether the order would
hold at those prices. Lines priced at the buyer's quoted rate keep it; a discount off list applies to the later list
too.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from advisor.engine.odb.rates import QUOTED, CostLine
from pricing.engine.odb_prices import OdbPriceList
from pricing.engine.prices.book import round_cents


@dataclass(frozen=True, slots=True)
class LeadRate:
    kind: str  # "database server", "storage server"
    usd_per_hour: Decimal  # the list held's
    lead_usd_per_hour: Decimal  # the later list's, unconfirmed


@dataclass(frozen=True, slots=True)
class PriceLead:
    """The requested total with the infrastructure lines repriced at the later, unconfirmed list: a comparison only."""

    listed_as_of: str  # the list the lines are priced at
    document: str  # the later list, as people know it
    lead_as_of: str  # its date
    rates: tuple[LeadRate, ...]
    infrastructure_usd: Decimal  # the repriced lines at the list held, a month
    lead_infrastructure_usd: Decimal  # the same lines at the later list, a month
    monthly_usd: Decimal  # the requested total at the list held (the price)
    lead_monthly_usd: Decimal  # the requested total were the later list confirmed (not the price)


def price_lead(lines: tuple[CostLine, ...], monthly_usd: Decimal | None, prices: OdbPriceList) -> PriceLead | None:
    """The total at the later list's server prices, or None when no line it would reprice is in the total (none
    priced, every server at the buyer's quoted rate, or no later figure held)."""
    if monthly_usd is None:
        return None
    now = later = Decimal("0.00")
    rates: dict[str, LeadRate] = {}
    warning, listed = None, ""
    for line in lines:
        found = prices.warnings_for(line.part_number)
        lead = next((w.lead_usd_per_hour[line.part_number] for w in found if line.part_number in w.lead_usd_per_hour),
                    None)  # fmt: skip
        if lead is None or line.monthly_usd is None or line.unit_price_usd is None or line.rate_basis == QUOTED:
            continue
        row = next(p for p in prices.prices if p.part_number == line.part_number)
        unit = lead * line.unit_price_usd / row.usd_price  # a discount off list lowers the later list alike
        now += line.monthly_usd
        later += round_cents(line.quantity * unit * line.hours)
        kind = row.component.removeprefix("infrastructure: ")
        rates.setdefault(kind, LeadRate(kind, row.usd_price, lead))
        warning, listed = found[0], row.as_of
    if warning is None:
        return None
    return PriceLead(listed, warning.lead_document, warning.lead_as_of, tuple(rates.values()), now, later,
                     monthly_usd, monthly_usd - now + later)  # fmt: skip


def _money(usd: Decimal) -> str:
    return f"${usd:,.2f}"


def lead_caveat(lead: PriceLead) -> str:
    """The short words beside Oracle Database@AWS's total."""
    return f"infrastructure at Oracle's list of {lead.listed_as_of}; a later list (not confirmed) may be higher"


def lead_words(lead: PriceLead) -> str:
    """The later list's prices and what they would make the total, labelled as unconfirmed and not the price."""
    hourly = " and ".join(f"${r.lead_usd_per_hour.normalize():f} an hour a {r.kind} (${r.usd_per_hour.normalize():f} "
                          "on the list used)" for r in lead.rates)  # fmt: skip
    return (
        f"Oracle Database@AWS's infrastructure is priced at Oracle's list of {lead.listed_as_of}. A later list, "
        f"{lead.document} of {lead.lead_as_of}, is seen only in a third-party copy and is not confirmed; it gives "
        f"{hourly}. At those prices the infrastructure would be {_money(lead.lead_infrastructure_usd)} a month "
        f"instead of {_money(lead.infrastructure_usd)}, and the total {_money(lead.lead_monthly_usd)} instead of "
        f"{_money(lead.monthly_usd)}: a figure not confirmed, not used as the price."
    )
