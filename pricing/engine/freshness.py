"""How old the prices behind a figure are, and whether to say so out loud.

A bill is read from price rows that each carry the date AWS (or Oracle) published them. Every place that dates the
prices (a page's banner, the comparison table, a PDF's cover and footer, an estate's pages) says the one line
``price_dates_line`` makes from the rows used: "Prices as of 2023-02-23 to 2024-04-04 (AWS Price List, eu-west-1)".
When the oldest row is older than a threshold (``settings.PRICE_STALE_AFTER_DAYS``, 180 days by default) the reader is
told, in neutral words: prices drift (AWS cut and raised rates, launched new generations), and a comparison on old
rows must not pass for today's. What an admin can do about it (``admin_hint``) is said to staff only, by the page.

Pure Python: the caller passes today's date and the threshold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

DEFAULT_STALE_AFTER_DAYS = 180


@dataclass(frozen=True, slots=True)
class PriceAge:
    """The dates of the rows used, how old the oldest is, and the words the page shows: ``message`` to anyone who
    reads the figures, ``admin_hint`` (what to refresh, and where) to staff on the web page only."""

    oldest: date
    newest: date
    days_old: int  # of the oldest row
    threshold_days: int
    stale: bool
    regions: tuple[str, ...]
    message: str
    line: str = ""  # price_dates_line: "Prices as of … (AWS Price List, …)"
    admin_hint: str = ""

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


def price_dates_line(as_of: Iterable[str], regions: Iterable[str] = ()) -> str:
    """The one line that dates the prices behind a figure, from the dates (ISO) and AWS Regions of the price rows
    used: "Prices as of 2023-02-23 to 2024-04-04 (AWS Price List, eu-west-1 and us-east-1)"; "" when no date is
    known. Every page, table, PDF and footer that dates prices says this line, so they cannot disagree."""
    dates = _dates(as_of)
    if not dates:
        return ""
    oldest, newest = dates[0], dates[-1]
    span = oldest.isoformat() if oldest == newest else f"{oldest} to {newest}"
    where = sorted({r for r in regions if r})
    named = ", ".join(where[:-1]) + f" and {where[-1]}" if len(where) > 1 else "".join(where)
    return f"Prices as of {span} (AWS Price List{', ' + named if named else ''})"


def price_age(
    as_of: Iterable[str], *, today: date, threshold_days: int = DEFAULT_STALE_AFTER_DAYS, regions: Iterable[str] = ()
) -> PriceAge | None:
    """The age of the prices dated ``as_of`` (ISO dates) on ``today``; None when no date is known.

    ``regions`` are the AWS Regions of those rows: the line names them, and the staff-only hint says which Price
    List to refresh."""
    dates = _dates(as_of)
    if not dates:
        return None
    if threshold_days < 1:
        raise ValueError(f"threshold_days: a whole number of days of at least 1 (got {threshold_days})")
    oldest, newest = dates[0], dates[-1]
    days_old = max((today - oldest).days, 0)
    where = tuple(sorted({r for r in regions if r}))
    stale = days_old > threshold_days
    line = price_dates_line((d.isoformat() for d in dates), where)
    hint = ""
    if stale:
        message = (
            f"{line}: the oldest is {_years_and_days(days_old)} old, more than {threshold_days} days. Prices may "
            "have changed since; confirm current AWS prices before relying on these figures."
        )
        refresh = f"the AWS Price List for {', '.join(where)}" if where else "the AWS Price List"
        hint = f"An admin can refresh {refresh} on the Prices page."
    else:
        message = f"{line}, {_years_and_days(days_old)} old at most."
    return PriceAge(oldest, newest, days_old, threshold_days, stale, where, message, line, hint)
