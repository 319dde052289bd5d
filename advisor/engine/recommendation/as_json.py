"""A recommendation as JSON: the shape the CLI prints, the API returns and the page's figures agree with."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from advisor.engine.odb.option import odb_json
from advisor.engine.recommendation.basis import odb_not_counted
from advisor.engine.recommendation.option_commitments import topology_cash_flow
from advisor.engine.recommendation.price_leads import price_lead_words
from advisor.engine.recommendation.ranking import Ranking
from advisor.engine.recommendation.ranking_words import awaiting_words, left_out_words, licence_gap_words, unbuilt_words
from advisor.engine.recommendation.recommender import NEAR_TIE, Candidate, Recommendation
from advisor.engine.rules.loader import verdicts_json
from advisor.engine.sizing import Dimension
from advisor.engine.topology import Topology
from pricing.engine.cash_flow import cash_flow_json


def _money(value: Any) -> str:
    return format(value, "f")


def _dimension_json(d: Dimension) -> dict[str, Any]:
    headroom = d.headroom_pct
    return {
        "name": d.name,
        "unit": d.unit,
        "need": round(d.need, 2),
        "capacity": round(d.capacity, 2),
        "burst_capacity": None if d.burst_capacity is None else round(d.burst_capacity, 2),
        "burst_lasts_seconds": None if d.lasts_seconds is None else round(d.lasts_seconds),
        "met": d.met,
        "covered_by": d.covered_by,
        "headroom_pct": None if headroom is None else round(headroom, 1),
        "binding_limit": d.binding,
    }


def configuration_json(candidate: Candidate) -> dict[str, Any]:
    volumes = [v.model_dump(exclude_none=True) for v in candidate.layout.volumes]
    licence = candidate.topology.licence
    optimize = licence.optimize_cpus if licence else None
    return {
        "instance_class": candidate.instance_class,
        "vcpus": candidate.vcpus,
        "effective_vcpus": candidate.effective_vcpus,
        "memory_gib": candidate.memory_gib,
        "optimize_cpus": None if optimize is None else optimize.model_dump(mode="json"),
        "deployment": candidate.deployment,
        "instance_store": candidate.instance_store_words or None,
        "buffer_cache": candidate.caching or None,
        "reasons": list(candidate.reasons),
        "coremark_per_thread": candidate.coremark_per_thread,
        "coremark_as_of": candidate.coremark_as_of,
        "coremark_family_spread_pct": None
        if candidate.coremark_spread_pct is None
        else round(candidate.coremark_spread_pct, 1),
        "coremark_family_spread": candidate.coremark_spread or None,
        # a family never measured carries a measured twin's figure (the same processor model, per AWS): whose, and why
        "coremark_borrowed_from": candidate.coremark_borrowed_from,
        "coremark_borrowed": candidate.coremark_borrowed or None,
        "cpu_scaling": candidate.cpu_scaling or None,
        "ebs_limits_published": candidate.ebs_limits_published,
        "storage": {
            "type": volumes[0]["type"],
            "volumes": len(volumes),
            "striping": "ASM or LVM across identical volumes" if len(volumes) > 1 else None,
            "size_gib_each": volumes[0]["size_gib"],
            "iops_each": volumes[0].get("iops"),
            "throughput_mib_s_each": volumes[0].get("throughput_mib_s"),
            # what the GB price of each volume includes (gp3) and that more is charged, as its bill line says it
            "included": candidate.included.words if candidate.included else None,
        },
    }


def topology_json(topology: Topology) -> dict[str, Any]:
    licence = topology.licence
    return {
        "members": [
            {
                "role": m.plan.role,
                "label": m.plan.label,
                "region": m.plan.region,
                "deployment": m.plan.deployment,
                "how": m.plan.how,
                "licensed_servers": m.plan.servers,
                "open_read_only": m.plan.open_read_only,
                "monthly_usd": _money(m.monthly_usd),
                "unpriced": m.unpriced,
                "lines": [line.model_dump(mode="json") for line in m.lines],
            }
            for m in topology.members
        ],
        "transfer": [line.model_dump(mode="json") for line in topology.transfer],
        "backups": [line.model_dump(mode="json") for line in topology.backups],
        "not_priced": list(topology.not_priced),
        "licences": None
        if licence is None
        else {
            "servers": licence.servers,
            # counts in the metric's unit (processor licences, SE2 sockets or Named User Plus); the processor
            # fields stay for the processor and socket metrics, None under Named User Plus
            "licences_per_server": licence.licences_per_server,
            "licences_in_all": licence.licences_per_server * licence.servers,
            "processors_per_server": None if licence.metric == "nup" else licence.licences_per_server,
            "processors_in_all": None if licence.metric == "nup" else licence.licences_per_server * licence.servers,
            "metric": licence.metric,
            "products": [p.model_dump(mode="json") for p in licence.products],
            "lines": [line.model_dump(mode="json") for line in topology.licence_lines],
            "monthly_usd": _money(topology.licence_monthly_usd),
            "notes": list(licence.notes),
        },
        "not_built": list(topology.gaps),
        "notes": list(topology.notes),
    }


def _cost_json(candidate: Candidate) -> dict[str, Any]:
    topology = candidate.topology
    monthly = topology.total_monthly_usd
    flow = topology_cash_flow(topology)
    return {
        "aws_monthly_usd": _money(topology.aws_monthly_usd),
        "licence_monthly_usd": _money(topology.licence_monthly_usd),
        "total_monthly_usd": _money(monthly),
        "partial": topology.partial,  # true when some cost is in topology.not_priced and left out of the totals
        "one_year_usd": _money(flow.run_rate_over(12)),
        "three_year_usd": _money(flow.run_rate_over(36)),
        "totals_basis": flow.run_rate_basis,  # of total_monthly_usd
        "years_basis": flow.run_rate_totals_basis,  # of one_year_usd and three_year_usd (support as paid if rising)
        **cash_flow_json(flow),
        "hours_per_month": topology.primary.estimate.hours_per_month if topology.primary.estimate else None,
        "prices_as_of": list(topology.prices_as_of),
        "price_sources": list(topology.price_sources),
    }


def _commitments_json(option: Any) -> dict[str, Any] | None:
    """Each AWS commitment for the chosen topology (money as strings, the 37-point running total left out)."""
    summary = option.commitments
    if summary is None:
        return None
    totals = [
        {k: (_money(v) if isinstance(v, Decimal) else v) for k, v in t.model_dump(exclude={"cumulative_usd"}).items()}
        | {"cash_year_usd": [None if v is None else _money(v) for v in t.cash_year_usd]}
        for t in summary.totals
    ]
    return {"best_12_months": summary.best_12_months, "best_36_months": summary.best_36_months,
            "run_rate_basis": summary.run_rate_basis, "cash_basis": summary.cash_basis,
            "totals": totals, "notes": list(summary.notes)}  # fmt: skip


def _odb_json(odb: Any) -> dict[str, Any]:
    """Oracle Database@AWS's result, flagged ``partial`` as a topology's cost is when its total leaves a cost out (its
    ``not_priced``, or the Oracle licences brought where none is counted: ``licences_in_total`` false)."""
    return odb_json(odb) | {"partial": bool(odb_not_counted(odb))}


def ranking_json(ranking: Ranking) -> dict[str, Any]:
    """The recommended option on one basis, the runner-up and margin, and every option left out with why."""
    best, nxt = ranking.recommended, ranking.runner_up
    margin, pct = ranking.margin_usd, ranking.margin_pct
    return {
        "recommended": None if best is None else best.option,
        "recommended_label": None if best is None else best.label,
        "monthly_usd": None if best is None else _money(best.monthly_usd),
        "basis": ranking.basis,
        "scope": None if best is None else ranking.scope,
        "runner_up": None
        if nxt is None
        else {"option": nxt.option, "label": nxt.label, "monthly_usd": _money(nxt.monthly_usd)},  # fmt: skip
        "margin_monthly_usd": None if margin is None else _money(margin),
        "margin_pct": None if pct is None else _money(pct),
        "ranked": [
            {"option": r.option, "label": r.label, "monthly_usd": _money(r.monthly_usd)} for r in ranking.ranked
        ],
        "left_out": [
            {
                "option": o.option,
                "label": o.label,
                "kind": o.kind,
                "reason": o.reason,
                "does_not_fit": o.does_not_fit,
                "monthly_usd": None if o.monthly_usd is None else _money(o.monthly_usd),
                "words": left_out_words(o),
            }
            for o in ranking.left_out
        ],  # fmt: skip
        "awaiting_input": [
            {"option": a.option, "label": a.label, "items": list(a.items)} for a in ranking.awaiting_input
        ],
        "awaiting_input_words": awaiting_words(ranking) or None,
        # Oracle options' licences every ranked total leaves out alike for want of a list price, and what they could
        # change in the order
        "unpriced_licences": [
            {"option": g.option, "label": g.label, "items": list(g.items)} for g in ranking.unpriced_licences
        ],  # fmt: skip
        "unpriced_licences_words": list(licence_gap_words(ranking)),
        "partial_alone": ranking.partial_alone or None,  # the one option priced at all, recommended on a partial bill
        "unbuilt": list(ranking.unbuilt),  # asked for, built by no option compared
        "unbuilt_words": unbuilt_words(ranking) or None,
    }


def recommendation_json(recommendation: Recommendation) -> dict[str, Any]:
    """The shape the CLI prints and the API returns."""
    options = []
    for o in recommendation.options:
        chosen = o.chosen
        options.append(
            {
                "option": o.option,
                "label": o.label,
                "verdict": o.verdict.verdict,
                "verdict_label": o.verdict_label,  # as the results show it: never "Viable" where nothing is deployable
                "does_not_fit": o.does_not_fit,  # nothing deployable as sized (a licence cap), not a price missing
                "findings": verdicts_json((o.verdict,))["options"][0]["findings"],
                "configuration": configuration_json(chosen) if chosen else None,
                "topology": topology_json(chosen.topology) if chosen else None,
                "capacity": [_dimension_json(d) for d in chosen.capacity.dimensions] if chosen else [],
                "cost": _cost_json(chosen) if chosen else None,
                "odb": None if o.odb is None else _odb_json(o.odb),
                "commitments": _commitments_json(o),
                "alternatives": [
                    {
                        "configuration": configuration_json(a),
                        "all_in_monthly_usd": _money(a.total_monthly_usd),
                        "near_tie": chosen is not None
                        and not a.stands_in
                        and a.total_monthly_usd <= chosen.total_monthly_usd * (1 + NEAR_TIE),
                    }
                    for a in o.alternatives
                ],
                "rejected_cheaper": [
                    {"instance_class": r.instance_class, "reasons": list(r.reasons)} for r in o.rejected_cheaper
                ],
                "unmet": list(o.unmet),
                "notes": list(o.notes),
                "unpriced_reason": o.unpriced_reason or None,
            }
        )
    return {
        "region": recommendation.region,
        "policy": recommendation.policy.model_dump(),
        "need": recommendation.need.__dict__,
        # the ranking, and what its order would be at a later list seen only unconfirmed (never the price)
        "ranking": ranking_json(recommendation.ranking)
        | {"price_lead_words": list(price_lead_words(recommendation.ranking, recommendation.options))},
        "options": options,
    }
