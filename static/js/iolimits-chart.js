// Draw every IO-limit chart on the page from its JSON island; re-run after htmx swaps.
(function () {
  // On paper (the PDF) a chart is drawn at this share of its screen height, so a chart and its table leave room for
  // the next on the page (a layout choice, not a measurement).
  var PAPER_HEIGHT_SCALE = 0.6;

  function draw(root) {
    root.querySelectorAll("[data-plotly-figure]").forEach(function (el) {
      var data = document.getElementById(el.dataset.plotlyFigure);
      if (!data || !window.Plotly) return;
      var figure = JSON.parse(data.textContent);
      // plotly draws focusable controls inside the chart; an image's content is hidden from assistive technology,
      // so a chart named by its aria-label is a figure, whose controls stay reachable.
      if (el.getAttribute("role") === "img") el.setAttribute("role", "figure");
      if (document.body.classList.contains("report") && figure.layout && figure.layout.height) {
        figure.layout.height = Math.round(figure.layout.height * PAPER_HEIGHT_SCALE);
        if (el.clientWidth && el.clientWidth < 480) {
          narrowTitle(figure.layout, el.clientWidth);
          narrowAxes(figure, el.clientWidth);
        }
      }
      window.Plotly.react(el, figure.data, figure.layout, { responsive: true, displaylogo: false });
    });
  }
  // A chart half the paper's width (the PDF sets two side by side): its title wrapped to the width, a little smaller,
  // with the room above the plot it then needs (plotly does not wrap titles).
  function narrowTitle(layout, width) {
    var title = typeof layout.title === "string" ? { text: layout.title } : layout.title;
    if (!title || !title.text) return;
    var size = 11, lines = [];
    title.text.split("<br>").forEach(function (part) {
      var sup = /^<sup>(.*)<\/sup>$/.exec(part), words = (sup ? sup[1] : part).split(" "), line = "";
      var max = Math.floor(width / (size * (sup ? 0.36 : 0.5)));
      words.forEach(function (word) {
        if (line && (line + " " + word).length > max) { lines.push(sup ? "<sup>" + line + "</sup>" : line); line = word; }
        else line = line ? line + " " + word : word;
      });
      if (line) lines.push(sup ? "<sup>" + line + "</sup>" : line);
    });
    title.text = lines.join("<br>");
    title.font = Object.assign({}, title.font, { size: size });
    layout.title = title;
    var top = 14 + lines.length * 16;
    layout.margin = Object.assign({}, layout.margin);
    var extra = Math.max(0, top - (layout.margin.t || 50));
    layout.margin.t = Math.max(top, layout.margin.t || 50);
    layout.height += extra;
  }
  // ...its category names wrapped under the bars, and its legend in rows under the plot, the chart taller by them.
  function narrowAxes(figure, width) {
    // Category names in small type, wrapped to the width each bar's slot leaves them (about 0.6 em a character),
    // so neighbouring names never run into each other.
    var TICK_SIZE = 9, categories = 1;
    figure.data.forEach(function (trace) {
      if (trace.type === "bar" && Array.isArray(trace.x)) categories = Math.max(categories, trace.x.length);
    });
    var slot = Math.max(40, (width - 110) / categories), max = Math.max(6, Math.floor(slot / (TICK_SIZE * 0.62)) - 1);
    var wrap = function (text) {
      if (typeof text !== "string" || text.length <= max) return text;
      var words = text.split(" "), lines = [], line = "";
      words.forEach(function (w) { if (line && (line + " " + w).length > max) { lines.push(line); line = w; } else line = line ? line + " " + w : w; });
      if (line) lines.push(line);
      return lines.join("<br>");
    };
    var shown = 0;
    figure.data.forEach(function (trace) {
      if (trace.type === "bar" && Array.isArray(trace.x)) trace.x = trace.x.map(wrap);
      if (trace.showlegend !== false) shown += 1;
    });
    var layout = figure.layout;
    layout.xaxis = Object.assign({}, layout.xaxis, { tickangle: 0, automargin: true, tickfont: { size: TICK_SIZE } });
    layout.legend = Object.assign({}, layout.legend, { orientation: "h", yanchor: "top", y: -0.62, font: { size: 10 } });
    var rows = Math.ceil(shown / 2);
    layout.margin = Object.assign({}, layout.margin);
    var bottom = 100 + rows * 16;
    layout.height += Math.max(0, bottom - (layout.margin.b || 60));
    layout.margin.b = Math.max(bottom, layout.margin.b || 60);
  }
  document.addEventListener("DOMContentLoaded", function () { draw(document); });
  document.addEventListener("htmx:afterSettle", function (event) { draw(event.target); });
})();
