"""Cost estimates outside the engine: the glue the /estimate page, ``POST /api/v1/estimate`` and ``manage.py
estimate`` share (which regions and classes have prices, vCPUs from the instance catalog, the price snapshots behind
a bill), and the page's run and context: the form's config priced, or every problem on its field, and the bill as
the page shows it. The form itself is ``pricing/forms.py``.

The API and CLI take the config as given and reject what does not fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from config.counting import counted
from pricing.catalog.regions import regions as region_catalog
from pricing.engine.calculator import (
    Estimate,
    EstimateConfig,
    EstimateInvalid,
    LicenceModelComparison,
    Problem,
    compare_licence_models,
    estimate,
    parse_config,
)
from pricing.engine.cash_flow import (
    HORIZON_MONTHS,
    CashFlow,
    cash_flow,
    cash_flow_json,
    licence_cash,
    run_rate_basis,
    run_rate_total,
    run_rate_totals_basis,
)
from pricing.engine.commitments.cheaper_months import after_break_even, cheaper_runs
from pricing.engine.commitments.comparison import (
    CommitmentComparison,
    CommitmentQuote,
    by_reason,
    commitment_quotes,
)
from pricing.engine.licences.cost import LicenceInvalid, licence_price_list
from pricing.engine.prices.book import PriceBook, PriceNotFound
from pricing.engine.prices.terms import PLATFORM_LABELS
from pricing.engine.sources.json_words import customer_json
from pricing.engine.storage_fallback import fallbacks_used
from pricing.forms_common import Issue
from pricing.models import PriceSnapshot
from pricing.pages.estimate_choices import (  # noqa: F401 - the page's glue says them too
    EDITION_NAMES,
    PLATFORMS,
    SERVICE_OF,
    catalog_vcpus,
    class_choices,
    plain,
    priced_regions,
)
from pricing.snapshots.books import priced_book

if TYPE_CHECKING:
    from pricing.forms import EstimateForm

# --- the glue shared by the page, the API and the CLI ----------------------------------------------------------


SHOWN_ORIGINS = {
    "fixture": "held by the advisor",
    "api": "read from the AWS Price List Query API",
    "offer-file": "read from an AWS Price List bulk offer file",
}
SERVICE_NAMES = dict(PriceSnapshot.Service.choices)  # "AmazonRDS" (the price list's code) is "Amazon RDS"


@dataclass(frozen=True)
class SnapshotInfo:
    """The price snapshot a bill was priced from, as shown next to its totals."""

    id: int
    service: str
    region: str
    source: str
    as_of: date
    origin: str
    origin_label: str

    @property
    def service_name(self) -> str:
        """The service as AWS names it to people ("Amazon RDS"), not its price-list code ("AmazonRDS")."""
        return SERVICE_NAMES.get(self.service, self.service)

    @property
    def shown_origin(self) -> str:
        """Where the snapshot's rows came from, as a reader of the estimate knows it (no database id, no "fixture")."""
        return SHOWN_ORIGINS.get(self.origin, self.origin_label)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "service": self.service,
            "region": self.region,
            "source": self.source,
            "as_of": self.as_of.isoformat(),
            "origin": self.origin,
        }


@dataclass(frozen=True)
class EstimateAnswer:
    config: EstimateConfig
    estimate: Estimate
    snapshots: tuple[SnapshotInfo, ...]
    book: Any = field(repr=False)  # a PriceBook, or one that prices storage at a named Region's rows
    vcpus: int | None = None


def estimate_run(config: EstimateConfig | Mapping[str, Any]) -> EstimateAnswer:
    """Price a config from the current snapshots of its region; ``EstimateInvalid`` lists every problem."""
    cfg = parse_config(config)
    vcpus = catalog_vcpus(cfg.platform, cfg.instance_class)
    priced = priced_regions(cfg.platform)
    if cfg.region not in priced:
        known = region_catalog()
        what = "an AWS region code" if cfg.region in known else "not an AWS region code"
        region_problem = Problem(
            "region",
            f"{cfg.region!r} ({what}) has no {PLATFORM_LABELS[cfg.platform]} prices held; "
            f"priced regions: {', '.join(priced) or 'none'}",
        )
        try:
            estimate(cfg, PriceBook([]), vcpus=vcpus)
        except EstimateInvalid as invalid:
            others = [p for p in invalid.problems if p.field not in ("region", "licences.vcpus")]
            raise EstimateInvalid([region_problem, *others]) from None
        raise EstimateInvalid([region_problem])  # pragma: no cover - an empty book always fails on the region
    book = _book(cfg.region)
    try:
        result = estimate(cfg, book, vcpus=vcpus)
    except EstimateInvalid as invalid:
        fields = {p.field for p in invalid.problems}
        if "instance_class" in fields and cfg.licences.vcpus is None:
            # an unpriced class has no vCPU count either: saying so twice would only add noise
            raise EstimateInvalid([p for p in invalid.problems if p.field != "licences.vcpus"]) from None
        raise
    snapshots = snapshots_for(cfg.platform, cfg.region)
    for fallback in fallbacks_used(book):
        snapshots += snapshots_for(cfg.platform, fallback)
    return EstimateAnswer(cfg, result, snapshots, book, vcpus)


