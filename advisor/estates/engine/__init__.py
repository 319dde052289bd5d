"""The estates engine: pure Python (no Django). Reading an inventory into workloads with per-row errors
(``inventory``, over the documented ``columns``), the compact per-database summary (``summary``) and the estate's
totals, licences and blockers from those summaries (``totals``), and the export files (``export``)."""
