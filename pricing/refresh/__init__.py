"""A price refresh: a region's snapshots read, validated, diffed and written in one transaction (``snapshots``) and
the staff views that start, poll and cancel one (``views``). The background job is ``pricing.refresh_job``."""