def _book(region: str) -> Any:
    return priced_book(region)


def licence_comparison(answer: EstimateAnswer) -> LicenceModelComparison:
    return compare_licence_models(answer.config, answer.book, vcpus=answer.vcpus)


def snapshots_for(platform: str, region: str) -> tuple[SnapshotInfo, ...]:
    service = SERVICE_OF[platform]
    found = PriceSnapshot.objects.filter(region=region, service=service, is_current=True)
    return tuple(
        SnapshotInfo(s.pk, s.service, s.region, s.source, s.as_of, s.origin, s.get_origin_display()) for s in found
    )


def estimate_cash(answer: EstimateAnswer, commitments: CommitmentComparison | None = None) -> CashFlow | None:
    """The bill on both bases: the run-rate a month and cash as paid (licence purchase in month 1, support yearly,
    a reservation's upfront fee at the start of each term). None when a commitment's quote cannot be priced."""
    result = answer.estimate
    if answer.config.commitment == "on-demand":
        return cash_flow(aws_monthly_usd=result.aws_monthly_usd, licence=licence_cash(result.licence))
    try:
        commitments = commitments or commitment_comparison(answer)
    except (PriceNotFound, LicenceInvalid):  # the bill itself priced: only the comparison beside it failed
        return None
    if commitments is None:
        return None
    quote = next((q for q in commitments.quotes if q.commitment == answer.config.commitment and q.priced), None)
    return None if quote is None else quote.cash


def estimate_json(answer: EstimateAnswer, cash: CashFlow | None = None) -> dict[str, Any]:
    """The public JSON answer: the Estimate (money as exact decimal strings; sources by the names people know them,
    as the page shows them), the snapshots it was priced from, and its totals on both bases (``run_rate`` and ``cash_as_paid``, each naming its basis)."""
    data = answer.estimate.model_dump(mode="json")
    data["price_snapshots"] = [s.as_json() for s in answer.snapshots]
    cash = cash or estimate_cash(answer)
    data["totals_basis"] = cash.run_rate_basis if cash is not None else "run-rate"
    data.update(cash_flow_json(cash) if cash is not None else {"run_rate": None, "cash_as_paid": None})
    return customer_json(data)  # type: ignore[no-any-return]


def problems_json(problems: Iterable[Problem]) -> list[dict[str, str]]:
    return [{"path": p.field, "message": p.message} for p in problems]


# --- the page -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PageResult:
    answer: EstimateAnswer | None
    comparison: LicenceModelComparison | None
    issues: tuple[Issue, ...]
    commitments: CommitmentComparison | None = None


def commitment_comparison(answer: EstimateAnswer) -> CommitmentComparison | None:
    """Every commitment of the answer's class and Region beside on-demand (None when on-demand is not priced)."""
    try:
        return commitment_quotes(answer.config, answer.book, vcpus=answer.vcpus)
    except EstimateInvalid:
        return None


