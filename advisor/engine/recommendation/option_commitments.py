"""What the chosen deployment of an option costs under each AWS commitment, beside on-demand.

Every instance of the topology (primary, standby, replicas, DR copy) is quoted on its own Region's prices
(``pricing.engine.commitments.comparison``), and the quotes are summed (``pricing.engine.commitments.totals``): a commitment
counts only where every instance can buy it. What no commitment changes is added to each alike: Oracle licences
(counted once for every licensed server: a run-rate a month, and as cash the purchase in month 1 and support
yearly), redo shipped to standbys, the primary's backups and the SE2 DR copy's backup storage.

Pure Python. Returns None (with nothing guessed) when the topology is not fully priced.
"""

from __future__ import annotations

from decimal import Decimal

from advisor.engine.topology import Topology, member_book
from pricing.engine.calculator import EstimateInvalid
from pricing.engine.cash_flow import CashFlow, cash_flow, licence_cash
from pricing.engine.commitments.comparison import CommitmentComparison, commitment_quotes
from pricing.engine.commitments.totals import CommitmentSummary, CommitmentTotal, combine_quotes
from pricing.engine.licences.cost import LicenceInvalid
from pricing.engine.prices.book import PriceBook, PriceNotFound


def option_commitments(
    topology: Topology, book: PriceBook, home: str, *, vcpus: int, hyperthreading: bool
) -> CommitmentSummary | None:
    """Each commitment's cost for the whole topology; None when some member has no on-demand price."""
    if not topology.priced:
        return None
    comparisons: list[CommitmentComparison] = []
    unchanged = sum((line.monthly_usd for line in (*topology.transfer, *topology.backups)), Decimal("0.00"))
    for member in topology.members:
        if member.config is None:  # e.g. replicated backups: storage, bought on demand whatever is committed
            unchanged += member.monthly_usd
            continue
        prices = member_book(book, member.plan, home)
        try:
            comparisons.append(commitment_quotes(member.config, prices, vcpus=vcpus, hyperthreading=hyperthreading))
        except (EstimateInvalid, PriceNotFound, LicenceInvalid):
            return None
    if not comparisons:
        return None
    return combine_quotes(comparisons, extra_monthly_usd=unchanged, licence=licence_cash(topology.licence))


def best_commitment(summary: CommitmentSummary | None) -> CommitmentTotal | None:
    """The cheapest priced commitment over 36 months, when it beats on-demand; None otherwise."""
    if summary is None or summary.best_36_months in (None, "on-demand"):
        return None
    return summary.total(summary.best_36_months)


def topology_cash_flow(topology: Topology) -> CashFlow:
    """The chosen deployment on-demand on both bases: run-rate a month, and cash as paid by year and month."""
    return cash_flow(aws_monthly_usd=topology.aws_monthly_usd, licence=licence_cash(topology.licence))
