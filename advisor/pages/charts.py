"""Plotly figures, built server-side as JSON and drawn by the vendored plotly.js (no CDN)."""

from __future__ import annotations

import json
import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from advisor.engine.instances import instance_limits
from advisor.engine.iolimits import STANDARD_IO_SIZES_KIB as STANDARD_SIZES
from advisor.engine.iolimits import evaluate
from advisor.engine.ioquery import IoReport
from advisor.engine.recommendation.candidates import OptionRecommendation
from advisor.engine.recommendation.option_commitments import best_commitment

# One marker per binding limit, so the chart shows where the limit changes, as the seed talk's slides do.
LIMIT_MARKERS: dict[str, tuple[str, str]] = {
    "volume_iops": ("circle", "volume IOPS"),
    "volume_throughput": ("square", "volume throughput"),
    "rds_storage_throughput": ("diamond", "RDS storage throughput"),
    "instance_iops": ("triangle-up", "instance EBS IOPS"),
    "instance_bandwidth": ("x", "instance EBS bandwidth"),
    "instance_network": ("x", "instance network"),
    "instance_store_4k_iops": ("star", "instance store (AWS 4 KiB figure)"),
    "instance_store_4k_throughput_floor": ("star", "instance store (floor)"),
}
COLOURS = {"baseline": "#1f5fa8", "burst": "#d9822b", "local_read": "#2e8b57"}
TITLES = {"baseline": "baseline (sustained)", "burst": "burst", "local_read": "instance-store reads"}


Y_TITLES = {"throughput": "throughput (MiB/s)", "iops": "IOPS (IOs per second)"}


def log_ticks(values: list[float]) -> dict[str, Any]:
    """Labelled 1-2-5 ticks spanning ``values`` on a log axis: plotly labels only whole decades, which leaves a
    panel whose values lie within one decade with a single number or none."""
    positive = [float(v) for v in values if v and v > 0]
    if not positive:
        return {}
    low, high = min(positive), max(positive)
    steps = (1, 2, 5) if high / low <= 1000 else (1,)  # over more than three decades, a tick per decade
    ticks: list[float] = []
    exponent = math.floor(math.log10(low))
    while not ticks or ticks[-1] < high:
        ticks += [round(step * 10.0**exponent, 10) for step in steps]
        exponent += 1
    first = max(t for t in ticks if t <= low)  # from the tick at or below the lowest value
    last = min(t for t in ticks if t >= high)  # to the one at or above the highest
    kept = [t for t in ticks if first <= t <= last]
    return {
        "tickvals": kept,
        "ticktext": [f"{t:,.0f}" if t >= 1 else f"{t:g}" for t in kept],
        "range": [math.log10(first) - 0.05, math.log10(last) + 0.05],  # both end ticks shown, markers not clipped
    }


def _series(report: IoReport, phase: str) -> list[Any]:
    if phase == "local_read":
        return [row.local_read for row in report.rows]
    return [getattr(row, phase) for row in report.rows]


def iolimits_figure(report: IoReport) -> dict[str, Any]:
    """Throughput and IOPS against IO size, baseline and burst, each point marked with its binding limit."""
    sizes = [row.io_size_kib for row in report.rows]
    figure = make_subplots(rows=1, cols=2, subplot_titles=("Throughput (MiB/s)", "IOPS (IOs of that size per second)"))
    # no headroom anywhere (OCI; io1 on a large instance): one line, not two drawn on top of each other
    bursts = any(row.burst.iops > row.baseline.iops for row in report.rows)
    phases = (
        ["baseline"]
        + (["burst"] if bursts else [])
        + (["local_read"] if any(r.local_read for r in report.rows) else [])
    )
    for phase in phases:
        points = _series(report, phase)
        kept = [(size, p) for size, p in zip(sizes, points, strict=True) if p is not None]
        if not kept:
            continue
        xs = [size for size, _ in kept]
        symbols = [LIMIT_MARKERS.get(p.binding_limit, ("circle", ""))[0] for _, p in kept]
        hover = [f"{size:g} KiB: {p.reason}" for size, p in kept]
        dash = "dot" if phase == "burst" else "solid"
        for col, values, unit in (
            (1, [p.throughput_mib_s for _, p in kept], "MiB/s"),
            (2, [p.iops for _, p in kept], "IOPS"),
        ):
            figure.add_trace(
                go.Scatter(
                    x=xs,
                    y=values,
                    name=TITLES[phase],
                    legendgroup=phase,
                    showlegend=col == 1,
                    mode="lines+markers",
                    line={"color": COLOURS[phase], "dash": dash, "width": 2},
                    marker={"symbol": symbols, "size": 10, "color": COLOURS[phase]},
                    customdata=hover,
                    hovertemplate=f"%{{y:,.1f}} {unit}<br>%{{customdata}}<extra>{TITLES[phase]}</extra>",
                ),
                row=1,
                col=col,
            )
    used = {p.binding_limit for phase in phases for p in _series(report, phase) if p is not None}
    for code in sorted(used):  # legend entries that explain the markers
        symbol, label = LIMIT_MARKERS.get(code, ("circle", code))
        figure.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="markers",
                name=f"limit: {label}",
                marker={"symbol": symbol, "size": 10, "color": "#555"},
                legendgroup="limits",
            ),
            row=1,
            col=1,
        )
    ticks = {"tickvals": sizes, "ticktext": [f"{s:,g}" for s in sizes], "type": "log", "title": "IO size (KiB)"}
    figure.update_xaxes(**ticks)
    figure.update_yaxes(rangemode="tozero", tickformat=",~f", title=Y_TITLES["throughput"], row=1, col=1)
    iops = [p.iops for phase in phases for p in _series(report, phase) if p is not None]
    figure.update_yaxes(type="log", title=Y_TITLES["iops"], **log_ticks(iops), row=1, col=2)
    figure.update_layout(
        height=420,
        margin={"l": 60, "r": 20, "t": 40, "b": 50},
        legend={"orientation": "h", "y": -0.25},
        template="plotly_white",
        font={"family": "system-ui, sans-serif", "size": 12},
    )
    return json.loads(figure.to_json())  # plain JSON types, whatever plotly holds internally