def shown_problems(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """Every problem once: the same message on each of the page's N identical EC2 volumes is said once, on the
    first."""
    seen: set[tuple[str, str]] = set()
    out = []
    for p in problems:
        key = (re.sub(r"^volumes\[\d+\]", "volumes[]", p.field), p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return tuple(out)


def page_estimate(form: EstimateForm) -> PageResult:
    """The bill and the licence-model comparison for the page, or every problem on its field (the form's own
    first; the engine is asked about the rest even when the form refused something, so all are said at once)."""
    issues = form.own_issues()
    if "platform" in form.errors:
        return PageResult(None, None, tuple(issues))
    try:
        answer = estimate_run(form.config())
    except EstimateInvalid as invalid:
        issues += form.add_problems(shown_problems(invalid.problems))
        return PageResult(None, None, tuple(issues))
    if issues:
        return PageResult(None, None, tuple(issues))
    return PageResult(answer, licence_comparison(answer), (), commitment_comparison(answer))


def page_context(form: EstimateForm, page: PageResult) -> dict[str, Any]:
    """What templates/pricing/estimate.html shows: the form's groups, the summary of problems, or the bill."""
    answer, comparison = page.answer, page.comparison
    unpriced = [q for q in page.commitments.quotes if not q.priced] if page.commitments else []
    context: dict[str, Any] = {
        "form": form,
        "problems": page.issues,
        "answer": answer,
        "result": answer.estimate if answer else None,
        "lines": bill_lines(answer.estimate) if answer else (),
        "comparison": comparison,
        "commitments": page.commitments,
        "commitment_lines": commitment_lines(page.commitments),
        "unpriced_commitments": unpriced,
        "unpriced_summary": unpriced_summary(page.commitments.quotes) if page.commitments else "",
        # a refresh can price only what AWS sells here and no price is held for, never what is not offered
        "refresh_would_price": any(q.unpriced_because == "no price held" for q in unpriced),
        "timing_not_known": timing_not_known(page.commitments),
        "price_list": licence_price_list().price_list,
        "nup_rule": licence_price_list().nup_rule,
    }
    if answer is not None:
        total, licence = answer.estimate.total_monthly_usd, licence_cash(answer.estimate.licence)
        context["years"] = {
            "one": run_rate_total(total, 12, licence),
            "three": run_rate_total(total, 36, licence),
            "basis": run_rate_totals_basis(licence),
        }
        context["cash"] = estimate_cash(answer, page.commitments)
    if comparison is not None:
        context["compare_options"] = [("BYOL", comparison.byol), ("License Included", comparison.li)]
        if comparison.monthly_difference_usd is not None:
            # both run-rates a month, BYOL's licences spread as its basis says; the year is that difference x 12
            context["compare_difference"] = abs(comparison.monthly_difference_usd)
            context["compare_difference_year"] = abs(comparison.monthly_difference_usd) * 12
            byol = comparison.byol.estimate
            context["compare_basis"] = run_rate_basis(licence_cash(byol.licence) if byol is not None else None)
    return context


@dataclass(frozen=True)
class CommitmentLine:
    """One priced commitment as the page's table says it: the quote, its saving, and the months it is cheaper."""

    quote: CommitmentQuote
    saving: str  # "$2,534", "costs $24,955 more", "none"; "" for on-demand
    cheaper_from: str  # "8", or "8, dearer again in months 13 and 14 when ..."; "" when never or not known


def commitment_lines(commitments: CommitmentComparison | None) -> tuple[CommitmentLine, ...]:
    """Every priced quote with its 36-month saving in words (a negative one costs more) and its break-even month
    with the months a renewal's upfront fee makes it dearer again after it."""
    if commitments is None:
        return ()
    on_demand = commitments.quote("on-demand").cumulative_usd
    lines = []
    for q in commitments.quotes:
        if not q.priced or q.kind == "on-demand":
            lines += [CommitmentLine(q, "", "")] if q.priced else []
            continue
        runs = cheaper_runs(q.cumulative_usd, on_demand)
        cheaper = f"{runs[0][0]}{after_break_even(runs, q.term_months, HORIZON_MONTHS)}" if runs else ""
        lines.append(CommitmentLine(q, _saving(q.saving_36_months_usd), cheaper))
    return tuple(lines)


def _saving(usd: Decimal | None) -> str:
    if usd is None:
        return ""
    whole = usd.quantize(Decimal(1), ROUND_HALF_UP)  # to the dollar, as the page's other figures round
    return f"${whole:,.0f}" if whole > 0 else f"costs ${-whole:,.0f} more" if whole < 0 else "none"


def timing_not_known(commitments: CommitmentComparison | None) -> tuple[tuple[str, str], ...]:
    """The commitments whose cash by month is not known, one line per reason: (their labels, why)."""
    return by_reason((q.label, q.timing_not_known) for q in (commitments.quotes if commitments else ()) if q.priced)


# --- the bill as the page shows it ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BillLine:
    name: str
    quantity: str
    unit: str
    unit_price: str
    monthly: Decimal
    source: str
    as_of: str
    estimated: bool
    note: str
    category: str


def quantity_text(value: Decimal) -> str:
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.normalize():,f}"


def bill_lines(result: Estimate) -> tuple[BillLine, ...]:
    return tuple(
        BillLine(
            name=line.name,
            quantity=quantity_text(line.quantity),
            unit=line.unit,
            unit_price=plain(line.unit_price_usd),
            monthly=line.monthly_usd,
            source=line.price_source,
            as_of=line.as_of,
            estimated=line.estimated,
            note=line.note,
            category=line.category,
        )
        for line in result.lines
    )


def unpriced_summary(quotes: Any) -> str:
    """The commitments not priced, counted in two: those without a full price held, and those not offered for this
    deployment (a Database Savings Plan for a class it does not cover, a commitment on the AWS Free Tier)."""
    unpriced = [q for q in quotes if not q.priced]
    held = sum(1 for q in unpriced if q.unpriced_because == "no price held")
    parts = [f"{counted(held, 'commitment')} without a price held"] if held else []
    if other := len(unpriced) - held:
        parts.append(f"{counted(other, 'commitment')} not offered for this deployment")
    return "; ".join(parts)
