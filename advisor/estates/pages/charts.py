"""The estate page's plotly figures (built here as JSON, drawn by the vendored plotly.js): cost by placement,
databases by recommended option, licences needed against owned."""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from advisor.estates.engine.totals import BEST, EstateTotals, ProductTotal
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
                         yaxis_title="USD per month", height=380, xaxis=AXIS,
                         meta={"narrow": "horizontal"},  # on a phone: bars across, their labels right of them
                         **LAYOUT)  # fmt: skip
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


OWNED_MARK_PX = 18  # the owned mark: about as wide as a bar among three to five placements
LABEL_WIDTH = 16  # a product's name wrapped to lines this long under its bars, so neighbours do not overlap


def product_label(total: ProductTotal) -> str:
    """A product's place on the licence chart, named with its metric as the licence table names it: a product counted
    both by processor and by Named User Plus has two places, never two bars in different units on one."""
    return f"{total.name} ({total.metric})"


def licence_need(totals: EstateTotals) -> dict[str, Any] | None:
    """Licences needed per placement (bars) and, on each bar, the licences owned that the licence table beside it
    counts for that placement and product (a mark), each product in each metric at its own place (``product_label``);
    None when no placement counts any licence (every database licence included, say): an empty chart says nothing.

    The owned marks are the table's figures, not the estate's: a database a placement leaves out, or whose need
    is unknown, owns nothing there (``totals``), so one product's marks may differ from placement to placement."""
    if not any(p.licences for p in totals.placements):
        return None
    figure = go.Figure()
    for p in totals.placements:
        if not p.licences:
            continue
        names = [wrapped(product_label(t), LABEL_WIDTH) for t in p.licences]
        figure.add_trace(go.Bar(
            name=p.label, x=names, y=[t.required for t in p.licences], offsetgroup=p.placement,
            marker_color=OPTION_COLOURS.get(p.placement, "#14212e"),
            customdata=[[product_label(t), t.required, t.owned] for t in p.licences],
            hovertemplate="%{customdata[0]}: %{customdata[1]} needed, %{customdata[2]} owned<extra>" + p.label
                          + "</extra>",
        ))  # fmt: skip
    first = True
    for p in totals.placements:  # each placement's owned, on its own bar: after the bars, so drawn over them
        if not p.licences:
            continue
        figure.add_trace(go.Scatter(
            name="owned", legendgroup="owned", showlegend=first, offsetgroup=p.placement, mode="markers",
            x=[wrapped(product_label(t), LABEL_WIDTH) for t in p.licences], y=[t.owned for t in p.licences],
            marker={"symbol": "line-ew-open", "size": OWNED_MARK_PX, "color": "#b42318", "line": {"width": 3}},
            customdata=[[product_label(t), t.owned] for t in p.licences],
            hovertemplate="%{customdata[0]}: %{customdata[1]} owned<extra>" + p.label + "</extra>",
        ))  # fmt: skip
        first = False
    figure.update_layout(barmode="group", scattermode="group", title="Licences needed per placement, and owned",
                         yaxis_title="licences, each product in its own metric", height=440, legend={"orientation": "h", "y": -0.45},
                         xaxis={**AXIS, "tickangle": -45},  # ten products side by side
                         meta={"narrow": "horizontal"},  # on a phone: one product under another, bars across
                         **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())
