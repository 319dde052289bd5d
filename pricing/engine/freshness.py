"""How old the prices behind a figure are, and whether to say so out loud.

A bill is read from price rows that each carry the date AWS (or Oracle) published them. When the oldest row a
page or a PDF relies on is older than a threshold (``settings.PRICE_STALE_AFTER_DAYS``, 180 days by default) the
reader is told, with what to refresh: prices drift (AWS cut and raised rates, launched new generations), and a
comparison on old rows must not pass for today's.

Pure Python: the caller passes today's date and the threshold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

DEFAULT_STALE_AFTER_DAYS = 180


@dataclass(frozen=True, slots=True)
class PriceAge:
    """The dates of the rows used, how old the oldest is, and the words the page shows."""

    oldest: date
    newest: date
    days_old: int  # of the oldest row
    threshold_days: int
    stale: bool
    regions: tuple[str, ...]
    message: str

    @property
    def span(self) -> str:
        return self.oldest.isoformat() if self.oldest == self.newest else f"{self.oldest} to {self.newest}"


def _dates(values: Iterable[str]) -> list[date]:
    found = []
    for value in values:
        try:
            found.append(date.fromisoformat(str(value)[:10]))
        except ValueError:
            continue  # a row without a parseable date says nothing about age
    return sorted(set(found))


def _years_and_days(days: int) -> str:
    if days < 365:
        return f"{days} days"
    years, rest = divmod(days, 365)
    return (
        f"{years} year{'s' if years > 1 else ''} and {rest} days" if rest else f"{years} year{'s' if years > 1 else ''}"
    )


def price_age(
    as_of: Iterable[str], *, today: date, threshold_days: int = DEFAULT_STALE_AFTER_DAYS, regions: Iterable[str] = ()
) -> PriceAge | None:
    """The age of the prices dated ``as_of`` (ISO dates) on ``today``; None when no date is known.

    ``regions`` name the AWS Regions whose Price List an admin would refresh; the message names them."""
    dates = _dates(as_of)
    if not dates:
        return None
    if threshold_days < 1:
        raise ValueError(f"threshold_days: a whole number of days of at least 1 (got {threshold_days})")
    oldest, newest = dates[0], dates[-1]
    days_old = max((today - oldest).days, 0)
    where = tuple(sorted({r for r in regions if r}))
    stale = days_old > threshold_days
    span = oldest.isoformat() if oldest == newest else f"{oldest} to {newest}"
    if stale:
        refresh = f"the AWS Price List for {', '.join(where)}" if where else "the AWS Price List"
        message = (
            f"Prices date from {span}: the oldest is {_years_and_days(days_old)} old, past the "
            f"{threshold_days}-day limit this site is set to. AWS may have changed them since; "
            f"an admin can refresh {refresh} on the Prices page."
        )
    else:
        message = f"Prices date from {span} ({_years_and_days(days_old)} old at most)."
    return PriceAge(oldest, newest, days_old, threshold_days, stale, where, message)
