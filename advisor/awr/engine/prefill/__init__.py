"""The pre-fill: an aggregated extraction mapped to Workload fields with their sources (``fields``, built up in
``builder``), CPU from DB and background CPU (``cpu``), notes for narrower fallback rows (``fallback``), the source
host (``host``) and init.ora settings (``params``), plus what the reports say about Exadata (``exadata``)."""
