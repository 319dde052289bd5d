// Draw every IO-limit chart on the page from its JSON island; re-run after htmx swaps.
(function () {
  function draw(root) {
    root.querySelectorAll("[data-plotly-figure]").forEach(function (el) {
      var data = document.getElementById(el.dataset.plotlyFigure);
      if (!data || !window.Plotly) return;
      var figure = JSON.parse(data.textContent);
      window.Plotly.react(el, figure.data, figure.layout, { responsive: true, displaylogo: false });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { draw(document); });
  document.addEventListener("htmx:afterSettle", function (event) { draw(event.target); });
})();