# --- results page ---------------------------------------------------------------------------------

OPTION_COLOURS = {"rds": "#1f5fa8", "rds_custom": "#7a4fb5", "ec2": "#d9822b", "odb": "#2e8b57"}
COMPONENT_COLOURS = {
    "infrastructure": "#0b3a6e",
    "compute": "#1f5fa8",
    "storage": "#4f9bd9",
    "iops": "#8cc4ec",
    "throughput": "#b9dcf4",
    "backup": "#9aa7b4",
    "monitoring": "#c9d1d9",
    "transfer": "#d9822b",
    "licences": "#a4262c",
    "other": "#666666",
}
LAYOUT = {"template": "plotly_white", "font": {"family": "system-ui, sans-serif", "size": 12},
          "margin": {"l": 70, "r": 20, "t": 50, "b": 60}}  # fmt: skip
# A total charted that is not ranked like for like (partial, or where the database runs now): its name says why, and
# its bars are hatched (its cash line dotted), so a lower one is not read as the cheapest at a glance; a key in the
# bars' legend says what the hatching means.
HATCH = {"shape": "/", "solidity": 0.45, "size": 7}


def _hatch_key(columns: list[Any]) -> str:
    """The legend's words for the hatched bars: what the totals hatched have in common."""
    kinds = {"alone" if c.alone else c.left_out.kind for c in columns if not c.like_for_like}
    if kinds <= {"alone"}:
        return "hatched: a partial total"
    return "hatched: partial, not compared" if kinds <= {"partial", "alone"} else "hatched: not compared"


def cost_by_component_figure(columns: list[Any]) -> dict[str, Any]:
    """Stacked bars: each priced option's monthly cost (the run-rate) split by what it pays for; a total not ranked
    like for like hatched, its name saying why."""
    priced = [c for c in columns if c.monthly_usd is not None]
    figure = go.Figure()
    keys = [key for key in COMPONENT_COLOURS if any(p.key == key for c in priced for p in c.parts)]
    names = [c.bar_label for c in priced]
    hatch = HATCH | {"shape": ["" if c.like_for_like else HATCH["shape"] for c in priced]}
    for key in keys:
        values = [float(next((p.monthly_usd for p in c.parts if p.key == key), 0)) for c in priced]
        label = next(p.label for c in priced for p in c.parts if p.key == key)
        figure.add_trace(go.Bar(x=names, y=values, name=label,
                                marker={"color": COMPONENT_COLOURS[key], "pattern": hatch},
                                hovertemplate="%{x}<br>" + label + ": $%{y:,.2f} a month<extra></extra>"))  # fmt: skip
    if any(not c.like_for_like for c in priced):  # the key: a bar of nothing, hatched grey, in the legend
        figure.add_trace(go.Bar(x=names, y=[None] * len(names), name=_hatch_key(priced), hoverinfo="skip",
                                marker={"color": "#5b6775", "pattern": HATCH}))  # fmt: skip
    figure.update_layout(barmode="stack", title="Monthly cost by component (USD, run-rate)", yaxis_title="USD per month",
                         height=380, legend={"orientation": "h", "y": -0.2}, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())


