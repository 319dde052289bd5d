"""The estate page's plotly figures (built here as JSON, drawn by the vendored plotly.js): cost by placement,
databases by recommended option, licences needed against owned."""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from advisor.estates.engine.totals import BEST, EstateTotals
from advisor.pages.charts import LAYOUT, OPTION_COLOURS
from config.counting import counted

LINE_CHARS = 16  # an axis label longer than this is wrapped onto lines of about this length, under its bar
AXIS = {"automargin": True, "tickangle": 0}  # labels stay level; the margin grows to hold their lines


def wrapped(label: str, width: int = LINE_CHARS) -> str:
    """``label`` on lines of at most about ``width`` characters (plotly's ``<br>``), broken between words only."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def cost_by_placement(totals: EstateTotals) -> dict[str, Any]:
    """One bar per placement; a placement that took no database has no bar and says so, one whose total leaves costs
    out says it is at least that much."""
    placements = list(totals.placements)
    figure = go.Figure(go.Bar(
        x=[wrapped(p.label) for p in placements], y=[float(p.monthly_usd) if p.placed else 0 for p in placements],
        marker_color=[OPTION_COLOURS.get(p.placement, "#14212e") for p in placements],
        text=[(f"{p.placed} of {totals.databases}" + (f"<br>≥ {p.partial} partial" if p.partial else ""))
              if p.placed else "no database<br>placed" for p in placements],  # a partial total: at least its height
        textposition="outside", constraintext="none", cliponaxis=False,
        customdata=[[p.label, f"{'at least ' if p.partial else ''}${p.monthly_usd:,.2f} a month, "
                     f"{counted(p.placed, 'database')} placed" + (f", {p.partial} partial" if p.partial else "")
                     if p.placed else "no database placed"] for p in placements],
        hovertemplate="%{customdata[0]}: %{customdata[1]}<extra></extra>",
    ))  # fmt: skip
    partial = any(p.partial for p in placements)
    figure.update_layout(title="Monthly cost by placement (USD)<br><sup>label: databases placed"
                         + ("; ≥: at least, some costs left out" if partial else "") + "</sup>",
                         yaxis_title="USD per month", height=380, xaxis=AXIS, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())


def databases_by_option(totals: EstateTotals) -> dict[str, Any]:
    best = totals.placement(BEST)
    labels = {p.placement: p.label for p in totals.placements}
    keys = [k for k, _ in best.by_option]
    counts = [n for _, n in best.by_option]
    if best.left_out:
        keys.append("none")
        counts.append(best.left_out)
    names = [labels.get(k, "No option the rules allow") for k in keys]
    figure = go.Figure(go.Bar(
        x=[wrapped(n) for n in names], y=counts,
        marker_color=[OPTION_COLOURS.get(k, "#b42318") for k in keys],
        customdata=[[n, counted(c, "database")] for n, c in zip(names, counts, strict=True)],
        hovertemplate="%{customdata[0]}: %{customdata[1]}<extra></extra>",
    ))  # fmt: skip
    whole = {"tickformat": ",d", "rangemode": "tozero", "nticks": min(max(counts, default=0) + 1, 8)}  # no ½ database
    figure.update_layout(title="Databases by recommended option", yaxis_title="databases", height=340, xaxis=AXIS,
                         yaxis=whole, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())


LABEL_WIDTH = 16  # a product's name wrapped to lines this long under its bars, so neighbours do not overlap


def licence_need(totals: EstateTotals) -> dict[str, Any] | None:
    """Licences needed per placement (bars) and owned (a mark); None when no placement counts any licence (every
    database licence included, say): an empty chart says nothing."""
    if not any(p.licences for p in totals.placements):
        return None
    figure = go.Figure()
    for p in totals.placements:
        if not p.licences:
            continue
        figure.add_trace(go.Bar(
            name=p.label, x=[wrapped(t.name, LABEL_WIDTH) for t in p.licences], y=[t.required for t in p.licences],
            marker_color=OPTION_COLOURS.get(p.placement, "#14212e"), customdata=[t.name for t in p.licences],
            hovertemplate="%{customdata}: %{y} needed<extra>" + p.label + "</extra>",
        ))  # fmt: skip
    owned = dict(totals.owned)
    if owned:
        names = {t.key: t.name for p in totals.placements for t in p.licences}
        figure.add_trace(go.Scatter(name="owned", x=[wrapped(names.get(k, k), LABEL_WIDTH) for k in owned], y=list(owned.values()),
                                    mode="markers", marker={"symbol": "line-ew-open", "size": 40, "color": "#b42318"}))  # fmt: skip
    figure.update_layout(barmode="group", title="Licences needed per placement, and owned",
                         yaxis_title="licences", height=440, legend={"orientation": "h", "y": -0.45},
                         xaxis={**AXIS, "tickangle": -45},  # ten products side by side
                         **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())
