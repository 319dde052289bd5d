"""One product's Oracle licence lines: the purchase of the licences to buy, amortised, and the support of every
licence required and of those owned beyond it, each in words that say the count, the price and where it comes from.

Pure Python (pydantic v2, no Django); ``cost`` counts the licences and calls ``product_lines`` for each product.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pricing.engine.licences.contract import LicenceConfig, LicenceLine
from pricing.engine.licences.prices import LicencePriceList, ProductPrice
from pricing.engine.prices.terms import round_cents

MONTHS_PER_YEAR = 12


@dataclass(frozen=True, slots=True)
class ProductTerms:
    """What every product's lines share: the config's terms, the price list, and how they are said."""

    config: LicenceConfig
    prices: LicencePriceList
    months: Decimal  # the amortisation term in months
    rate_words: str  # "22%"
    uplifted: str  # ", rising 3% a year (the average over 3 years)" or ""
    uplift: Decimal  # the term's average support over year 1's
    unit: str  # "processor licence", "socket licence", "Named User Plus licence"

    @property
    def named_user_plus(self) -> bool:
        return self.config.metric == "nup"


def product_lines(
    product: ProductPrice,
    terms: ProductTerms,
    *,
    list_price: Decimal,
    net: Decimal,
    required: int,
    owned: int,
    to_buy: int,
    purchase: Decimal,
    support: Decimal,
    counted_words: str = "",
    surplus: int = 0,
) -> list[LicenceLine]:
    """The purchase line (when licences are bought and counted) and the support line of one product.
    ``counted_words``: how the count was reached, said on each line (Named User Plus: named users, the minimum);
    ``surplus``: licences owned beyond those required, whose support the support line counts too."""
    config, prices, unit = terms.config, terms.prices, terms.unit
    rate = prices.support_rate.value
    if terms.named_user_plus:  # the product's source quotes its processor price: the line says its own
        source = f"{prices.nup_rule.title}: {product.name}, ${list_price:,} per Named User Plus"
    else:
        source = f"{prices.price_list.title}: {product.source}"
    stated_support = product.nup_support_usd_per_year if terms.named_user_plus else product.support_usd_per_year
    disc = f", {config.discount_pct.normalize():f}% off list ${list_price:,}" if config.discount_pct else ""
    counted = f" ({counted_words})" if counted_words else ""
    out = []
    if to_buy and config.count_purchase:
        out.append(
            LicenceLine(
                name=f"Oracle {product.name}: {to_buy} {unit}(s) to buy at ${net:,.2f}{disc}, amortised over "
                f"{config.term_years} years" + counted,
                quantity=Decimal(to_buy),
                unit=unit,
                unit_price_usd=(net / terms.months).quantize(Decimal("0.000001")),
                monthly_usd=round_cents(purchase / terms.months),
                source=source,
                as_of=product.as_of,
            )
        )
    if surplus:
        held = f" ({owned + surplus} owned: {required} needed here, {surplus} beyond the need)"
    else:
        held = f" ({owned} owned, {to_buy} bought)" if owned else ""
    out.append(
        LicenceLine(
            name=f"Oracle {product.name} support: {required + surplus} {unit}(s){counted} at {terms.rate_words} a "
            f"year of ${net:,.2f}" + terms.uplifted + held,
            quantity=Decimal(required + surplus),
            unit=unit,
            unit_price_usd=(net * rate * terms.uplift / MONTHS_PER_YEAR).quantize(Decimal("0.000001")),
            monthly_usd=round_cents(support / MONTHS_PER_YEAR),
            source=f"{source}; support: {prices.support_rate.source}",
            as_of=product.as_of,
            note=""
            if stated_support is not None
            else (
                f"support price not in the price list held: taken at Oracle's standard {terms.rate_words} a year of the "
                "licence price"
            ),
        )
    )
    return out


@dataclass(frozen=True, slots=True)
class SurplusOwned:
    """A product owned beyond what the deployment needs: those beyond are still supported unless terminated."""

    name: str
    owned: int
    required: int


def surplus_note(surplus: list[SurplusOwned], prices: LicencePriceList) -> str:
    """Said where an option needs fewer licences than owned: how many are beyond the need, that their support is
    counted as on every option, and what Oracle's support policies let a customer save of it (by terminating them)."""
    rule = prices.support_reduction_rule
    items = "; ".join(
        f"{s.owned - s.required} of the {s.owned} {s.name} licences owned ({s.required} needed)" for s in surplus
    )
    return (
        f"Owned beyond what this option needs: {items}. Their support is still paid, so it is counted here as on an "
        f"option that needs them all; it is saved only by terminating those licences. {rule.text.rstrip('.')} "
        f"({rule.shown_as}, as of {rule.as_of})."
    )
