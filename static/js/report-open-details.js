// A document shows everything: open every collapsed table, cost line and finding.
document.querySelectorAll("details").forEach(function (d) { d.open = true; });
