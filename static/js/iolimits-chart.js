// Draw every IO-limit chart on the page from its JSON island; re-run after htmx swaps.
(function () {
  // The figures the charts are laid out by (sizes in px, character widths in em of the type they are set in): layout
  // choices and estimates of the fonts' average character width, not measurements.
  var LAYOUT = {
    // On paper (the PDF) a chart is drawn at this share of its screen height, so a chart and its table leave room
    // for the next on the page.
    paperHeightScale: 0.6,
    // A chart narrower than this (half the paper's width in the PDF, two side by side, or a phone's screen): its
    // title, category names and legend are wrapped to fit.
    narrowWidth: 480,
    // A narrow chart's title: its type size, and the width of a character of a title line and of a <sup> line.
    titleSize: 11,
    titleEmPerChar: 0.5,
    subtitleEmPerChar: 0.36,
    // The width a title does not get: plotly sets it in from the chart's left edge.
    titleInset: 40,
    // The room above the plot a wrapped title needs: a fixed gap plus one line height per title line.
    titleGap: 14,
    titleLineHeight: 16,
    // The top margin taken for a figure that states none.
    defaultTopMargin: 50,
    // Category names under the bars: their type size and the width of one of their characters.
    tickSize: 9,
    tickEmPerChar: 0.62,
    // The chart's width the bars do not share (axis labels and margins), the narrowest slot a bar is given, the
    // fewest characters a wrapped name's line may hold, and the characters kept spare on each line.
    axisMargins: 110,
    minSlot: 40,
    minTickChars: 6,
    spareTickChars: 1,
    // The legend in rows under the plot: where it starts (as a share of the plot's height, below it), its type size
    // and the entries a row holds.
    legendY: -0.62,
    legendSize: 10,
    legendPerRow: 2,
    // The bottom margin a narrow chart needs: the wrapped names' room plus one line height per legend row.
    bottomBase: 100,
    legendRowHeight: 16,
    // Two plots stacked on a phone: the share of the plotting height between them, and how much taller the chart.
    stackGap: 0.16,
    stackHeightScale: 1.7,
    stackLegendY: -0.14,
    // A stacked plot's own title (a subplot title), over the middle of its plot: its type size, and the width of one of
    // its characters.
    panelTitleSize: 14,
    panelTitleEmPerChar: 0.55,
    // The bottom margin taken for a figure that states none.
    defaultBottomMargin: 60,
    // A bar chart turned on its side on a phone (its layout's meta.narrow is "horizontal"): the characters a line
    // of a category's name holds beside its bars, the height of one bar (of a group of bars), the room between
    // categories, and the share of the value axis kept free right of the longest bar for its label.
    sideTickChars: 14,
    sideBarHeight: 16,
    sideGap: 14,
    sideTextRoom: 0.3,
    // A mark across one bar of a group (licences owned), shorter than the bar, so each bar's mark stands apart.
    sideMarkHeight: 11,
  };

  function draw(root) {
    root.querySelectorAll("[data-plotly-figure]").forEach(function (el) {
      var data = document.getElementById(el.dataset.plotlyFigure);
      if (!data || !window.Plotly) return;
      var figure = JSON.parse(data.textContent);
      // plotly draws focusable controls inside the chart; an image's content is hidden from assistive technology,
      // so a chart named by its aria-label is a figure, whose controls stay reachable.
      if (el.getAttribute("role") === "img") el.setAttribute("role", "figure");
      if (document.body.classList.contains("report") && figure.layout && figure.layout.height) {
        // a figure with tall axis titles (two plots side by side) states its own share in its layout's meta
        var meta = figure.layout.meta || {};
        var scale = meta.paper_height_scale || LAYOUT.paperHeightScale;
        figure.layout.height = Math.round(figure.layout.height * scale);
      }
      // half the paper's width in the PDF, or a phone's screen: the title, names and legend wrapped to fit
      if (el.clientWidth && el.clientWidth < LAYOUT.narrowWidth && figure.layout && figure.layout.height) {
        var report = document.body.classList.contains("report");
        narrowTitle(figure.layout, el.clientWidth);
        if (!report && (figure.layout.meta || {}).narrow === "horizontal") sideways(figure);
        else narrowAxes(figure, el.clientWidth);
        if (!report) stackPanels(figure.layout, el.clientWidth);
      }
      window.Plotly.react(el, figure.data, figure.layout, { responsive: true, displaylogo: false });
    });
  }
  // A narrow chart (half the paper's width in the PDF, or a phone's screen): its title wrapped to the width, a little smaller,
  // with the room above the plot it then needs (plotly does not wrap titles).
  function narrowTitle(layout, width) {
    var title = typeof layout.title === "string" ? { text: layout.title } : layout.title;
    if (!title || !title.text) return;
    var size = LAYOUT.titleSize, lines = [];
    title.text.split("<br>").forEach(function (part) {
      var sup = /^<sup>(.*)<\/sup>$/.exec(part), words = (sup ? sup[1] : part).split(" "), line = "";
      var max = Math.floor((width - LAYOUT.titleInset) / (size * (sup ? LAYOUT.subtitleEmPerChar : LAYOUT.titleEmPerChar)));
      words.forEach(function (word) {
        if (line && (line + " " + word).length > max) { lines.push(sup ? "<sup>" + line + "</sup>" : line); line = word; }
        else line = line ? line + " " + word : word;
      });
      if (line) lines.push(sup ? "<sup>" + line + "</sup>" : line);
    });
    title.text = lines.join("<br>");
    title.font = Object.assign({}, title.font, { size: size });
    layout.title = title;
    var top = LAYOUT.titleGap + lines.length * LAYOUT.titleLineHeight;
    layout.margin = Object.assign({}, layout.margin);
    var extra = Math.max(0, top - (layout.margin.t || LAYOUT.defaultTopMargin));
    layout.margin.t = Math.max(top, layout.margin.t || LAYOUT.defaultTopMargin);
    layout.height += extra;
  }
  // ...its category names wrapped under the bars, and its legend in rows under the plot, the chart taller by them.
  function narrowAxes(figure, width) {
    // Category names in small type, wrapped to the width each bar's slot leaves them, so neighbouring names never
    // run into each other.
    var categories = 1, bars = false;
    figure.data.forEach(function (trace) {
      if (trace.type === "bar" && Array.isArray(trace.x)) { categories = Math.max(categories, trace.x.length); bars = true; }
    });
    var slot = Math.max(LAYOUT.minSlot, (width - LAYOUT.axisMargins) / categories);
    var fits = Math.floor(slot / (LAYOUT.tickSize * LAYOUT.tickEmPerChar));  // characters across a slot
    var max = Math.max(LAYOUT.minTickChars, fits - LAYOUT.spareTickChars);
    var wrap = function (text) { return wrapped(text, max); };
    var shown = 0;
    figure.data.forEach(function (trace) {
      if (trace.type === "bar" && Array.isArray(trace.x)) trace.x = trace.x.map(wrap);
      if (trace.showlegend !== false) shown += 1;
    });
    var layout = figure.layout;
    var ticks = { tickangle: 0, automargin: true, tickfont: { size: LAYOUT.tickSize } };
    var legend = { orientation: "h", yanchor: "top", y: LAYOUT.legendY, font: { size: LAYOUT.legendSize } };
    if (bars) layout.xaxis = Object.assign({}, layout.xaxis, ticks);  // a line chart's IO sizes keep their angle
    layout.legend = Object.assign({}, layout.legend, legend);
    var rows = Math.ceil(shown / LAYOUT.legendPerRow);
    layout.margin = Object.assign({}, layout.margin);
    var bottom = LAYOUT.bottomBase + rows * LAYOUT.legendRowHeight;
    layout.height += Math.max(0, bottom - (layout.margin.b || LAYOUT.defaultBottomMargin));
    layout.margin.b = Math.max(bottom, layout.margin.b || LAYOUT.defaultBottomMargin);
  }
  // ...or, a bar chart that asks for it, its bars across: one category under another, its name on lines beside its
  // bars (below them, side by side, the names and the bars' labels ran into each other), each bar's label right of
  // it, the value axis along the bottom and the chart as tall as its bars need.
  function sideways(figure) {
    var layout = figure.layout, categories = 1, bars = 0, most = 0;
    var name = function (text) { return wrapped(String(text).replace(/<br>/g, " "), LAYOUT.sideTickChars); };
    figure.data.forEach(function (trace) {
      var across = trace.y;
      trace.y = (trace.x || []).map(name);
      trace.x = across;
      trace.orientation = "h";
      if (trace.type === "bar") {
        categories = Math.max(categories, trace.y.length);
        bars += 1;
        (across || []).forEach(function (v) { most = Math.max(most, Number(v) || 0); });
        if (trace.textposition === "outside") trace.textfont = Object.assign({}, trace.textfont, { size: LAYOUT.tickSize });
      }
    });
    var grouped = layout.barmode === "group" ? bars : 1;
    var band = grouped * LAYOUT.sideBarHeight + LAYOUT.sideGap;
    figure.data.forEach(function (trace) {  // a mark across a bar (licences owned) stands up across it
      if (trace.type === "scatter" && trace.marker && trace.marker.symbol === "line-ew-open") {
        trace.marker = Object.assign({}, trace.marker, { symbol: "line-ns-open", size: LAYOUT.sideMarkHeight });
      }
    });
    var x = layout.xaxis || {}, y = layout.yaxis || {};
    var labelled = figure.data.some(function (t) { return t.type === "bar" && t.text && t.textposition === "outside"; });
    layout.xaxis = Object.assign({}, y, { automargin: true, tickangle: 0, tickfont: { size: LAYOUT.tickSize } });
    if (labelled && most > 0) layout.xaxis.range = [0, most / (1 - LAYOUT.sideTextRoom)];
    layout.yaxis = Object.assign({}, x, { autorange: "reversed", automargin: true, tickangle: 0,
                                          tickfont: { size: LAYOUT.tickSize }, title: null });
    layout.legend = Object.assign({}, layout.legend, { orientation: "h", x: 0, xanchor: "left", yref: "container",
                                                       y: 0, yanchor: "bottom", font: { size: LAYOUT.legendSize } });
    var legendRows = Math.ceil(figure.data.filter(function (t) { return t.showlegend !== false; }).length / LAYOUT.legendPerRow);
    var shown = figure.data.length > 1 && layout.showlegend !== false;
    layout.margin = Object.assign({}, layout.margin, { r: 10, b: 50 + (shown ? legendRows * LAYOUT.legendRowHeight + 10 : 0) });
    layout.height = (layout.margin.t || LAYOUT.defaultTopMargin) + layout.margin.b + categories * band;
  }
  // ...and on a phone's screen two plots side by side one above the other, each the full width, the chart taller.
  function stackPanels(layout, width) {
    if (!layout.xaxis2 || !layout.yaxis2) return;
    var gap = LAYOUT.stackGap;
    var middle = function (axis) { var d = axis.domain || [0, 1]; return (d[0] + d[1]) / 2; };
    var left = middle(layout.xaxis), right = middle(layout.xaxis2);
    layout.xaxis = Object.assign({}, layout.xaxis, { domain: [0, 1] });
    layout.xaxis2 = Object.assign({}, layout.xaxis2, { domain: [0, 1] });
    layout.yaxis = Object.assign({}, layout.yaxis, { domain: [0.5 + gap / 2, 1] });
    layout.yaxis2 = Object.assign({}, layout.yaxis2, { domain: [0, 0.5 - gap / 2] });
    layout.height = Math.round(layout.height * LAYOUT.stackHeightScale);
    layout.legend = Object.assign({}, layout.legend, { y: LAYOUT.stackLegendY });
    // each plot's title (drawn by plotly over the middle of its column) moves with its plot: over the middle of the
    // width, at the top of the plot it names, wrapped to the width; side by side they would fall on each other
    var max = Math.floor((width - LAYOUT.titleInset) / (LAYOUT.panelTitleSize * LAYOUT.panelTitleEmPerChar));
    layout.annotations = (layout.annotations || []).map(function (note) {
      if (note.xref !== "paper" || note.yref !== "paper" || note.showarrow !== false) return note;
      var second = Math.abs(note.x - right) < Math.abs(note.x - left);
      return Object.assign({}, note, {
        x: 0.5, xanchor: "center", y: (second ? layout.yaxis2 : layout.yaxis).domain[1], yanchor: "bottom",
        text: wrapped(note.text, max), font: Object.assign({}, note.font, { size: LAYOUT.panelTitleSize }),
      });
    });
  }
  // ``text`` in lines of at most ``max`` characters, broken between words (plotly does not wrap)
  function wrapped(text, max) {
    if (typeof text !== "string" || text.length <= max) return text;
    var lines = [], line = "";
    text.split(" ").forEach(function (w) { if (line && (line + " " + w).length > max) { lines.push(line); line = w; } else line = line ? line + " " + w : w; });
    if (line) lines.push(line);
    return lines.join("<br>");
  }
  document.addEventListener("DOMContentLoaded", function () { draw(document); });
  document.addEventListener("htmx:afterSettle", function (event) { draw(event.target); });
})();
