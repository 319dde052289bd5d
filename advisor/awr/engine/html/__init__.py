"""HTML reports: the AWR instance report (``awr``), the AWR RAC global report (``global_awr``) and the tables both
are read from by their ``summary`` attribute (``tables``)."""
