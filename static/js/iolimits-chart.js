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
      window.Plotly.react(el, figure.data, figure.layout, { responsive: true, displaylogo: false });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { draw(document); });
  document.addEventListener("htmx:afterSettle", function (event) { draw(event.target); });
})();
