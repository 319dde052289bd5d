"""An estate as JSON: the shape the API returns and ``manage.py estate --json`` prints (money as strings)."""

from __future__ import annotations

from dataclasses import asdict
from decimal import Decimal
from typing import Any

from advisor.estates.engine.basis import TOTALS_BASIS
from advisor.estates.engine.export import NOT_PLACED, PRICE_NOTE
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import LICENCE_MODEL, METRIC_WORDS, EstateTotals
from pricing.engine.sources.json_words import customer_json

NUP = METRIC_WORDS["nup"]


def _money(value: Decimal | None) -> str | None:
    return None if value is None else format(value.quantize(Decimal("0.01")), "f")


def progress_json(progress: Any) -> dict[str, Any]:
    job = progress.job
    return {"total": progress.total, "to_assess": progress.queued_total, "finished": progress.finished,
            "percent": progress.percent, "running": progress.running, "reading": progress.reading,
            "counts": progress.counts,
            "job": None if job is None else {"id": job.pk, "status": job.status, "error": job.error}}  # fmt: skip


def _placed_money(placement: Any, usd: Decimal) -> str | None:
    """A placement's total; null where it took no database (a total of 0 would read, and sort, as the cheapest)."""
    return _money(usd) if placement.placed else None


def _owned_by_metric(totals: EstateTotals) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for o in totals.owned:
        found.setdefault(o.edition, {})[o.metric] = o.count
    return found


def totals_json(totals: EstateTotals) -> dict[str, Any]:
    return {
        "databases": totals.databases,
        "prices": PRICE_NOTE,
        "basis": dict(TOTALS_BASIS),  # each total's basis, keyed by its name in every placement below
        "prices_as_of": list(totals.prices_as_of),
        # per edition, its processor licences (SE2: sockets) owned; Named User Plus are never added to them
        "owned": {o.edition: o.count for o in totals.owned if o.metric != NUP},
        "owned_by_metric": _owned_by_metric(totals),  # per edition, then per metric as the licences below name it
        "databases_on_assumed_figures": totals.assumed,  # their rows left a figure blank: a default stands in
        "assumed_figures": dict(totals.assumed_figures), "assumed_note": totals.assumed_words or None,
        "licences_counted": LICENCE_MODEL,
        "licences_freed_note": totals.freed_support_words,
        "placements": [
            {"placement": p.placement, "label": p.label, "monthly_usd": _placed_money(p, p.monthly_usd),
             "one_year_usd": _placed_money(p, p.one_year_usd), "three_year_usd": _placed_money(p, p.three_year_usd),
             "three_year_cash_usd": _placed_money(p, p.cash_three_year_usd),
             "three_year_usd_best_commitments": _placed_money(p, p.committed_three_year_usd),
             "placement_note": None if p.placed else NOT_PLACED, "on_commitment": p.on_commitment,
             "on_demand_cheapest": p.on_demand_cheapest, "no_commitment_price": dict(p.no_commitment_price),
             "commitment_not_offered": dict(p.commitment_not_offered),
             "best_commitments_note": p.commitment_words if p.placed else None,
             "placed": p.placed, "partial": p.partial, "partial_note": p.partial_words or None,
             "not_built_as_asked": p.builds_less, "not_built_note": p.not_built_words or None,
             "left_out": p.left_out, "blocked": p.blocked, "unpriced": p.unpriced,
             "does_not_fit": p.no_fit, "left_out_note": p.left_out_words, "by_option": dict(p.by_option),
             "licences": [asdict(t) for t in p.licences], "licence_included": p.licence_included,
             "licence_not_published": p.licence_not_published, "owned_uncounted": p.owned_uncounted}
            for p in totals.placements
        ],
        "blockers": [asdict(b) | {"examples": list(b.examples)} for b in totals.blockers],
    }  # fmt: skip


def summary_json(summary: DatabaseSummary) -> dict[str, Any]:
    """A database's result as its reader sees it: sources by the names people know, notes in customer words (the
    stored summary keeps every price row's provenance, which the estate's totals count)."""
    return customer_json(summary.model_dump(mode="json"))  # type: ignore[no-any-return]


def database_json(row: Any, summary: DatabaseSummary | None) -> dict[str, Any]:
    return {"row": row.row, "name": row.name, "status": row.status, "error": row.error or None,
            "assumed": list(row.assumed or ()),  # [{"figure", "value"}]: what its row did not give, the value assumed
            "result": None if summary is None else summary_json(summary)}  # fmt: skip
