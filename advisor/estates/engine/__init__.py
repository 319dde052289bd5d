"""The estates engine: pure Python (no Django). Reading an inventory into workloads with per-row errors
(``inventory``, over the documented ``columns``), the compact per-database summary (``summary``) and the estate's
totals, licences and blockers from those summaries (``totals``), the export files (``export``) and the
estate as JSON for the API and the CLI (``as_json``)."""
