// Draw every IO-limit chart on the page from its JSON island; re-run after htmx swaps.
(function () {
  function draw(root) {
    root.querySelectorAll("[data-plotly-figure]").forEach(function (el) {
      var data = document.getElementById(el.dataset.plotlyFigure);
      if (!data || !window.Plotly) return;
      var figure = JSON.parse(data.textContent);
      // plotly draws focusable controls inside the chart; an image's content is hidden from assistive technology,
      // so a chart named by its aria-label is a figure, whose controls stay reachable.
      if (el.getAttribute("role") === "img") el.setAttribute("role", "figure");
      // on paper (the PDF) a chart is drawn shorter, so a chart and its table leave room for the next
      if (document.body.classList.contains("report") && figure.layout && figure.layout.height) {
        figure.layout.height = Math.round(figure.layout.height * 0.6);
      }
      window.Plotly.react(el, figure.data, figure.layout, { responsive: true, displaylogo: false });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { draw(document); });
  document.addEventListener("htmx:afterSettle", function (event) { draw(event.target); });
})();
