"""The pre-fill: an aggregated extraction mapped to Workload fields with their sources (``fields``, built up in
``builder``), plus what the reports say about Exadata (``exadata``)."""
