"""What switching a price snapshot would do to what other apps have saved: a registry of impact providers.

Pricing knows snapshots, not assessments, and must not import the advisor (advisor builds on pricing). So the advisor
registers a provider at start-up (``AdvisorConfig.ready``) and the snapshot pages ask ``impact_of`` which saved
things change, and by how much, when one snapshot replaces another for a Region and service.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pricing.models import PriceSnapshot

logger = logging.getLogger(__name__)
IMPACT_LIMIT = 200  # at most this many saved items are priced twice per page; the rest are counted
IMPACT_SECONDS = 20.0  # and no longer than this (a page must answer before the server's 30 s worker timeout)


class _Totals:
    """Before and after of a monthly total, with the change in dollars and percent, signed for the page."""

    before_usd: Decimal | None
    after_usd: Decimal | None

    @property
    def difference_usd(self) -> Decimal | None:
        return None if self.before_usd is None or self.after_usd is None else self.after_usd - self.before_usd

    @property
    def change_pct(self) -> Decimal | None:
        d = self.difference_usd
        return None if d is None or not self.before_usd else d / self.before_usd * 100

    @property
    def difference_text(self) -> str:
        d = self.difference_usd
        return "" if d is None else f"{_sign(d)}${abs(d):,.2f}" if d else "no change"

    @property
    def change_text(self) -> str:
        pct = self.change_pct
        return "" if pct is None or not self.difference_usd else f"{_sign(pct)}{abs(pct):,.1f} %"


def _sign(amount: Decimal) -> str:
    return "+" if amount > 0 else "−" if amount < 0 else ""


@dataclass(frozen=True)
class OptionChange(_Totals):
    """One deployment option's monthly total with the prices in force (before) and the candidate's (after); None
    when the option is not priced on that side. ``*_choice`` says what was chosen (the instance class) on each side."""

    label: str
    before_usd: Decimal | None
    after_usd: Decimal | None
    before_choice: str = ""
    after_choice: str = ""


@dataclass(frozen=True)
class Impact(_Totals):
    """A saved item whose price changes: its recommended option's monthly total before and after, and every option
    whose total changes. ``before_option``/``after_option`` name the recommended option on each side (they differ
    when the new prices make another option the cheapest)."""

    name: str
    url: str
    before_usd: Decimal | None
    after_usd: Decimal | None
    options: tuple[OptionChange, ...]
    before_option: str = ""
    after_option: str = ""
    detail: str = ""  # customer, project, which of its Regions the snapshot prices

    @property
    def size(self) -> tuple[Decimal, Decimal]:
        """How much it changes, to sort by: the largest change of the recommended total or any option's, then the
        recommended total's."""
        headline = abs(self.difference_usd or Decimal(0))
        options = [abs(d) for o in self.options if (d := o.difference_usd) is not None]
        return max([headline, *options]), headline


@dataclass(frozen=True)
class Failure:
    """A saved item that uses the Region's prices but could not be priced (e.g. stored by an older schema)."""

    name: str
    url: str
    reason: str


@dataclass(frozen=True)
class ImpactReport:
    """Every provider's answer together: the items that change (largest change first), how many do not, how many
    were left uncomputed (beyond ``limit`` or the time budget) and which failed."""

    impacts: tuple[Impact, ...] = ()
    unchanged: int = 0
    not_computed: int = 0
    failures: tuple[Failure, ...] = ()
    limit: int = IMPACT_LIMIT
    providers: int = 1
    problems: tuple[str, ...] = field(default=())  # a provider that broke, in words

    @property
    def considered(self) -> int:
        return len(self.impacts) + self.unchanged + self.not_computed + len(self.failures)


class ImpactProvider(Protocol):
    def __call__(
        self,
        *,
        region: str,
        service: str,
        candidate: PriceSnapshot,
        base: PriceSnapshot | None,
        limit: int,
        seconds: float,
    ) -> ImpactReport: ...


_PROVIDERS: list[ImpactProvider] = []


def register_impact_provider(provider: ImpactProvider) -> ImpactProvider:
    """Ask ``provider`` too when a snapshot's impact is wanted; registering the same function twice is a no-op."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)
    return provider


def unregister_impact_provider(provider: ImpactProvider) -> None:
    if provider in _PROVIDERS:
        _PROVIDERS.remove(provider)


def impact_of(
    region: str,
    service: str,
    candidate: PriceSnapshot,
    *,
    base: PriceSnapshot | None = None,
    limit: int = IMPACT_LIMIT,
    seconds: float = IMPACT_SECONDS,
) -> ImpactReport:
    """What changes when ``candidate`` prices ``service`` in ``region`` instead of ``base`` (None: the current
    snapshot), by every registered provider. A provider that breaks is reported in words, never raised: the page
    that asks must still open."""
    if (candidate.region, candidate.service) != (region, service):
        raise ValueError(
            f"snapshot #{candidate.pk} prices {candidate.service} {candidate.region}, not {service} {region}"
        )
    if base is not None and (base.region, base.service) != (region, service):
        raise ValueError(f"snapshot #{base.pk} prices {base.service} {base.region}, not {service} {region}")
    impacts: list[Impact] = []
    failures: list[Failure] = []
    problems: list[str] = []
    unchanged = not_computed = 0
    for provider in list(_PROVIDERS):
        try:
            report = provider(
                region=region, service=service, candidate=candidate, base=base, limit=limit, seconds=seconds
            )
        except Exception as error:  # one broken provider must not hide the others or break the page
            logger.exception("impact provider %r failed", provider)
            name = getattr(provider, "__qualname__", repr(provider))
            problems.append(f"{name} could not compute the impact ({type(error).__name__}: {error})")
            continue
        impacts += report.impacts
        failures += report.failures
        problems += report.problems
        unchanged += report.unchanged
        not_computed += report.not_computed
    impacts.sort(key=lambda i: (-i.size[0], -i.size[1], i.name))
    return ImpactReport(
        tuple(impacts), unchanged, not_computed, tuple(failures), limit, len(_PROVIDERS), tuple(problems)
    )
