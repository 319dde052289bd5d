"""Text reports: the AWR instance report (``awr``), the Statspack report (``statspack``) and the fixed-width helpers
they share (``common``)."""