def cumulative_cost_figure(columns: list[Any], months: int = 36) -> dict[str, Any]:
    """Cash paid by the end of each month over 36 months per priced option, as paid: licence purchases, upfront
    fees and a year of Oracle support step up at month 1 (support again at months 13 and 25, a 1-year term's fee at
    its renewals). On-demand solid; the option's best AWS commitment dashed, its break-even month marked."""
    figure = go.Figure()
    xs = list(range(0, months + 1))
    for c in columns:
        cash = c.cash
        if cash is None:
            continue
        colour = OPTION_COLOURS.get(c.option.option, "#333")
        label, dash = c.chart_label, "solid" if c.like_for_like else "dot"
        figure.add_trace(go.Scatter(x=xs, y=[float(cash.cumulative_usd[m]) for m in xs], name=label,
                                    mode="lines", line={"color": colour, "width": 2, "shape": "linear", "dash": dash},
                                    legendgroup=c.option.option,
                                    hovertemplate="month %{x}: $%{y:,.0f} paid<extra>" + label + "</extra>"))  # fmt: skip
        best = best_commitment(c.option.commitments)
        if best is None or len(best.cumulative_usd) <= months:
            continue
        name = f"{label}, {best.label}"
        figure.add_trace(go.Scatter(x=xs, y=[float(best.cumulative_usd[m]) for m in xs], name=name, mode="lines",
                                    line={"color": colour, "width": 2, "dash": "dash"}, legendgroup=c.option.option,
                                    hovertemplate="month %{x}: $%{y:,.0f} paid<extra>" + name + "</extra>"))  # fmt: skip
        if best.break_even_month:
            m = best.break_even_month
            figure.add_trace(go.Scatter(x=[m], y=[float(best.cumulative_usd[m])], mode="markers", showlegend=False,
                                        marker={"color": colour, "size": 9, "symbol": "diamond"},
                                        legendgroup=c.option.option, name=f"{name}: break-even",
                                        hovertemplate=f"break-even: month {m}<extra>{name}</extra>"))  # fmt: skip
    figure.update_layout(title=f"Cumulative cost over {months} months, cash as paid (USD)<br><sup>licence purchases "
                         "and upfront fees in month 1, Oracle support at the start of each year</sup>",
                         xaxis_title="month", yaxis_title="USD paid", height=380, showlegend=True,  # a line alone named
                         legend={"orientation": "h", "y": -0.25}, **LAYOUT)  # fmt: skip
    return json.loads(figure.to_json())


def capacity_figure(curves: dict[str, tuple[str, list[dict[str, Any]]]], need: Any) -> dict[str, Any]:
    """Each chosen configuration's sustained throughput and IOPS across IO sizes, with the need marked."""
    # no subplot titles: each y-axis title names its measure, and the room goes between the plots so the right
    # one's axis title clears the left one's last tick at a printed page's width
    figure = make_subplots(rows=1, cols=2, horizontal_spacing=0.16)
    for option, (label, points) in curves.items():
        if not points:
            continue
        xs = [p["io_size_kib"] for p in points]
        colour = OPTION_COLOURS.get(option, "#333")
        for col, key in ((1, "throughput_mib_s"), (2, "iops")):
            figure.add_trace(go.Scatter(x=xs, y=[p[key] for p in points], name=label, legendgroup=option,
                                        showlegend=col == 1, mode="lines+markers", line={"color": colour}),
                             row=1, col=col)  # fmt: skip
    figure.add_trace(go.Scatter(x=[need.scan_kib], y=[need.peak_mib_s], name="need (peak, with headroom)",
                                mode="markers", marker={"symbol": "star", "size": 14, "color": "#a4262c"},
                                legendgroup="need"), row=1, col=1)  # fmt: skip
    figure.add_trace(go.Scatter(x=[need.block_kib], y=[need.peak_iops], name="need (peak, with headroom)",
                                mode="markers", marker={"symbol": "star", "size": 14, "color": "#a4262c"},
                                legendgroup="need", showlegend=False), row=1, col=2)  # fmt: skip
    sizes = list(STANDARD_SIZES)
    figure.update_xaxes(type="log", tickvals=sizes, ticktext=[f"{s:,}" for s in sizes], title="IO size (KiB)")
    points = [p for _, curve in curves.values() for p in curve]
    for col, key, needed in ((1, "throughput_mib_s", need.peak_mib_s), (2, "iops", need.peak_iops)):
        values = [p[key] for p in points] + [needed]
        figure.update_yaxes(type="log", title=Y_TITLES["throughput" if col == 1 else "iops"], **log_ticks(values),
                            row=1, col=col)  # fmt: skip
    figure.update_layout(title="Sustained capacity of each chosen configuration against the need", height=440,
                         legend={"orientation": "h", "y": -0.32, "yanchor": "top"},
                         # on paper charts are drawn shorter; this one less so, or its IOPS axis title outgrows the plot
                         meta={"paper_height_scale": 0.8},
                         **(LAYOUT | {"margin": {"l": 70, "r": 20, "t": 50, "b": 90}}))  # fmt: skip
    return json.loads(figure.to_json())


def capacity_curves(option: OptionRecommendation) -> list[dict[str, Any]]:
    """Baseline IOPS and MiB/s of the chosen configuration at every standard IO size, for the chart and table."""
    chosen = option.chosen
    if chosen is None:
        return []
    if not chosen.ebs_limits_published:  # nothing to draw: AWS's limits for the class are not in the sources
        return []
    platform = "ec2" if option.option == "ec2" else "rds"
    limits = instance_limits(chosen.instance_class, platform)  # type: ignore[arg-type]
    out = []
    for size in STANDARD_SIZES:
        cap = evaluate(instance=limits, layout=chosen.layout, io_size_kib=size)
        out.append({"io_size_kib": size, "iops": cap.baseline.iops, "throughput_mib_s": cap.baseline.throughput_mib_s,
                    "burst_iops": cap.burst.iops, "burst_throughput_mib_s": cap.burst.throughput_mib_s})  # fmt: skip
    return out
