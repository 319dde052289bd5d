"""Readers of single report sections that HTML, text and Statspack reports share: OS Statistics - Detail
(``host_cpu``), Time Model background CPU (``time_model``), init.ora parameters (``params``) and the Snapshot table's
instance count (``snapshot_instances``)."""
