"""What a ranked total is counted on, in words: the prices it is read from (AWS on-demand, or Oracle's list for
Oracle Database@AWS) and whether the Oracle licences are in it; and what an Oracle Database@AWS total leaves out.

Pure Python. Oracle Database@AWS is not priced at AWS on-demand: its infrastructure and ECPUs are read from Oracle's
list (its price list says how, e.g. "Oracle's OCI list prices before any private-offer discount"), the words the
results page's price dates use for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pricing.engine.cash_flow import oracle_licences_basis

BASIS = "monthly run-rate, AWS on-demand and Oracle licences included"
BYOL_LICENCES_NOT_COUNTED = "Oracle licences you bring are not counted"
ODB_PRICES = "Oracle's list prices"  # when a result does not say which list (the price list names it)


def odb_prices_words(odb: Any) -> str:
    """The list Oracle Database@AWS's total is read from, as its price list names it."""
    return str(getattr(odb, "price_basis", "") or ODB_PRICES)


def odb_not_counted(odb: Any) -> tuple[str, ...]:
    """What an Oracle Database@AWS total leaves out that the other options' totals count: the Oracle licences brought,
    where no ECPU-per-licence ratio is held to count them, and the costs no price held covers (backups, networking);
    () when it has no total."""
    if odb is None or getattr(odb, "monthly_usd", None) is None:
        return ()
    licences = () if getattr(odb, "licences_in_total", True) else (BYOL_LICENCES_NOT_COUNTED,)
    return licences + tuple(getattr(odb, "not_priced", ()))


def _licences_words(options: Sequence[Any]) -> str:
    """ "Oracle licences included", or, where the workload asks for support only, that the licences to buy are not
    counted (every ranked option is costed alike: the choice is the workload's)."""
    for option in options:
        licence = getattr(getattr(getattr(option, "chosen", None), "topology", None), "licence", None)
        if licence is not None and not getattr(licence, "count_purchase", True):
            return oracle_licences_basis(count_purchase=False)
    return oracle_licences_basis(count_purchase=True)


def ranking_basis(options: Sequence[Any]) -> str:
    """The basis of the ranked totals (``options``: the ranked options): AWS on-demand for the AWS options, Oracle's
    list for Oracle Database@AWS, and whether the Oracle licences are in them (an Oracle Database@AWS total recommended
    alone may leave the licences brought out; support only leaves the licences to buy out of every total)."""
    licences = _licences_words(options)
    odb = next((o.odb for o in options if o.odb is not None), None)
    if odb is None:
        return f"monthly run-rate, AWS on-demand and {licences}"
    prices = odb_prices_words(odb)
    if len(options) > 1:
        return f"monthly run-rate, {licences}: AWS on-demand, and Oracle Database@AWS at {prices}"
    if not getattr(odb, "licences_in_total", True):
        return f"monthly run-rate at {prices}; {BYOL_LICENCES_NOT_COUNTED}"
    return f"monthly run-rate at {prices}, {licences}"
