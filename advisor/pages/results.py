"""What the results page (and the PDF, which renders the same context) shows, built from one Recommendation.

No Django imports: plain data for the template, so the page, its htmx partial and the print template share it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from functools import cached_property
from typing import Any

from advisor.engine.odb.exadata import OdbResult
from advisor.engine.odb.option import odb_cash_flow, odb_lines
from advisor.engine.odb.price_lead import lead_caveat
from advisor.engine.odb.words import odb_words
from advisor.engine.recommendation.option_commitments import topology_cash_flow
from advisor.engine.recommendation.price_leads import price_lead_words
from advisor.engine.recommendation.ranking import LeftOut, Ranking
from advisor.engine.recommendation.ranking_words import (
    awaiting_words,
    below_words,
    left_out_words,
    licence_gap_words,
    unbuilt_words,
)
from advisor.engine.recommendation.recommender import (
    NEAR_TIE,
    Candidate,
    OptionRecommendation,
    Recommendation,
)
from advisor.engine.sizing import SizingPolicy
from advisor.pages import charts
from advisor.pages.candidate_words import configuration_words, coremark_words, licence_count_words, storage_words
from advisor.pages.commitment_words import (
    CommitmentRow,
    best_running_totals,
    commitment_rows,
    commitment_words,
    not_known_by_reason,
    unpriced_by_reason,
)
from pricing.engine.calculator import as_of_span
from pricing.engine.cash_flow import CashFlow, cash_flow
from pricing.engine.freshness import DEFAULT_STALE_AFTER_DAYS, price_age, price_dates_line
from pricing.engine.licences.prices import licence_price_list
from pricing.engine.odb_prices import odb_price_list
from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import named_sources, region_of

COMPONENTS: tuple[tuple[str, str], ...] = (
    ("infrastructure", "Exadata infrastructure"),
    ("compute", "Compute"),
    ("storage", "Storage"),
    ("iops", "IOPS and IO requests"),
    ("throughput", "Throughput"),
    ("backup", "Backup"),
    ("monitoring", "Monitoring"),
    ("transfer", "Redo shipped to standbys"),
    ("licences", "Oracle licences"),
    ("other", "Other"),
)
MONTHS = 36
IF_UNBLOCKED = "what it would cost if the blocker were removed"
UNLIKE = {"alone": ("partial", "partial"), "partial": ("partial: not compared", "partial"),
          "retiring": ("where it runs now: not compared", "not compared")}  # fmt: skip


@dataclass(frozen=True)
class CostPart:
    key: str
    label: str
    monthly_usd: Decimal


@dataclass(frozen=True)
class Column:
    option: OptionRecommendation
    parts: tuple[CostPart, ...]
    monthly_usd: Decimal | None
    configuration: str
    storage: str
    alternatives: tuple[tuple[Candidate, Decimal, bool], ...]  # candidate, difference, near tie
    left_out: LeftOut | None = None  # not ranked (blocked, unpriced, or a total on another basis), with why
    brief: str = ""  # the configuration in the side-by-side table and the summary (the instance store in a few words)
    alone: bool = False  # recommended alone on a partial total: the one option the rules allow that has a price

    @property
    def blocked(self) -> bool:
        return self.option.verdict.verdict == "blocked"

    @property
    def ranked(self) -> bool:
        return self.left_out is None

    @property
    def cost_note(self) -> str:
        """Beside a total that is not ranked: what the figure is (a blocked option's, or one on another basis)."""
        if self.monthly_usd is None or self.left_out is None:
            return ""
        if self.left_out.kind == "blocked":
            return IF_UNBLOCKED
        return f"not compared: {self.left_out.reason}" if self.left_out.kind in ("partial", "retiring") else ""

    @property
    def unlike(self) -> tuple[str, str]:
        """Why a total charted is not ranked like for like, in full and short (under its bar, a printed chart being
        narrow): left out as partial or as where the database runs now, or recommended alone on a partial total."""
        kind = "alone" if self.alone else self.left_out.kind if self.left_out is not None else ""
        return UNLIKE.get(kind, ("", ""))

    @property
    def like_for_like(self) -> bool:
        return not self.unlike[0]

    @property
    def chart_label(self) -> str:  # the option's name in the charts' legends and tables, with why it is not compared
        return f"{self.option.label} ({self.unlike[0]})" if self.unlike[0] else self.option.label

    @property
    def bar_label(self) -> str:  # ...under its bar: short, a legend key saying what its hatching means
        return f"{self.option.label} ({self.unlike[1]})" if self.unlike[1] else self.option.label

    @property
    def cost_tag(self) -> str:
        """The short form beside the figures after the monthly total, which carries the whole note."""
        note = self.cost_note
        return "" if not note else IF_UNBLOCKED if note == IF_UNBLOCKED else "not compared (see the monthly total)"

    @property
    def price_caveat(self) -> str:  # Oracle Database@AWS's: its list, which a later (unconfirmed) one may raise
        lead = getattr(self.option.odb, "price_lead", None)
        return "" if lead is None or self.monthly_usd is None else lead_caveat(lead)

    @property
    def coremark(self) -> str:
        return coremark_words(self.option.chosen) if self.option.chosen is not None else ""

    @property
    def commitment(self) -> str:
        return commitment_words(self.option)

    @property
    def licence_count(self) -> str:
        return licence_count_words(self.option.chosen) if self.option.chosen is not None else ""

    @property
    def commitments(self) -> tuple[CommitmentRow, ...]:
        return commitment_rows(self.option)

    @property
    def unpriced_commitments(self) -> tuple[tuple[str, str], ...]:
        return unpriced_by_reason(self.commitments)

    @property
    def commitments_not_known(self) -> tuple[tuple[str, str], ...]:
        return not_known_by_reason(self.commitments)

    @property
    def commitment_running_totals(self) -> tuple[str, Decimal, Decimal, Decimal] | None:
        return best_running_totals(self.option)

    @property
    def prices_as_of(self) -> str:
        """The dates of the price rows this option's bill was read from (they can differ by source)."""
        chosen = self.option.chosen
        if chosen is None:
            return ""
        return as_of_span(chosen.topology.prices_as_of)

    @property
    def unpriced_reason(self) -> str:
        if self.option.unpriced_reason:
            return self.option.unpriced_reason
        if self.option.unmet:
            return "Nothing in the catalog meets the need"
        return "No prices for this edition and licence model in this region"

    @cached_property
    def cash(self) -> CashFlow | None:
        """On-demand on both bases: the run-rate a month, and cash as paid by year and month (licence purchase in
        month 1, support yearly); Oracle Database@AWS bills its infrastructure and ECPUs a month, and the BYOL
        licences its total counts are bought like every other option's."""
        if self.monthly_usd is None:
            return None
        if self.option.odb is not None:
            return odb_cash_flow(self.option.odb)
        if self.option.chosen is not None:
            return topology_cash_flow(self.option.chosen.topology)
        return cash_flow(aws_monthly_usd=self.monthly_usd)

    @property
    def cash_running_totals(self) -> tuple[Decimal, ...]:
        """On-demand cash paid by the end of months 12, 24 and 36 (the cumulative chart's table twin)."""
        cash = self.cash
        return () if cash is None else tuple(cash.cumulative_usd[m] for m in (12, 24, 36))

    @property
    def not_priced(self) -> tuple[str, ...]:
        """Costs of the chosen topology that exist but are not priced: the monthly figure leaves them out."""
        chosen = self.option.chosen
        if self.option.odb is not None:
            return self.option.odb.not_priced if self.monthly_usd is not None else ()
        return chosen.topology.not_priced if chosen is not None else ()

    def _run_rate_over(self, months: int) -> Decimal | None:
        """The run-rate over ``months`` as /estimate and the API work it: support as paid in those years when it
        rises, a purchase spread over fewer years counted once."""
        cash = self.cash
        return None if cash is None else cash.run_rate_over(months)

    @property
    def one_year_usd(self) -> Decimal | None:
        return self._run_rate_over(12)

    @property
    def two_year_usd(self) -> Decimal | None:
        return self._run_rate_over(24)

    @property
    def three_year_usd(self) -> Decimal | None:
        return self._run_rate_over(MONTHS)


def _parts(candidate: Candidate) -> tuple[CostPart, ...]:
    sums: dict[str, Decimal] = {key: Decimal(0) for key, _ in COMPONENTS}
    for line in candidate.topology.lines:
        sums[line.component if line.component in sums else "other"] += line.monthly_usd
    return tuple(CostPart(key, label, sums[key]) for key, label in COMPONENTS if sums[key])


def _odb_column(option: OptionRecommendation, recommendation: Recommendation) -> Column:
    """Oracle Database@AWS: Exadata infrastructure and VM cluster at Oracle's list prices."""
    result = option.odb
    assert isinstance(result, OdbResult)
    model = "byol" if result.monthly_usd == result.total_byol_usd and result.total_byol_usd is not None else "li"
    sums: dict[str, Decimal] = {"infrastructure": Decimal(0), "compute": Decimal(0), "licences": Decimal(0)}
    for line in odb_lines(result, model):
        sums["licences" if line.kind == "licence" else line.kind] += line.monthly_usd or 0
    labels = (
        ("infrastructure", "Exadata infrastructure"),
        ("compute", "VM cluster ECPUs"),
        ("licences", "Oracle licences"),
    )
    parts = (
        ()
        if result.monthly_usd is None
        else tuple(CostPart(key, label, sums[key]) for key, label in labels if sums[key] or key != "licences")
    )
    return Column(option, parts, result.monthly_usd, odb_words(result), "", ())


def columns(recommendation: Recommendation) -> list[Column]:
    out = []
    for option in recommendation.options:
        chosen = option.chosen
        if option.odb is not None:
            out.append(_odb_column(option, recommendation))
            continue
        if chosen is None:
            out.append(Column(option, (), None, "", "", ()))
            continue
        alternatives = tuple(
            (a, a.total_monthly_usd - chosen.total_monthly_usd,
             not a.stands_in and a.total_monthly_usd <= chosen.total_monthly_usd * (1 + NEAR_TIE))
            for a in option.alternatives
        )  # fmt: skip
        out.append(
            Column(option, _parts(chosen), chosen.total_monthly_usd, configuration_words(chosen), storage_words(chosen),
                   alternatives, brief=configuration_words(chosen, brief=True))
        )  # fmt: skip
    ranking = recommendation.ranking
    alone = ranking.recommended.option if ranking.partial_alone and ranking.recommended is not None else None
    return [replace(c, left_out=ranking.left_out_of(c.option.option), alone=c.option.option == alone) for c in out]


def recommended(cols: list[Column], ranking: Ranking) -> Column | None:
    """The engine's recommended option's column; None when no option is ranked (every option the rules allow is
    unpriced or priced on another basis, or every option is blocked)."""
    best = ranking.recommended
    return next((c for c in cols if best is not None and c.option.option == best.option), None)


def no_recommendation_words(ranking: Ranking) -> str:
    """Why nothing is recommended, when nothing is."""
    if ranking.viable_left_out:
        return "no option the rules allow could be priced in full"
    return "every option is blocked by a rule"


def decisive_reasons(cols: list[Column], best: Column | None, ranking: Ranking) -> list[str]:
    """The reasons that decide the recommendation, in words: the engine's ranking, with the columns' own figures.
    Options the rules allow but that could not be compared are always said, since they qualify "cheapest"."""
    viable_left = [left_out_words(o) for o in ranking.viable_left_out]
    if best is None:
        return [f"No option is recommended: {no_recommendation_words(ranking)}; see each option's findings.",
                *viable_left]  # fmt: skip
    cash = best.cash
    three_years = f"; ${cash.cash_36_months_usd:,.0f} over three years, cash as paid" if cash else ""
    reasons = [f"{best.option.label} is {ranking.scope}: ${best.monthly_usd:,.2f} a month "
               f"({ranking.basis}{three_years}), {best.configuration}."]  # fmt: skip
    if unbuilt := unbuilt_words(ranking):  # always said: the recommendation does not deliver all that was asked
        reasons.append(unbuilt)
    reasons += viable_left
    reasons += below_words(ranking)  # always said: a partial total already below the recommendation's
    # always said: a total priced at a list a later, unconfirmed one may raise, and whether the order would hold
    reasons += price_lead_words(ranking, [c.option for c in cols])
    optional = []
    nxt, margin, pct = ranking.runner_up, ranking.margin_usd, ranking.margin_pct
    if nxt is not None and margin is not None:
        share = f" ({pct} %)" if pct is not None else ""
        optional.append(f"The next option, {nxt.label}, costs ${margin:,.2f} more a month{share}.")
    blocked = sorted((o for o in ranking.left_out if o.kind == "blocked"),  # a priced one first: it may be cheaper
                     key=lambda o: (o.monthly_usd is None, o.monthly_usd or 0))  # fmt: skip
    optional += [left_out_words(o) for o in blocked[:1]]
    warnings = [f for f in best.option.verdict.findings if f.severity == "warning"]
    if warnings:
        optional.append(f"Know before choosing it: {warnings[0].title}.")
    waiting = awaiting_words(ranking)  # always said, last: what every total compared still leaves out
    gaps = list(licence_gap_words(ranking))  # and the licences no list price is held for, with what they could change
    return (reasons + optional)[: max(3, len(reasons) + 1)] + ([waiting] if waiting else []) + gaps


def policy_rows(policy: SizingPolicy) -> list[tuple[str, str, Any]]:
    """(field, label, value) for the policy form shown on the page."""
    return [(name, field.title or name, getattr(policy, name)) for name, field in SizingPolicy.model_fields.items()]


def other_price_dates(cols: list[Column]) -> list[str]:
    """The price lists beside AWS's that the compared totals read, with their dates: Oracle's licence price list
    where a total counts licences, Oracle's list prices where Oracle Database@AWS is priced."""
    out = []
    if any(c.option.chosen is not None and c.option.chosen.topology.licence for c in cols):
        prices = licence_price_list().price_list
        out.append(f"Oracle licences: {customer_words(prices.title)}, as of {prices.as_of}")
    if any(getattr(c.option.odb, "monthly_usd", None) is not None for c in cols):
        odb = odb_price_list()
        dates = sorted({p.as_of for p in odb.prices})
        later = next((f"; a later list ({lead.lead_as_of}, not confirmed) may be higher for its infrastructure"
                      for c in cols if (lead := getattr(c.option.odb, "price_lead", None)) is not None), "")  # fmt: skip
        out.append(f"Oracle Database@AWS: {odb.price_basis}, as of {', '.join(dates)}{later}")
    return out


def results_context(
    recommendation: Recommendation, *, today: date | None = None, stale_after_days: int = DEFAULT_STALE_AFTER_DAYS
) -> dict[str, Any]:
    """Everything the results page and the PDF show; both render this, so they cannot disagree. ``today`` dates the
    price-age banner (the site's ``PRICE_STALE_AFTER_DAYS``, passed by the views, decides when it warns)."""
    cols = columns(recommendation)
    ranking = recommendation.ranking
    best = recommended(cols, ranking)
    charted = [c for c in cols if not c.blocked]  # a blocked option's cost is shown in its column, not charted
    curves = {c.option.option: (c.option.label, charts.capacity_curves(c.option)) for c in cols}
    # the dates of the price rows the bills were read from, not the newest row the region happens to hold
    # (a row priced at another Region's rows, e.g. storage where the Region has none, counts for that Region)
    snapshots = sorted({(region_of(line.price_source) or m.plan.region, line.as_of) for c in cols if c.option.chosen is not None
                        for m in c.option.chosen.topology.members for line in m.lines if line.category == "aws"})  # fmt: skip
    sources = named_sources(
        {s for c in cols if c.option.chosen is not None for s in c.option.chosen.topology.price_sources}
    )
    reasons = decisive_reasons(cols, best, ranking)
    licensed = [c for c in cols if c.cash is not None and c.option.chosen and c.option.chosen.topology.licence]
    run_rate_basis = next((c.cash.run_rate_basis for c in licensed if c.cash is not None), "run-rate, a month")
    return {
        "recommendation": recommendation,
        "need": recommendation.need,
        "policy_rows": policy_rows(recommendation.policy),
        "columns": cols,
        "best": best,
        "ranking": ranking,
        "no_recommendation": no_recommendation_words(ranking),
        "reasons": reasons,
        # the first reason is the headline above: the recommendation with its price and configuration, or why none
        "reasons_below": reasons[1:],
        "unbuilt": unbuilt_words(ranking),  # what the recommendation does not build: a PDF's cover says it too
        "run_rate_basis": run_rate_basis,
        # the 1- and 3-year run-rate's (support as paid in those years when it rises, a short spread counted once)
        "run_rate_years_basis": next((c.cash.run_rate_totals_basis for c in licensed if c.cash), "run-rate, a month"),
        "charted": charted,
        "curves": curves,
        "price_snapshots": snapshots,
        # the one line dating the prices: the banner, the table, a PDF's cover, disclaimer and footer all say it
        "price_dates": price_dates_line((as_of for _, as_of in snapshots), (region for region, _ in snapshots)),
        "other_price_dates": other_price_dates(cols),
        "price_sources": sources,
        "price_age": price_age(
            (as_of for _, as_of in snapshots),
            today=today or date.today(),
            threshold_days=stale_after_days,
            regions=(region for region, _ in snapshots),
        ),
        "priced_any": any(c.monthly_usd is not None for c in charted),
        "cost_chart": charts.cost_by_component_figure(charted),
        "cumulative_chart": charts.cumulative_cost_figure(charted),
        "capacity_chart": charts.capacity_figure(curves, recommendation.need),
    }
