"""The estate page's plotly figures (built here as JSON, drawn by the vendored plotly.js): cost by placement,
databases by recommended option, licences needed against owned."""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from advisor.estates.engine.totals import BEST, EstateTotals
from advisor.pages.charts import LAYOUT, OPTION_COLOURS


def cost_by_placement(totals: EstateTotals) -> dict[str, Any]:
    placements = list(totals.placements)
    figure = go.Figure(go.Bar(
        x=[p.label for p in placements], y=[float(p.monthly_usd) for p in placements],
        marker_color=[OPTION_COLOURS.get(p.placement, "#14212e") for p in placements],
        text=[f"{p.placed} of {totals.databases}" for p in placements], textposition="outside",
        hovertemplate="%{x}: $%{y:,.2f} a month<extra></extra>",
    ))  # fmt: skip
    figure.update_layout(title="Monthly cost by placement (USD; label: databases placed)",
                         yaxis_title="USD per month", height=380, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())


def databases_by_option(totals: EstateTotals) -> dict[str, Any]:
    best = totals.placement(BEST)
    labels = {p.placement: p.label for p in totals.placements}
    keys = [k for k, _ in best.by_option]
    counts = [n for _, n in best.by_option]
    if best.left_out:
        keys.append("none")
        counts.append(best.left_out)
    figure = go.Figure(go.Bar(
        x=[labels.get(k, "No option the rules allow") for k in keys], y=counts,
        marker_color=[OPTION_COLOURS.get(k, "#b42318") for k in keys],
        hovertemplate="%{x}: %{y} databases<extra></extra>",
    ))  # fmt: skip
    figure.update_layout(title="Databases by recommended option", yaxis_title="databases", height=340, **LAYOUT)
    return json.loads(figure.to_json())


def licence_need(totals: EstateTotals) -> dict[str, Any]:
    figure = go.Figure()
    for p in totals.placements:
        if not p.licences:
            continue
        figure.add_trace(go.Bar(
            name=p.label, x=[t.name for t in p.licences], y=[t.required for t in p.licences],
            marker_color=OPTION_COLOURS.get(p.placement, "#14212e"),
            hovertemplate="%{x}: %{y} needed<extra>" + p.label + "</extra>",
        ))  # fmt: skip
    owned = dict(totals.owned)
    if owned:
        names = {t.key: t.name for p in totals.placements for t in p.licences}
        figure.add_trace(go.Scatter(name="owned", x=[names.get(k, k) for k in owned], y=list(owned.values()),
                                    mode="markers", marker={"symbol": "line-ew-open", "size": 40, "color": "#b42318"}))  # fmt: skip
    figure.update_layout(barmode="group", title="Licences needed per placement, and owned",
                         yaxis_title="licences", height=380, legend={"orientation": "h", "y": -0.3}, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())
